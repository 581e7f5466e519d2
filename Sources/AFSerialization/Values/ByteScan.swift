/// Finds the next byte a writer must escape, eight bytes per step (SWAR), so long plain runs in
/// 100 MB strings cost little even in debug builds. The word tests are exact as booleans; a word
/// that may hold a match is re-checked byte by byte.
enum ByteScan {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    @inline(__always) static func hasZero(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
    @inline(__always) static func hasByte(_ x: UInt64, _ b: UInt8) -> Bool { hasZero(x ^ (ones &* UInt64(b))) }
    /// True when some byte of `x` is below `n` (n ≤ 128).
    @inline(__always) static func hasLess(_ x: UInt64, _ n: UInt8) -> Bool {
        (x &- ones &* UInt64(n)) & ~x & highs != 0
    }

    /// Index of the first byte at or after `start` for which `isSpecial` holds, or `bytes.count`.
    /// `wordMayMatch` must return true for every word that contains such a byte.
    @inline(__always)
    static func next(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int,
        wordMayMatch: (UInt64) -> Bool, isSpecial: (UInt8) -> Bool
    ) -> Int {
        var i = start
        let raw = UnsafeRawBufferPointer(bytes)
        while i + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            if wordMayMatch(word) { break }
            i += 8
        }
        while i < bytes.count, !isSpecial(bytes[i]) { i += 1 }
        return i
    }
}
