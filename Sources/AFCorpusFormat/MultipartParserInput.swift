import AFSerialization
import AFVectorFormat

/// The `multipart-parser` target's corpus input: SPEC §5.7 strict multipart parsing.
///
/// The frozen header, payload and oracles: ``descriptor``. Payload: the body bytes.
public enum MultipartParserInput: CorpusTarget {
    public static let name = "multipart-parser"
    /// The frozen option header (a field is never moved or resized; a new option takes reserved bits),
    /// the payload and the oracles: scripts/fuzz/targets.json is rendered from it (`conformance fuzz-targets`).
    public static let descriptor = FuzzTargetDescriptor(
        name: name, body: "MultipartParserFuzz", spec: "SPEC §5.7",
        header: [
            HeaderField(
                byte: 0, "boundary",
                value:
                    "0-3: one of MultipartParserInput.boundaries, n >= 4: the first n - 3 payload bytes (lossy UTF-8)"),
            HeaderField(byte: 1, "chunk size A", value: "b + 1 (chunks alternate A, B)"),
            HeaderField(byte: 2, "chunk size B", value: "b + 1"),
            HeaderField(
                byte: 3, "flags",
                bits: [
                    0: "allow UTF-8 headers", 1: "small limits (4 parts, 64 header bytes a part, 1024 bytes in all)",
                ], reserved: "2-7"),
        ],
        payload: "the body bytes",
        oracles: [
            "chunked-equals-one-shot", "limits-respected", "written-back-parses-the-same", "multipart-kit-differential",
        ])

    package static let boundaries = [
        "AaB03x", "Boundary+D87993F14D11D1AD", "b", "----WebKitFormBoundary7MA4YWxkTrZu0gW",
    ]

    /// The decoded header and payload (shared with the snapshot renderer).
    package struct Setup {
        package let boundary: String
        package let chunkA: Int, chunkB: Int
        package let options: MultipartParserOptions
        package let body: [UInt8]
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
        let boundaryByte = input.option()
        let chunkA = Int(input.option()) + 1, chunkB = Int(input.option()) + 1
        let flags = input.option()
        let boundary =
            boundaryByte < 4
            ? boundaries[Int(boundaryByte)] : String(decoding: input.take(Int(boundaryByte) - 3), as: UTF8.self)
        var limits = Limits.default
        if flags & 2 != 0 {
            limits.maxMultipartParts = 4
            limits.maxPartHeaderBytes = 64
            limits.maxMultipartBytes = 1024
        }
        let options = MultipartParserOptions(limits: limits, allowUTF8Headers: flags & 1 != 0)
        return Setup(boundary: boundary, chunkA: chunkA, chunkB: chunkB, options: options, body: Array(input.rest()))
    }
}

// MARK: Output text (snapshots)

extension MultipartParserInput {
    /// From ``setUp(_:)``: every parsed part (headers, name, filename, type, body) or the
    /// error, from one-shot parsing (the body checks that chunked parsing agrees).
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let s = setUp(&input)
        let result = Result { () throws(AFSError) in
            try MultipartParser.parse(s.body, boundary: s.boundary, options: s.options)
        }
        return
            "boundary \(s.boundary.debugDescription) utf8Headers \(s.options.allowUTF8Headers) "
            + "limits \(s.options.limits.maxMultipartParts)\n"
            + OutputText.render(result) { parts in
                var text = "\(parts.count) parts"
                for p in parts {
                    text +=
                        "\npart name \(p.name.debugDescription) filename \(p.filename?.debugDescription ?? "-") "
                        + "type \(p.contentType ?? "-")"
                    for h in p.headers { text += "\n  \(h.name): \(h.value)" }
                    text +=
                        "\n  body "
                        + (String(validating: p.body, as: UTF8.self)?.debugDescription ?? "hex " + Codec.hex(p.body))
                }
                return text
            }
    }
}

// MARK: As a vector request

