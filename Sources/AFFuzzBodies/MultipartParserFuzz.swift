import AFCorpusFormat
import AFSerialization

/// SPEC §5.7 strict multipart parser on arbitrary bytes.
///
/// Input: ``MultipartParserInput`` (the frozen option header and the payload).
///
/// Checks: no crash or hang; chunked and one-shot parsing agree (parts, or error kind and offset);
/// accepted input respects the limits and the parts written back (SPEC §5.2 framing) parse to the
/// same parts; where vapor/multipart-kit also accepts a body without delimiter lookalikes (SPEC
/// §5.7 decides those; multipart-kit does not), it sees the same part bodies and headers
/// (that oracle lives in AFFuzzMultipartKitOracle; see ``FuzzOracles/multipartReference``; bytes ≥ 0x80 are
/// compared as 0x7F there, see ``kitSafe(_:)``).
public enum MultipartParserFuzz: FuzzBody {
    public static var name: String { MultipartParserInput.name }

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        let setup = MultipartParserInput.setUp(&input)
        let (boundary, chunkA, chunkB, options, body) = (
            setup.boundary, setup.chunkA, setup.chunkB, setup.options, setup.body
        )
        let limits = options.limits

        // invalid boundary: typed error
        if (try? AFSerialization.MultipartParser(boundary: boundary, options: options)) == nil { return }
        let whole = Result { () throws(AFSError) in
            try AFSerialization.MultipartParser.parse(body, boundary: boundary, options: options)
        }
        let chunked = Result { () throws(AFSError) in
            try AFSerialization.MultipartParser.parse(
                body, boundary: boundary, options: options, chunkSizes: [chunkA, chunkB])
        }
        switch (whole, chunked) {
        case (.success(let a), .success(let b)):
            try check(a == b, "chunking (\(chunkA), \(chunkB)) changes the parts")
        case (.failure(let a), .failure(let b)):
            try check(a.kind == b.kind && a.offset == b.offset, "chunking changes the error: \(a) vs \(b)")
            try check(a.domain == AFSError.coreDomain, "error outside the core's domain: \(a)")
            return
        default:
            throw FuzzFailure("chunking (\(chunkA), \(chunkB)) changes success: \(whole) vs \(chunked)")
        }
        guard case .success(let parts) = whole else { return }
        try check(
            parts.count <= limits.maxMultipartParts && body.count <= limits.maxMultipartBytes,
            "limits exceeded yet accepted")

        // Written back with SPEC §5.2 framing, the parts parse to themselves.
        var written: [UInt8] = []
        for (i, p) in parts.enumerated() {
            written += Array((i == 0 ? "--" : "\r\n--").utf8) + Array(boundary.utf8) + [0x0D, 0x0A]
            for h in p.headers { written += Array("\(h.name): \(h.value)\r\n".utf8) }
            written += [0x0D, 0x0A] + p.body
        }
        written += Array("\r\n--\(boundary)--\r\n".utf8)
        var roomy = options
        roomy.limits = .default
        switch Result(catching: { () throws(AFSError) in
            try AFSerialization.MultipartParser.parse(written, boundary: boundary, options: roomy)
        }) {
        case .success(let again): try check(again == parts, "parts written back parse differently")
        case .failure(let e): throw FuzzFailure("parts written back do not parse: \(e)")
        }

