// delete guard: a guard whose conditions are all Boolean expressions always passes.
import SwiftSyntax

/// `guard c1, c2 else { … }` → `guard true else { … }`, switched as
/// `guard __afsPass(id, c1), __afsPass(id, c2) else`: the conditions are still evaluated (their
/// side effects and their own mutants stay), only the early exit goes. Guards that bind
/// (`guard let`) are not deleted: the names they bind would be unset. The site is registered
/// before the conditions are rendered (it has the lower id). The conditions themselves are
/// rendered by ConditionNegation (so they get its sites whatever the operator list says).
public struct GuardDeletion: MutationOperator {
    public init() {}

    public func rewrite(_ node: Syntax, _ m: Mutator) -> Piece? {
        guard let g = node.as(GuardStmtSyntax.self) else { return nil }
        let plain = g.conditions.allSatisfy { if case .expression = $0.condition { return true } else { return false } }
        var site: SiteRef? = nil
        if plain {
            site = m.register(
                g, anchor: g.guardKeyword.positionAfterSkippingLeadingTrivia, helper: .pass,
                [Replacement("delete guard", "guard " + src(g.conditions) + " else", "guard true else")])
        }
        let pass = site.map { s in { (p: Piece) in Placer.wrap(s, p) } }
        var parts = [m.token(g.guardKeyword)]
        for c in g.conditions {
            parts.append(ConditionNegation.conditionElement(c, m, outer: pass) ?? m.children(Syntax(c)))
        }
        parts.append(m.token(g.elseKeyword))
        parts.append(m.render(g.body))
        return concat(parts)
    }
}
