import AFSerialization
import AFVectorFormat

// Each target's corpus input restated as a golden-vector request, `{"input": {…}, "options": {…}}`
// in VECTORS.md's encodings (``CorpusTarget/vectorRequest(_:)``): a minimized crash becomes a vector
// with `conformance promote FILE --component C --profile P`, and the corpus differential
// sends it to another implementation. The header is read exactly as the body reads it.

extension PercentEscapeInput {
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let setup = setUp(&input)
        let (style, batchSize) = (setup.style, setup.batchSize)
        let value: JSONValue = setup.utf16Mode
            ? .object([.init("utf16", .array(setup.units.map { .number(String($0)) }))]) : Codec.encodeBytes(setup.payload)
        return VectorRequest(component: "percent-escape", profile: .default, input: value,
                             options: .object([.init("style", .string(style.rawValue)), .init("batchSize", .number(String(batchSize))),
                                               .init("reportBatches", .bool(true))]),
                             notes: [])
    }
}

extension QueryStringInput {
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        let o = s.options
        guard let tree = Codec.encodeParameters(s.tree) else { return nil }
        return VectorRequest(component: "query-string", profile: s.profile, input: .object([.init("parameters", tree)]),
                             options: .object([.init("style", .string(o.escapeStyle.rawValue)), .init("arrayStyle", .string(o.arrayStyle.rawValue)),
                                               .init("boolStyle", .string(o.boolStyle.rawValue))]),
                             notes: s.depthByte == 0 ? [] : ["the fuzz input sets the parameter depth limit to \(s.depthByte % 32), which a vector cannot; the vector uses the default"])
    }
}

extension JSONInput {
    /// JSON parsing is reached through the `response` component's JSON serializer.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let setup = setUp(&input)
        let (allowFragments, payload) = (setup.allowFragments, setup.payload)
        return VectorRequest(component: "response", profile: .default,
                             input: .object([.init("serializer", .string("json")), .init("statusCode", .number("200")),
                                             .init("headers", .array([.array([.string("Content-Type"), .string("application/json")])])),
                                             .init("body", Codec.encodeBytes(payload))]),
                             options: .object([.init("readingOptions", .object([.init("allowFragments", .bool(allowFragments))]))]),
                             notes: ["through the response serializer: status, Content-Type and empty-body rules apply before parsing"])
    }
}

extension RequestInput {
    /// The `request` component with the same serializer, method, URL, Content-Type and parameters.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        var fields: [JSONValue.Member] = [.init("serializer", .string(s.json ? "json" : "http")), .init("method", .string(s.method)),
                                          .init("url", .string(s.url))]
        if let header = s.request.headers.pairs.first {
            fields.append(.init("headers", .array([.array([.string(header.0), .string(header.1)])])))
        }
        if let p = s.parameters {
            guard let tree = Codec.encodeParameters(p) else { return nil }
            fields.append(.init("parameters", tree))
        }
        var options: [JSONValue.Member] = []
        var notes: [String] = []
        if s.json {
            options.append(.init("jsonWritingOptions", .array(JSONWritingOptions.named.filter { s.options.contains($0.1) }.map { .string($0.0) })))
            if !s.keysPlain && s.options.contains(.sortedKeys) {
                notes.append("the fuzz input sorts non-ASCII keys with Foundation's exact comparator (keyOrder .foundationExact), which a vector cannot select")
            }
        }
        return VectorRequest(component: "request", profile: s.profile, input: .object(fields), options: .object(options), notes: notes)
    }
}

extension MultipartParserInput {
    /// The `multipart-parse` component: same boundary, body, chunk sizes and limits.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        var options: [JSONValue.Member] = [.init("chunkSizes", .array([.number(String(s.chunkA)), .number(String(s.chunkB))])),
                                           .init("allowUTF8Headers", .bool(s.options.allowUTF8Headers))]
        let l = s.options.limits, d = Limits.default
        if l.maxMultipartParts != d.maxMultipartParts { options.append(.init("maxMultipartParts", .number(String(l.maxMultipartParts)))) }
        if l.maxPartHeaderBytes != d.maxPartHeaderBytes { options.append(.init("maxPartHeaderBytes", .number(String(l.maxPartHeaderBytes)))) }
        if l.maxMultipartBytes != d.maxMultipartBytes { options.append(.init("maxMultipartBytes", .number(String(l.maxMultipartBytes)))) }
        return VectorRequest(component: "multipart-parse", profile: .default,
                             input: .object([.init("boundary", .string(s.boundary)), .init("body", Codec.encodeBytes(s.body))]),
                             options: .object(options),
                             notes: ["the vector records the parts (or error) of chunked parsing; the fuzz body's one-shot vs chunked, write-back and multipart-kit checks are not part of it"])
    }
}

