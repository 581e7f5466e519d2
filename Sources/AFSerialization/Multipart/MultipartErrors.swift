/// Typed error kinds of the multipart writer, phase reader and parser (SPEC §5, §8).
/// The raw values are printed in vectors: never rename one.
extension AFSError.Kind {
    /// A boundary that is empty, longer than 70 characters, contains CR/LF, or (in `strict`)
    /// breaks RFC 2046 §5.1.1.
    public static let invalidBoundary = Self("invalidBoundary")
    /// A part body contains the delimiter `CRLF--boundary` (SPEC §5.5, `strict`).
    public static let boundaryCollision = Self("boundaryCollision")
    /// GET and HEAD cannot carry a multipart body (SPEC §5.4; AF asserts).
    public static let multipartMethodNotAllowed = Self("multipartMethodNotAllowed")
    /// A file or stream yielded fewer or more bytes than declared (SPEC §5.5 Deviation).
    public static let bodyLengthMismatch = Self("bodyLengthMismatch")
    /// Opening, reading or stat-ing a file part failed (errno in context).
    public static let fileReadFailed = Self("fileReadFailed")
    /// Writing the stream to a file failed (SPEC §5.6; errno in context).
    public static let fileWriteFailed = Self("fileWriteFailed")
    /// `strict` refuses a header name or value that would break the part's framing (CR, LF).
    public static let invalidPartHeader = Self("invalidPartHeader")
    /// Parser: no delimiter where one is required, or bytes after a boundary that are neither
    /// `--` nor (padding +) CRLF (SPEC §5.7).
    public static let multipartBadDelimiter = Self("multipartBadDelimiter")
    /// Parser: input ended before the close delimiter `--boundary--`.
    public static let multipartMissingCloseDelimiter = Self("multipartMissingCloseDelimiter")
    /// Parser: a header line without `:` or with an empty/invalid field name.
    public static let multipartHeaderWithoutColon = Self("multipartHeaderWithoutColon")
    /// Parser: a header line with a byte outside printable ASCII (and not allowed by options).
    public static let multipartNonASCIIHeader = Self("multipartNonASCIIHeader")
    /// Parser: a part without `Content-Disposition: form-data`.
    public static let multipartMissingContentDisposition = Self("multipartMissingContentDisposition")
    /// Parser: a `Content-Disposition` without a `name` parameter (or a malformed one).
    public static let multipartMissingName = Self("multipartMissingName")
}

extension AFSError.Kind {
    /// A caller input stream reported a failure (the conventional kind for stream adapters).
    public static let streamReadFailed = Self("streamReadFailed")
}
