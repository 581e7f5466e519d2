// afs-mutate: lists the mutation sites of a Swift source directory and writes mutant schemata
// (every mutant compiled into one build, each behind a runtime switch: AFS_MUTANT=<id>).
//
//   afs-mutate sites    [--src DIR] [--files GLOB…] [--lines FILE:FROM-TO…] [--exclude-keys FILE]
//   afs-mutate schemata --out DIR [--src DIR] [--exclude-keys FILE]
//
// Sources are read with SwiftParser and operators folded with SwiftOperators. Every rewrite keeps
// each piece of code on its original line (no newline is ever added or removed), so a compiler
// error in the schemata maps back to the sites on that line. See scripts/mutation/README.md.
import SwiftOperators
import SwiftParser
import SwiftSyntax

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Model

struct Mutant {
    var id: Int
    var group: Int  // mutants rewritten by one helper call share a group (pruned together)
    var key: String
    var file: String
    var line: Int
    var column: Int
    var endLine: Int
    var op: String
    var original: String
    var mutated: String
    var function: String
    var declStart: Int = 0
    var declEnd: Int = 0
    var context: String = ""  // string literals: "callee#argIndex:label" of the call they are an argument of
}

func jsonString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 {
                let h = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}

extension Mutant {
    var json: String {
        "{\"id\": \(id), \"group\": \(group), \"key\": \(jsonString(key)), \"file\": \(jsonString(file)), "
            + "\"line\": \(line), \"column\": \(column), \"end_line\": \(endLine), \"operator\": \(jsonString(op)), "
            + "\"original\": \(jsonString(original)), \"mutated\": \(jsonString(mutated)), "
            + "\"function\": \(jsonString(function)), \"decl_lines\": [\(declStart), \(declEnd)], \"context\": \(jsonString(context))}"
    }
}

/// Rendered code: the leading trivia of the first token, the text in between, the trailing trivia
/// of the last token. Text is only ever inserted inside `body`, before a trailing trivia (which may
/// hold a `//` comment), never after one.
struct Piece {
    var lead: String
    var body: String
    var trail: String
    var text: String { lead + body + trail }
}

func concat(_ pieces: [Piece]) -> Piece {
    let ps = pieces.filter { !($0.lead.isEmpty && $0.body.isEmpty && $0.trail.isEmpty) }
    guard let first = ps.first, let last = ps.last else { return Piece(lead: "", body: "", trail: "") }
    if ps.count == 1 { return first }
    var body = first.body + first.trail
    for p in ps.dropFirst().dropLast() { body += p.text }
    body += last.lead + last.body
    return Piece(lead: first.lead, body: body, trail: last.trail)
}

func oneLine(_ s: String, limit: Int = 160) -> String {
    var out = ""
    var space = false
    for c in s {
        if c == " " || c == "\n" || c == "\t" || c == "\r" {
            space = true
        } else {
            if space && !out.isEmpty { out += " " }
            space = false
            out.append(c)
        }
    }
    if out.count > limit { out = String(out.prefix(limit - 1)) + "…" }
    return out
}

/// Source text of a node without its outer trivia, on one line.
func src(_ node: some SyntaxProtocol) -> String { oneLine(node.trimmedDescription) }

// MARK: - Mutator

let skippedCalls: Set<String> = [
    "assert", "assertionFailure", "precondition", "preconditionFailure", "fatalError",
    "debugPrecondition", "debugAssert", "debugPrint", "print", "dump",
]
let relational: [String: [(String, String)]] = [
    // operator → [(mutated operator, helper-case)], boundary first then negation
    "<": [("<=", "b"), (">=", "n")], "<=": [("<", "b"), (">", "n")],
    ">": [(">=", "b"), ("<=", "n")], ">=": [(">", "b"), ("<", "n")],
]
let helperFor: [String: String] = [
    "<": "__afsLT", "<=": "__afsLE", ">": "__afsGT", ">=": "__afsGE",
    "+": "__afsAdd", "-": "__afsSub", "*": "__afsMul", "/": "__afsDiv",
    "&": "__afsAnd", "|": "__afsOr", "<<": "__afsShl", ">>": "__afsShr",
    "&&": "__afsLAnd", "||": "__afsLOr", "..<": "__afsHalfOpen", "...": "__afsClosed",
]
let swapped: [String: String] = [
    "+": "-", "-": "+", "*": "/", "/": "*", "&": "|", "|": "&", "<<": ">>", ">>": "<<", "&&": "||", "||": "&&",
]
let opClass: [String: String] = [
    "+": "arith +↔-", "-": "arith +↔-", "*": "arith *↔/", "/": "arith *↔/", "&": "bitwise and↔or", "|": "bitwise and↔or",
    "<<": "shift <<↔>>", ">>": "shift <<↔>>", "&&": "logical and↔or", "||": "logical and↔or",
]
let assignmentOps: Set<String> = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=", "&*=", "&<<=", "&>>="]

final class Mutator {
    let file: String
    let converter: SourceLocationConverter
    var nextID: Int
    var nextGroup: Int
    let excludedKeys: Set<String>
    var mutants: [Mutant] = []
    var declStack: [String] = []
    var lateInit: Set<String> = []  // names declared `let/var x: T` without a value (assigned later)
    var declSpans: [(Int, Int)] = []
    var occurrences: [String: Int] = [:]

