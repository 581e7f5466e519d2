// equality == != : the one mutant is the negation.

/// `a == b` → `a != b` and back. Switched by negating the whole comparison (`__afsNot(id, a == b)`)
/// rather than by a generic helper: it compiles wherever the original comparison does, whatever
/// `==` overload that is (optionals, tuples of Equatables).
public struct EqualityOperator: BinaryOperatorFamily {
    public init() {}

    public func mutants(op: String, lhs l: String, rhs r: String) -> BinarySite? {
        guard op == "==" || op == "!=" else { return nil }
        let m = op == "==" ? "!=" : "=="
        return BinarySite(
            helper: .not, form: .wrap,
            mutants: [Replacement("equality \(op)→\(m)", "\(l) \(op) \(r)", "\(l) \(m) \(r)")])
    }
}
