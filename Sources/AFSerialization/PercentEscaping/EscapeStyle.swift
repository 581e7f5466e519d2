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
}
