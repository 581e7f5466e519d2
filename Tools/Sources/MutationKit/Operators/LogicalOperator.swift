// logical and↔or: && ↔ ||.

/// `a && b` ↔ `a || b`. The helpers take the right operand as an autoclosure, so it is evaluated
/// only when the (mutated) operator needs it: short-circuiting, and the side effects it guards,
/// stay as they were.
public struct LogicalOperator: BinaryOperatorFamily {
    public init() {}

    public func mutants(op: String, lhs l: String, rhs r: String) -> BinarySite? {
        guard op == "&&" || op == "||" else { return nil }
        let m = op == "&&" ? "||" : "&&"
        return BinarySite(
            helper: op == "&&" ? .logicalAnd : .logicalOr, form: .call,
            mutants: [Replacement("logical and↔or", "\(l) \(op) \(r)", "\(l) \(m) \(r)")])
    }
}
