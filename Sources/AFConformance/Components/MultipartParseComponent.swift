import AFSerialization
import AFVectorFormat

/// `multipart-parse` (VECTORS.md): the strict parser of SPEC §5.7 over `input.body` with
/// `input.boundary`, fed in chunks cycling through `options.chunkSizes` (default: all at once).
/// Limit options: `maxMultipartParts`, `maxPartHeaderBytes`, `maxMultipartBytes`; `allowUTF8Headers`.
/// Output: `parts`, each `{headers, name, filename|null, contentType|null, body}`.
struct MultipartParseComponent: EvalComponent {
    let name = "multipart-parse"
    var optionDefaults: [String: JSONValue] { ["allowUTF8Headers": .bool(MultipartParserOptions().allowUTF8Headers)] }

    func input(fromFileBytes bytes: [UInt8]) throws(HarnessError) -> JSONValue? {
        .obj(["body": Codec.encodeBytes(bytes)])
    }

    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue {
        try RequestComponent.requireKnown(input, ["boundary", "body"])
        try RequestComponent.requireKnown(
            options, ["chunkSizes", "maxMultipartParts", "maxPartHeaderBytes", "maxMultipartBytes", "allowUTF8Headers"])
        let boundary = try input.requireString("boundary")
        let body = try Codec.decodeBytes(input.raw("body"), path: input.sub("body"))
        var o = MultipartParserOptions()
        if let n = try options.int("maxMultipartParts") { o.limits.maxMultipartParts = n }
        if let n = try options.int("maxPartHeaderBytes") { o.limits.maxPartHeaderBytes = n }
        if let n = try options.int("maxMultipartBytes") { o.limits.maxMultipartBytes = n }
        if let b = try options.bool("allowUTF8Headers") { o.allowUTF8Headers = b }
        let chunkSizes = try options.ints("chunkSizes") ?? []
        if chunkSizes.contains(where: { $0 < 1 }) {
            throw HarnessError(options.sub("chunkSizes"), "chunk sizes must be integers ≥ 1")
        }
        let parts = try MultipartParser.parse(body, boundary: boundary, options: o, chunkSizes: chunkSizes)
        return .obj([
            "parts": .array(
                parts.map { p in
                    .obj([
                        "headers": Codec.encodeHeaders(p.headers.map { ($0.name, $0.value) }),
                        "name": .string(p.name),
                        "filename": p.filename.map { .string($0) } ?? .null,
                        "contentType": p.contentType.map { .string($0) } ?? .null,
                        "body": Codec.encodeBytes(p.body),
                    ])
                })
        ])
    }
}