    init(file: String, tree: SourceFileSyntax, nextID: Int, nextGroup: Int, excludedKeys: Set<String>) {
        self.file = file
        self.converter = SourceLocationConverter(fileName: file, tree: tree)
        self.nextID = nextID
        self.nextGroup = nextGroup
        self.excludedKeys = excludedKeys
    }

    var function: String { declStack.isEmpty ? "<file>" : declStack.joined(separator: ".") }

    /// Registers the mutants of one group (one helper call); returns the first id, or nil when the
    /// group is excluded (then the code is left as it is).
    func group(_ node: some SyntaxProtocol, anchor: AbsolutePosition? = nil, _ items: [(op: String, original: String, mutated: String)]) -> Int? {
        let start = converter.location(for: anchor ?? node.positionAfterSkippingLeadingTrivia)
        let end = converter.location(for: node.endPositionBeforeTrailingTrivia)
        let g = nextGroup
        nextGroup += 1
        let first = nextID
        var excluded = false
        var made: [Mutant] = []
        for item in items {
            let base = "\(file)|\(function)|\(item.op)|\(oneLine(item.original, limit: 100))→\(oneLine(item.mutated, limit: 100))"
            let n = occurrences[base, default: 0]
            occurrences[base] = n + 1
            let key = "\(base)|#\(n)"
            if excludedKeys.contains(key) { excluded = true }
            made.append(Mutant(
                id: nextID, group: g, key: key, file: file, line: start.line, column: start.column,
                endLine: end.line, op: item.op, original: oneLine(item.original), mutated: oneLine(item.mutated),
                function: function, declStart: declSpans.last?.0 ?? 1, declEnd: declSpans.last?.1 ?? Int.max))
            nextID += 1
        }
        if excluded { return nil }
        mutants += made
        return first
    }

    // MARK: rendering

    func token(_ t: TokenSyntax) -> Piece {
        Piece(lead: t.leadingTrivia.description, body: t.text, trail: t.trailingTrivia.description)
    }

    func verbatim(_ node: some SyntaxProtocol) -> Piece {
        let toks = Array(node.tokens(viewMode: .sourceAccurate))
        guard let first = toks.first, let last = toks.last else { return Piece(lead: "", body: "", trail: "") }
        let lead = first.leadingTrivia.description
        let trail = last.trailingTrivia.description
        let all = node.description
        let body = String(decoding: Array(all.utf8.dropFirst(lead.utf8.count).dropLast(trail.utf8.count)), as: UTF8.self)
        return Piece(lead: lead, body: body, trail: trail)
    }

    func children(_ node: Syntax) -> Piece {
        concat(node.children(viewMode: .sourceAccurate).map { render($0) })
    }

    func declName(_ node: Syntax) -> String? {
        if let d = node.as(FunctionDeclSyntax.self) {
            let labels = d.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()
            return "\(d.name.text)(\(labels))"
        }
        if let d = node.as(InitializerDeclSyntax.self) {
            return "init(" + d.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
        }
        if node.is(DeinitializerDeclSyntax.self) { return "deinit" }
        if let d = node.as(SubscriptDeclSyntax.self) {
            return "subscript(" + d.parameterClause.parameters.map { $0.firstName.text + ":" }.joined() + ")"
        }
        if let d = node.as(StructDeclSyntax.self) { return d.name.text }
        if let d = node.as(ClassDeclSyntax.self) { return d.name.text }
        if let d = node.as(EnumDeclSyntax.self) { return d.name.text }
        if let d = node.as(ActorDeclSyntax.self) { return d.name.text }
        if let d = node.as(ProtocolDeclSyntax.self) { return d.name.text }
        if let d = node.as(ExtensionDeclSyntax.self) { return d.extendedType.trimmedDescription }
        if let d = node.as(PatternBindingSyntax.self), let v = d.parent?.parent?.as(VariableDeclSyntax.self),
            v.parent?.is(MemberBlockItemSyntax.self) == true || v.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        {
            return "var " + d.pattern.trimmedDescription
        }
        if let d = node.as(AccessorDeclSyntax.self) { return d.accessorSpecifier.text }
        return nil
    }

