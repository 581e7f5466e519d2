// integer +1 / -1 / →0: the off-by-one and zero of every integer literal.

import SwiftSyntax

/// `n` → `n + 1`, `n - 1`, `0`; `1` → `2`, `0` (its -1 would be the →0 mutant again); `0` → `1`.
/// `-n` is read as one literal (a prefix minus applied to a generic helper call is ambiguous), but
/// its value is parsed sign included, which UInt64 rejects: of the negative literals only `-0`
/// gets mutants (kept as it was; Tools/README.md, "Known gaps"). Literals that do not fit in
/// Int64 are left alone.
public struct IntegerLiteral: MutationOperator {
    public init() {}

    public func rewrite(_ node: Syntax, _ m: Mutator) -> Piece? {
        if let lit = node.as(IntegerLiteralExprSyntax.self) { return literal(lit, minus: nil, m) }
        if let pre = node.as(PrefixOperatorExprSyntax.self), pre.operator.text == "-",
            let lit = pre.expression.as(IntegerLiteralExprSyntax.self), pre.operator.trailingTrivia.isEmpty
        {
            return literal(lit, minus: pre.operator, m)
        }
        return nil
    }

    /// The literal's magnitude, or nil when it does not fit (or has a sign other than `-0`'s).
    static func value(_ text: String) -> UInt64? {
        let digits = String(text.filter { $0 != "_" })
        if digits.hasPrefix("0x") { return UInt64(digits.dropFirst(2), radix: 16) }
        if digits.hasPrefix("0b") { return UInt64(digits.dropFirst(2), radix: 2) }
        if digits.hasPrefix("0o") { return UInt64(digits.dropFirst(2), radix: 8) }
        return UInt64(digits)
    }

    /// The mutants of a literal with magnitude `v` (negative when `minus`), and the helper that
    /// switches that many: I1 (+1), I2 (+1, →0), I3 (+1, -1, →0).
    static func mutants(_ text: String, _ v: UInt64, minus: Bool) -> (Helper, [Replacement]) {
        let sv = minus ? -Int64(v) : Int64(v)
        var items = [Replacement("integer +1", text, "\(sv + 1)")]
        var helper = Helper.int1
        if v >= 1 {
            items.append(Replacement("integer -1", text, "\(sv - 1)"))
            items.append(Replacement("integer →0", text, "0"))
            helper = .int3
        }
        if !minus && v == 1 {
            items.removeLast()
            helper = .int2
        }
        return (helper, items)
    }

    func literal(_ lit: IntegerLiteralExprSyntax, minus: TokenSyntax?, _ m: Mutator) -> Piece {
        let p = minus.map { concat([m.token($0), m.token(lit.literal)]) } ?? m.token(lit.literal)
        let text = (minus == nil ? "" : "-") + lit.literal.text
        guard let v = Self.value(text), v < UInt64(Int64.max) else { return p }
        let (helper, items) = Self.mutants(text, v, minus: minus != nil)
        guard let site = m.register(minus.map { $0.parent! } ?? Syntax(lit), helper: helper, items) else { return p }
        return Placer.wrap(site, p, args: text)
    }
}
