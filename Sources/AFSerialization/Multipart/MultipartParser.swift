/// One part as the parser saw it (SPEC §5.7).
public struct MultipartParsedPart: Sendable, Hashable {
    /// Every header line, in order, value trimmed of surrounding spaces/tabs.
    public var headers: [MultipartHeader]
    /// `name` from `Content-Disposition: form-data`.
    public var name: String
    public var filename: String?
    /// The part's `Content-Type` value verbatim, absent when the part has none.
    public var contentType: String?
    public var body: [UInt8]

    public init(headers: [MultipartHeader], name: String, filename: String?, contentType: String?, body: [UInt8]) {
        self.headers = headers
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.body = body
    }
}

public struct MultipartParserOptions: Sendable, Hashable {
    /// Part count, header bytes per part and total size (SPEC §8).
    public var limits: Limits
    /// Accept bytes ≥ 0x80 (which must then be UTF-8) in header lines. Off by default: SPEC §5.7
    /// treats non-ASCII in a header as an error; AF itself writes names verbatim as UTF-8.
    public var allowUTF8Headers: Bool

    public init(limits: Limits = .default, allowUTF8Headers: Bool = false) {
        self.limits = limits
        self.allowUTF8Headers = allowUTF8Headers
    }
}

/// A strict, incremental RFC 2046 §5.1.1 / RFC 7578 multipart/form-data parser (SPEC §5.7), used
/// as the harness oracle. Feed it chunks of any size; the state lives in ``State``, so the result
/// never depends on how the input was split. Quoted parameter values run to the next `"` with no
/// backslash escapes (**Decision**: the HTML standard's encoding, which `strict` writes, escapes
/// `"` as `%22` and never uses quoted-pairs). Percent escapes are not decoded.
public struct MultipartParser: Sendable {
    /// Where the parser is in the grammar.
    enum State: Sendable {
        /// Before the first delimiter; bytes are ignored.
        case preamble
        /// Just after `--boundary`: a delimiter only if `--` (close), or padding and CRLF, follow;
        /// anything else makes its bytes data again (SPEC §5.7 delimiter lines).
        case afterBoundary
        /// Saw the first `-` of a close delimiter.
        case closeDash
        /// Inside transport padding (spaces/tabs) after a boundary.
        case padding
        /// Saw CR after a boundary; LF makes it a delimiter line.
        case boundaryLF
        /// Accumulating a header line; an empty line ends the headers.
        case headerLine
        /// Saw CR in a header line; LF must follow.
        case headerLF
        /// Inside a body, looking for `CRLF--boundary`.
        case body
        /// After the close delimiter; bytes are ignored.
        case epilogue
        /// A previous call failed; the error repeats.
        case failed(AFSError)
    }

    public let boundary: String
    public let options: MultipartParserOptions
    var state: State = .preamble
    var matcher: DelimiterMatcher
    /// Absolute offset of the next byte fed.
    public private(set) var offset = 0
    var line: [UInt8] = []
    var lineStart = 0
    /// Offset of the current part's first header byte (where part-level errors point).
    var partStart = 0
    var headers: [MultipartHeader] = []
    /// Offset of each header's value (after the colon and leading whitespace), for error offsets.
    var headerValueOffsets: [Int] = []
    var headerBytes = 0
    /// Whether the delimiter being checked (`afterBoundary` … `boundaryLF`) ends a body; its bytes
    /// and the ones after it sit in `body` from `candidateStart` until it proves to be one.
    var candidateInBody = false
    var candidateStart = 0
    var body: [UInt8] = []
    var partCount = 0
    var completed: [MultipartParsedPart] = []

    public init(boundary: String, options: MultipartParserOptions = .init()) throws(AFSError) {
        try MultipartBoundary.validate(boundary, profile: .strict)
        self.boundary = boundary
        self.options = options
        self.matcher = DelimiterMatcher(boundary: Array(boundary.utf8))
        // The first delimiter may open the input without a CRLF before it.
        matcher.matched = 2
    }

    /// Feeds the next chunk; returns the parts completed by it.
    public mutating func feed(_ chunk: [UInt8]) throws(AFSError) -> [MultipartParsedPart] {
        try chunk.withUnsafeBufferPointer { p throws(AFSError) in try feedCollecting(UnsafeRawBufferPointer(p)) }
    }