    func render(_ node: Syntax) -> Piece {
        if let t = node.as(TokenSyntax.self) { return token(t) }
        // Never mutated: #if blocks, attributes, patterns (case labels, if-case), enum cases (raw
        // values), parameters (default arguments), key paths, macros, types, generic arguments.
        if node.is(IfConfigDeclSyntax.self) || node.is(AttributeSyntax.self) || node.is(AttributeListSyntax.self)
            || node.is(EnumCaseDeclSyntax.self) || node.is(FunctionParameterSyntax.self)
            || node.is(KeyPathExprSyntax.self) || node.is(MacroExpansionExprSyntax.self)
            || node.is(MacroExpansionDeclSyntax.self) || node.is(GenericArgumentClauseSyntax.self)
            || node.is(PatternSyntax.self) || node.is(TypeSyntax.self) || node.is(ImportDeclSyntax.self)
            || node.is(PrecedenceGroupDeclSyntax.self) || node.is(OperatorDeclSyntax.self)
        {
            return verbatim(node)
        }
        if let call = node.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            skippedCalls.contains(callee.baseName.text)
        {
            return verbatim(node)
        }
        if let name = declName(node) {
            declStack.append(name)
            declSpans.append((converter.location(for: node.positionAfterSkippingLeadingTrivia).line,
                              converter.location(for: node.endPositionBeforeTrailingTrivia).line))
            defer { declStack.removeLast(); declSpans.removeLast() }
            var p = children(node)
            if let attrs = node.asProtocol(WithAttributesSyntax.self)?.attributes,
                attrs.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "inlinable" })
            {
                p.body = p.body.replacingOccurrences(of: "__afs", with: "__afsG")
            }
            return p
        }
        if let item = node.as(CodeBlockItemSyntax.self) { return codeBlockItem(item) }
        if let e = node.as(InfixOperatorExprSyntax.self) { return infix(e) }
        if let lit = node.as(IntegerLiteralExprSyntax.self) { return intLiteral(lit) }
        if let pre = node.as(PrefixOperatorExprSyntax.self), pre.operator.text == "-",
            let lit = pre.expression.as(IntegerLiteralExprSyntax.self), pre.operator.trailingTrivia.isEmpty
        {
            return intLiteral(lit, minus: pre.operator)
        }
        if let w = node.as(WhileStmtSyntax.self), w.conditions.count == 1, w.conditions.first?.condition.as(ExprSyntax.self)?.trimmedDescription == "true" {
            // `while true` is known to the compiler to loop forever (no missing return after it).
            return concat([token(w.whileKeyword), verbatim(w.conditions), render(Syntax(w.body))])
        }
        if let lit = node.as(BooleanLiteralExprSyntax.self) {
            let v = lit.literal.text
            let m = v == "true" ? "false" : "true"
            if let id = group(lit, [("true↔false", v, m)]) {
                var p = token(lit.literal)
                p.body = "__afsBool(\(id), \(v))"
                return p
            }
            return token(lit.literal)
        }
        if let lit = node.as(StringLiteralExprSyntax.self) { return stringLiteral(lit) }
        if let call = node.as(FunctionCallExprSyntax.self) { return minMax(call) ?? children(node) }
        if let t = node.as(TernaryExprSyntax.self) {
            let cond = render(Syntax(t.condition))
            var rest = [cond]
            if !isComparison(t.condition), let id = group(t.condition, [("negate condition", src(t.condition), "!(\(src(t.condition)))")]) {
                rest[0] = Piece(lead: cond.lead, body: "__afsNot(\(id), \(cond.body))", trail: cond.trail)
            }
            rest += [token(t.questionMark), render(Syntax(t.thenExpression)), token(t.colon), render(Syntax(t.elseExpression))]
            return concat(rest)
        }
        if let g = node.as(GuardStmtSyntax.self) { return guardStmt(g) }
        if let c = node.as(ConditionElementSyntax.self) { return conditionElement(c) }
        if let r = node.as(RepeatStmtSyntax.self) {
            var parts: [Piece] = [token(r.repeatKeyword), render(Syntax(r.body)), token(r.whileKeyword)]
            var cond = render(Syntax(r.condition))
            if !isComparison(r.condition), let id = group(r.condition, [("negate condition", src(r.condition), "!(\(src(r.condition)))")]) {
                cond.body = "__afsNot(\(id), \(cond.body))"
            }
            parts.append(cond)
            return concat(parts)
        }
        return children(node)
    }

    func isComparison(_ e: ExprSyntax) -> Bool {
        var e = e
        while let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let inner = t.elements.first, inner.label == nil {
            e = inner.expression
        }
        if let i = e.as(InfixOperatorExprSyntax.self), let op = i.operator.as(BinaryOperatorExprSyntax.self) {
            return ["<", "<=", ">", ">=", "==", "!=", "===", "!=="].contains(op.operator.text)
        }
        return false
    }

    func conditionElement(_ c: ConditionElementSyntax, guardID: Int? = nil) -> Piece {
        guard case .expression(let e) = c.condition,
            c.parent?.parent?.is(IfExprSyntax.self) == true || c.parent?.parent?.is(GuardStmtSyntax.self) == true
                || c.parent?.parent?.is(WhileStmtSyntax.self) == true
        else { return children(Syntax(c)) }
        // `try` must stay leftmost: wrap what it covers.
        var inner = e
        var tryPiece: Piece? = nil
        if let t = e.as(TryExprSyntax.self) {
            inner = t.expression
            tryPiece = concat([token(t.tryKeyword)] + (t.questionOrExclamationMark.map { [token($0)] } ?? []))
        }
        var p = render(Syntax(inner))
        if !isComparison(inner), let id = group(e, [("negate condition", src(e), "!(\(src(e)))")]) {
            p.body = "__afsNot(\(id), \(p.body))"
        }
        if let guardID { p.body = "__afsPass(\(guardID), \(p.body))" }
        if let tryPiece { p = concat([tryPiece, p]) }
        if let comma = c.trailingComma { p = concat([p, token(comma)]) }
        return p
    }

    func guardStmt(_ g: GuardStmtSyntax) -> Piece {
        let plain = g.conditions.allSatisfy { if case .expression = $0.condition { return true } else { return false } }
        var id: Int? = nil
        if plain {
            id = group(g, anchor: g.guardKeyword.positionAfterSkippingLeadingTrivia,
                       [("delete guard", "guard " + src(g.conditions) + " else", "guard true else")])
        }
        var parts = [token(g.guardKeyword)]
        for c in g.conditions { parts.append(conditionElement(c, guardID: id)) }
        parts.append(token(g.elseKeyword))
        parts.append(render(Syntax(g.body)))
        return concat(parts)
    }

    func infix(_ e: InfixOperatorExprSyntax) -> Piece {
        let lhs = render(Syntax(e.leftOperand))
        let opPiece = render(Syntax(e.operator))
        let rhs = render(Syntax(e.rightOperand))
        guard let opNode = e.operator.as(BinaryOperatorExprSyntax.self) else { return concat([lhs, opPiece, rhs]) }
        let op = opNode.operator.text
        let l = src(e.leftOperand), r = src(e.rightOperand)
        // helper(ID, lhs, rhs): the operator's own text goes, its trivia (newlines) stays.
        func call(_ helper: String, _ id: Int) -> Piece {
            let body = "\(helper)(\(id), " + lhs.body + "," + lhs.trail + opPiece.lead + opPiece.trail + rhs.lead + rhs.body + ")"
            return Piece(lead: lhs.lead, body: body, trail: rhs.trail)
        }
        if let muts = relational[op] {
            let items = muts.map { (op: "relational \(op)→\($0.0)", original: "\(l) \(op) \(r)", mutated: "\(l) \($0.0) \(r)") }
            if let id = group(e, anchor: opNode.operator.positionAfterSkippingLeadingTrivia, items) { return call(helperFor[op]!, id) }
        } else if op == "==" || op == "!=" {
            let m = op == "==" ? "!=" : "=="
            if let id = group(e, anchor: opNode.operator.positionAfterSkippingLeadingTrivia, [("equality \(op)→\(m)", "\(l) \(op) \(r)", "\(l) \(m) \(r)")]) {
                let whole = concat([lhs, opPiece, rhs])
                return Piece(lead: whole.lead, body: "__afsNot(\(id), " + whole.body + ")", trail: whole.trail)
            }
        } else if let m = swapped[op] {
            if let id = group(e, anchor: opNode.operator.positionAfterSkippingLeadingTrivia, [(opClass[op]!, "\(l) \(op) \(r)", "\(l) \(m) \(r)")]) {
                return call(helperFor[op]!, id)
            }
        } else if op == "..<" || op == "..." {
            let m = op == "..<" ? "\(l)...\(r)" : "\(l)..<\(r)"
            if let id = group(e, anchor: opNode.operator.positionAfterSkippingLeadingTrivia, [("range ..<↔...", "\(l)\(op)\(r)", m)]) {
                return call(helperFor[op]!, id)
            }
        }
        return concat([lhs, opPiece, rhs])
    }

    func intLiteral(_ lit: IntegerLiteralExprSyntax, minus: TokenSyntax? = nil) -> Piece {
        // `-N` is mutated as one literal (a prefix minus applied to a generic call is ambiguous).
        let p = minus.map { concat([token($0), token(lit.literal)]) } ?? token(lit.literal)
        let sign = minus == nil ? "" : "-"
        let text = sign + lit.literal.text
        let digits = text.replacingOccurrences("_", "")
        var value: UInt64? = nil
        if digits.hasPrefix("0x") { value = UInt64(digits.dropFirst(2), radix: 16) }
        else if digits.hasPrefix("0b") { value = UInt64(digits.dropFirst(2), radix: 2) }
        else if digits.hasPrefix("0o") { value = UInt64(digits.dropFirst(2), radix: 8) }
        else { value = UInt64(digits) }
        guard let v = value, v < UInt64(Int64.max) else { return p }
        // 0 → 1; 1 → 2, 0; n → n+1, n-1, 0
        let sv = minus == nil ? Int64(v) : -Int64(v)
        var items: [(op: String, original: String, mutated: String)] = [("integer +1", text, "\(sv + 1)")]
        var helper = "__afsI1"
        if v == 1 { items.append(("integer -1", text, "\(sv - 1)")); items.append(("integer →0", text, "0")); helper = "__afsI3" }
        if v >= 2 { items.append(("integer -1", text, "\(sv - 1)")); items.append(("integer →0", text, "0")); helper = "__afsI3" }
        if minus == nil && v == 1 { items.removeLast(); helper = "__afsI2" }
        if let id = group(minus.map { Syntax($0.parent!) } ?? Syntax(lit), items) {
            return Piece(lead: p.lead, body: "\(helper)(\(id), \(text))", trail: p.trail)
        }
        return p
    }

    /// Source-level units of a string literal's content: an escape sequence or one character.
    func units(_ s: String) -> [String] {
        var out: [String] = []
        var it = Array(s)
        var i = 0
        while i < it.count {
            if it[i] == "\\", i + 1 < it.count {
                if it[i + 1] == "u", i + 2 < it.count, it[i + 2] == "{", let close = it[(i + 2)...].firstIndex(of: "}") {
                    out.append(String(it[i...close])); i = close + 1; continue
                }
                out.append(String(it[i...(i + 1)])); i += 2; continue
            }
            out.append(String(it[i])); i += 1
        }
        it = []
        return out
    }

    func stringLiteral(_ lit: StringLiteralExprSyntax) -> Piece {
        let p = verbatim(lit)
        guard lit.openingPounds == nil, lit.openingQuote.tokenKind == .stringQuote,
            lit.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) })
        else { return p }
        let content = lit.segments.map { $0.as(StringSegmentSyntax.self)!.content.text }.joined()
        let us = units(content)
        let mutated: String
        if us.isEmpty { mutated = "x" }
        else if us.count == 1 { mutated = us[0] == "x" ? "y" : "x" }
        else { mutated = us.dropFirst().joined() }
        if let id = group(lit, [("string literal", "\"\(content)\"", "\"\(mutated)\"")]) {
            mutants[mutants.count - 1].context = callContext(Syntax(lit))
            return Piece(lead: p.lead, body: "__afsStr(\(id), \(p.body), \"\(mutated)\")", trail: p.trail)
        }
        return p
    }

    /// For an argument of a call: "callee#index:label" (callee as written, e.g. AFSError or Self.fail).
    func callContext(_ node: Syntax) -> String {
        guard let arg = node.parent?.as(LabeledExprSyntax.self), let list = arg.parent?.as(LabeledExprListSyntax.self),
            let call = list.parent?.as(FunctionCallExprSyntax.self)
        else { return "" }
        let index = list.firstIndex(where: { $0.id == arg.id }).map { list.distance(from: list.startIndex, to: $0) } ?? -1
        let first = list.first.map { src($0.expression) } ?? ""
        return "\(src(call.calledExpression))#\(index):\(arg.label?.text ?? "")|first=\(first)"
    }

    func minMax(_ call: FunctionCallExprSyntax) -> Piece? {
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            callee.baseName.text == "min" || callee.baseName.text == "max",
            call.arguments.count == 2, call.arguments.allSatisfy({ $0.label == nil }),
            call.leftParen != nil, call.trailingClosure == nil
        else { return nil }
        let name = callee.baseName.text
        let other = name == "min" ? "max" : "min"
        let argsText = src(call.arguments)
        guard let lp = call.leftParen, let rp = call.rightParen else { return nil }
        guard let id = group(call, [("min↔max", "\(name)(\(argsText))", "\(other)(\(argsText))")]) else { return children(Syntax(call)) }
        let calleePiece = token(callee.baseName)
        let lpp = token(lp), args = render(Syntax(call.arguments)), rpp = token(rp)
        let body = (name == "min" ? "__afsMin" : "__afsMax") + "(\(id), " + calleePiece.trail + lpp.trail + args.text + rpp.lead + ")"
        return Piece(lead: calleePiece.lead, body: body, trail: rpp.trail)
    }

    func codeBlockItem(_ item: CodeBlockItemSyntax) -> Piece {
        guard case .expr(let expr) = item.item, deletable(expr), !isImplicitReturn(item) else { return children(Syntax(item)) }
        let rendered = render(Syntax(expr))
        let semi = item.semicolon.map { token($0) }
        guard let id = group(item, [("delete statement", src(expr), "/* deleted */")]) else {
            return semi.map { concat([rendered, $0]) } ?? rendered
        }
        let wrapped = Piece(lead: rendered.lead, body: "if !__afsOn(\(id)) { " + rendered.body + " }", trail: rendered.trail)
        return semi.map { concat([wrapped, $0]) } ?? wrapped
    }

    func deletable(_ expr: ExprSyntax) -> Bool {
        var e = expr
        if let t = e.as(TryExprSyntax.self) { e = t.expression }
        if let a = e.as(AwaitExprSyntax.self) { e = a.expression }
        if let call = e.as(FunctionCallExprSyntax.self) {
            if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), skippedCalls.contains(callee.baseName.text) { return false }
            return true
        }
        if let i = e.as(InfixOperatorExprSyntax.self) {
            if i.operator.is(AssignmentExprSyntax.self) {
                // Deleting the assignment that initializes a constant, or a stored property in an
                // initializer, does not compile (definite initialization): not a site.
                if declStack.last?.hasPrefix("init(") == true && (i.leftOperand.is(DeclReferenceExprSyntax.self)
                    || i.leftOperand.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription == "self") { return false }
                let names = i.leftOperand.tokens(viewMode: .sourceAccurate).filter { if case .identifier = $0.tokenKind { return true } else { return false } }
                if i.leftOperand.is(DeclReferenceExprSyntax.self) || i.leftOperand.is(TupleExprSyntax.self),
                    names.contains(where: { lateInit.contains($0.text) }) { return false }
                // `_ = x` discards a value; deleting it only matters if x is a call.
                if i.leftOperand.is(DiscardAssignmentExprSyntax.self) { return i.rightOperand.is(FunctionCallExprSyntax.self) || i.rightOperand.is(TryExprSyntax.self) }
                return true
            }
            if let op = i.operator.as(BinaryOperatorExprSyntax.self), assignmentOps.contains(op.operator.text) { return true }
        }
        return false
    }

    /// A lone expression in a closure, getter or value-returning function body is its value; so is
    /// one in a branch of an `if`/`switch` that is itself a value.
    func isImplicitReturn(_ item: CodeBlockItemSyntax) -> Bool {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else { return false }
        guard let owner = list.parent else { return false }
        if owner.is(ClosureExprSyntax.self) || owner.is(AccessorBlockSyntax.self) { return true }
        if let sc = owner.as(SwitchCaseSyntax.self), let sw = sc.parent?.parent?.as(SwitchExprSyntax.self) {
            return isValue(Syntax(sw))
        }
        if let block = owner.as(CodeBlockSyntax.self), let p = block.parent {
            if let f = p.as(FunctionDeclSyntax.self) { return f.signature.returnClause != nil }
            if p.is(AccessorDeclSyntax.self) || p.is(SubscriptDeclSyntax.self) { return true }
            if var ifx = p.as(IfExprSyntax.self) {
                while let outer = ifx.parent?.as(IfExprSyntax.self) { ifx = outer }
                return isValue(Syntax(ifx))
            }
        }
        return false
    }

    /// An if/switch expression used as a value (not as a statement).
    func isValue(_ node: Syntax) -> Bool {
        guard let parent = node.parent else { return false }
        if let stmt = parent.as(ExpressionStmtSyntax.self), let item = stmt.parent?.as(CodeBlockItemSyntax.self) {
            return isImplicitReturn(item)
        }
        if let item = parent.as(CodeBlockItemSyntax.self) { return isImplicitReturn(item) }
        return true
    }
}

