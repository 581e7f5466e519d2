/// A source of the two 32-bit values in a generated boundary (SPEC §5.1). Injectable so vectors
/// and tests are reproducible; AF uses `arc4random()`.
public protocol BoundaryRandomSource: Sendable {
    mutating func next32() -> UInt32
}

/// SplitMix64 (Steele, Lea, Flood 2014): a tiny seedable generator. Each ``next32()`` takes the
/// **high** 32 bits of the next 64-bit output, so a boundary from seed `s` is
/// `Boundary+` + hex(hi32(out1)) + hex(hi32(out2)) where out1, out2 are the first two outputs.
public struct SplitMix64: BoundaryRandomSource, RandomNumberGenerator {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func next32() -> UInt32 { UInt32(truncatingIfNeeded: next() >> 32) }
}

/// The operating system's generator: what a real request should use.
public struct SystemBoundaryRandom: BoundaryRandomSource {
    public init() {}
    public mutating func next32() -> UInt32 {
        var g = SystemRandomNumberGenerator()
        return g.next()
    }
}

/// Boundary generation and validation (SPEC §5.1, RFC 2046 §5.1.1).
public enum MultipartBoundary {
    /// RFC 2046 caps a boundary at 70 characters.
    public static let maxLength = 70

    /// `Boundary+` then two 32-bit values as 8 uppercase hex digits each (25 characters).
    public static func generate(using random: inout some BoundaryRandomSource) -> String {
        let a = random.next32(), b = random.next32()
        return "Boundary+" + hex8(a) + hex8(b)
    }

    static func hex8(_ v: UInt32) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out = [UInt8](repeating: 0, count: 8)
        for i in 0..<8 { out[i] = digits[Int((v >> UInt32(28 - 4 * i)) & 0xF)] }
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 2046 `bcharsnospace` plus space.
    static func isBChar(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "a")...UInt8(ascii: "z"):
            return true
        default:
            return Array("'()+_,-./:=? ".utf8).contains(c)
        }
    }

    /// Checks a caller-chosen boundary. Every profile rejects what breaks the framing or injects a
    /// header (empty, CR or LF) — **Deviation**: AF accepts any string. `strict` also enforces RFC
    /// 2046 §5.1.1 (at most 70 bchars, no trailing space); af3/af4 write a longer one verbatim, as
    /// SPEC §5.1 says only `strict` validates.
    public static func validate(_ boundary: String, profile: Profile) throws(AFSError) {
        let bytes = Array(boundary.utf8)
        if bytes.isEmpty {
            throw AFSError(.invalidBoundary, "the boundary is empty", context: ["limit": "1...\(maxLength)"])
        }
        if profile == .strict && bytes.count > maxLength {
            throw AFSError(
                .invalidBoundary, "the boundary is \(bytes.count) bytes; RFC 2046 allows at most \(maxLength)",
                context: ["limit": "1...\(maxLength)", "length": String(bytes.count)])
        }
        for (i, c) in bytes.enumerated() {
            if c == 0x0D || c == 0x0A {
                throw AFSError(.invalidBoundary, "the boundary contains CR or LF", offset: i)
            }
            if profile == .strict && !isBChar(c) {
                throw AFSError(.invalidBoundary, "byte 0x\(String(c, radix: 16)) is not an RFC 2046 bchar", offset: i)
            }
        }
        if profile == .strict && bytes.last == 0x20 {
            throw AFSError(.invalidBoundary, "RFC 2046 forbids a boundary ending in space", offset: bytes.count - 1)
        }
    }
}
