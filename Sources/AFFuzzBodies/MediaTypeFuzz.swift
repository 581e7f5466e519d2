import AFCorpusFormat
import AFSerialization

/// SPEC §6.2–6.3: MIME type extraction (af and strict) and response validation.
///
/// Input: ``MediaTypeInput`` (the frozen option header and the payload).
///
/// Checks: the af MIME type is the value cut at `;`, trimmed, lowercased (possibly empty); the
/// strict parser accepts exactly what an independent RFC 9110 §8.3.1 recognizer accepts, with the
/// same type/subtype, and then agrees with the af rule; validity and the error chain follow SPEC
/// §6.3 (−1016 only with a body and a URL; −1011 only with a URL, outer, with −1016 underlying).
public enum MediaTypeFuzz: FuzzBody {
    public static var name: String { MediaTypeInput.name }
    static let patternEssences = Dictionary(
        uniqueKeysWithValues: MediaTypeInput.patterns.map { ($0, RFC9110MediaType.recognize(Array($0.utf8))) })

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        let setup = MediaTypeInput.setUp(&input)
        let (profile, status, flags, mask, contentType) = (
            setup.profile, setup.status, setup.flags, setup.mask, setup.contentType
        )

        // MIME type, af rule (SPEC §6.2) and strict parser vs the recognizer.
        let af = MediaType.afMIMEType(contentType)
        try check(af == afRule(contentType), "af MIME type \(af) for \(contentType.debugDescription)")
        let parsed = MediaType.parse(contentType)
        let recognized = RFC9110MediaType.recognize(Array(contentType.utf8))
        try check(
            (parsed == nil) == (recognized == nil),
            "strict parser \(parsed == nil ? "rejects" : "accepts") "
                + "\(contentType.debugDescription), RFC 9110 grammar says the opposite"
        )
        if let parsed, let recognized {
            try check(parsed.essence == recognized, "essence \(parsed.essence) vs \(recognized)")
            try check(af == recognized, "af MIME \(af) disagrees with strict essence \(recognized)")
        }
        try check(
            MediaType.mimeType(contentType: contentType, profile: profile) == (profile == .strict ? recognized : af),
            "mimeType(profile:)")

        // Validation (SPEC §6.3).
        let hasURL = flags & 1 != 0, hasBody = flags & 2 != 0
        let types: [String]? =
            flags & 4 != 0
            ? MediaTypeInput.patterns.indices.filter { mask & (1 << $0) != 0 }.map { MediaTypeInput.patterns[$0] } : nil
        let codes: [ClosedRange<Int>]? = flags & 8 != 0 ? [200...299] : nil
        let headers = flags & 16 != 0 ? [] : [HTTPResponse.Header("Content-Type", contentType)]
        let response = HTTPResponse(
            statusCode: status, headers: headers, url: hasURL ? "http://h/" : nil, body: hasBody ? [0x7B] : nil)
        let outcome = ResponseValidation(acceptableContentTypes: types, acceptableStatusCodes: codes).validate(
            response, profile: profile)