extension String {
    func replacingOccurrences(of a: String, with b: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: a) {
            out += rest[..<r.lowerBound]
            out += b
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    func replacingOccurrences(_ a: Character, _ b: String) -> String {
        var out = ""
        for c in self { if c == a { out += b } else { out.append(c) } }
        return out
    }
}

// MARK: - Files

func readFile(_ path: String) -> String? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n <= 0 { break }
        bytes += buf[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ path: String, _ text: String) {
    guard let f = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
}

func mkdirs(_ path: String) {
    var cur = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
        cur += "/" + part
        mkdir(cur, 0o755)
    }
}

func swiftFiles(_ dir: String) -> [String] {
    var out: [String] = []
    func walk(_ rel: String) {
        guard let d = opendir(dir + (rel.isEmpty ? "" : "/" + rel)) else { return }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
            if name == "." || name == ".." { continue }
            names.append(name)
        }
        for name in names.sorted() {
            let r = rel.isEmpty ? name : rel + "/" + name
            if let sub = opendir(dir + "/" + r) { closedir(sub); walk(r) }
            else if name.hasSuffix(".swift") { out.append(r) }
        }
    }
    walk("")
    return out.sorted()
}

func globMatch(_ pattern: String, _ path: String) -> Bool {
    fnmatch(pattern, path, 0) == 0
}

