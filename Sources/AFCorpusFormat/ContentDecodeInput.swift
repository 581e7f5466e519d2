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
                value: "0-7: one of ContentDecodeInput.encodings, n >= 8: the first n - 7 payload bytes (lossy UTF-8)"),
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
            "encoding \(encoding.debugDescription) chunks \(setup.chunkA) "
            + "\(setup.chunkB) flags \(setup.flags) limit \(limit)\n"
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

// MARK: Seeds

extension ContentDecodeInput {
    /// An input whose Content-Encoding is one of ``encodings`` (`index`) or, when `coding` is given,
    /// spelled out at the start of the payload.
    static func input(
        index: Int = 0, coding: String? = nil, chunks: (Int, Int), flags: Int = 0, limit: Int = 0, _ body: [UInt8]
    ) -> [UInt8] {
        let spelled = coding.map { Array($0.utf8) } ?? []
        return descriptor.header([
            "Content-Encoding": coding == nil ? index : 7 + spelled.count, "chunk size A": chunks.0 - 1,
            "chunk size B": chunks.1 - 1, "flags": flags, "decoded-size limit": limit,
        ]) + spelled + body
    }

    /// gzip as Python's `gzip.compress(data, mtime=0)` writes it (level 9, the zlib gzip header), which
    /// the first seeds were made with.
    static func gzip(_ data: [UInt8]) -> [UInt8] { ZlibEncoding.compress(data, windowBits: 31, level: 9) }

    public static var seeds: [Seed] {
        let text = Array(String(repeating: "hello hello hello, content-encoding ", count: 3).utf8)
        var out: [Seed] = []
        for i in encodings.indices {
            // Flag 0: the harness compresses the payload; flag 1: raw deflate for deflate layers.
            out.append(Seed("seed-compress-\(i)", input(index: i, chunks: (1, 7), flags: 1, text)))
            out.append(Seed("seed-compress-raw-\(i)", input(index: i, chunks: (3, 1), flags: 3, limit: 2, text)))
        }
        let zlib = ZlibEncoding.compress(text, windowBits: 15)
        out += [
            Seed("seed-gzip-raw", input(chunks: (4, 1), gzip(text))),
            Seed("seed-gzip-two-members", input(chunks: (1, 2), gzip(Array("ab".utf8)) + gzip(Array("cd".utf8)))),
            Seed("seed-gzip-padding", input(chunks: (1, 2), gzip(Array("ab".utf8)) + [0, 0, 0])),
            // 50 empty members in 1,005 bytes (max_len 1024): decoded one after another on the body's small stack.
            Seed(
                "seed-gzip-many-members",
                input(chunks: (256, 256), Array(repeating: gzip([]), count: 50).flatMap { $0 })),
            Seed("seed-gzip-truncated", input(chunks: (1, 1), Array(gzip(text).dropLast(5)))),
            Seed(
                "seed-gzip-bad-crc",
                input(chunks: (1, 1), Array(gzip(Array("x".utf8)).dropLast(8)) + [UInt8](repeating: 0, count: 8))),
            Seed("seed-zlib-raw", input(index: 2, chunks: (6, 10), zlib)),
            Seed("seed-deflate-raw", input(index: 2, chunks: (1, 1), Array(zlib.dropFirst(2).dropLast(4)))),
            Seed("seed-bomb-limit", input(chunks: (201, 201), limit: 1, gzip([UInt8](repeating: 0, count: 100_000)))),
            // Within the default limit: 100,000 bytes from ~130 in 256-byte chunks, so streaming fills and
            // doubles the scratch buffer (16 → 64 KiB) and LSan sees the old one leak if it is not freed.
            Seed("seed-bomb-default-limit", input(chunks: (256, 256), gzip([UInt8](repeating: 0, count: 100_000)))),
            Seed("seed-custom-encoding", input(coding: "gzip,gzip,gz", chunks: (1, 1), gzip(gzip(Array("x".utf8))))),
            Seed(
                "seed-six-layers",
                input(coding: "gzip,gzip,gzip,gzip,gzip,gzip,gzip", chunks: (1, 1), flags: 1, Array("x".utf8))),
        ]
        return out
    }

    /// A content-decode vector: its Content-Encoding spelled out, its body, chunk sizes and limit.
    public static func seed(from v: SeedVector) -> [UInt8]? {
        guard v.component == "content-decode", let body = v.bytes("body") else { return nil }
        let coding = v.input["contentEncoding"]?.stringValue ?? ""
        let limit = v.integerOption("maxDecodedSize").map { $0 == 0 ? 0 : max(1, min(255, $0 / 16)) } ?? 0
        guard coding.utf8.count <= 248 else { return nil }
        return input(coding: coding, chunks: v.chunkSizes, limit: limit, body)
    }
}
