// negate where: the `where` clause of a for-in loop, a switch case or a catch clause.
import SwiftSyntax

/// `for x in xs where c`, `case … where c:`, `catch … where c` → `… where !(c)`, switched as
/// `where __afsNot(id, c)`. A where clause is a condition like an `if`'s, but ConditionNegation
/// never saw it: a filter that selects nothing, or everything, went untested. As for other
/// conditions, not where `c` is a comparison (its relational or equality mutant already is the
/// negation), and a leading `try` stays in front.
///
/// Numbered in tier 1 (see `Numbering`): added after the first numbering, it renumbers no mutant
/// of the families before it.
public struct WhereNegation: MutationOperator {
    public static let tier = 1

    public init() {}

    public func rewrite(_ node: Syntax, _ m: Mutator) -> Piece? {
        guard let w = node.as(WhereClauseSyntax.self), let owner = w.parent,
            owner.is(ForStmtSyntax.self) || owner.is(SwitchCaseItemSyntax.self) || owner.is(CatchItemSyntax.self)
        else { return nil }
        let condition = ConditionNegation.negatedCoveringTry(w.condition, "negate where", tier: Self.tier, m)
        return concat([m.token(w.whereKeyword), condition])
    }
}