    /// Feeds `chunk` and hands over the parts it completed.
    private mutating func feedCollecting(_ chunk: UnsafeRawBufferPointer) throws(AFSError) -> [MultipartParsedPart] {
        try feed(chunk)
        defer { completed = [] }
        return completed
    }

    /// Signals the end of input; throws unless the close delimiter was seen.
    public mutating func finish() throws(AFSError) {
        switch state {
        case .epilogue: return
        case .failed(let e): throw e
        // No delimiter line completed yet: the preamble always, a candidate line only if it
        // began in the preamble (one that began in a body means the body is unterminated).
        case .preamble,
            .afterBoundary where !candidateInBody, .closeDash where !candidateInBody,
            .padding where !candidateInBody, .boundaryLF where !candidateInBody:
            throw fail(.multipartBadDelimiter, "no delimiter line --\(boundary) found", at: offset)
        default:
            throw fail(
                .multipartMissingCloseDelimiter, "input ended before the close delimiter --\(boundary)--", at: offset)
        }
    }

    /// Parses a whole body, fed in chunks cycling through `chunkSizes` (default: all at once).
    public static func parse(
        _ bytes: [UInt8], boundary: String, options: MultipartParserOptions = .init(), chunkSizes: [Int] = []
    ) throws(AFSError) -> [MultipartParsedPart] {
        var p = try MultipartParser(boundary: boundary, options: options)
        // Chunks are views of `bytes`, not copies (a chunk size of 1 would copy every byte).
        let parts = try bytes.withUnsafeBufferPointer { buffer throws(AFSError) in
            let all = UnsafeRawBufferPointer(buffer)
            var parts: [MultipartParsedPart] = []
            var i = 0, k = 0
            while i < all.count {
                var size = chunkSizes.isEmpty ? all.count : chunkSizes[k % chunkSizes.count]
                k += 1
                guard size >= 1 else {
                    throw AFSError(
                        .invalidOption, "chunk sizes must be at least 1", context: ["chunkSize": String(size)])
                }
                size = min(size, all.count - i)
                parts += try p.feedCollecting(UnsafeRawBufferPointer(rebasing: all[i..<(i + size)]))
                i += size
            }
            return parts
        }
        try p.finish()
        return parts
    }

    private mutating func fail(
        _ kind: AFSError.Kind, _ message: String, at offset: Int, context: [String: String] = [:]
    ) -> AFSError {
        let e = AFSError(kind, message, offset: offset, context: context)
        state = .failed(e)
        return e
    }

    private mutating func feed(_ p: UnsafeRawBufferPointer) throws(AFSError) {
        if case .failed(let e) = state { throw e }
        let maxTotal = options.limits.maxMultipartBytes
        if offset + p.count > maxTotal {
            // Parse up to the limit first: an error before it wins whatever the chunking, so the
            // outcome never depends on how the input was split.
            let allowed = max(0, maxTotal - offset)
            if allowed > 0 { try feed(UnsafeRawBufferPointer(rebasing: p[..<allowed])) }
            throw fail(
                .limitExceeded, "multipart body exceeds \(maxTotal) bytes", at: maxTotal,
                context: ["limit": "maxMultipartBytes=\(maxTotal)"])
        }
        var i = 0
        while i < p.count {
            let rest = UnsafeRawBufferPointer(rebasing: p[i...])
            switch state {
            case .preamble, .body:
                let inBody: Bool
                if case .body = state { inBody = true } else { inBody = false }
                if let end = matcher.scan(rest) {
                    if inBody {
                        body.append(contentsOf: rest[0..<end])
                        candidateStart = body.count - matcher.delimiter.count
                    }
                    candidateInBody = inBody
                    state = .afterBoundary
                    i += end
                    offset += end
                } else {
                    if inBody { body.append(contentsOf: rest) }
                    i += rest.count
                    offset += rest.count
                }
            case .epilogue:
                i += rest.count
                offset += rest.count
            case .failed(let e):
                throw e
            default:
                // A byte that shows a delimiter candidate is none is scanned again as data: it may
                // be the CR that starts the real delimiter.
                guard try step(rest[0]) else { continue }
                i += 1
                offset += 1
            }
        }
    }

