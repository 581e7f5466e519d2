// true↔false: every Boolean literal (flags, defaults, early returns).
import SwiftSyntax

/// `true` → `false` and back, switched as `__afsBool(id, true)`. Not the `true` of `while true`
/// (Skips: the compiler must still see an endless loop).
public struct BooleanLiteral: MutationOperator {
    public init() {}

    public func rewrite(_ node: Syntax, _ m: Mutator) -> Piece? {
        guard let lit = node.as(BooleanLiteralExprSyntax.self) else { return nil }
        let v = lit.literal.text
        let p = m.token(lit.literal)
        guard
            let site = m.register(
                lit, helper: .bool, [Replacement("true↔false", v, v == "true" ? "false" : "true")])
        else { return p }
        return Placer.wrap(site, p)
    }
}
