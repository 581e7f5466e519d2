/// The parts of a multipart/form-data body and its boundary (SPEC §5.1–5.3): AF's
/// `AFMultipartFormData` as a value. Appending never reads a body; lengths are known up front.
public struct MultipartFormData: Sendable {
    public let profile: Profile
    public private(set) var boundary: String
    /// True when the boundary came from the random source (`strict` may then regenerate it).
    public let boundaryIsGenerated: Bool
    public private(set) var parts: [MultipartPart] = []
    public var limits: Limits
    private var random: (any BoundaryRandomSource)?

    /// A form with a generated boundary (SPEC §5.1).
    public init(
        profile: Profile = .default, random: some BoundaryRandomSource = SystemBoundaryRandom(),
        limits: Limits = .default
    ) {
        var r = random
        self.profile = profile
        self.boundary = MultipartBoundary.generate(using: &r)
        self.boundaryIsGenerated = true
        self.random = r
        self.limits = limits
    }

    /// A form with a caller-chosen boundary, validated per ``MultipartBoundary/validate(_:profile:)``.
    public init(profile: Profile = .default, boundary: String, limits: Limits = .default) throws(AFSError) {
        try MultipartBoundary.validate(boundary, profile: profile)
        self.profile = profile
        self.boundary = boundary
        self.boundaryIsGenerated = false
        self.random = nil
        self.limits = limits
    }

    /// `multipart/form-data; boundary=B` (SPEC §5.4).
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The exact body size, from header text and declared body lengths only (SPEC §5.4).
    /// Delimiters: first `--B\r\n`, later `\r\n--B\r\n`, close `\r\n--B--\r\n` (SPEC §5.2).
    public var contentLength: Int {
        guard !parts.isEmpty else { return 0 }
        let b = boundary.utf8.count
        var total = (b + 4) + (parts.count - 1) * (b + 6) + (b + 8)
        for p in parts { total += p.headerLength + p.body.length }
        return total
    }

    // MARK: Appending parts (SPEC §5.3)

    /// A form field: `Content-Disposition: form-data; name="…"`, no Content-Type.
    public mutating func appendFormField(name: String, value: [UInt8]) throws(AFSError) {
        try append(MultipartPart(headers: [disposition(name: name, filename: nil)], body: .bytes(value)))
    }

    public mutating func appendFormField(name: String, value: String) throws(AFSError) {
        try appendFormField(name: name, value: Array(value.utf8))
    }

    /// In-memory file data with a filename and MIME type.
    public mutating func appendFileData(_ data: [UInt8], name: String, filename: String, mimeType: String)
        throws(AFSError)
    {
        try append(fileHeaders(name: name, filename: filename, mimeType: mimeType), .bytes(data))
    }

    /// A file streamed from disk: filename = last path component, MIME type from the extension.
    /// `url` is a `file://` URL or a plain path; another scheme or a missing file is AF's −1000
    /// (SPEC §5.3; in `af3`/`af4` a file URL's host is ignored, as AF's Foundation does).
    public mutating func appendFile(url: String, name: String) throws(AFSError) {
        let path = try MultipartFile.path(fromURL: url, profile: profile)
        let filename = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
        try appendFile(url: url, name: name, filename: filename, mimeType: MultipartMIME.type(forFilename: filename))
    }

    /// A file streamed from disk with an explicit filename and MIME type. Its size is taken now
    /// (as AF does); a file that later differs from it fails the read (SPEC §5.5).
    public mutating func appendFile(url: String, name: String, filename: String, mimeType: String) throws(AFSError) {
        let path = try MultipartFile.path(fromURL: url, profile: profile)
        guard let size = try MultipartFile.size(path) else {
            throw MultipartFile.requestError(MultipartFile.notReachableReason, url)
        }
        try append(fileHeaders(name: name, filename: filename, mimeType: mimeType), .file(path: path, length: size))
    }

    /// A caller stream that will yield exactly `length` bytes.
    public mutating func appendStream(
        _ source: MultipartStreamSource, length: Int, name: String, filename: String, mimeType: String
    ) throws(AFSError) {
        guard length >= 0 else {
            throw AFSError(
                .invalidOption, "a stream's declared length cannot be negative", context: ["length": String(length)])
        }
        try append(
            fileHeaders(name: name, filename: filename, mimeType: mimeType), .stream(source, declaredLength: length))
    }