        let mime: String? = flags & 16 != 0 ? nil : (profile == .strict ? recognized : af)
        let typeOK =
            types.map { ts in mime.map { m in ts.contains { accepts(m, $0, strict: profile == .strict) } } ?? false }
            ?? true
        let typeFails = !typeOK && !(mime == nil && !hasBody)
        let statusFails = codes != nil && !(200...299).contains(status) && hasURL
        try check(
            outcome.valid == !(typeFails || statusFails),
            "valid \(outcome.valid), expected \(!(typeFails || statusFails))")
        let typeError = typeFails && hasBody && hasURL
        let chain = outcome.error?.chain ?? []
        let expectedCodes = (statusFails ? [-1011] : []) + (typeError ? [-1016] : [])
        try check(
            chain.map(\.code) == expectedCodes, "error chain codes \(chain.map(\.code)), expected \(expectedCodes)")
        try check(chain.allSatisfy { $0.domain == AFSError.responseDomain }, "error domain")
        if typeError, let e = chain.last {
            try check(
                e.message == "Request failed: unacceptable content-type: \(mime ?? "(null)")",
                "−1016 description \(e.message)")
        }
        if statusFails, let e = chain.first {
            try check(
                e.message.hasPrefix("Request failed: ") && e.message.hasSuffix(" (\(status))"),
                "−1011 description \(e.message)")
        }
        // Chaining never replaces an existing underlying error: it goes at the end of the chain.
        if let e = outcome.error {
            let other = AFSError(domain: "x", code: 1, message: "other")
            let codes = { (c: [AFSError]) in c.map { "\($0.domain) \($0.code)" } }
            try check(
                codes(e.chaining(other).chain) == codes(e.chain) + ["x 1"],
                "chaining replaced an existing underlying error")
        }
    }

    /// SPEC §6.2 af rule, written out: up to the first `;`, trimmed of SP/HT/CR/LF, lowercased
    /// (an empty result is a MIME type too: vector media-type/af/034).
    static func afRule(_ s: String) -> String {
        let bytes = Array(s.utf8)
        let head = bytes[..<(bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count)]
        let ws: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        guard let first = head.firstIndex(where: { !ws.contains($0) }),
            let last = head.lastIndex(where: { !ws.contains($0) })
        else { return "" }
        return String(decoding: head[first...last], as: UTF8.self).lowercased()
    }

    /// Strict matching per SPEC §6.3: case-insensitive type/subtype, parameters ignored,
    /// `*/*` and `type/*` wildcards; af: exact string match.
    static func accepts(_ mime: String, _ pattern: String, strict: Bool) -> Bool {
        guard strict else { return mime == pattern }
        guard let p = patternEssences[pattern] ?? nil, let m = RFC9110MediaType.recognize(Array(mime.utf8)) else {
            return false
        }
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
    /// RFC 9110 §5.6.2 `tchar`, as a byte table.
    static let tchar: [Bool] = {
        var t = [Bool](repeating: false, count: 256)
        for c in "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8 {
            t[Int(c)] = true
        }
        return t
    }()
    static func isTChar(_ c: UInt8) -> Bool { tchar[Int(c)] }
    static func isOWS(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

    static func recognize(_ b: [UInt8]) -> String? {
        b.withUnsafeBufferPointer { recognize($0) }
    }

    static func recognize(_ b: UnsafeBufferPointer<UInt8>) -> String? {
        var i = 0
        func ows(_ i: inout Int) { while i < b.count, isOWS(b[i]) { i += 1 } }
        /// The token at `i` (advancing past it), or nil when empty.
        func token(_ i: inout Int) -> Range<Int>? {
            let start = i
            while i < b.count, isTChar(b[i]) { i += 1 }
            return i > start ? start..<i : nil
        }
        /// A quoted-string at `i` (§5.6.4), advancing past it.
        func quotedString(_ i: inout Int) -> Bool {
            guard i < b.count, b[i] == 0x22 else { return false }
            i += 1
            while i < b.count {
                let c = b[i]
                i += 1
                switch c {
                case 0x22: return true
                case 0x5C:
                    guard i < b.count else { return false }
                    let n = b[i]
                    i += 1
                    guard n == 0x09 || n == 0x20 || (0x21...0x7E).contains(n) || n >= 0x80 else { return false }
                case 0x09, 0x20, 0x21, 0x23...0x5B, 0x5D...0x7E, 0x80...0xFF: continue
                default: return false
                }
            }
            return false
        }
        ows(&i)
        guard let type = token(&i), i < b.count, b[i] == UInt8(ascii: "/") else { return nil }
        i += 1
        guard let subtype = token(&i) else { return nil }
        while true {
            ows(&i)
            guard i < b.count else { break }
            let c = b[i]
            i += 1
            guard c == UInt8(ascii: ";") else { return nil }
            ows(&i)
            guard i < b.count, b[i] != UInt8(ascii: ";") else { continue }
            guard token(&i) != nil, i < b.count, b[i] == UInt8(ascii: "=") else { return nil }
            i += 1
            if i < b.count, b[i] == 0x22 {
                guard quotedString(&i) else { return nil }
            } else {
                guard token(&i) != nil else { return nil }
            }
        }
        // Tokens are ASCII: lowercase bytewise.
        var out = [UInt8]()
        out.reserveCapacity(type.count + subtype.count + 1)
        for k in type { out.append(lower(b[k])) }
        out.append(UInt8(ascii: "/"))
        for k in subtype { out.append(lower(b[k])) }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always) static func lower(_ c: UInt8) -> UInt8 { (0x41...0x5A).contains(c) ? c | 0x20 : c }
}