// MARK: - Commands

struct Options {
    var command = ""
    var src = "Sources/AFSerialization"
    var out: String? = nil
    var files: [String] = []
    var lines: [(String, Int, Int)] = []
    var excludeKeys: String? = nil
}

func usage() -> Never {
    print("""
        usage: afs-mutate sites    [--src DIR] [--files GLOB…] [--lines FILE:FROM-TO…] [--exclude-keys FILE]
               afs-mutate schemata --out DIR [--src DIR] [--exclude-keys FILE]
        sites: prints the mutants (one JSON object per mutant, in a JSON array).
        schemata: writes DIR/<each file> rewritten with runtime switches (AFS_MUTANT=<id>),
          DIR/__AFSMutantSwitch.swift, and DIR/../sites.json.
        --files and --lines match paths relative to --src (GLOB as fnmatch).
        --exclude-keys FILE: one key per line; a group with an excluded key is left unmutated.
        """)
    exit(2)
}

func parseOptions() -> Options {
    var o = Options()
    var args = Array(CommandLine.arguments.dropFirst())
    guard !args.isEmpty else { usage() }
    o.command = args.removeFirst()
    var mode = ""
    while !args.isEmpty {
        let a = args.removeFirst()
        switch a {
        case "--src", "--out", "--exclude-keys":
            if args.isEmpty { usage() }
            let v = args.removeFirst()
            mode = ""
            if a == "--src" { o.src = v } else if a == "--out" { o.out = v } else { o.excludeKeys = v }
        case "--files": mode = "files"
        case "--lines": mode = "lines"
        case "-h", "--help": usage()
        default:
            if mode == "files" { o.files.append(a) }
            else if mode == "lines" {
                // FILE:FROM-TO
                guard let colon = a.lastIndex(of: ":") else { usage() }
                let f = String(a[..<colon])
                let range = a[a.index(after: colon)...].split(separator: "-")
                guard let from = Int(range.first ?? ""), let to = Int(range.last ?? "") else { usage() }
                o.lines.append((f, from, to))
            } else { usage() }
        }
    }
    return o
}

