/// Which characters a query component leaves unescaped (SPEC §1.3).
public enum EscapeStyle: String, Sendable, Hashable, CaseIterable {
    /// AF's set (SPEC §1.1): `A–Z a–z 0–9 - . _ ~ / ?`; space → `%20`.
    case afnetworking
    /// WHATWG application/x-www-form-urlencoded: `A–Z a–z 0–9 * - . _`; space → `+`.
    case whatwgForm
    /// RFC 3986 §2.3 unreserved only: `A–Z a–z 0–9 - . _ ~`.
    case rfc3986Unreserved

    /// 128-entry table: true where the ASCII byte is written as itself.
    @usableFromInline
    var allowed: [Bool] {
        switch self {
        case .afnetworking: EscapeTables.afnetworking
        case .whatwgForm: EscapeTables.whatwgForm
        case .rfc3986Unreserved: EscapeTables.unreserved
        }
    }

    /// True when `byte` (ASCII) stays unescaped in this style.
    @inlinable public func allows(_ byte: UInt8) -> Bool { byte < 0x80 && allowed[Int(byte)] }
}

@usableFromInline
enum EscapeTables {
    static func table(_ extra: String) -> [Bool] {
        var t = [Bool](repeating: false, count: 128)
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { t[Int(b)] = true }
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { t[Int(b)] = true }
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { t[Int(b)] = true }
        for b in extra.utf8 { t[Int(b)] = true }
        return t
    }
    @usableFromInline static let afnetworking = table("-._~/?")
    @usableFromInline static let whatwgForm = table("*-._")
    @usableFromInline static let unreserved = table("-._~")

    /// 256-entry output tables, one per style (immutable after creation, hence `nonisolated(unsafe)`). Entry = output
    /// bytes in the low bytes (first byte lowest), output length (1 or 3) in the top byte. Allocated once and never
    /// freed, so the hot loop reads them without array bounds checks or retain/release.
    static func encoded(_ style: EscapeStyle) -> UnsafeBufferPointer<UInt32> {
        switch style {
        case .afnetworking: encodedAF
        case .whatwgForm: encodedForm
        case .rfc3986Unreserved: encodedUnreserved
        }
    }
    /// The style whose table `table` is (the kernel needs its nibble masks and '+' rule).
    static func style(of table: UnsafeBufferPointer<UInt32>) -> EscapeStyle {
        if table.baseAddress == encodedForm.baseAddress { return .whatwgForm }
        if table.baseAddress == encodedUnreserved.baseAddress { return .rfc3986Unreserved }
        return .afnetworking
    }

    /// The allowed set as 16 nibble masks for the SIMD classifier: bit h of entry l is set when the
    /// ASCII byte `h << 4 | l` is written as itself. An Array, so a wrong size traps on its bounds
    /// check instead of writing past an allocation.
    static func lowNibbles(_ style: EscapeStyle) -> [UInt8] {
        switch style {
        case .afnetworking: nibblesAF
        case .whatwgForm: nibblesForm
        case .rfc3986Unreserved: nibblesUnreserved
        }
    }
    static let nibblesAF = makeNibbles(afnetworking)
    static let nibblesForm = makeNibbles(whatwgForm)
    static let nibblesUnreserved = makeNibbles(unreserved)

    private static func makeNibbles(_ allowed: [Bool]) -> [UInt8] {
        var masks = [UInt8](repeating: 0, count: 16)
        for b in 0..<128 where allowed[b] { masks[b & 0xF] |= 1 << (b >> 4) }
        return masks
    }

    nonisolated(unsafe) private static let encodedAF = makeEncoded(afnetworking, plusForSpace: false)
    nonisolated(unsafe) private static let encodedForm = makeEncoded(whatwgForm, plusForSpace: true)
    nonisolated(unsafe) private static let encodedUnreserved = makeEncoded(unreserved, plusForSpace: false)

    private static func makeEncoded(_ allowed: [Bool], plusForSpace: Bool) -> UnsafeBufferPointer<UInt32> {
        let hex = Array("0123456789ABCDEF".utf8)
        let p = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 256)
        for b in 0..<256 {
            if b < 0x80 && allowed[b] {
                p[b] = 1 << 24 | UInt32(b)
            } else if plusForSpace && b == 0x20 {
                p[b] = 1 << 24 | UInt32(UInt8(ascii: "+"))
            } else {
                p[b] = 3 << 24 | UInt32(hex[b & 0xF]) << 16 | UInt32(hex[b >> 4]) << 8 | UInt32(UInt8(ascii: "%"))
            }
        }
        return UnsafeBufferPointer(p)
    }
}
