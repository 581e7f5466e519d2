// negate condition: the conditions of if / guard / while, of a ternary and of repeat-while.
import SwiftSyntax

/// `if c` → `if !(c)` (likewise guard, while, `c ? a : b`, `repeat … while c`), switched as
/// `__afsNot(id, c)`. Not where `c` is a comparison: the relational or equality mutant already
/// negates it. Conditions that bind (`if let`, `if case`) are not Boolean expressions and are
/// left alone.
public struct ConditionNegation: MutationOperator {
    public init() {}

    public func rewrite(_ node: Syntax, _ m: Mutator) -> Piece? {
        if let c = node.as(ConditionElementSyntax.self) { return Self.conditionElement(c, m) }
        if let t = node.as(TernaryExprSyntax.self) {
            let cond = Self.negated(t.condition, "negate condition", m)
            return concat([
                cond, m.token(t.questionMark), m.render(t.thenExpression), m.token(t.colon), m.render(t.elseExpression),
            ])
        }
        if let r = node.as(RepeatStmtSyntax.self) {
            let body = [m.token(r.repeatKeyword), m.render(r.body), m.token(r.whileKeyword)]
            return concat(body + [Self.negated(r.condition, "negate condition", m)])
        }
        return nil
    }

    /// `e` rendered, and wrapped in its negation unless it is a comparison (or the site is
    /// excluded). The code inside `e` is rendered first: its sites get the lower ids.
    static func negated(_ e: ExprSyntax, _ op: String, tier: Int = 0, _ m: Mutator) -> Piece {
        let p = m.render(e)
        guard !isComparison(e),
            let site = m.register(e, tier: tier, helper: .not, [Replacement(op, src(e), "!(\(src(e)))")])
        else { return p }
        return Placer.wrap(site, p)
    }

    /// One condition of an `if`, `guard` or `while`; `outer` wraps the (possibly negated)
    /// condition once more (guard deletion's `__afsPass`). A leading `try` stays leftmost, around
    /// everything: `try __afsNot(id, f())`.
    static func conditionElement(_ c: ConditionElementSyntax, _ m: Mutator, outer: ((Piece) -> Piece)? = nil) -> Piece?
    {
        guard case .expression(let e) = c.condition,
            c.parent?.parent?.is(IfExprSyntax.self) == true || c.parent?.parent?.is(GuardStmtSyntax.self) == true
                || c.parent?.parent?.is(WhileStmtSyntax.self) == true
        else { return nil }
        var p = negatedCoveringTry(e, "negate condition", tier: 0, m, outer: outer)
        if let comma = c.trailingComma { p = concat([p, m.token(comma)]) }
        return p
    }

    /// `negated`, with a leading `try` kept in front: what `try` covers is what gets wrapped, but
    /// the site (and its text) is the whole expression.
    static func negatedCoveringTry(
        _ e: ExprSyntax, _ op: String, tier: Int, _ m: Mutator, outer: ((Piece) -> Piece)? = nil
    ) -> Piece {
        var inner = e
        var tryPiece: Piece? = nil
        if let t = e.as(TryExprSyntax.self) {
            inner = t.expression
            tryPiece = concat([m.token(t.tryKeyword)] + (t.questionOrExclamationMark.map { [m.token($0)] } ?? []))
        }
        var p = m.render(inner)
        if !isComparison(inner),
            let site = m.register(e, tier: tier, helper: .not, [Replacement(op, src(e), "!(\(src(e)))")])
        {
            p = Placer.wrap(site, p)
        }
        if let outer { p = outer(p) }
        if let tryPiece { p = concat([tryPiece, p]) }
        return p
    }
}