extension MultipartWriterInput {
    /// The `multipart` component: a POST with the same parts, boundary seed, read sizes and packet
    /// size (the vector goes through the request serializer, so it also records the headers).
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let spec = Self(&input)
        func member(_ k: String, _ v: String) -> JSONValue.Member { .init(k, .string(v)) }
        let parts: [JSONValue] = spec.parts.map { part in
            switch part {
            case .form(let name, let body):
                return .object([member("kind", "form"), member("name", name), .init("body", Codec.encodeBytes(body))])
            case .file(let name, let filename, let mime, let body):
                return .object([member("kind", "file"), member("name", name), member("filename", filename), member("mimeType", mime),
                                .init("body", Codec.encodeBytes(body))])
            case .stream(let name, let filename, let mime, let body, let yielded):
                return .object([member("kind", "stream"), member("name", name), member("filename", filename), member("mimeType", mime),
                                .init("declaredLength", .number(String(body.count))), .init("body", Codec.encodeBytes(yielded))])
            case .headers(let name, let body):
                return .object([member("kind", "headers"),
                                .init("headers", .array([.array([.string("Content-Disposition"), .string(MultipartWriterInput.disposition(name: name))])])),
                                .init("body", Codec.encodeBytes(body))])
            }
        }
        var options: [JSONValue.Member] = [.init("readSizes", .array([.number(String(spec.readA)), .number(String(spec.readB))]))]
        if spec.packetByte != 0 { options.append(.init("packetSize", .number(String(spec.packetByte)))) }
        return VectorRequest(component: "multipart", profile: spec.profile,
                             input: .object([member("method", "POST"), member("url", "http://h/"), .init("seed", .number(String(spec.seed))),
                                             .init("parts", .array(parts))]),
                             options: .object(options),
                             notes: ["the vector records headers, body and Content-Length read with the fuzz input's read sizes; the fuzz body's parse-back check is not part of it"])
    }
}

extension MediaTypeInput {
    /// The `media-type` component: the Content-Type value under the input's profile (the
    /// validation half of the target has no component of its own; `response` covers it).
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let setup = setUp(&input)
        let (profile, flags) = (setup.profile, setup.flags)
        let contentType: JSONValue = flags & 16 != 0 ? .null : .string(setup.contentType)
        return VectorRequest(component: "media-type", profile: profile, input: .object([.init("contentType", contentType)]),
                             options: .object([]), notes: flags & 16 != 0 ? ["no Content-Type header"] : [])
    }
}

extension ContentDecodeInput {
    /// The `content-decode` component: the encoded body (compressed by the harness when the header
    /// says so), the same chunk sizes and limit.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let setup = setUp(&input)
        let codings = (try? ContentCoding.parseList(setup.encoding)) ?? []
        let body = Self.body(setup, codings).body
        var options: [JSONValue.Member] = [.init("chunkSizes", .array([.number(String(setup.chunkA)), .number(String(setup.chunkB))]))]
        if setup.limit != Limits.default.maxDecodedSize { options.append(.init("maxDecodedSize", .number(String(setup.limit)))) }
        return VectorRequest(component: "content-decode", profile: .default,
                             input: .object([.init("contentEncoding", .string(setup.encoding)), .init("body", Codec.encodeBytes(body))]),
                             options: .object(options), notes: [])
    }
}

extension ImageInput {
    /// The `response` component's image serializer on the same bytes (raw, or the harness's PNG),
    /// with the same inflation setting; a 200 with `image/png`, which passes validation for any body.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let setup = setUp(&input)
        let request = JSONValue.object([
            .init("serializer", .string("image")), .init("statusCode", .number("200")),
            .init("headers", .array([.array([.string("Content-Type"), .string("image/png")])])),
            .init("url", .string("http://example.com/image")), .init("body", Codec.encodeBytes(setup.bytes)),
        ])
        return VectorRequest(component: "response", profile: .default, input: request,
                             options: .object([.init("inflatesResponseImage", .bool(setup.inflate))]), notes: [])
    }
}

extension ResponseInput {
    /// The `response` component with the same serializer, profile, status, Content-Type and body.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        let r = s.response
        let input: JSONValue = .object([
            .init("serializer", .string("\(s.serializer)")), .init("statusCode", .number(String(r.statusCode))),
            .init("headers", .array(r.headers.fields.map { .array([.string($0.name), .string($0.value)]) })),
            .init("url", .string(r.url ?? "")), .init("body", Codec.encodeBytes(r.body ?? [])),
        ])
        var options: [JSONValue.Member] = []
        if s.serializer == .json || s.serializer == .compound {
            options.append(.init("readingOptions", .object([.init("allowFragments", .bool(s.flags & 1 != 0))])))
            options.append(.init("removesKeysWithNullValues", .bool(s.flags & 2 != 0)))
        }
        if s.serializer == .compound { options.append(.init("serializers", .array(["json", "xml", "image", "plist"].map { .string($0) }))) }
        return VectorRequest(component: "response", profile: s.profile, input: input, options: .object(options),
                             notes: s.serializer == .compound ? ["the JSON reading options are meant for the compound's JSON serializer"] : [])
    }
}

extension PlistRequestInput {
    /// The `request` component's property-list serializer: POST with the same headers and parameters.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        var fields: [JSONValue.Member] = [.init("serializer", .string("plist")), .init("method", .string("POST")), .init("url", .string(s.request.url))]
        if let header = s.request.headers.pairs.first {
            fields.append(.init("headers", .array([.array([.string(header.0), .string(header.1)])])))
        }
        if let p = s.parameters {
            guard let tree = Codec.encodeParameters(p) else { return nil }
            fields.append(.init("parameters", tree))
        }
        return VectorRequest(component: "request", profile: s.profile, input: .object(fields), options: .object([]))
    }
}
