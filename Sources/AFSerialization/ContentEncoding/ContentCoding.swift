/// The content codings of SPEC §7 / RFC 9110 §8.4.1, parsed from a `Content-Encoding` value.
public enum ContentCoding: String, Sendable, Hashable, CaseIterable {
    case identity
    /// RFC 1952; `x-gzip` is its registered alias.
    case gzip
    /// RFC 1950 zlib format, falling back to raw RFC 1951 (as browsers and curl do).
    case deflate

    /// At most this many codings are undone (SPEC §7).
    public static let maxLayers = 5

    /// The codings in the order they were applied (decoding undoes them in reverse). Names are
    /// case-insensitive; empty list elements are ignored (RFC 9110 §5.6.1).
    public static func parseList(_ header: String?) throws(AFSError) -> [ContentCoding] {
        guard let header else { return [] }
        var out: [ContentCoding] = []
        for raw in header.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            var token = raw[...]
            while let f = token.first, ASCII.isOWS(f) { token = token.dropFirst() }
            while let l = token.last, ASCII.isOWS(l) { token = token.dropLast() }
            if token.isEmpty { continue }
            let name = ASCII.lowercased(token)
            let coding: ContentCoding
            switch name {
            case "identity": coding = .identity
            case "gzip", "x-gzip": coding = .gzip
            case "deflate": coding = .deflate
            default:
                throw AFSError(
                    .unsupportedContentEncoding, "unsupported content coding \"\(String(name.prefix(64)))\"",
                    context: ["coding": String(name.prefix(64))])
            }
            out.append(coding)
            if out.count > maxLayers {
                throw AFSError(
                    .limitExceeded, "more than \(maxLayers) content codings",
                    context: ["limit": String(maxLayers), "field": "Content-Encoding"])
            }
        }
        return out
    }
}

extension AFSError.Kind {
    /// A `Content-Encoding` this core cannot undo (SPEC §7).
    public static let unsupportedContentEncoding = Self("unsupportedContentEncoding")
    /// Encoded content ended before its end-of-stream marker.
    public static let truncatedContent = Self("truncatedContent")
    /// Encoded content that zlib rejects (bad header, CRC32, ISIZE, distance, …).
    public static let corruptContent = Self("corruptContent")
}

extension HTTPResponse {
    /// This response with its body decoded per `Content-Encoding` and that header removed
    /// (SPEC §7: decoding happens before validation). No body stays no body.
    public func decodingContentEncoding(maxDecodedSize: Int = Limits.default.maxDecodedSize) throws(AFSError)
        -> HTTPResponse
    {
        let codings = try ContentCoding.parseList(headerValue("Content-Encoding"))
        guard !codings.isEmpty else { return self }
        var copy = self
        copy.headers.remove("Content-Encoding")
        if let body {
            let decoder = try ContentDecoder(codings: codings, maxDecodedSize: maxDecodedSize)
            var out = try decoder.write(body)
            out += try decoder.finish()
            copy.body = out
        }
        return copy
    }
}
