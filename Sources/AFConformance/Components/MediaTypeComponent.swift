import AFSerialization
import AFVectorFormat

/// `media-type` (VECTORS.md): `contentType` → `mimeType` (or null) and `parameters`.
/// `parameters` is the RFC 9110 list in `strict`; AF exposes none, so it is `[]` in `af3`/`af4`.
struct MediaTypeComponent: EvalComponent {
    let name = "media-type"

    /// The bytes are the Content-Type value.
    func input(fromFileBytes bytes: [UInt8]) throws(HarnessError) -> JSONValue? {
        guard UTF8Validation.firstInvalidOffset(bytes) == nil else {
            throw HarnessError("input", "media-type needs a UTF-8 Content-Type value")
        }
        return .obj(["contentType": .string(String(decoding: bytes, as: UTF8.self))])
    }

    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue {
        try rejectUnknownKeys(options, known: [])
        try rejectUnknownKeys(input, known: ["contentType"])
        let contentType = try input.string("contentType")
        let mime = MediaType.mimeType(contentType: contentType, profile: profile)
        var params: [JSONValue] = []
        if profile == .strict, let contentType, let parsed = MediaType.parse(contentType) {
            params = parsed.parameters.map { .array([.string($0.name), .string($0.value)]) }
        }
        return .obj(["mimeType": mime.map(JSONValue.string) ?? .null, "parameters": .array(params)])
    }
}
