/// Strict UTF-8 (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF).
public enum UTF8Validation {
    /// Length of the well-formed sequence starting at `i`, or 0 if it is ill-formed or truncated.
    @inlinable
    public static func sequenceLength<C: RandomAccessCollection>(_ bytes: C, at i: C.Index) -> Int
    where C.Element == UInt8, C.Index == Int {
        let b0 = bytes[i]
        if b0 < 0x80 { return 1 }
        let n = bytes.endIndex - i
        @inline(__always) func cont(_ k: Int) -> Bool { k < n && bytes[i + k] & 0xC0 == 0x80 }
        switch b0 {
        case 0xC2...0xDF:
            return cont(1) ? 2 : 0
        case 0xE0:
            return n > 2 && (0xA0...0xBF).contains(bytes[i + 1]) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF:
            return cont(1) && cont(2) ? 3 : 0
        case 0xED:
            return n > 2 && (0x80...0x9F).contains(bytes[i + 1]) && cont(2) ? 3 : 0
        case 0xF0:
            return n > 3 && (0x90...0xBF).contains(bytes[i + 1]) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3:
            return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4:
            return n > 3 && (0x80...0x8F).contains(bytes[i + 1]) && cont(2) && cont(3) ? 4 : 0
        default:
            return 0
        }
    }

    /// Offset of the first ill-formed byte, or nil when all of `bytes` is valid UTF-8.
    public static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i < bytes.count {
            let n = sequenceLength(bytes, at: i)
            if n == 0 { return i }
            i += n
        }
        return nil
    }
}
