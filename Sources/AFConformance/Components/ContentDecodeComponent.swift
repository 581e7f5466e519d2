import AFSerialization
import AFVectorFormat

/// `content-decode` (VECTORS.md): `contentEncoding` + `body` → decoded `body` (SPEC §7).
/// Without `chunkSizes` the body goes through the one-shot `ContentDecoder.decode` (its own output
/// path: a gzip trailer's size hint, direct output); `chunkSizes` feeds the streaming decoder in
/// chunks of those sizes, cycling, to show the output does not depend on chunking (SPEC §7);
/// `maxDecodedSize` overrides the 64 MiB default.
struct ContentDecodeComponent: EvalComponent {
    let name = "content-decode"
    func input(fromFileBytes bytes: [UInt8]) throws(HarnessError) -> JSONValue? {
        .obj(["body": Codec.encodeBytes(bytes)])
    }
    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue {
        try rejectUnknownKeys(options, known: ["maxDecodedSize", "chunkSizes"])
        try rejectUnknownKeys(input, known: ["contentEncoding", "body"])
        let body = try Codec.decodeBytes(input.raw("body"), path: input.sub("body"))
        let coding = try input.string("contentEncoding")
        let limit = try options.int("maxDecodedSize") ?? Limits.default.maxDecodedSize
        let sizes = try options.ints("chunkSizes") ?? []
        if sizes.contains(where: { $0 <= 0 }) {
            throw HarnessError(options.sub("chunkSizes"), "chunk sizes must be positive")
        }
        if sizes.isEmpty {
            return .obj([
                "body": Codec.encodeBytes(
                    try ContentDecoder.decode(body, contentEncoding: coding, maxDecodedSize: limit))
            ])
        }
        let decoder = try ContentDecoder(contentEncoding: coding, maxDecodedSize: limit)
        var out: [UInt8] = []
        var offset = 0, k = 0
        while offset < body.count {
            let n = min(sizes[k % sizes.count], body.count - offset)
            out += try decoder.write(Array(body[offset..<(offset + n)]))
            offset += n
            k += 1
        }
        out += try decoder.finish()
        return .obj(["body": Codec.encodeBytes(out)])
    }
}
