import SwiftSyntax

/// What an argument of an error site can be, found by reading the source: a kind (`.nestingTooDeep`),
/// a text (a string literal, interpolations shown as `‹expr›`), a number, a context key, nil, or
/// something the reader cannot follow (kept as its source text).
enum Value: Hashable {
    case kind(String)
    case text(String)
    case number(String)
    case key(String)
    case none
    case opaque(String)
}

/// One call path into a helper: `function` was entered through `call`, which itself ran under
/// `outer` (nil: its arguments are read as they stand). A construction inside a helper is read once
/// per path, so the kind, message, offset and context of one call stay together.
final class Frame {
    let function: FunctionDeclSyntax
    let call: FunctionCallExprSyntax
    let outer: Frame?
    init(function: FunctionDeclSyntax, call: FunctionCallExprSyntax, outer: Frame?) {
        self.function = function
        self.call = call
        self.outer = outer
    }
}

/// Resolves expressions to the values they can take. A parameter of the enclosing function is
/// bound by the frame when there is one, else followed to every call of that function (its
/// argument there, or the parameter's default), a few calls deep:
/// `fail(.kind, "…", at: i, context: [...])` → `AFSError(kind, message, …)`.
struct ArgumentValues {
    let index: SourceIndex
    let maxDepth = 5

    /// The call paths into the function around `node` that bind its parameters, when `args` use
    /// them (one `nil` path when they do not, or nothing calls the function).
    func frames(around node: some SyntaxProtocol, args: [ExprSyntax], depth: Int = 0) -> [Frame?] {
        guard depth <= maxDepth, let function = enclosingFunction(node) else { return [nil] }
        let params = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
        let used = args.contains { arg in
            Syntax(arg).descendants(DeclReferenceExprSyntax.self).contains { params.contains($0.baseName.text) }
        }
        guard used else { return [nil] }
        var out: [Frame?] = []
        for call in callers(of: function) {
            let callArgs = call.arguments.map(\.expression)
            for outer in frames(around: call, args: callArgs, depth: depth + 1) {
                out.append(Frame(function: function, call: call, outer: outer))
            }
        }
        return out.isEmpty ? [nil] : out
    }

