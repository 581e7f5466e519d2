// range ..<↔...: the off-by-one of a range's upper bound.

/// `a..<b` → `a...b` (switched as `a..<(b + 1)`) and `a...b` → `a..<b` (as `a...(b - 1)`), so the
/// result keeps its type (Range or ClosedRange) and the switch compiles for Strideable integers.
public struct RangeOperator: BinaryOperatorFamily {
    public init() {}

    public func mutants(op: String, lhs l: String, rhs r: String) -> BinarySite? {
        guard op == "..<" || op == "..." else { return nil }
        let m = op == "..<" ? "\(l)...\(r)" : "\(l)..<\(r)"
        return BinarySite(
            helper: op == "..<" ? .halfOpen : .closed, form: .call,
            mutants: [Replacement("range ..<↔...", "\(l)\(op)\(r)", m)])
    }
}