let helpersHeader = """
    // Generated by afs-mutate schemata (Tools/): the mutant switch. AFS_MUTANT=<id> activates
    // one mutant; unset or 0 runs the original program. Each schemata file carries fileprivate
    // copies of the helpers (so they inline and specialize without whole-module optimization);
    // the copies here (prefix __afsG) serve @inlinable code.
    #if canImport(Glibc)
    import Glibc
    #elseif canImport(Darwin)
    import Darwin
    #endif

    // A constant-initialized global (no lazy-initialization call on each use): -1 until the first
    // use reads AFS_MUTANT. Every thread computes the same value, so the benign race is harmless.
    @usableFromInline nonisolated(unsafe) var __afsActiveStorage: Int = -1

    @usableFromInline @inline(never) func __afsLoadActive() -> Int {
        var v = 0
        if let p = getenv("AFS_MUTANT") { v = Int(String(cString: p)) ?? 0 }
        if v < 0 { v = 0 }
        __afsActiveStorage = v
        return v
    }

    /// Makes `id` the active mutant (0: the original program) in this process: `conformance mutants`
    /// calls it in each forked child, after the parent loaded the vectors with the original program.
    public func __afsActivateMutant(_ id: Int) { __afsActiveStorage = max(0, id) }

    @inlinable @inline(__always) var __afsGActive: Int {
        let v = __afsActiveStorage
        return v >= 0 ? v : __afsLoadActive()
    }

    """

