/// The English phrase Darwin's `NSHTTPURLResponse.localizedString(forStatusCode:)` prints, which
/// AF puts in its −1011 description (SPEC §6.3, **Decision**: Darwin's words, not Linux's).
public enum StatusPhrase {
    public static func phrase(for code: Int) -> String {
        if let p = table[code] { return p }
        switch code {
        case 100...199: return "informational"
        case 200...299: return "success"
        case 300...399: return "redirected"
        case 400...499: return "client error"
        // **Decision**: codes outside 100…599 (−1, 99999) take the last class, as Darwin does.
        default: return "server error"
        }
    }

    static let table: [Int: String] = [
        100: "continue", 101: "switching protocols",
        200: "no error", 201: "created", 202: "accepted", 203: "non-authoritative information",
        204: "no content", 205: "reset content", 206: "partial content",
        300: "multiple choices", 301: "moved permanently", 302: "found", 303: "see other",
        304: "not modified", 305: "needs proxy", 307: "redirected",
        400: "bad request", 401: "unauthorized", 402: "payment required", 403: "forbidden",
        404: "not found", 405: "method not allowed", 406: "unacceptable",
        407: "proxy authentication required", 408: "request timed out", 409: "conflict",
        410: "no longer exists", 411: "length required", 412: "precondition failed",
        413: "request too large", 414: "requested URL too long", 415: "unsupported media type",
        416: "requested range not satisfiable", 417: "expectation failed",
        500: "internal server error", 501: "unimplemented", 502: "bad gateway",
        503: "service unavailable", 504: "gateway timed out", 505: "unsupported version",
    ]
}
