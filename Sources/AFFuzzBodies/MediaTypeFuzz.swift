import AFSerialization

/// SPEC §6.2–6.3: MIME type extraction (af and strict) and response validation.
///
/// Header (5 bytes, frozen): `[0]` profile (mod 3); `[1..2]` status code, little-endian, mod 1000;
/// `[3]` flags: bit 0 URL present, bit 1 non-empty body, bit 2 acceptable content types set,
/// bit 3 acceptable status codes (200…299) set, bit 4 no Content-Type header; bits 5–7 reserved;
/// `[4]` which of ``patterns`` are the acceptable content types (bit mask).
/// Payload: the Content-Type value (lossy UTF-8).
///
/// Checks: the af MIME type is the value cut at `;`, trimmed, lowercased (possibly empty); the
/// strict parser accepts exactly what an independent RFC 9110 §8.3.1 recognizer accepts, with the
/// same type/subtype, and then agrees with the af rule; validity and the error chain follow SPEC
/// §6.3 (−1016 only with a body and a URL; −1011 only with a URL, outer, with −1016 underlying).
public enum MediaTypeFuzz: FuzzBody {
    public static let name = "media-type"
    static let patterns = ["application/json", "text/json", "text/javascript", "text/*", "*/*", "image/png", "Application/JSON", "application/json; charset=utf-8"]

    public static func run(_ input: inout FuzzInput) throws(FuzzFailure) {
        let profile = input.pick(Profile.self)
        let status = Int(input.option16() % 1000)
        let flags = input.option()
        let mask = input.option()
        let contentType = String(decoding: input.rest(), as: UTF8.self)

        // MIME type, af rule (SPEC §6.2) and strict parser vs the recognizer.
        let af = MediaType.afMIMEType(contentType)
        try check(af == afRule(contentType), "af MIME type \(af) for \(contentType.debugDescription)")
        let parsed = MediaType.parse(contentType)
        let recognized = RFC9110MediaType.recognize(Array(contentType.utf8))
        try check((parsed == nil) == (recognized == nil), "strict parser \(parsed == nil ? "rejects" : "accepts") \(contentType.debugDescription), RFC 9110 grammar says the opposite")
        if let parsed, let recognized {
            try check(parsed.essence == recognized, "essence \(parsed.essence) vs \(recognized)")
            try check(af == recognized, "af MIME \(af) disagrees with strict essence \(recognized)")
        }
        try check(MediaType.mimeType(contentType: contentType, profile: profile) == (profile == .strict ? recognized : af), "mimeType(profile:)")

        // Validation (SPEC §6.3).
        let hasURL = flags & 1 != 0, hasBody = flags & 2 != 0
        let types: [String]? = flags & 4 != 0 ? patterns.indices.filter { mask & (1 << $0) != 0 }.map { patterns[$0] } : nil
        let codes: [ClosedRange<Int>]? = flags & 8 != 0 ? [200...299] : nil
        let headers = flags & 16 != 0 ? [] : [HTTPResponse.Header("Content-Type", contentType)]
        let response = HTTPResponse(statusCode: status, headers: headers, url: hasURL ? "http://h/" : nil, body: hasBody ? [0x7B] : nil)
        let outcome = ResponseValidation(acceptableContentTypes: types, acceptableStatusCodes: codes).validate(response, profile: profile)

        let mime: String? = flags & 16 != 0 ? nil : (profile == .strict ? recognized : af)
        let typeOK = types.map { ts in mime.map { m in ts.contains { accepts(m, $0, strict: profile == .strict) } } ?? false } ?? true
        let typeFails = !typeOK && !(mime == nil && !hasBody)
        let statusFails = codes != nil && !(200...299).contains(status) && hasURL
        try check(outcome.valid == !(typeFails || statusFails), "valid \(outcome.valid), expected \(!(typeFails || statusFails))")
        let typeError = typeFails && hasBody && hasURL
        let chain = outcome.error?.chain ?? []
        let expectedCodes = (statusFails ? [-1011] : []) + (typeError ? [-1016] : [])
        try check(chain.map(\.code) == expectedCodes, "error chain codes \(chain.map(\.code)), expected \(expectedCodes)")
        try check(chain.allSatisfy { $0.domain == AFSError.responseDomain }, "error domain")
        if typeError, let e = chain.last {
            try check(e.message == "Request failed: unacceptable content-type: \(mime ?? "(null)")", "−1016 description \(e.message)")
        }
        if statusFails, let e = chain.first {
            try check(e.message.hasPrefix("Request failed: ") && e.message.hasSuffix(" (\(status))"), "−1011 description \(e.message)")
        }
        // Chaining never replaces an existing underlying error: it goes at the end of the chain.
        if let e = outcome.error {
            let other = AFSError(domain: "x", code: 1, message: "other")
            let codes = { (c: [AFSError]) in c.map { "\($0.domain) \($0.code)" } }
            try check(codes(e.chaining(other).chain) == codes(e.chain) + ["x 1"], "chaining replaced an existing underlying error")
        }
    }