extension MultipartParserInput {
    /// The `multipart-parse` component: same boundary, body, chunk sizes and limits.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        var options: [JSONValue.Member] = [
            .init("chunkSizes", .array([.number(String(s.chunkA)), .number(String(s.chunkB))])),
            .init("allowUTF8Headers", .bool(s.options.allowUTF8Headers)),
        ]
        let l = s.options.limits, d = Limits.default
        if l.maxMultipartParts != d.maxMultipartParts {
            options.append(.init("maxMultipartParts", .number(String(l.maxMultipartParts))))
        }
        if l.maxPartHeaderBytes != d.maxPartHeaderBytes {
            options.append(.init("maxPartHeaderBytes", .number(String(l.maxPartHeaderBytes))))
        }
        if l.maxMultipartBytes != d.maxMultipartBytes {
            options.append(.init("maxMultipartBytes", .number(String(l.maxMultipartBytes))))
        }
        return VectorRequest(
            component: "multipart-parse", profile: .default,
            input: .object([.init("boundary", .string(s.boundary)), .init("body", Codec.encodeBytes(s.body))]),
            options: .object(options),
            notes: [
                "the vector records the parts (or error) of chunked parsing; the fuzz body's "
                    + "one-shot vs chunked, write-back and multipart-kit checks are not part of it"
            ])
    }
}

// MARK: Seeds

extension MultipartParserInput {
    public static var payloadKind: PayloadKind { .lines }

    /// An input whose boundary is one of ``boundaries`` (`index`) or, when `boundary` is given, spelled
    /// out at the start of the payload.
    static func input(
        index: Int = 0, boundary: String? = nil, chunks: (Int, Int) = (1, 1), flags: Int = 0, _ body: [UInt8]
    ) -> [UInt8] {
        let spelled = boundary.map { Array($0.utf8) } ?? []
        return descriptor.header([
            "boundary": boundary == nil ? index : 3 + spelled.count, "chunk size A": chunks.0 - 1,
            "chunk size B": chunks.1 - 1, "flags": flags,
        ]) + spelled + body
    }

    /// A multipart body (RFC 2046 §5.1.1): each part's header lines and content, the close delimiter
    /// unless `close` is false, and the preamble and epilogue.
    static func body(
        _ boundary: String, _ parts: [([String], String)], close: Bool = true, preamble: String = "",
        epilogue: String = ""
    ) -> [UInt8] {
        var out = preamble
        for (i, (headers, content)) in parts.enumerated() {
            out += (i == 0 && preamble.isEmpty ? "--" : "\r\n--") + boundary + "\r\n"
            for h in headers { out += h + "\r\n" }
            out += "\r\n" + content
        }
        if close { out += "\r\n--" + boundary + "--\r\n" + epilogue }
        return Array(out.utf8)
    }

    public static var seeds: [Seed] {
        func disposition(_ name: String) -> String { #"Content-Disposition: form-data; name="\#(name)""# }
        let standard = [
            ([disposition("a")], "1"),
            ([disposition("f") + #"; filename="x.txt""#, "Content-Type: text/plain"], "hello\r\nworld"),
            ([disposition("e")], ""),
        ]
        var out: [Seed] = []
        for (i, boundary) in boundaries.enumerated() {
            out.append(Seed("seed-std-\(i)", input(index: i, chunks: (1, 5), body(boundary, standard))))
            out.append(
                Seed(
                    "seed-std-chunked-\(i)",
                    input(
                        index: i, chunks: (3, 7), flags: 1,
                        body(boundary, standard, preamble: "preamble\r\n", epilogue: "epilogue"))))
        }
        let b = boundaries[0]
        out += [
            Seed("seed-unclosed", input(body(b, standard, close: false))),
            Seed("seed-no-colon", input(body(b, [(["NoColonHere"], "x")]))),
            Seed("seed-no-disposition", input(body(b, [(["Content-Type: a/b"], "x")]))),
            Seed("seed-no-name", input(body(b, [(["Content-Disposition: form-data"], "x")]))),
            Seed("seed-utf8-header", input(flags: 1, body(b, [([disposition("\u{E9}")], "x")]))),
            Seed("seed-utf8-header-refused", input(body(b, [([disposition("\u{E9}")], "x")]))),
            Seed("seed-small-limits", input(flags: 2, body(b, standard + standard))),
            Seed(
                "seed-near-delimiter",
                input(chunks: (2, 3), body(b, [([disposition("a")], "\r\n--AaB03\r\n-\r\n--AaB03xx")]))),
            Seed("seed-custom-boundary", input(boundary: "q'(+)", body("q'(+)", standard))),
            Seed("seed-bad-boundary", input(boundary: "a b", body("a b", standard))),
        ]
        return out
    }

    /// A multipart-parse vector: its boundary spelled out, its body and chunk sizes.
    public static func seed(from v: SeedVector) -> [UInt8]? {
        guard v.component == "multipart-parse", let body = v.bytes("body") else { return nil }
        let boundary = v.input["boundary"]?.stringValue ?? ""
        guard (1...252).contains(boundary.utf8.count) else { return nil }
        return input(boundary: boundary, chunks: v.chunkSizes, body)
    }
}
