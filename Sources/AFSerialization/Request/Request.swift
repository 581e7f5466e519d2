/// A request as the serializers see it (SPEC §3.1): method, URL string, ordered headers, body.
///
/// The URL stays a string: the core never parses it beyond finding its query and fragment
/// (SPEC §3.2), so what the caller wrote is what comes out. **Decision**: it is not validated
/// (AF asserts when `NSURL` rejects it; we leave that to whoever sends the request).
public struct Request: Sendable {
    public var method: String
    public var url: String
    public var headers: HTTPHeaders
    public var body: RequestBody

    public init(method: String, url: String, headers: HTTPHeaders = [], body: RequestBody = .none) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// Something that turns a request plus optional parameters into the request to send (SPEC §3).
/// `parameters == nil` means "no parameters", which is not the same as an empty dictionary.
public protocol RequestSerializer: Sendable {
    func serialize(_ request: Request, parameters: ParameterValue?) throws(AFSError) -> Request
}