    func values(_ expr: ExprSyntax?, frame: Frame? = nil, depth: Int = 0) -> Set<Value> {
        guard let expr else { return [.none] }
        if depth > maxDepth { return [.opaque(expr.trimmedDescription)] }
        if expr.is(NilLiteralExprSyntax.self) { return [.none] }
        if let s = expr.as(StringLiteralExprSyntax.self) { return [.text(Self.render(s))] }
        if let i = expr.as(IntegerLiteralExprSyntax.self) { return [.number(i.literal.text)] }
        if let p = expr.as(PrefixOperatorExprSyntax.self), let i = p.expression.as(IntegerLiteralExprSyntax.self) {
            return [.number(p.operator.text + i.literal.text)]
        }
        if let d = expr.as(DictionaryExprSyntax.self) { return Self.keys(of: d) }
        if let t = expr.as(TernaryExprSyntax.self) {
            return values(t.thenExpression, frame: frame, depth: depth).union(
                values(t.elseExpression, frame: frame, depth: depth))
        }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            if member.base == nil { return [.kind(name)] }  // `.nestingTooDeep`
            if let consts = index.constants[name] {
                return Set(consts.flatMap { values($0, frame: frame, depth: depth + 1) })
            }
            return [.opaque(expr.trimmedDescription)]
        }
        if let ref = expr.as(DeclReferenceExprSyntax.self) {
            return reference(ref, frame: frame, depth: depth)
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            return callValues(call, frame: frame, depth: depth)
        }
        if let seq = expr.as(SequenceExprSyntax.self) {
            let operands = Array(seq.elements.filter { !$0.is(BinaryOperatorExprSyntax.self) })
            let ops = seq.elements.compactMap { $0.as(BinaryOperatorExprSyntax.self)?.operator.text }
            if !ops.isEmpty, ops.allSatisfy({ $0 == "+" }) {
                // `"text " + reason`: the concatenations.
                var acc: Set<String> = [""]
                for operand in operands {
                    var parts = values(operand, frame: frame, depth: depth).map { v -> String in
                        switch v {
                        case .text(let t): t
                        default: "‹\(operand.trimmedDescription)›"
                        }
                    }
                    if parts.isEmpty { parts = ["‹\(operand.trimmedDescription)›"] }
                    acc = Set(acc.flatMap { a in parts.map { a + $0 } })
                }
                return Set(acc.map { .text($0) })
            }
            if ops == ["??"], operands.count == 2 {
                // `a ?? b`: a when it is not nil, else b.
                return values(operands[0], frame: frame, depth: depth).subtracting([.none]).union(
                    values(operands[1], frame: frame, depth: depth))
            }
            return Set(operands.flatMap { values($0, frame: frame, depth: depth) })
        }
        return [.opaque(expr.trimmedDescription)]
    }

    /// A name: a parameter (bound by the frame, or followed to the callers), a local constant, a
    /// literal constant, or a computed property.
    private func reference(_ ref: DeclReferenceExprSyntax, frame: Frame?, depth: Int) -> Set<Value> {
        let name = ref.baseName.text
        if let (function, position) = parameter(named: name, around: ref) {
            if let frame, frame.function.id == function.id {
                return bound(function, position, call: frame.call, outer: frame.outer, depth: depth)
            }
            return argumentValues(function, position, depth: depth)
        }
        if let local = localConstant(named: name, before: ref) { return values(local, frame: frame, depth: depth + 1) }
        if let consts = index.constants[name] {
            return Set(consts.flatMap { values($0, frame: frame, depth: depth + 1) })
        }
        if let props = index.computed[name] {
            let keys = Set(props.flatMap { Self.keysIn(Syntax($0)) })
            if !keys.isEmpty { return keys }
        }
        return [.opaque(name)]
    }

    /// `x.merging([...]) {…}`: the keys of both; a helper that builds a dictionary: the keys it sets.
    private func callValues(_ call: FunctionCallExprSyntax, frame: Frame?, depth: Int) -> Set<Value> {
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "merging",
            let base = member.base
        {
            return values(base, frame: frame, depth: depth).union(
                values(call.arguments.first?.expression, frame: frame, depth: depth))
        }
        if let name = SourceIndex.calleeName(call), let decls = index.functions[name], !decls.isEmpty {
            let keys = Set(decls.flatMap { Self.keysIn(Syntax($0)) })
            if !keys.isEmpty { return keys }
            // A helper that returns a string (`message(t)`): the strings it can return.
            let texts = Set(decls.flatMap { d in d.body.map { Self.returnedStrings(Syntax($0)) } ?? [] })
            if !texts.isEmpty { return texts }
        }
        return [.opaque(call.trimmedDescription)]
    }

    func enclosingFunction(_ node: some SyntaxProtocol) -> FunctionDeclSyntax? {
        var cursor = node.parent
        while let c = cursor {
            if let f = c.as(FunctionDeclSyntax.self) { return f }
            cursor = c.parent
        }
        return nil
    }

    /// The function whose parameter `name` is, and that parameter's position, if `node` is inside it.
    private func parameter(named name: String, around node: some SyntaxProtocol) -> (FunctionDeclSyntax, Int)? {
        guard let f = enclosingFunction(node) else { return nil }
        for (i, p) in f.signature.parameterClause.parameters.enumerated()
        where (p.secondName ?? p.firstName).text == name {
            return (f, i)
        }
        return nil
    }

    /// `let name = expr` earlier in the same function (the nearest one).
    private func localConstant(named name: String, before node: some SyntaxProtocol) -> ExprSyntax? {
        guard let f = enclosingFunction(node), let body = f.body else { return nil }
        var found: ExprSyntax?
        for d in Syntax(body).descendants(VariableDeclSyntax.self) where d.position < node.position {
            for b in d.bindings where b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                found = b.initializer?.value
            }
        }
        return found
    }

    /// Calls that can be of `function`: same base name, labels that fit; only its own file's when
    /// it is private.
    func callers(of function: FunctionDeclSyntax) -> [FunctionCallExprSyntax] {
        let params = Array(function.signature.parameterClause.parameters)
        let isPrivate = function.modifiers.contains { $0.name.text == "private" || $0.name.text == "fileprivate" }
        let file = index.path(of: function)
        return (index.calls[function.name.text] ?? []).filter { call in
            (!isPrivate || index.path(of: call) == file) && Self.matches(call: Array(call.arguments), params: params)
        }
    }

    /// What `function`'s parameter at `position` receives at every call.
    private func argumentValues(_ function: FunctionDeclSyntax, _ position: Int, depth: Int) -> Set<Value> {
        var out: Set<Value> = []
        for call in callers(of: function) {
            out.formUnion(bound(function, position, call: call, outer: nil, depth: depth))
        }
        let param = Array(function.signature.parameterClause.parameters)[position]
        return out.isEmpty ? [.opaque((param.secondName ?? param.firstName).text)] : out
    }

    /// What the parameter at `position` is in one `call` (its argument, or the default).
    private func bound(
        _ function: FunctionDeclSyntax, _ position: Int, call: FunctionCallExprSyntax, outer: Frame?, depth: Int
    ) -> Set<Value> {
        let params = Array(function.signature.parameterClause.parameters)
        let param = params[position]
        let args = Array(call.arguments)
        let label = param.firstName.text == "_" ? nil : param.firstName.text
        let arg: ExprSyntax?
        if let label {
            arg = args.first { $0.label?.text == label }?.expression
        } else {
            let unlabeledBefore = params[..<position].filter { $0.firstName.text == "_" }.count
            let positional = args.filter { $0.label == nil }
            arg = unlabeledBefore < positional.count ? positional[unlabeledBefore].expression : nil
        }
        if let arg { return values(arg, frame: outer, depth: depth + 1) }
        return param.defaultValue.map { values($0.value, frame: nil, depth: depth + 1) } ?? [.none]
    }

    /// A call can be of this function when every label it uses is one of the parameters' labels.
    private static func matches(call args: [LabeledExprSyntax], params: [FunctionParameterSyntax]) -> Bool {
        let labels = Set(params.map(\.firstName.text))
        return args.allSatisfy { $0.label.map { labels.contains($0.text) } ?? labels.contains("_") }
            && args.count <= params.count
    }

    // MARK: Reading literals

    /// A string literal with each interpolation shown as `‹expr›`.
    static func render(_ s: StringLiteralExprSyntax) -> String {
        var out = ""
        for seg in s.segments {
            if let text = seg.as(StringSegmentSyntax.self) {
                out += text.content.text
            } else if let e = seg.as(ExpressionSegmentSyntax.self) {
                out += "‹" + e.expressions.trimmedDescription + "›"
            }
        }
        return out
    }

    static func keys(of d: DictionaryExprSyntax) -> Set<Value> {
        guard case .elements(let elements) = d.content else { return [] }
        return Set(elements.compactMap { e in e.key.as(StringLiteralExprSyntax.self).map { .key(render($0)) } })
    }

    /// Keys of every dictionary literal in `node`, and of `c["key"] = …` subscripts.
    static func keysIn(_ node: Syntax) -> Set<Value> {
        var out: Set<Value> = []
        for d in node.descendants(DictionaryExprSyntax.self) { out.formUnion(keys(of: d)) }
        for s in node.descendants(SubscriptCallExprSyntax.self) {
            if s.arguments.count == 1, let lit = s.arguments.first?.expression.as(StringLiteralExprSyntax.self) {
                out.insert(.key(render(lit)))
            }
        }
        return out
    }

    /// The string literals a function body returns (its single expression, or `return "…"`).
    static func returnedStrings(_ body: Syntax) -> Set<Value> {
        var out: Set<Value> = []
        for r in body.descendants(ReturnStmtSyntax.self) {
            if let s = r.expression?.as(StringLiteralExprSyntax.self) { out.insert(.text(render(s))) }
        }
        if let block = body.as(CodeBlockSyntax.self), block.statements.count == 1,
            let s = block.statements.first?.item.as(StringLiteralExprSyntax.self)
        {
            out.insert(.text(render(s)))
        }
        return out
    }
}

extension Syntax {
    /// Every descendant of type `T`, in source order.
    func descendants<T: SyntaxProtocol>(_ type: T.Type) -> [T] {
        var out: [T] = []
        var stack: [Syntax] = [self]
        while let n = stack.popLast() {
            if let t = n.as(T.self) { out.append(t) }
            stack.append(contentsOf: n.children(viewMode: .sourceAccurate).reversed())
        }
        return out
    }
}
