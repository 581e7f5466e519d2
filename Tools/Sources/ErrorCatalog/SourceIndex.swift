import SwiftParser
import SwiftSyntax

/// The parsed core: every file's syntax tree, the functions by name, and the literal constants
/// (`static let badStatusCode = -1011`) that error sites refer to.
public struct SourceIndex {
    public struct File {
        public var path: String
        public var tree: SourceFileSyntax
    }

    public var files: [File]
    /// Function (and initializer-free method) declarations by base name.
    var functions: [String: [FunctionDeclSyntax]] = [:]
    /// `static let NAME = literal` and `let NAME = literal` at type or file level, by name.
    var constants: [String: [ExprSyntax]] = [:]
    /// Computed properties (`var context: [String: String] { … }`) by name.
    var computed: [String: [VariableDeclSyntax]] = [:]
    /// Every call expression, by the callee's base name (`fail` for `fail(…)` and `p.fail(…)`).
    var calls: [String: [FunctionCallExprSyntax]] = [:]
    /// Which file each node's tree belongs to (by the tree's root identity).
    var pathOfRoot: [SyntaxIdentifier: String] = [:]

    /// `sources`: (path, text) pairs; paths are only used in the output.
    public init(sources: [(path: String, text: String)]) {
        files = sources.map { File(path: $0.path, tree: Parser.parse(source: $0.text)) }
        for f in files {
            pathOfRoot[Syntax(f.tree).id] = f.path
            let v = Collector(viewMode: .sourceAccurate)
            v.walk(f.tree)
            for d in v.functions { functions[d.name.text, default: []].append(d) }
            for (name, value) in v.constants { constants[name, default: []].append(value) }
            for d in v.computed {
                if let name = d.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    computed[name, default: []].append(d)
                }
            }
            for c in v.calls {
                if let name = Self.calleeName(c) { calls[name, default: []].append(c) }
            }
        }
    }

    func path(of node: some SyntaxProtocol) -> String {
        pathOfRoot[node.root.id] ?? "?"
    }

    /// `fail` for `fail(…)`, `self.fail(…)`, `Self.fail(…)`, `AFSError(…)` → `AFSError`.
    static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        if let ref = call.calledExpression.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }
}

/// One pass over a file: functions, literal constants, computed properties, calls.
private final class Collector: SyntaxVisitor {
    var functions: [FunctionDeclSyntax] = []
    var constants: [(String, ExprSyntax)] = []
    var computed: [VariableDeclSyntax] = []
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        functions.append(node)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for b in node.bindings {
            guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if let value = b.initializer?.value, Self.isLiteral(value) { constants.append((name, value)) }
            if b.accessorBlock != nil { computed.append(node) }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }

    static func isLiteral(_ e: ExprSyntax) -> Bool {
        if e.is(StringLiteralExprSyntax.self) || e.is(IntegerLiteralExprSyntax.self) { return true }
        if let p = e.as(PrefixOperatorExprSyntax.self) { return p.expression.is(IntegerLiteralExprSyntax.self) }
        return false
    }
}
