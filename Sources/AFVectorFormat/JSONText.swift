import AFSerialization

/// Compact, deterministic JSON text for ``JSONValue`` (eval output, vector files).
/// Members in stored order; `/` is not escaped; non-ASCII is written as UTF-8.
/// It lives with the vector wire format, not in the core: no serializer writes it (the
/// Foundation-identical writer for request bodies is the core's `FoundationJSONWriter`, SPEC §3.3).
extension JSONValue {
    public var jsonText: String {
        var out: [UInt8] = []
        write(to: &out, pretty: false, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Two-space indented text with one member per line (for files people read and diff).
    public var prettyJSONText: String {
        var out: [UInt8] = []
        write(to: &out, pretty: true, indent: 0)
        return String(decoding: out, as: UTF8.self)
    }

    private func write(to out: inout [UInt8], pretty: Bool, indent: Int) {
        func newline(_ level: Int) {
            guard pretty else { return }
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: level * 2))
        }
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let t): out.append(contentsOf: t.utf8)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                item.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if !items.isEmpty { newline(indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, m) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                JSONValue.writeString(m.key, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(0x20) }
                m.value.write(to: &out, pretty: pretty, indent: indent + 1)
            }
            if !members.isEmpty { newline(indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Lowercase hex digits for `\u00XX` escapes (one table, not one per string written).
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    static func writeString(_ s: String, to out: inout [UInt8]) {
        let hex = hexDigits
        out.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20, 0x7F:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// True when the number text has a fraction or exponent (VECTORS.md: that makes it a double).
    public var isDoubleLiteral: Bool {
        if case .number(let t) = self {
            t.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }
        } else {
            false
        }
    }
}
