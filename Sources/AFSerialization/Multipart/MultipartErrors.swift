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
    /// Parser: no delimiter line at all (SPEC §5.7: `--boundary` followed by anything but
    /// padding + CRLF or `--` is data, not a bad delimiter).
    public static let multipartBadDelimiter = Self("multipartBadDelimiter")
    /// Parser: input ended before the close delimiter `--boundary--`.
    public static let multipartMissingCloseDelimiter = Self("multipartMissingCloseDelimiter")
    /// Parser: a header line without `:`.
    public static let multipartHeaderWithoutColon = Self("multipartHeaderWithoutColon")
    /// Parser: an empty header field name, or one with a byte that is not an RFC 9110 tchar.
    public static let multipartBadHeaderName = Self("multipartBadHeaderName")
    /// Parser: a CR not followed by LF, or an LF not preceded by CR, in the header section.
    public static let multipartBareLineBreak = Self("multipartBareLineBreak")
    /// Parser: a control byte (other than HT) in a header line.
    public static let multipartHeaderControlCharacter = Self("multipartHeaderControlCharacter")
    /// Parser: a header line with a byte ≥ 0x80 while `allowUTF8Headers` is off.
    public static let multipartNonASCIIHeader = Self("multipartNonASCIIHeader")
    /// Parser: a part without `Content-Disposition`.
    public static let multipartMissingContentDisposition = Self("multipartMissingContentDisposition")
    /// Parser: a `Content-Disposition` that does not parse as `type *(; param)`.
    public static let multipartBadContentDisposition = Self("multipartBadContentDisposition")
    /// Parser: a `Content-Disposition` whose type is not `form-data` (RFC 7578 §4.2).
    public static let multipartNotFormData = Self("multipartNotFormData")
    /// Parser: a form-data `Content-Disposition` without a `name` parameter.
    public static let multipartMissingName = Self("multipartMissingName")
}

extension AFSError.Kind {
    /// A caller input stream reported a failure (the conventional kind for stream adapters).
    public static let streamReadFailed = Self("streamReadFailed")
}
