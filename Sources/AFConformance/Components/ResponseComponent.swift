import AFFoundationCompat
import AFSerialization
import AFVectorFormat

/// `response` (VECTORS.md): runs a response serializer and reports `valid`, `object`, `error`.
///
/// Options beyond the table (all optional): `inflatesResponseImage` (default true, AF's),
/// `decodeContentEncoding` (default false: URLSession already decoded the body AF sees),
/// `maxDecodedSize`, `maxImagePixels`, `maxJSONDepth`. An absent `acceptableContentTypes` /
/// `acceptableStatusCodes` keeps the serializer's default; `null` means "any".
struct ResponseComponent: EvalComponent {
    let name = "response"
    func input(fromFileBytes bytes: [UInt8]) throws(HarnessError) -> JSONValue? {
        .obj(["body": Codec.encodeBytes(bytes)])
    }

    enum Kind: String, CaseIterable { case http, json, xml, plist, image, compound }

    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue {
        try rejectUnknownKeys(
            options,
            known: [
                "acceptableContentTypes", "acceptableStatusCodes", "readingOptions", "removesKeysWithNullValues",
                "serializers",
                "inflatesResponseImage", "decodeContentEncoding", "maxDecodedSize", "maxImagePixels", "maxJSONDepth",
            ])
        try rejectUnknownKeys(input, known: ["serializer", "statusCode", "headers", "url", "body"])
        var limits = Limits.default
        if let v = try options.int("maxDecodedSize") { limits.maxDecodedSize = v }
        if let v = try options.int("maxImagePixels") { limits.maxImagePixels = v }
        if let v = try options.depthLimit("maxJSONDepth") { limits.maxJSONDepth = v }

        var headers: [HTTPResponse.Header] = []
        for (n, v) in try Codec.decodeHeaders(input.raw("headers"), path: input.sub("headers")) {
            headers.append(.init(n, v))
        }
        let body: [UInt8]? =
            input.has("body") && input.raw("body")?.isNull == false
            ? try Codec.decodeBytes(input.raw("body"), path: input.sub("body")) : nil
        var response = HTTPResponse(
            statusCode: try input.int("statusCode") ?? 200, headers: headers, url: try input.string("url"), body: body)
        if try options.bool("decodeContentEncoding") == true {
            response = try response.decodingContentEncoding(maxDecodedSize: limits.maxDecodedSize)
        }

        let kind = try input.enumValue("serializer", Kind.self) ?? .http
        var serializer = try make(kind, options: options, limits: limits)
        if options.has("acceptableContentTypes") {
            serializer.validation.acceptableContentTypes = try options.array("acceptableContentTypes").map {
                list throws(HarnessError) in
                var out: [String] = []
                for (i, v) in list.enumerated() {
                    guard let s = v.stringValue else {
                        throw HarnessError("\(options.sub("acceptableContentTypes"))[\(i)]", "expected a string")
                    }
                    out.append(s)
                }
                return out
            }
        }
        if options.has("acceptableStatusCodes") {
            serializer.validation.acceptableStatusCodes = try options.array("acceptableStatusCodes").map {
                list throws(HarnessError) in
                var out: [ClosedRange<Int>] = []
                for (i, v) in list.enumerated() {
                    guard let pair = v.arrayValue, pair.count == 2, let lo = pair[0].intValue,
                        let hi = pair[1].intValue, lo <= hi
                    else {
                        throw HarnessError(
                            "\(options.sub("acceptableStatusCodes"))[\(i)]", "expected [lo, hi] with lo <= hi")
                    }
                    out.append(lo...hi)
                }
                return out
            }
        }

        let result = serializer.serialize(response, profile: profile)
        var out: [JSONValue.Member] = [.init("valid", .bool(result.valid))]
        if let o = result.object { out.append(.init("object", Self.encode(o))) }
        if let e = result.error { out.append(.init("error", Codec.encodeError(e))) }
        return .object(out)
    }

    func make(_ kind: Kind, options: Fields, limits: Limits) throws -> any ResponseSerializing {
        switch kind {
        case .http: return HTTPResponseSerializer()
        case .json:
            var s = JSONResponseSerializer()
            let reading = try options.object("readingOptions")
            try rejectUnknownKeys(reading, known: ["allowFragments"])
            s.allowFragments = try reading.bool("allowFragments") ?? false
            s.removesKeysWithNullValues = try options.bool("removesKeysWithNullValues") ?? false
            s.limits = limits
            return s
        case .xml:
            var s = XMLResponseSerializer()
            s.limits = limits
            return s
        case .plist: return PropertyListResponseSerializer()
        case .image:
            var s = ImageResponseSerializer()
            s.inflatesResponseImage = try options.bool("inflatesResponseImage") ?? true
            s.limits = limits
            return s
        case .compound:
            let names = try options.array("serializers") ?? []
            var parts: [any ResponseSerializing] = []
            for (i, n) in names.enumerated() {
                guard let s = n.stringValue, let k = Kind(rawValue: s), k != .compound else {
                    throw HarnessError(
                        "\(options.sub("serializers"))[\(i)]", "expected one of http, json, xml, plist, image")
                }
                parts.append(try make(k, options: options, limits: limits))
            }
            return CompoundResponseSerializer(serializers: parts)
        }
    }

    static func encode(_ o: ResponseObject) -> JSONValue {
        switch o {
        case .data(let b): return Codec.encodeBytes(b)
        case .json(let v), .propertyList(let v): return v
        case .image(let i):
            return .obj(["format": .string(i.format.rawValue), "width": .int(i.width), "height": .int(i.height)])
        }
    }
}
