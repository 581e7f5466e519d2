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
        /// Just after `--boundary`: `--` (close), transport padding, or CRLF follow.
        case afterBoundary
        /// Saw the first `-` of a close delimiter.
        case closeDash
        /// Inside transport padding (spaces/tabs) after a boundary.
        case padding
        /// Saw CR after a boundary; LF must follow.
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
    var headerBytes = 0
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
        case .preamble:
            throw fail(.multipartBadDelimiter, "no delimiter --\(boundary) found", at: offset)
        default:
            throw fail(.multipartMissingCloseDelimiter, "input ended before the close delimiter --\(boundary)--", at: offset)
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
                    throw AFSError(.invalidOption, "chunk sizes must be at least 1", context: ["chunkSize": String(size)])
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

    private mutating func fail(_ kind: AFSError.Kind, _ message: String, at offset: Int, context: [String: String] = [:]) -> AFSError {
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
            throw fail(.limitExceeded, "multipart body exceeds \(maxTotal) bytes", at: maxTotal,
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
                        body.removeLast(matcher.delimiter.count)
                        try completePart()
                    }
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
                try step(rest[0])
                i += 1
                offset += 1
            }
        }
    }

    /// One byte in the small states (delimiter tail, headers).
    private mutating func step(_ c: UInt8) throws(AFSError) {
        switch state {
        case .afterBoundary:
            switch c {
            case 0x2D: state = .closeDash
            case 0x20, 0x09: state = .padding
            case 0x0D: state = .boundaryLF
            default: throw fail(.multipartBadDelimiter, "--\(boundary) is followed by neither -- nor CRLF", at: offset)
            }
        case .closeDash:
            guard c == 0x2D else { throw fail(.multipartBadDelimiter, "a close delimiter must end in --", at: offset) }
            if partCount == 0 { throw fail(.multipartBadDelimiter, "close delimiter before any part", at: offset) }
            state = .epilogue
        case .padding:
            switch c {
            case 0x20, 0x09: break
            case 0x0D: state = .boundaryLF
            default: throw fail(.multipartBadDelimiter, "transport padding must end in CRLF", at: offset)
            }
        case .boundaryLF:
            guard c == 0x0A else { throw fail(.multipartBadDelimiter, "CR after the boundary is not followed by LF", at: offset) }
            if partCount >= options.limits.maxMultipartParts {
                throw fail(.limitExceeded, "more than \(options.limits.maxMultipartParts) parts", at: offset,
                           context: ["limit": "maxMultipartParts=\(options.limits.maxMultipartParts)"])
            }
            partCount += 1
            headers = []
            headerBytes = 0
            line.removeAll(keepingCapacity: true)
            lineStart = offset + 1
            partStart = offset + 1
            state = .headerLine
        case .headerLine:
            try countHeaderByte()
            if c == 0x0D {
                state = .headerLF
            } else if c == 0x09 || (c >= 0x20 && c < 0x7F) || (c >= 0x80 && options.allowUTF8Headers) {
                line.append(c)
            } else {
                throw fail(.multipartNonASCIIHeader, "byte 0x\(String(c, radix: 16)) is not allowed in a header line", at: offset)
            }
        case .headerLF:
            try countHeaderByte()
            guard c == 0x0A else { throw fail(.multipartHeaderWithoutColon, "CR in a header line is not followed by LF", at: offset) }
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
    }

    private mutating func countHeaderByte() throws(AFSError) {
        headerBytes += 1
        let limit = options.limits.maxPartHeaderBytes
        if headerBytes > limit {
            throw fail(.limitExceeded, "part \(partCount - 1)'s headers exceed \(limit) bytes", at: offset,
                       context: ["limit": "maxPartHeaderBytes=\(limit)", "part": String(partCount - 1)])
        }
    }

    private mutating func addHeaderLine() throws(AFSError) {
        guard let colon = line.firstIndex(of: 0x3A) else {
            throw fail(.multipartHeaderWithoutColon, "header line has no colon", at: lineStart)
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.allSatisfy(Self.isTChar) else {
            throw fail(.multipartHeaderWithoutColon, "header field name is empty or not a token", at: lineStart)
        }
        var value = line[(colon + 1)...]
        while let f = value.first, f == 0x20 || f == 0x09 { value = value.dropFirst() }
        while let l = value.last, l == 0x20 || l == 0x09 { value = value.dropLast() }
        if options.allowUTF8Headers, let bad = UTF8Validation.firstInvalidOffset(Array(line)) {
            throw fail(.invalidUTF8, "header line is not UTF-8", at: lineStart + bad)
        }
        headers.append(MultipartHeader(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }

    /// RFC 9110 §5.6.2 tchar.
    static func isTChar(_ c: UInt8) -> Bool {
        switch c {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(c)
        }
    }

    private mutating func startBody() throws(AFSError) {
        body = []
        state = .body
        matcher.matched = 0
    }

    private mutating func completePart() throws(AFSError) {
        let at = partStart
        guard let cd = headers.first(where: { $0.name.lowercased() == "content-disposition" }) else {
            throw fail(.multipartMissingContentDisposition, "part \(partCount - 1) has no Content-Disposition", at: at,
                       context: ["part": String(partCount - 1)])
        }
        guard let (type, params) = Self.parseDisposition(Array(cd.value.utf8)), type.lowercased() == "form-data" else {
            throw fail(.multipartMissingContentDisposition, "part \(partCount - 1)'s Content-Disposition is not form-data", at: at,
                       context: ["part": String(partCount - 1)])
        }
        guard let name = params.first(where: { $0.0 == "name" })?.1 else {
            throw fail(.multipartMissingName, "part \(partCount - 1)'s Content-Disposition has no name", at: at,
                       context: ["part": String(partCount - 1)])
        }
        let filename = params.first(where: { $0.0 == "filename" })?.1
        let contentType = headers.first(where: { $0.name.lowercased() == "content-type" })?.value
        completed.append(MultipartParsedPart(headers: headers, name: name, filename: filename, contentType: contentType, body: body))
        body = []
    }

    /// `type *( OWS ";" OWS param )`, param = token "=" ( token / quoted-string ). Parameter
    /// names lowercased. `nil` when malformed.
    static func parseDisposition(_ v: [UInt8]) -> (String, [(String, String)])? {
        var i = 0
        func skipOWS() { while i < v.count, v[i] == 0x20 || v[i] == 0x09 { i += 1 } }
        func token() -> String? {
            let s = i
            while i < v.count, isTChar(v[i]) { i += 1 }
            return i > s ? String(decoding: v[s..<i], as: UTF8.self) : nil
        }
        skipOWS()
        guard let type = token() else { return nil }
        var params: [(String, String)] = []
        while true {
            skipOWS()
            if i == v.count { return (type, params) }
            guard v[i] == 0x3B else { return nil }
            i += 1
            skipOWS()
            guard let pname = token(), i < v.count, v[i] == 0x3D else { return nil }
            i += 1
            let value: String
            if i < v.count, v[i] == 0x22 {
                guard let close = v[(i + 1)...].firstIndex(of: 0x22) else { return nil }
                value = String(decoding: v[(i + 1)..<close], as: UTF8.self)
                i = close + 1
            } else {
                guard let t = token() else { return nil }
                value = t
            }
            params.append((pname.lowercased(), value))
        }
    }
}
