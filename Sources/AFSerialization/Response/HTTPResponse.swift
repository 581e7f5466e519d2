/// The response model of SPEC §6.1: what a serializer sees.
///
/// `body == nil` means "no data" (AF's `data == nil`), which differs from an empty body in a few
/// rules (property lists, §6.5). Headers keep their order and duplicates; lookup is
/// case-insensitive and joins repeated fields with ", " as RFC 9110 §5.3 allows and Darwin does.
public struct HTTPResponse: Sendable, Hashable {
    /// One header field (the request side's type: same ordering and case rules).
    public typealias Header = HTTPHeaders.Field

    public var statusCode: Int
    public var headers: HTTPHeaders
    /// The response URL as text; AF skips error creation (and the status check) without one.
    public var url: String?
    public var body: [UInt8]?

    public init(statusCode: Int, headers: [Header] = [], url: String? = nil, body: [UInt8]? = nil) {
        self.statusCode = statusCode
        self.headers = HTTPHeaders(headers)
        self.url = url
        self.body = body
    }

    /// The combined value of every field named `name` (ASCII case-insensitive), or nil if absent.
    public func headerValue(_ name: String) -> String? {
        var out: String? = nil
        for h in headers where HTTPHeaders.namesEqual(h.name, name) {
            out = out.map { $0 + ", " + h.value } ?? h.value
        }
        return out
    }

    /// Body length, treating "no data" as 0 (AF's `[data length]` on nil).
    public var bodyLength: Int { body?.count ?? 0 }
}

/// Byte-level ASCII helpers shared by the header parsers.
enum ASCII {
    @inline(__always) static func isOWS(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
    /// RFC 9110 §5.6.2 tchar.
    static func isTChar(_ c: UInt8) -> Bool {
        switch c {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }
    static func lowercased(_ bytes: some Sequence<UInt8>) -> String {
        String(decoding: bytes.map(HTTPHeaders.lower), as: UTF8.self)
    }
}
