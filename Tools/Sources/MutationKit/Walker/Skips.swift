// What is never mutated, whatever the operators would say.
import SwiftSyntax

enum Skips {
    /// Calls kept as written, arguments included: assertions and diagnostics output. Mutating them
    /// only tests the assertion, not the code.
    static let calls: Set<String> = [
        "assert", "assertionFailure", "precondition", "preconditionFailure", "fatalError",
        "debugPrecondition", "debugAssert", "debugPrint", "print", "dump",
    ]

    /// The node as written when it is never mutated, else nil.
    static func render(_ node: Syntax, _ m: Mutator) -> Piece? {
        // #if blocks, attributes, patterns (case labels, if-case), enum cases (raw values),
        // parameters (default arguments), key paths, macros, types, generic arguments: either not
        // code that runs, or code whose mutants would not compile.
        if node.is(IfConfigDeclSyntax.self) || node.is(AttributeSyntax.self) || node.is(AttributeListSyntax.self)
            || node.is(EnumCaseDeclSyntax.self) || node.is(FunctionParameterSyntax.self)
            || node.is(KeyPathExprSyntax.self) || node.is(MacroExpansionExprSyntax.self)
            || node.is(MacroExpansionDeclSyntax.self) || node.is(GenericArgumentClauseSyntax.self)
            || node.is(PatternSyntax.self) || node.is(TypeSyntax.self) || node.is(ImportDeclSyntax.self)
            || node.is(PrecedenceGroupDeclSyntax.self) || node.is(OperatorDeclSyntax.self)
        {
            return m.verbatim(node)
        }
        if let call = node.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            calls.contains(callee.baseName.text)
        {
            return m.verbatim(node)
        }
        // `while true` is known to the compiler to loop forever (no missing return after it): its
        // condition stays a literal.
        if let w = node.as(WhileStmtSyntax.self), w.conditions.count == 1,
            w.conditions.first?.condition.as(ExprSyntax.self)?.trimmedDescription == "true"
        {
            return concat([m.token(w.whileKeyword), m.verbatim(w.conditions), m.render(w.body)])
        }
        return nil
    }
}
