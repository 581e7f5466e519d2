import AFSerialization
import AFVectorFormat

/// The `content-decode` target's corpus input: SPEC §7 Content-Encoding decoding.
///
/// The frozen header, payload and oracles: ``descriptor``.
public enum ContentDecodeInput: CorpusTarget {
    public static let name = "content-decode"
    /// The frozen option header (a field is never moved or resized; a new option takes reserved bits),
    /// the payload and the oracles: scripts/fuzz/targets.json is rendered from it (`conformance fuzz-targets`).
    public static let descriptor = FuzzTargetDescriptor(
        name: name, body: "ContentDecodeFuzz", spec: "SPEC §7",
        header: [
            HeaderField(
                byte: 0, "Content-Encoding",
                value: "0-7: one of ContentDecodeFuzz.encodings, n >= 8: the first n - 7 payload bytes (lossy UTF-8)"),
            HeaderField(byte: 1, "chunk size A", value: "b + 1 (chunks alternate A, B)"),
            HeaderField(byte: 2, "chunk size B", value: "b + 1"),
            HeaderField(
                byte: 3, "flags",
                bits: [
                    0: "the harness compresses the payload (else the payload is the encoded body)",
                    1: "raw deflate, not zlib format, for deflate layers",
                ], reserved: "2-7"),
            HeaderField(byte: 4, "decoded-size limit", value: "0: the default, else b * 16 bytes"),
        ],
        payload: "the body (or the bytes the harness compresses)",
        oracles: [
            "one-shot-equals-streamed", "output-within-limit", "harness-compressed-round-trip",
            "zlib-inflate-differential",
        ])

    package static let encodings = [
        "gzip", "x-gzip", "deflate", "identity", "gzip, deflate", "deflate,gzip", "br", "GZIP , identity",
    ]

    /// The decoded header and payload (shared with the snapshot renderer).
    package struct Setup {
        package let encoding: String
        package let chunkA: Int, chunkB: Int
        package let flags: UInt8
        package let limit: Int
        package let payload: [UInt8]
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
        let encodingByte = input.option()
        let chunkA = Int(input.option()) + 1, chunkB = Int(input.option()) + 1
        let flags = input.option()
        let limitByte = input.option()
        let encoding =
            encodingByte < 8
            ? encodings[Int(encodingByte)] : String(decoding: input.take(Int(encodingByte) - 7), as: UTF8.self)
        let limit = limitByte == 0 ? Limits.default.maxDecodedSize : Int(limitByte) * 16
        return Setup(
            encoding: encoding, chunkA: chunkA, chunkB: chunkB, flags: flags, limit: limit, payload: Array(input.rest())
        )
    }

    /// The encoded body: the payload itself, or (flag bit 0) the payload compressed by zlib for
    /// each coding in order, with the size each inflating layer must give back.
    package static func body(_ setup: Setup, _ codings: [ContentCoding]) -> (body: [UInt8], layerOutputs: [Int]) {
        var body = setup.payload
        var layerOutputs: [Int] = []
        guard setup.flags & 1 != 0 else { return (body, layerOutputs) }
        for c in codings {
            switch c {
            case .identity: continue
            case .gzip: layerOutputs.append(body.count); body = ZlibEncoding.compress(body, windowBits: 31)
            case .deflate:
                layerOutputs.append(body.count);
                body = ZlibEncoding.compress(body, windowBits: setup.flags & 2 != 0 ? -15 : 15)
            }
        }
        return (body, layerOutputs)
    }
}

// MARK: Output text (snapshots)

extension ContentDecodeInput {
    /// From ``setUp(_:)``: the parsed coding list, then the one-shot decode (size, digest
    /// and first bytes of the output) or its error.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let (encoding, limit) = (setup.encoding, setup.limit)
        var out =
            "encoding \(encoding.debugDescription) chunks \(setup.chunkA) \(setup.chunkB) flags \(setup.flags) limit \(limit)\n"
        let codings: [ContentCoding]
        do { codings = try ContentCoding.parseList(encoding) } catch {
            return out + "codings " + OutputText.render(error)
        }
        out += "codings " + codings.map(\.rawValue).joined(separator: ",") + "\n"
        // The harness compresses the payload (decoding gives it back, whatever zlib's version).
        let body = Self.body(setup, codings).body
        let oneShot = Result { () throws(AFSError) in
            try ContentDecoder.decode(body, contentEncoding: encoding, maxDecodedSize: limit)
        }
        out += OutputText.render(oneShot) { "decoded " + OutputText.summary($0) }
        // (Chunked streaming must agree with one-shot decoding: the body checks that invariant.)
        return out
    }
}

// MARK: As a vector request

extension ContentDecodeInput {
    /// The `content-decode` component: the encoded body (compressed by the harness when the header
    /// says so), the same chunk sizes and limit.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let setup = setUp(&input)
        let codings = (try? ContentCoding.parseList(setup.encoding)) ?? []
        let body = Self.body(setup, codings).body
        var options: [JSONValue.Member] = [
            .init("chunkSizes", .array([.number(String(setup.chunkA)), .number(String(setup.chunkB))]))
        ]
        if setup.limit != Limits.default.maxDecodedSize {
            options.append(.init("maxDecodedSize", .number(String(setup.limit))))
        }
        return VectorRequest(
            component: "content-decode", profile: .default,
            input: .object([.init("contentEncoding", .string(setup.encoding)), .init("body", Codec.encodeBytes(body))]),
            options: .object(options), notes: [])
    }
}
