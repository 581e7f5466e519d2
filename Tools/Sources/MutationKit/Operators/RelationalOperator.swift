// relational < <= > >=: each comparison gets its boundary mutant and its negation.

/// `a < b` → `a <= b` (boundary, off by one) and `a >= b` (negation); likewise for `<=`, `>`, `>=`.
/// One helper call switches both: id = boundary, id + 1 = negation.
public struct RelationalOperator: BinaryOperatorFamily {
    /// operator → (boundary, negation, helper)
    static let table: [String: (boundary: String, negation: String, helper: Helper)] = [
        "<": ("<=", ">=", .lt), "<=": ("<", ">", .le), ">": (">=", "<=", .gt), ">=": (">", "<", .ge),
    ]

    public init() {}

    public func mutants(op: String, lhs l: String, rhs r: String) -> BinarySite? {
        guard let t = Self.table[op] else { return nil }
        let mutants = [t.boundary, t.negation].map { m in
            Replacement("relational \(op)→\(m)", "\(l) \(op) \(r)", "\(l) \(m) \(r)")
        }
        return BinarySite(helper: t.helper, form: .call, mutants: mutants)
    }
}
