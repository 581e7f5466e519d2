/// FNV-1a, 64-bit (Fowler/Noll/Vo, draft-eastlake-fnv): a stable, dependency-free digest for output
/// snapshots. Not cryptographic: snapshots only need a change in the output to change the digest.
public enum FNV1a64 {
    public static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    public static let prime: UInt64 = 0x0000_0100_0000_01b3

    public static func hash<S: Sequence<UInt8>>(_ bytes: S) -> UInt64 {
        var h = offsetBasis
        for b in bytes {
            h ^= UInt64(b)
            h &*= prime
        }
        return h
    }

    /// The digest as 16 lowercase hex digits, as written in snapshot files.
    public static func hex(_ value: UInt64) -> String {
        let s = String(value, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}
