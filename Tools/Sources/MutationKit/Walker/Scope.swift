// Declarations as keys and reports name them, and what the walk must know about them up front.
import SwiftSyntax

enum Scope {
    /// The name a declaration gives its sites' `function` ("next(in:)", "init(bytes:)", "var count",
    /// "get"), or nil when the node does not open a scope.
    static func name(_ node: Syntax) -> String? {
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
        // Stored and computed properties of a type or of the file (not local variables).
        if let d = node.as(PatternBindingSyntax.self), let v = d.parent?.parent?.as(VariableDeclSyntax.self),
            v.parent?.is(MemberBlockItemSyntax.self) == true
                || v.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        {
            return "var " + d.pattern.trimmedDescription
        }
        if let d = node.as(AccessorDeclSyntax.self) { return d.accessorSpecifier.text }
        return nil
    }

    /// Names declared `let/var x: T` without a value anywhere in the file: deleting an assignment
    /// to one may leave it uninitialized (a compile error), so such assignments are not deleted.
    static func lateInitialized(_ tree: SourceFileSyntax) -> Set<String> {
        var names: Set<String> = []
        for tok in tree.tokens(viewMode: .sourceAccurate)
        where tok.tokenKind == .keyword(.let) || tok.tokenKind == .keyword(.var) {
            guard let v = tok.parent?.as(VariableDeclSyntax.self) else { continue }
            for b in v.bindings where b.initializer == nil && b.accessorBlock == nil {
                if let id = b.pattern.as(IdentifierPatternSyntax.self) { names.insert(id.identifier.text) }
            }
        }
        return names
    }
}