    /// A part with the caller's headers, in the caller's order.
    public mutating func appendPart(headers: [MultipartHeader], body: MultipartBody) throws(AFSError) {
        if profile == .strict {
            for (i, h) in headers.enumerated() where breaksFraming(h.name) || breaksFraming(h.value) || h.name.isEmpty {
                throw AFSError(
                    .invalidPartHeader, "a part header name is empty or a name/value holds CR or LF",
                    context: ["part": String(parts.count), "header": String(i)])
            }
        }
        if body.length < 0 {
            throw AFSError(.invalidOption, "a body length cannot be negative", context: ["length": String(body.length)])
        }
        try append(MultipartPart(headers: headers, body: body))
    }

    /// Request parameters as form fields (SPEC §5.3): flattened and sorted as §2 with raw field
    /// names; data is sent raw, null as an empty body, anything else as its description.
    public mutating func appendParameters(_ parameters: ParameterValue, options: QueryStringOptions = .init())
        throws(AFSError)
    {
        for pair in try QueryString.pairs(parameters, profile: profile, options: options) {
            let body: [UInt8]
            switch pair.value {
            case .data(let d): body = d
            case .null: body = []
            default: body = Array(ValueDescription.of(pair.value, boolStyle: options.boolStyle).utf8)
            }
            try appendFormField(name: pair.field, value: body)
        }
    }

    private mutating func append(_ headers: [MultipartHeader], _ body: MultipartBody) throws(AFSError) {
        try append(MultipartPart(headers: headers, body: body))
    }

    private mutating func append(_ part: MultipartPart) throws(AFSError) {
        if parts.count >= limits.maxMultipartParts {
            throw AFSError(
                .limitExceeded, "more than \(limits.maxMultipartParts) multipart parts",
                context: ["limit": "maxMultipartParts=\(limits.maxMultipartParts)"])
        }
        parts.append(part)
    }

    // MARK: Headers

    private func fileHeaders(name: String, filename: String, mimeType: String) throws(AFSError) -> [MultipartHeader] {
        if profile == .strict && breaksFraming(mimeType) {
            throw AFSError(.invalidPartHeader, "the MIME type holds CR or LF", context: ["part": String(parts.count)])
        }
        return [disposition(name: name, filename: filename), MultipartHeader("Content-Type", mimeType)]
    }

    private func disposition(name: String, filename: String?) -> MultipartHeader {
        var v = "form-data; name=\"\(escaped(name))\""
        if let filename { v += "; filename=\"\(escaped(filename))\"" }
        return MultipartHeader("Content-Disposition", v)
    }

    /// AF writes names verbatim; `strict` escapes as the HTML standard does: LF `%0A`, CR `%0D`,
    /// `"` `%22`, nothing else, and never uses `filename*` (RFC 7578 §4.2).
    private func escaped(_ s: String) -> String {
        guard profile == .strict else { return s }
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\n": out += "%0A"
            case "\r": out += "%0D"
            case "\"": out += "%22"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    private func breaksFraming(_ s: String) -> Bool { s.utf8.contains(0x0D) || s.utf8.contains(0x0A) }

    // MARK: Streaming (SPEC §5.5)

    /// `strict` only: checks in-memory bodies for the delimiter `CRLF--B`. A generated boundary is
    /// regenerated until none collides (bounded attempts); a caller-chosen one is an error.
    public mutating func resolveBoundaryCollisions() throws(AFSError) {
        guard profile == .strict else { return }
        for attempt in 0..<64 {
            guard let (index, offset) = firstCollision() else { return }
            guard boundaryIsGenerated, var r = random, attempt < 63 else {
                throw AFSError(
                    .boundaryCollision, "part \(index)'s body contains the delimiter CRLF--\(boundary)",
                    offset: offset, context: ["part": String(index), "boundary": boundary])
            }
            boundary = MultipartBoundary.generate(using: &r)
            random = r
        }
    }

    private func firstCollision() -> (Int, Int)? {
        let b = Array(boundary.utf8)
        for (i, p) in parts.enumerated() {
            if case .bytes(let bytes) = p.body, let off = DelimiterMatcher.firstOffset(in: bytes, boundary: b) {
                return (i, off)
            }
        }
        return nil
    }

    /// A fresh phase reader over the parts. In `strict` it checks every body for the delimiter as
    /// it goes (a typed error); call ``resolveBoundaryCollisions()`` first (``finalizing`` does) so
    /// a generated boundary is replaced instead.
    public func makeStream(throttle: MultipartThrottle = .init()) -> MultipartBodyStream {
        MultipartBodyStream(
            parts: parts, boundary: Array(boundary.utf8), contentLength: contentLength,
            scanBodies: profile == .strict, throttle: throttle)
    }
}
