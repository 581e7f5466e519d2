// arith +↔- and *↔/ (the "arith" operators of sites.json).

/// `a + b` ↔ `a - b` (numbers, and pointers: `__afsAdd` has a `_Pointer` overload) and
/// `a * b` ↔ `a / b` (integers and floating point). `%` and the wrapping `&+`, `&-`, `&*` are not
/// mutated.
public struct ArithmeticOperator: BinaryOperatorFamily {
    static let table: [String: (mutated: String, family: String, helper: Helper)] = [
        "+": ("-", "arith +↔-", .add), "-": ("+", "arith +↔-", .sub),
        "*": ("/", "arith *↔/", .mul), "/": ("*", "arith *↔/", .div),
    ]

    public init() {}

    public func mutants(op: String, lhs l: String, rhs r: String) -> BinarySite? {
        guard let t = Self.table[op] else { return nil }
        return BinarySite(
            helper: t.helper, form: .call, mutants: [Replacement(t.family, "\(l) \(op) \(r)", "\(l) \(t.mutated) \(r)")]
        )
    }
}
