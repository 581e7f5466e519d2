import AFSerialization
import AFVectorFormat

/// `request` (VECTORS.md, SPEC §3).
///
/// Input: `serializer` (`http` | `json` | `plist`, default `http`), `method`, `url`, `headers`
/// (`[[name, value], …]`, optional) and `parameters` (optional: absent means no parameters, which
/// differs from `{}`; an explicit `null` is the parameter value null).
/// Options: `preferredLanguages` (`["en", "fr"]` → Accept-Language), `userAgent` (string),
/// `basicAuth` (`{"user", "password"}`), `defaultHeaders` (header list, set after the three above,
/// so it can override them), `methodsEncodingParametersInURI` (`["GET", …]`), `jsonWritingOptions`
/// (names: `prettyPrinted`, `sortedKeys`, `fragmentsAllowed`, `withoutEscapingSlashes`), and the
/// query options `style`, `arrayStyle`, `boolStyle`, `maxParameterDepth`, `maxJSONDepth`, and
/// `customQuery` (a custom query serialization returning a fixed result, SPEC §3.2).
/// Output: `method`, `url`, `headers` (in order) and `body` (bytes, or null when there is none).
struct RequestComponent: EvalComponent {
    let name = "request"

    static let inputKeys: Set<String> = ["serializer", "method", "url", "headers", "parameters"]
    static let optionKeys: Set<String> = [
        "preferredLanguages", "userAgent", "basicAuth", "defaultHeaders", "methodsEncodingParametersInURI",
        "jsonWritingOptions", "style", "arrayStyle", "boolStyle", "maxParameterDepth", "maxJSONDepth", "customQuery",
    ]

    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue {
        try Self.requireKnown(input, Self.inputKeys)
        try Self.requireKnown(options, Self.optionKeys)
        let base = try Self.httpSerializer(options, profile: profile)
        let serializer: any RequestSerializer
        switch try input.string("serializer") ?? "http" {
        case "http": serializer = base
        case "json": serializer = JSONRequestSerializer(base: base, writingOptions: try Self.writingOptions(options))
        case "plist": serializer = PropertyListRequestSerializer(base: base)
        case let other:
            throw HarnessError(input.sub("serializer"), "unknown serializer \"\(other)\"; expected http, json or plist")
        }
        let request = Request(
            method: try input.requireString("method"), url: try input.requireString("url"),
            headers: HTTPHeaders(try Codec.decodeHeaders(input.raw("headers"), path: input.sub("headers"))))
        let parameters = try input.raw("parameters").map { v throws(HarnessError) in
            try Codec.decodeParameters(v, path: input.sub("parameters"))
        }

        let out = try serializer.serialize(request, parameters: parameters)
        let body: JSONValue
        switch out.body {
        case .none: body = .null
        case .bytes(let b): body = Codec.encodeBytes(b)
        case .stream(let s): body = Codec.encodeBytes(try s.readAll())
        }
        return .obj([
            "method": .string(out.method),
            "url": .string(out.url),
            "headers": Codec.encodeHeaders(out.headers.pairs),
            "body": body,
        ])
    }

    static func httpSerializer(_ options: Fields, profile: Profile) throws(HarnessError) -> HTTPRequestSerializer {
        var q = QueryStringOptions()
        q.escapeStyle = try options.enumValue("style", EscapeStyle.self) ?? q.escapeStyle
        q.arrayStyle = try options.enumValue("arrayStyle", ArrayStyle.self) ?? q.arrayStyle
        q.boolStyle = try options.enumValue("boolStyle", BoolStyle.self) ?? q.boolStyle
        for (key, path) in [("maxParameterDepth", \Limits.maxParameterDepth), ("maxJSONDepth", \Limits.maxJSONDepth)] {
            guard let depth = try options.depthLimit(key) else { continue }
            q.limits[keyPath: path] = depth
        }
        var s = HTTPRequestSerializer(profile: profile, queryOptions: q)
        if let languages = try strings(options, "preferredLanguages") { s = s.withPreferredLanguages(languages) }
        if let agent = try options.string("userAgent") { s = s.withUserAgent(agent) }
        if options.has("basicAuth") {
            let auth = try options.object("basicAuth")
            s = s.withAuthorization(user: try auth.requireString("user"), password: try auth.requireString("password"))
        }
        for (name, value) in try Codec.decodeHeaders(options.raw("defaultHeaders"), path: options.sub("defaultHeaders"))
        {
            s = s.withDefaultHeader(name, value)
        }
        if let methods = try strings(options, "methodsEncodingParametersInURI") {
            s = s.withMethodsEncodingParametersInURI(Set(methods))
        }
        if options.has("customQuery") {
            s = s.withQueryStringSerialization(try customQuery(options.object("customQuery")))
        }
        return s
    }

    /// `customQuery`: SPEC §3.2's custom query serialization, as a closure that returns a fixed
    /// `query` (a string, or null for none) and, when given, an `error` (`domain`, `code`,
    /// `description`).
    static func customQuery(_ o: Fields) throws(HarnessError) -> QueryStringSerialization {
        try requireKnown(o, ["query", "error"])
        guard o.has("query") else { throw HarnessError(o.sub("query"), "required: a string, or null for no query") }
        let query = try o.string("query")
        var error: AFSError? = nil
        if o.has("error") {
            let e = try o.object("error")
            try requireKnown(e, ["domain", "code", "description"])
            error = AFSError(
                domain: try e.requireString("domain"), code: try e.int("code") ?? 0,
                message: try e.string("description") ?? "")
        }
        let result = QueryStringResult(query: query, error: error)
        return { _, _ in result }
    }

    static func writingOptions(_ options: Fields) throws(HarnessError) -> JSONWritingOptions {
        var o: JSONWritingOptions = []
        for (i, name) in (try strings(options, "jsonWritingOptions") ?? []).enumerated() {
            guard let option = JSONWritingOptions.named.first(where: { $0.0 == name })?.1 else {
                throw HarnessError(
                    "\(options.sub("jsonWritingOptions"))[\(i)]",
                    "unknown option \"\(name)\"; expected one of "
                        + "\(JSONWritingOptions.named.map(\.0).joined(separator: ", "))"
                )
            }
            o.insert(option)
        }
        return o
    }

    static func strings(_ fields: Fields, _ key: String) throws(HarnessError) -> [String]? {
        guard let items = try fields.array(key) else { return nil }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            guard let s = item.stringValue else { throw HarnessError("\(fields.sub(key))[\(i)]", "expected a string") }
            out.append(s)
        }
        return out
    }

    /// Unknown fields are a harness error, so a typo in a vector cannot pass silently.
    static func requireKnown(_ fields: Fields, _ known: Set<String>) throws(HarnessError) {
        for m in fields.value.objectValue ?? [] where !known.contains(m.key) {
            throw HarnessError(
                fields.sub(m.key), "unknown field; expected one of \(known.sorted().joined(separator: ", "))")
        }
    }
}
