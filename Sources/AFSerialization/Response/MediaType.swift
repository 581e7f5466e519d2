/// A media type (RFC 9110 §8.3.1) and the two ways SPEC §6.2 derives a response's MIME type.
public struct MediaType: Sendable, Hashable {
    public struct Parameter: Sendable, Hashable {
        /// Lowercased (parameter names are case-insensitive, RFC 9110 §5.6.6).
        public var name: String
        /// Unquoted value, case kept.
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Lowercased.
    public var type: String
    /// Lowercased.
    public var subtype: String
    public var parameters: [Parameter]

    public init(type: String, subtype: String, parameters: [Parameter] = []) {
        self.type = type
        self.subtype = subtype
        self.parameters = parameters
    }

    /// `type/subtype`.
    public var essence: String { "\(type)/\(subtype)" }

    /// The MIME type a serializer validates against (SPEC §6.2): `af3`/`af4` cut at the first `;`,
    /// trim and lowercase; `strict` parses per RFC 9110 and returns the essence. Absent → nil.
    /// An af value with nothing before its `;` gives `""`, literally as SPEC §6.2 states the rule
    /// (vector media-type/af/034); it is a MIME type, so it is validated like any other.
    public static func mimeType(contentType: String?, profile: Profile) -> String? {
        guard let contentType else { return nil }
        if profile == .strict { return parse(contentType)?.essence }
        return afMIMEType(contentType)
    }

    /// AF's rule: the value up to the first `;`, whitespace-trimmed, lowercased.
    public static func afMIMEType(_ contentType: String) -> String {
        var bytes = contentType.utf8[...]
        if let semi = bytes.firstIndex(of: UInt8(ascii: ";")) { bytes = bytes[..<semi] }
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        while let f = bytes.first, isSpace(f) { bytes = bytes.dropFirst() }
        while let l = bytes.last, isSpace(l) { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self).lowercased()
    }

    /// RFC 9110 §8.3.1: `type "/" subtype *( OWS ";" OWS [ name "=" ( token / quoted-string ) ] )`,
    /// surrounded by optional whitespace. Returns nil when malformed. Linear in the input.
    public static func parse(_ text: String) -> MediaType? {
        let b = Array(text.utf8)
        var i = 0
        func skipOWS() { while i < b.count, ASCII.isOWS(b[i]) { i += 1 } }
        func token() -> ArraySlice<UInt8>? {
            let s = i
            while i < b.count, ASCII.isTChar(b[i]) { i += 1 }
            return i > s ? b[s..<i] : nil
        }
        skipOWS()
        guard let t = token(), i < b.count, b[i] == UInt8(ascii: "/") else { return nil }
        i += 1
        guard let st = token() else { return nil }
        var params: [Parameter] = []
        while true {
            skipOWS()
            if i == b.count { break }
            guard b[i] == UInt8(ascii: ";") else { return nil }
            i += 1
            skipOWS()
            if i == b.count || b[i] == UInt8(ascii: ";") { continue }  // empty parameter is allowed
            guard let name = token(), i < b.count, b[i] == UInt8(ascii: "=") else { return nil }
            i += 1
            var value: [UInt8] = []
            if i < b.count, b[i] == UInt8(ascii: "\"") {
                i += 1
                var closed = false
                while i < b.count {
                    let c = b[i]
                    if c == UInt8(ascii: "\"") { closed = true; i += 1; break }
                    if c == UInt8(ascii: "\\") {
                        // quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text )
                        guard i + 1 < b.count, isQuotedPairChar(b[i + 1]) else { return nil }
                        value.append(b[i + 1])
                        i += 2
                        continue
                    }
                    // qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
                    guard
                        c == 0x09 || c == 0x20 || c == 0x21 || (0x23...0x5B).contains(c) || (0x5D...0x7E).contains(c)
                            || c >= 0x80
                    else { return nil }
                    value.append(c)
                    i += 1
                }
                guard closed else { return nil }
            } else {
                guard let v = token() else { return nil }
                value = Array(v)
            }
            params.append(Parameter(ASCII.lowercased(name), String(decoding: value, as: UTF8.self)))
        }
        return MediaType(type: ASCII.lowercased(t), subtype: ASCII.lowercased(st), parameters: params)
    }

    private static func isQuotedPairChar(_ c: UInt8) -> Bool {
        c == 0x09 || c == 0x20 || (0x21...0x7E).contains(c) || c >= 0x80
    }

    /// `strict` acceptable-type matching (SPEC §6.3): case-insensitive type/subtype, parameters
    /// ignored, `*/*` and `type/*` wildcards in `pattern`.
    public static func strictMatches(mimeType: String, pattern: String) -> Bool {
        let m = parse(mimeType)
        guard let p = parse(pattern) else { return m?.essence == pattern.lowercased() }
        guard let m else { return false }
        if p.type == "*" { return p.subtype == "*" }
        return p.type == m.type && (p.subtype == "*" || p.subtype == m.subtype)
    }
}