    /// One byte in the small states (delimiter tail, headers). Returns false when the byte was
    /// not consumed: the delimiter candidate turned out to be data, and the byte is scanned again.
    private mutating func step(_ c: UInt8) throws(AFSError) -> Bool {
        switch state {
        case .afterBoundary:
            switch c {
            case 0x2D: state = .closeDash
            case 0x20, 0x09: state = .padding
            case 0x0D: state = .boundaryLF
            default: return notADelimiter()
            }
            keepCandidateByte(c)
        case .closeDash:
            guard c == 0x2D else { return notADelimiter() }
            try endBody()
            state = .epilogue
        case .padding:
            switch c {
            case 0x20, 0x09: break
            case 0x0D: state = .boundaryLF
            default: return notADelimiter()
            }
            keepCandidateByte(c)
        case .boundaryLF:
            guard c == 0x0A else { return notADelimiter() }
            try endBody()
            if partCount >= options.limits.maxMultipartParts {
                throw fail(
                    .limitExceeded, "more than \(options.limits.maxMultipartParts) parts", at: offset,
                    context: ["limit": "maxMultipartParts=\(options.limits.maxMultipartParts)"])
            }
            partCount += 1
            headers = []
            headerValueOffsets = []
            headerBytes = 0
            line.removeAll(keepingCapacity: true)
            lineStart = offset + 1
            partStart = offset + 1
            state = .headerLine
        case .headerLine:
            try countHeaderByte()
            switch c {
            case 0x0D:
                state = .headerLF
            case 0x09, 0x20..<0x7F:
                line.append(c)
            case 0x0A:
                throw fail(
                    .multipartBareLineBreak, "bare LF in the header section (header lines end in CRLF)", at: offset)
            case 0x80...:
                guard options.allowUTF8Headers else {
                    throw fail(
                        .multipartNonASCIIHeader,
                        "byte 0x\(String(c, radix: 16)) is not ASCII (allowUTF8Headers is off)", at: offset)
                }
                line.append(c)
            default:
                throw fail(
                    .multipartHeaderControlCharacter, "control byte 0x\(String(c, radix: 16)) in a header line",
                    at: offset)
            }
        case .headerLF:
            try countHeaderByte()
            guard c == 0x0A else {
                throw fail(
                    .multipartBareLineBreak, "bare CR in the header section (not followed by LF)", at: offset - 1)
            }
            if line.isEmpty {
                try startBody()
            } else {
                try addHeaderLine()
                line.removeAll(keepingCapacity: true)
                lineStart = offset + 1
                state = .headerLine
            }
        default:
            preconditionFailure("step() called in a bulk state")
        }
        return true
    }

    /// The candidate after `--boundary` is not a delimiter line: its bytes stay data (SPEC §5.7).
    private mutating func notADelimiter() -> Bool {
        state = candidateInBody ? .body : .preamble
        matcher.matched = 0
        return false
    }

    private mutating func keepCandidateByte(_ c: UInt8) {
        if candidateInBody { body.append(c) }
    }

    /// A delimiter (or close delimiter) is confirmed: the body before it, if any, is a part.
    private mutating func endBody() throws(AFSError) {
        guard candidateInBody else { return }
        body.removeSubrange(candidateStart...)
        try completePart()
    }

    private mutating func countHeaderByte() throws(AFSError) {
        headerBytes += 1
        let limit = options.limits.maxPartHeaderBytes
        if headerBytes > limit {
            throw fail(
                .limitExceeded, "part \(partCount - 1)'s headers exceed \(limit) bytes", at: offset,
                context: ["limit": "maxPartHeaderBytes=\(limit)", "part": String(partCount - 1)])
        }
    }