    /// SPEC §6.2 af rule, written out: up to the first `;`, trimmed of SP/HT/CR/LF, lowercased
    /// (an empty result is a MIME type too: vector media-type/af/034).
    static func afRule(_ s: String) -> String {
        let bytes = Array(s.utf8)
        let head = bytes[..<(bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count)]
        let ws: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        guard let first = head.firstIndex(where: { !ws.contains($0) }), let last = head.lastIndex(where: { !ws.contains($0) }) else { return "" }
        return String(decoding: head[first...last], as: UTF8.self).lowercased()
    }

    /// Strict matching per SPEC §6.3: case-insensitive type/subtype, parameters ignored,
    /// `*/*` and `type/*` wildcards; af: exact string match.
    static func accepts(_ mime: String, _ pattern: String, strict: Bool) -> Bool {
        guard strict else { return mime == pattern }
        guard let p = RFC9110MediaType.recognize(Array(pattern.utf8)), let m = RFC9110MediaType.recognize(Array(mime.utf8)) else { return false }
        let (pt, ps) = split(p), (mt, ms) = split(m)
        if pt == "*" { return ps == "*" }
        return pt == mt && (ps == "*" || ps == ms)
    }

    static func split(_ essence: String) -> (Substring, Substring) {
        let parts = essence.split(separator: "/", maxSplits: 1)
        return (parts[0], parts[1])
    }
}

/// An independent recognizer for RFC 9110 §8.3.1 `media-type` with surrounding OWS:
/// `OWS type "/" subtype *( OWS ";" OWS [ token "=" ( token / quoted-string ) ] ) OWS`.
/// Returns the lowercased `type/subtype`, or nil. Written as a scanner over grammar productions.
enum RFC9110MediaType {
    static let tcharPunct: Set<UInt8> = Set("!#$%&'*+-.^_`|~".utf8)
    static func isTChar(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || tcharPunct.contains(c)
    }
    static func isOWS(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

    static func recognize(_ b: [UInt8]) -> String? {
        var rest = b[...]
        func ows() { while let c = rest.first, isOWS(c) { rest.removeFirst() } }
        func token() -> ArraySlice<UInt8>? {
            let t = rest.prefix(while: isTChar)
            rest.removeFirst(t.count)
            return t.isEmpty ? nil : t
        }
        func quotedString() -> Bool {
            guard rest.first == 0x22 else { return false }
            rest.removeFirst()
            while let c = rest.popFirst() {
                switch c {
                case 0x22: return true
                case 0x5C:
                    guard let n = rest.popFirst(), n == 0x09 || n == 0x20 || (0x21...0x7E).contains(n) || n >= 0x80 else { return false }
                case 0x09, 0x20, 0x21, 0x23...0x5B, 0x5D...0x7E, 0x80...0xFF: continue
                default: return false
                }
            }
            return false
        }
        ows()
        guard let type = token(), rest.popFirst() == UInt8(ascii: "/"), let subtype = token() else { return nil }
        while true {
            ows()
            guard let c = rest.popFirst() else { break }
            guard c == UInt8(ascii: ";") else { return nil }
            ows()
            guard let n = rest.first, n != UInt8(ascii: ";") else { continue }
            guard token() != nil, rest.popFirst() == UInt8(ascii: "=") else { return nil }
            if rest.first == 0x22 {
                guard quotedString() else { return nil }
            } else {
                guard token() != nil else { return nil }
            }
        }
        return (String(decoding: type, as: UTF8.self) + "/" + String(decoding: subtype, as: UTF8.self)).lowercased()
    }
}