/// The helpers, for `access` ("fileprivate" per file, or "@inlinable" with prefix __afsG).
func helperDefs(global: Bool) -> String {
    var d = helperDefsTemplate
    if global {
        d = d.replacingOccurrences(of: "__afs", with: "__afsG").replacingOccurrences(of: "__afsGGActive", with: "__afsGActive")
    } else {
        d = d.replacingOccurrences(of: "@inlinable @inline(__always) func", with: "@inline(__always) fileprivate func")
        d = "@inline(__always) fileprivate var __afsActive: Int { let v = __afsActiveStorage; return v >= 0 ? v : __afsLoadActive() }\n" + d
    }
    return d
}

let helperDefsTemplate = """
    @inlinable @inline(__always) func __afsOn(_ id: Int) -> Bool { __afsActive == id }
    @inlinable @inline(__always) func __afsNot(_ id: Int, _ v: Bool) -> Bool { __afsActive == id ? !v : v }
    @inlinable @inline(__always) func __afsPass(_ id: Int, _ v: Bool) -> Bool { __afsActive == id ? true : v }
    @inlinable @inline(__always) func __afsBool(_ id: Int, _ v: Bool) -> Bool { __afsActive == id ? !v : v }

    // Relational: id = boundary mutant, id + 1 = negation.
    @inlinable @inline(__always) func __afsLT<T: Comparable>(_ id: Int, _ a: T, _ b: T) -> Bool {
        let d = __afsActive &- id
        return d == 0 ? a <= b : d == 1 ? a >= b : a < b
    }
    @inlinable @inline(__always) func __afsLE<T: Comparable>(_ id: Int, _ a: T, _ b: T) -> Bool {
        let d = __afsActive &- id
        return d == 0 ? a < b : d == 1 ? a > b : a <= b
    }
    @inlinable @inline(__always) func __afsGT<T: Comparable>(_ id: Int, _ a: T, _ b: T) -> Bool {
        let d = __afsActive &- id
        return d == 0 ? a >= b : d == 1 ? a <= b : a > b
    }
    @inlinable @inline(__always) func __afsGE<T: Comparable>(_ id: Int, _ a: T, _ b: T) -> Bool {
        let d = __afsActive &- id
        return d == 0 ? a > b : d == 1 ? a < b : a >= b
    }

    // Logical: the right operand stays lazy (short-circuit kept).
    @inlinable @inline(__always) func __afsLAnd(_ id: Int, _ a: Bool, _ b: @autoclosure () -> Bool) -> Bool {
        if __afsActive == id { if a { return true }; return b() }
        if !a { return false }; return b()
    }
    @inlinable @inline(__always) func __afsLOr(_ id: Int, _ a: Bool, _ b: @autoclosure () -> Bool) -> Bool {
        if __afsActive == id { if !a { return false }; return b() }
        if a { return true }; return b()
    }

    // Arithmetic.
    @inlinable @inline(__always) func __afsAdd<T: AdditiveArithmetic>(_ id: Int, _ a: T, _ b: T) -> T { __afsActive == id ? a - b : a + b }
    @inlinable @inline(__always) func __afsSub<T: AdditiveArithmetic>(_ id: Int, _ a: T, _ b: T) -> T { __afsActive == id ? a + b : a - b }
    @inlinable @inline(__always) func __afsAdd<P: _Pointer>(_ id: Int, _ a: P, _ b: Int) -> P where P.Stride == Int { __afsActive == id ? a.advanced(by: -b) : a.advanced(by: b) }
    @inlinable @inline(__always) func __afsSub<P: _Pointer>(_ id: Int, _ a: P, _ b: Int) -> P where P.Stride == Int { __afsActive == id ? a.advanced(by: b) : a.advanced(by: -b) }
    @inlinable @inline(__always) func __afsMul<T: BinaryInteger>(_ id: Int, _ a: T, _ b: T) -> T { __afsActive == id ? a / b : a * b }
    @inlinable @inline(__always) func __afsMul<T: FloatingPoint>(_ id: Int, _ a: T, _ b: T) -> T { __afsActive == id ? a / b : a * b }
    @inlinable @inline(__always) func __afsDiv<T: BinaryInteger>(_ id: Int, _ a: T, _ b: T) -> T { __afsActive == id ? a * b : a / b }
    @inlinable @inline(__always) func __afsDiv<T: FloatingPoint>(_ id: Int, _ a: T, _ b: T) -> T { __afsActive == id ? a * b : a / b }
    @inlinable @inline(__always) func __afsAnd<T: BinaryInteger>(_ id: Int, _ a: T, _ b: T) -> T { __afsActive == id ? a | b : a & b }
    @inlinable @inline(__always) func __afsOr<T: BinaryInteger>(_ id: Int, _ a: T, _ b: T) -> T { __afsActive == id ? a & b : a | b }
    @inlinable @inline(__always) func __afsShl<T: BinaryInteger, R: BinaryInteger>(_ id: Int, _ a: T, _ b: R) -> T { __afsActive == id ? a >> b : a << b }
    @inlinable @inline(__always) func __afsShr<T: BinaryInteger, R: BinaryInteger>(_ id: Int, _ a: T, _ b: R) -> T { __afsActive == id ? a << b : a >> b }

    // Ranges: a..<b → a...b (as a..<(b + 1)); a...b → a..<b (as a...(b - 1)).
    @inlinable @inline(__always) func __afsHalfOpen<T: Strideable>(_ id: Int, _ a: T, _ b: T) -> Range<T> where T.Stride: SignedInteger {
        __afsActive == id ? a..<b.advanced(by: 1) : a..<b
    }
    @inlinable @inline(__always) func __afsClosed<T: Strideable>(_ id: Int, _ a: T, _ b: T) -> ClosedRange<T> where T.Stride: SignedInteger {
        __afsActive == id ? a...b.advanced(by: -1) : a...b
    }
    @inlinable @inline(__always) func __afsMin<T: Comparable>(_ id: Int, _ a: T, _ b: T) -> T { __afsActive == id ? max(a, b) : min(a, b) }
    @inlinable @inline(__always) func __afsMax<T: Comparable>(_ id: Int, _ a: T, _ b: T) -> T { __afsActive == id ? min(a, b) : max(a, b) }

    // Literals (eager: no side effects). Integers: id = +1, id + 1 = -1, id + 2 = 0.
    @inlinable @inline(__always) func __afsI1<T: Numeric>(_ id: Int, _ v: T) -> T { __afsActive == id ? v + 1 : v }
    @inlinable @inline(__always) func __afsI2<T: Numeric>(_ id: Int, _ v: T) -> T {
        let d = __afsActive &- id
        return d == 0 ? v + 1 : d == 1 ? 0 : v
    }
    @inlinable @inline(__always) func __afsI3<T: Numeric>(_ id: Int, _ v: T) -> T {
        let d = __afsActive &- id
        return d == 0 ? v + 1 : d == 1 ? v - 1 : d == 2 ? 0 : v
    }
    @inlinable @inline(__always) func __afsStr<T>(_ id: Int, _ v: T, _ m: T) -> T { __afsActive == id ? m : v }

    """

