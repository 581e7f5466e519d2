/// What a custom query serializer reports (SPEC §3.2). An `error` wins even when `query` is set,
/// as AF checks the error out-parameter regardless of the returned string. A nil `query` without
/// an error means "no query" (the URL is left alone; a body-carrying method sends `""`).
public struct QueryStringResult: Sendable {
    public var query: String?
    public var error: AFSError?
    public init(query: String?, error: AFSError? = nil) {
        self.query = query
        self.error = error
    }
}

/// Replaces SPEC §2 when set on an ``HTTPRequestSerializer``.
public typealias QueryStringSerialization = @Sendable (Request, ParameterValue) -> QueryStringResult

/// The HTTP (form) serializer of SPEC §3.2: query string in the URL for GET/HEAD/DELETE,
/// `application/x-www-form-urlencoded` body otherwise.
///
/// An immutable value: every `with…` method returns a configured copy (SPEC §3.1), so one
/// serializer can be shared across threads without AF's header queue.
public struct HTTPRequestSerializer: RequestSerializer {
    public static let defaultMethodsEncodingParametersInURI: Set<String> = ["GET", "HEAD", "DELETE"]
    public static let formContentType = "application/x-www-form-urlencoded"

    public private(set) var profile: Profile
    /// Copied onto a request only where the request lacks the field. Names are case-insensitive
    /// here too (**Decision**: AF keys them case-sensitively in a dictionary whose order is
    /// undefined; we keep one field per name, in insertion order).
    public private(set) var defaultHeaders: HTTPHeaders = []
    /// Compared against the request method uppercased; the set itself is used as given.
    public private(set) var methodsEncodingParametersInURI: Set<String> = Self.defaultMethodsEncodingParametersInURI
    public private(set) var queryOptions: QueryStringOptions
    public private(set) var queryStringSerialization: QueryStringSerialization?

    public init(profile: Profile = .default, queryOptions: QueryStringOptions = .init()) {
        self.profile = profile
        self.queryOptions = queryOptions
    }

    // MARK: Configuration (each returns a new serializer)

    /// Sets (or, with nil, removes) a default header.
    public func withDefaultHeader(_ name: String, _ value: String?) -> Self {
        var copy = self
        if let value { copy.defaultHeaders.set(name, value) } else { copy.defaultHeaders.remove(name) }
        return copy
    }

    /// `Accept-Language` from the caller's preferred languages (see ``AcceptLanguage``); an empty
    /// list gives the header an empty value, as AF does.
    public func withPreferredLanguages(_ languages: [String]) -> Self {
        withDefaultHeader("Accept-Language", AcceptLanguage.value(for: languages))
    }

    /// `User-Agent`, sent verbatim (see ``UserAgent``); nil removes it.
    public func withUserAgent(_ userAgent: String?) -> Self {
        withDefaultHeader("User-Agent", userAgent)
    }

    /// `Authorization: Basic …` (see ``BasicAuthorization``).
    public func withAuthorization(user: String, password: String) -> Self {
        withDefaultHeader("Authorization", BasicAuthorization.value(user: user, password: password))
    }

    /// Removes the `Authorization` default header.
    public func withoutAuthorization() -> Self {
        withDefaultHeader("Authorization", nil)
    }

    public func withMethodsEncodingParametersInURI(_ methods: Set<String>) -> Self {
        var copy = self
        copy.methodsEncodingParametersInURI = methods
        return copy
    }

    public func withQueryOptions(_ options: QueryStringOptions) -> Self {
        var copy = self
        copy.queryOptions = options
        return copy
    }

    public func withProfile(_ profile: Profile) -> Self {
        var copy = self
        copy.profile = profile
        return copy
    }

    /// Replaces SPEC §2 with `serialization`; nil restores the default.
    public func withQueryStringSerialization(_ serialization: QueryStringSerialization?) -> Self {
        var copy = self
        copy.queryStringSerialization = serialization
        return copy
    }

    // MARK: Serialization

    /// True when `method` (uppercased) puts parameters in the URL.
    public func encodesParametersInURI(_ method: String) -> Bool {
        methodsEncodingParametersInURI.contains(method.uppercased())
    }

    /// The request with every default header it lacks (request-level values win).
    public func applyingDefaultHeaders(to request: Request) -> Request {
        var out = request
        for field in defaultHeaders { out.headers.setIfAbsent(field.name, field.value) }
        return out
    }

    /// The query for `parameters`: the custom serialization when set, else SPEC §2.
    public func query(for request: Request, parameters: ParameterValue) throws(AFSError) -> String? {
        guard let custom = queryStringSerialization else {
            return try QueryString.encode(parameters, profile: profile, options: queryOptions)
        }
        let result = custom(request, parameters)
        if let error = result.error { throw error }
        return result.query
    }

    /// The shared shape of the JSON and property-list serializers (SPEC §3.3–3.4): URI methods go
    /// through this serializer unchanged; otherwise default headers, and only when parameters are
    /// present, `contentType` (unless set) and the body `encode` writes.
    public func serialize(
        _ request: Request, parameters: ParameterValue?, contentType: String,
        encode: (ParameterValue) throws(AFSError) -> [UInt8]
    ) throws(AFSError) -> Request {
        if encodesParametersInURI(request.method) {
            return try serialize(request, parameters: parameters)
        }
        var out = applyingDefaultHeaders(to: request)
        guard let parameters else { return out }
        out.headers.setIfAbsent("Content-Type", contentType)
        out.body = .bytes(try encode(parameters))
        return out
    }

    public func serialize(_ request: Request, parameters: ParameterValue?) throws(AFSError) -> Request {
        var out = applyingDefaultHeaders(to: request)
        let query = try parameters.map { (p) throws(AFSError) in try self.query(for: request, parameters: p) } ?? nil
        if encodesParametersInURI(request.method) {
            if let query, !query.isEmpty {
                out.url = URLQueryAppending.appending(query, to: out.url, profile: profile)
            }
        } else {
            // AF #2864: an empty string is a valid x-www-form-urlencoded payload.
            out.headers.setIfAbsent("Content-Type", Self.formContentType)
            out.body = .bytes(Array((query ?? "").utf8))
        }
        return out
    }
}