        // vapor/multipart-kit, where it accepts too (when the oracle is linked in). It sees the
        // body through ``kitSafe(_:)`` and our parts are compared through the same map. Both ignore
        // the preamble, but multipart-kit also takes a `--boundary` in the middle of a preamble
        // line as the first delimiter (its `parsePreamble` restarts the match at any `-`; RFC 2046
        // §5.1.1: a delimiter starts a line), so it gets the body from the first delimiter line.
        // It does not implement SPEC §5.7's delimiter-line decision (a `--boundary` line that goes
        // on with other bytes is data), so bodies with such a line are not compared.
        guard let kit = FuzzOracles.installed.multipartReference, !hasDelimiterLookalike(body, boundary: boundary)
        else { return }
        let start = firstDelimiterLine(body, boundary: boundary) ?? 0
        guard let kitParts = kit(kitSafe(Array(body[start...])), boundary) else { return }
        try check(kitParts.count == parts.count, "multipart-kit sees \(kitParts.count) parts, we \(parts.count)")
        for (k, p) in zip(kitParts, parts) {
            try check(k.body == kitSafe(p.body), "multipart-kit body differs for part \(p.name.debugDescription)")
            let mine = p.headers.map {
                ($0.name.lowercased(), trim(String(decoding: kitSafe(Array($0.value.utf8)), as: UTF8.self)))
            }
            let theirs = k.headers.map { ($0.name.lowercased(), trim($0.value)) }
            try check(mine.elementsEqual(theirs, by: { $0 == $1 }), "multipart-kit headers \(theirs) vs \(mine)")
        }
    }

    /// A part as the reference parser reports it.
    public struct ReferencePart {
        public var headers: [(name: String, value: String)]
        public var body: [UInt8]
        public init(headers: [(name: String, value: String)], body: [UInt8]) {
            self.headers = headers
            self.body = body
        }
    }

    /// Offsets of every `--boundary` at the start of the body or right after a CRLF, with whether
    /// it begins a delimiter line (SPEC §5.7: `--` follows, or spaces/tabs then CRLF; `nil` when the
    /// input ends before that is known).
    static func boundaryLines(_ body: [UInt8], boundary: String) -> [(offset: Int, isDelimiter: Bool?)] {
        let dash = Array("--\(boundary)".utf8)
        var found: [(Int, Bool?)] = []
        var i = 0
        while i + dash.count <= body.count {
            let atLineStart = i == 0 || (i >= 2 && body[i - 2] == 0x0D && body[i - 1] == 0x0A)
            if atLineStart, body[i..<(i + dash.count)].elementsEqual(dash) {
                found.append((i, delimiterTail(body, from: i + dash.count)))
            }
            i += 1
        }
        return found
    }

    /// Whether the bytes from `j` finish a delimiter line: `--`, or [SP/HT]* CRLF.
    static func delimiterTail(_ body: [UInt8], from j: Int) -> Bool? {
        guard j < body.count else { return nil }
        if body[j] == 0x2D { return j + 1 < body.count ? body[j + 1] == 0x2D : nil }
        var k = j
        while k < body.count, body[k] == 0x20 || body[k] == 0x09 { k += 1 }
        guard k < body.count else { return nil }
        guard body[k] == 0x0D else { return false }
        return k + 1 < body.count ? body[k + 1] == 0x0A : nil
    }

    /// Offset of the first delimiter line.
    static func firstDelimiterLine(_ body: [UInt8], boundary: String) -> Int? {
        boundaryLines(body, boundary: boundary).first { $0.isDelimiter == true }?.offset
    }

    /// A `--boundary` line that is not (or not known to be) a delimiter line.
    static func hasDelimiterLookalike(_ body: [UInt8], boundary: String) -> Bool {
        boundaryLines(body, boundary: boundary).contains { $0.isDelimiter != true }
    }

    /// multipart-kit 4.7.1 traps ("Index out of range") on a byte ≥ 0x80 in a header name: its
    /// `UInt8.isAllowedHeaderFieldNameCharacter` indexes a 128-entry table
    /// (Sources/MultipartKit/MultipartParser.swift:316), where it means to reject the byte (not an
    /// RFC 9110 §5.6.2 tchar). So it gets every byte ≥ 0x80 as 0x7F (DEL), which its parser treats
    /// exactly like those bytes everywhere else (DEL is not CR, LF, SP, HT, `-` or `:`, and a strict
    /// boundary is bchars only) and rejects in a header name, as intended. Identity on ASCII input.
    static func kitSafe(_ bytes: [UInt8]) -> [UInt8] {
        bytes.contains(where: { $0 >= 0x80 }) ? bytes.map { $0 >= 0x80 ? 0x7F : $0 } : bytes
    }

    static func trim(_ s: String) -> String {
        var u = Substring(s).utf8[...]
        while let f = u.first, f == 0x20 || f == 0x09 { u = u.dropFirst() }
        while let l = u.last, l == 0x20 || l == 0x09 { u = u.dropLast() }
        return String(decoding: u, as: UTF8.self)
    }
}