    private mutating func addHeaderLine() throws(AFSError) {
        guard let colon = line.firstIndex(of: 0x3A) else {
            throw fail(.multipartHeaderWithoutColon, "header line has no colon", at: lineStart)
        }
        let name = line[..<colon]
        if name.isEmpty { throw fail(.multipartBadHeaderName, "header field name is empty", at: lineStart) }
        if let bad = name.firstIndex(where: { !Self.isTChar($0) }) {
            throw fail(
                .multipartBadHeaderName,
                "byte 0x\(String(line[bad], radix: 16)) is not allowed in a header field name (RFC 9110 §5.6.2 token)",
                at: lineStart + bad)
        }
        var valueStart = colon + 1
        while valueStart < line.count, line[valueStart] == 0x20 || line[valueStart] == 0x09 { valueStart += 1 }
        var value = line[valueStart...]
        while let l = value.last, l == 0x20 || l == 0x09 { value = value.dropLast() }
        if options.allowUTF8Headers, let bad = UTF8Validation.firstInvalidOffset(Array(line)) {
            throw fail(.invalidUTF8, "header line is not UTF-8", at: lineStart + bad)
        }
        headers.append(MultipartHeader(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        headerValueOffsets.append(lineStart + valueStart)
    }

    /// RFC 9110 §5.6.2 tchar.
    static func isTChar(_ c: UInt8) -> Bool {
        switch c {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        // ! # $ % & ' * + - . ^ _ ` | ~
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: return true
        default: return false
        }
    }

    private mutating func startBody() throws(AFSError) {
        body = []
        state = .body
        matcher.matched = 0
    }

    private mutating func completePart() throws(AFSError) {
        let part = String(partCount - 1)
        guard let cdIndex = headers.firstIndex(where: { $0.name.lowercased() == "content-disposition" }) else {
            throw fail(
                .multipartMissingContentDisposition, "part \(part) has no Content-Disposition", at: partStart,
                context: ["part": part])
        }
        let cdOffset = headerValueOffsets[cdIndex]
        let type: String, params: [(String, String)]
        switch Self.parseDisposition(Array(headers[cdIndex].value.utf8)) {
        case .malformed(let at):
            throw fail(
                .multipartBadContentDisposition, "part \(part)'s Content-Disposition cannot be parsed",
                at: cdOffset + at,
                context: ["part": part])
        case .parsed(let t, let p):
            (type, params) = (t, p)
        }
        guard type.lowercased() == "form-data" else {
            throw fail(
                .multipartNotFormData, "part \(part)'s Content-Disposition is \(type), not form-data", at: cdOffset,
                context: ["part": part])
        }
        guard let name = params.first(where: { $0.0 == "name" })?.1 else {
            throw fail(
                .multipartMissingName, "part \(part)'s Content-Disposition has no name", at: cdOffset,
                context: ["part": part])
        }
        let filename = params.first(where: { $0.0 == "filename" })?.1
        let contentType = headers.first(where: { $0.name.lowercased() == "content-type" })?.value
        completed.append(
            MultipartParsedPart(headers: headers, name: name, filename: filename, contentType: contentType, body: body))
        body = []
    }

    /// A Content-Disposition value read by ``parseDisposition(_:)``.
    enum Disposition {
        /// The disposition type and its parameters (names lowercased), in order.
        case parsed(String, [(String, String)])
        /// Not `type *( OWS ";" OWS param )`: the index of the first byte that breaks it.
        case malformed(at: Int)
    }

    /// `type *( OWS ";" OWS param )`, param = token "=" ( token / quoted-string ).
    static func parseDisposition(_ v: [UInt8]) -> Disposition {
        var i = 0
        func skipOWS() { while i < v.count, v[i] == 0x20 || v[i] == 0x09 { i += 1 } }
        func token() -> String? {
            let s = i
            while i < v.count, isTChar(v[i]) { i += 1 }
            return i > s ? String(decoding: v[s..<i], as: UTF8.self) : nil
        }
        skipOWS()
        guard let type = token() else { return .malformed(at: i) }
        var params: [(String, String)] = []
        while true {
            skipOWS()
            if i == v.count { return .parsed(type, params) }
            guard v[i] == 0x3B else { return .malformed(at: i) }
            i += 1
            skipOWS()
            guard let pname = token() else { return .malformed(at: i) }
            guard i < v.count, v[i] == 0x3D else { return .malformed(at: i) }
            i += 1
            let value: String
            if i < v.count, v[i] == 0x22 {
                guard let close = v[(i + 1)...].firstIndex(of: 0x22) else { return .malformed(at: v.count) }
                value = String(decoding: v[(i + 1)..<close], as: UTF8.self)
                i = close + 1
            } else {
                guard let t = token() else { return .malformed(at: i) }
                value = t
            }
            params.append((pname.lowercased(), value))
        }
    }
}