func main() {
    let o = parseOptions()
    guard o.command == "sites" || o.command == "schemata" else { usage() }
    var excluded = Set<String>()
    if let path = o.excludeKeys {
        guard let text = readFile(path) else { fputs("cannot read \(path)\n", stderr); exit(2) }
        for line in text.split(separator: "\n") where !line.isEmpty && !line.hasPrefix("#") { excluded.insert(String(line)) }
    }
    let files = swiftFiles(o.src)
    if files.isEmpty { fputs("no .swift files under \(o.src)\n", stderr); exit(2) }
    var all: [Mutant] = []
    var nextID = 1, nextGroup = 1
    for rel in files {
        guard let text = readFile(o.src + "/" + rel) else { fputs("cannot read \(rel)\n", stderr); exit(2) }
        let parsed = Parser.parse(source: text)
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }.as(SourceFileSyntax.self)!
        let m = Mutator(file: rel, tree: folded, nextID: nextID, nextGroup: nextGroup, excludedKeys: excluded)
        for tok in folded.tokens(viewMode: .sourceAccurate) where tok.tokenKind == .keyword(.let) || tok.tokenKind == .keyword(.var) {
            guard let v = tok.parent?.as(VariableDeclSyntax.self) else { continue }
            for b in v.bindings where b.initializer == nil && b.accessorBlock == nil {
                if let id = b.pattern.as(IdentifierPatternSyntax.self) { m.lateInit.insert(id.identifier.text) }
            }
        }
        let rendered = m.render(Syntax(folded))
        nextID = m.nextID
        nextGroup = m.nextGroup
        all += m.mutants
        if o.command == "schemata", let out = o.out {
            // The helpers go after the file's last line: every original line keeps its number.
            let newText = rendered.text + (rendered.text.hasSuffix("\n") ? "" : "\n")
                + "// afs-mutate: mutant switch helpers (fileprivate copies)\n" + helperDefs(global: false)
            let oldLines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            let newLines = newText.split(separator: "\n", omittingEmptySubsequences: false).count
            if oldLines > newLines { fputs("warning: \(rel): \(oldLines) lines became \(newLines)\n", stderr) }
            let dest = out + "/" + rel
            if let slash = dest.lastIndex(of: "/") { mkdirs(String(dest[..<slash])) }
            writeFile(dest, newText)
        }
    }
    var selected = all
    if !o.files.isEmpty { selected = selected.filter { m in o.files.contains { globMatch($0, m.file) } } }
    if !o.lines.isEmpty {
        selected = selected.filter { m in o.lines.contains { $0.0 == m.file && m.line <= $0.2 && m.endLine >= $0.1 } }
    }
    let json = "[\n" + selected.map { "  " + $0.json }.joined(separator: ",\n") + "\n]\n"
    if o.command == "schemata", let out = o.out {
        writeFile(out + "/__AFSMutantSwitch.swift", helpersHeader + helperDefs(global: true))
        var parent = out
        while parent.hasSuffix("/") { parent.removeLast() }
        if let slash = parent.lastIndex(of: "/") { parent = String(parent[..<slash]) } else { parent = "." }
        writeFile(parent + "/sites.json", json)
        fputs("afs-mutate: \(selected.count) mutants in \(files.count) files → \(out)\n", stderr)
    } else {
        print(json, terminator: "")
    }
}

main()
