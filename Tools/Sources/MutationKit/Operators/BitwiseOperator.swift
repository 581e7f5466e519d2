// bitwise and↔or (& |) and shift <<↔>>: the bit-twiddling of the escaping and parsing tables.

/// `a & b` ↔ `a | b` and `a << n` ↔ `a >> n` (any BinaryInteger; the shift amount may be another
/// integer type).
public struct BitwiseOperator: BinaryOperatorFamily {
    static let table: [String: (mutated: String, family: String, helper: Helper)] = [
        "&": ("|", "bitwise and↔or", .bitAnd), "|": ("&", "bitwise and↔or", .bitOr),
        "<<": (">>", "shift <<↔>>", .shl), ">>": ("<<", "shift <<↔>>", .shr),
    ]

    public init() {}

    public func mutants(op: String, lhs l: String, rhs r: String) -> BinarySite? {
        guard let t = Self.table[op] else { return nil }
        return BinarySite(
            helper: t.helper, form: .call, mutants: [Replacement(t.family, "\(l) \(op) \(r)", "\(l) \(t.mutated) \(r)")]
        )
    }
}
