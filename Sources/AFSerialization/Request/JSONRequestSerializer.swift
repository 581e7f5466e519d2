/// The JSON serializer of SPEC §3.3.
///
/// Methods in ``HTTPRequestSerializer/methodsEncodingParametersInURI`` go through `base` unchanged
/// (query string, no JSON Content-Type). Otherwise the base's default headers apply and, only
/// when parameters are present, `Content-Type: application/json` (unless set) and a body written
/// by ``FoundationJSONWriter``.
public struct JSONRequestSerializer: RequestSerializer {
    public static let contentType = "application/json"
    public static let invalidJSONReason = "The `parameters` argument is not valid JSON."
    /// NSURLErrorCannotDecodeContentData, the code AF uses.
    public static let invalidJSONCode = -1016

    public let base: HTTPRequestSerializer
    public let writingOptions: JSONWritingOptions
    public let keyOrder: JSONKeyOrder

    public init(
        base: HTTPRequestSerializer = .init(), writingOptions: JSONWritingOptions = [],
        keyOrder: JSONKeyOrder = .foundation
    ) {
        self.base = base
        self.writingOptions = writingOptions
        self.keyOrder = keyOrder
    }

    /// AF's −1016 error: no description of its own, so the text is Foundation's default
    /// ("The operation could not be completed. " + failure reason, as Linux Foundation words it).
    public static func invalidJSONError(path: String) -> AFSError {
        AFSError(
            domain: AFSError.requestDomain, code: invalidJSONCode,
            message: "The operation could not be completed. " + invalidJSONReason,
            failureReason: invalidJSONReason, context: ["field": path])
    }

    public func serialize(_ request: Request, parameters: ParameterValue?) throws(AFSError) -> Request {
        let maxDepth = base.queryOptions.limits.maxJSONDepth
        return try base.serialize(request, parameters: parameters, contentType: Self.contentType) {
            (p) throws(AFSError) in
            // AF checks isValidJSONObject without options, so a top-level scalar is −1016 even
            // with `.fragmentsAllowed`.
            if let path = try FoundationJSONWriter.firstInvalidPath(p, maxDepth: maxDepth) {
                throw Self.invalidJSONError(path: path)
            }
            return try FoundationJSONWriter.write(p, options: writingOptions, keyOrder: keyOrder, maxDepth: maxDepth)
        }
    }
}
