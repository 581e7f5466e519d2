/// Acceptable content types and status codes, and AF's `validateResponse` (SPEC §6.3).
public struct ResponseValidation: Sendable, Hashable {
    /// nil = any content type (the HTTP and compound serializers' default).
    public var acceptableContentTypes: [String]?
    /// nil = any status. Ranges are inclusive. Default 200…299.
    public var acceptableStatusCodes: [ClosedRange<Int>]?

    public init(acceptableContentTypes: [String]? = nil, acceptableStatusCodes: [ClosedRange<Int>]? = [200...299]) {
        self.acceptableContentTypes = acceptableContentTypes
        self.acceptableStatusCodes = acceptableStatusCodes
    }

    /// −1016, NSURLErrorCannotDecodeContentData.
    public static let unacceptableContentTypeCode = -1016
    /// −1011, NSURLErrorBadServerResponse.
    public static let badStatusCode = -1011

    /// The verdict: `valid`, and the error AF would report (often nil even when invalid).
    public struct Outcome: Sendable, Hashable {
        public var valid: Bool
        public var error: AFSError?
    }

    public func validate(_ response: HTTPResponse, profile: Profile) -> Outcome {
        var valid = true
        var error: AFSError? = nil
        let mime = MediaType.mimeType(contentType: response.headerValue("Content-Type"), profile: profile)
        if let types = acceptableContentTypes, !accepts(mime: mime, among: types, profile: profile),
            !(mime == nil && response.bodyLength == 0)
        {
            // AF creates the error only with a body and a URL; the response is invalid either way.
            if response.bodyLength > 0, let url = response.url {
                error = AFSError(
                    domain: AFSError.responseDomain, code: Self.unacceptableContentTypeCode,
                    message: "Request failed: unacceptable content-type: \(mime ?? "(null)")",
                    context: Self.context(response, url: url, mime: mime))
            }
            valid = false
        }
        if let codes = acceptableStatusCodes,
            !codes.contains(where: { $0.contains(response.statusCode) }) || response.statusCode < 0,
            let url = response.url
        {
            let code = response.statusCode
            let statusError = AFSError(
                domain: AFSError.responseDomain, code: Self.badStatusCode,
                message: "Request failed: \(StatusPhrase.phrase(for: code)) (\(code))",
                context: Self.context(response, url: url, mime: mime))
            // AFErrorWithUnderlyingError(statusError, contentTypeError).
            error = statusError.chaining(error)
            valid = false
        }
        return Outcome(valid: valid, error: error)
    }

    func accepts(mime: String?, among types: [String], profile: Profile) -> Bool {
        guard let mime else { return false }
        if profile == .strict { return types.contains { MediaType.strictMatches(mimeType: mime, pattern: $0) } }
        return types.contains(mime)
    }

    /// What AF's userInfo carries: the failing URL, the response (status, MIME type) and the body.
    static func context(_ response: HTTPResponse, url: String, mime: String?) -> [String: String] {
        var c = [
            "failingURL": url, "statusCode": String(response.statusCode), "bodyLength": String(response.bodyLength),
        ]
        if let mime { c["mimeType"] = mime }
        return c
    }
}

extension AFSError {
    /// AF's `AFErrorOrUnderlyingErrorHasCodeInDomain`: true if any error in the chain matches.
    public func hasCode(_ code: Int, inDomain domain: String) -> Bool {
        chain.contains { $0.domain == domain && $0.code == code && $0.kind == nil }
    }
}
