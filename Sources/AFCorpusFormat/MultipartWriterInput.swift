import AFSerialization
import AFVectorFormat
#if canImport(Glibc)
    import Glibc
#endif

/// The `multipart-writer` target's corpus input: SPEC §5.1–5.6 multipart writer and phase reader.
/// Decoded as data (the parts), not as calls on a form, so that the snapshot renderer and
/// `--vector-request` can restate it.
///
/// The frozen header, payload and oracles: ``descriptor``. Payload: parts, one op byte each (mod 4): 0 form field, 1
/// file data, 2 stream, 3 custom headers;
/// then length-prefixed texts (name, filename, MIME type, body; lengths mod 8/8/8/32).
public struct MultipartWriterInput: CorpusTarget {
    public static let name = "multipart-writer"
    /// The frozen option header (a field is never moved or resized; a new option takes reserved bits),
    /// the payload and the oracles: scripts/fuzz/targets.json is rendered from it (`conformance fuzz-targets`).
    public static let descriptor = FuzzTargetDescriptor(
        name: name, body: "MultipartWriterFuzz", spec: "SPEC §5.1-5.6",
        header: [
            HeaderField(byte: 0, "profile", value: "Profile.allCases[b % 3]"),
            HeaderField(byte: 1, "read size A", value: "b + 1 (reads alternate A, B)"),
            HeaderField(byte: 2, "read size B", value: "b + 1"),
            HeaderField(byte: 3, "packet size", value: "0: unlimited"),
            HeaderField(byte: 4, "boundary seed", value: "SplitMix64 seed"),
            HeaderField(
                byte: 5, "flags",
                bits: [
                    0: "stream parts yield a byte more or less than declared", 1: "more (else less)",
                    2: "also finalize a POST and write its body to a file",
                ], reserved: "3-7"),
        ],
        payload:
            "parts (at most 16), one op byte each (b % 4: form field, file data, stream, custom headers), "
            + "then length-prefixed texts (name, filename, MIME type, body; lengths mod 8/8/8/32)",
        oracles: [
            "read-and-packet-size-invariance", "reads-within-buffer-and-packet", "content-length-up-front",
            "wrong-stream-length-typed-error", "own-parser-reads-back", "file-holds-the-bytes-read",
        ])

    package enum Part {
        case form(name: String, body: [UInt8])
        case file(name: String, filename: String, mimeType: String, body: [UInt8])
        /// A stream declaring `body.count` bytes that yields `yielded` (differs when the header's
        /// length-lie flag is set).
        case stream(name: String, filename: String, mimeType: String, body: [UInt8], yielded: [UInt8])
        /// A custom `Content-Disposition` header naming the part `name`, then the body.
        case headers(name: String, body: [UInt8])

        /// What our parser must read back for this part (names as written, before escaping).
        package var expected: Expected {
            switch self {
            case .form(let name, let body), .headers(let name, let body): .init(name: name, body: body)
            case .file(let name, let filename, let mime, let body),
                .stream(let name, let filename, let mime, let body, _):
                .init(name: name, filename: filename, mimeType: mime, body: body)
            }
        }
    }

    /// A part as our parser must read it back.
    package struct Expected {
        package var name: String
        package var filename: String?
        package var mimeType: String?
        package var body: [UInt8]
    }

    /// A stream part's bytes.
    final class ArrayStream: MultipartByteStream {
        let bytes: [UInt8]
        var at = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
            let n = min(buffer.count, bytes.count - at)
            for k in 0..<n { buffer[k] = bytes[at + k] }
            at += n
            return n
        }
    }

    /// The custom part's header value.
    static func disposition(name: String) -> String { "form-data; name=\"\(name)\"" }

    /// Some stream part yields more or fewer bytes than it declares (header flag bit 0).
    package var lengthLie: Bool {
        flags & 1 != 0 && parts.contains { if case .stream = $0 { true } else { false } }
    }

    package let profile: Profile
    package let readA: Int, readB: Int
    package let packetByte: UInt8
    package let seed: UInt64
    package let flags: UInt8
    package var parts: [Part] = []

    /// The header and parts, in input order (at most 16 parts).
    package init(_ input: inout CorpusInput) {
        profile = input.pick(Profile.self)
        readA = Int(input.option()) + 1
        readB = Int(input.option()) + 1
        packetByte = input.option()
        seed = UInt64(input.option())
        flags = input.option()
        func text(_ mod: UInt8) -> [UInt8] { Array(input.take(Int((input.next() ?? 0) % mod))) }
        while let op = input.next(), parts.count < 16 {
            let name = String(decoding: text(8), as: UTF8.self)
            switch op % 4 {
            case 0:
                parts.append(.form(name: name, body: text(32)))
            case 1, 2:
                let filename = String(decoding: text(8), as: UTF8.self)
                let mime = "application/x-" + String(decoding: text(8).filter { $0 > 0x20 && $0 < 0x7F }, as: UTF8.self)
                let body = text(32)
                if op % 4 == 1 {
                    parts.append(.file(name: name, filename: filename, mimeType: mime, body: body))
                } else {
                    var yielded = body
                    if flags & 1 != 0 {
                        if flags & 2 != 0 {
                            yielded.append(0x41)
                        } else if !yielded.isEmpty {
                            yielded.removeLast()
                        } else {
                            yielded.append(0x42)
                        }
                    }
                    parts.append(.stream(name: name, filename: filename, mimeType: mime, body: body, yielded: yielded))
                }
            default:
                let value = String(decoding: text(8).filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
                parts.append(.headers(name: "x" + value.filter { $0 != "\"" }, body: text(32)))
            }
        }
    }

    /// The form the body builds (boundary from SplitMix64(seed), collisions resolved).
    package func build() throws(AFSError) -> MultipartFormData {
        var form = MultipartFormData(profile: profile, random: SplitMix64(seed: seed))
        for part in parts {
            switch part {
            case .form(let name, let body): try form.appendFormField(name: name, value: body)
            case .file(let name, let filename, let mime, let body):
                try form.appendFileData(body, name: name, filename: filename, mimeType: mime)
            case .stream(let name, let filename, let mime, let body, let yielded):
                try form.appendStream(
                    MultipartStreamSource { ArrayStream(yielded) }, length: body.count,
                    name: name, filename: filename, mimeType: mime)
            case .headers(let name, let body):
                try form.appendPart(
                    headers: [MultipartHeader("Content-Disposition", Self.disposition(name: name))], body: .bytes(body))
            }
        }
        try form.resolveBoundaryCollisions()
        return form
    }

    /// Reads a whole stream with buffers cycling through `sizes`, checking each read's bound.
    package static func read(_ stream: MultipartBodyStream, sizes: [Int], packet: Int? = nil) -> Result<
        [UInt8], AFSError
    > {
        // One buffer for every read (on the stack when small), the output appended from it
        // in place: an execution makes hundreds of reads of 1–256 bytes, and a temporary array per
        // read would be most of its time.
        withUnsafeTemporaryAllocation(byteCount: sizes.max() ?? 1, alignment: 1) { buffer in
            var out: [UInt8] = []
            var k = 0
            while true {
                let size = sizes[k % sizes.count]
                k += 1
                let n: Int
                do throws(AFSError) {
                    n = try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<size]))
                } catch {
                    return .failure(error)
                }
                if n == 0 { break }
                if n > size || n > (packet ?? .max) || n < 0 {
                    return .failure(
                        AFSError(.invalidOption, "read returned \(n) for buffer \(size), packet \(packet ?? 0)"))
                }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<n]))
                if out.count > 1 << 22 { return .failure(AFSError(.invalidOption, "stream does not end")) }
            }
            return .success(out)
        }
    }

    /// Where `fileMismatch` writes its file: memory-backed `/dev/shm` when it is there and writable,
    /// else `TMPDIR` or `/tmp`. Creating, writing and unlinking a file on a disk-backed `/tmp` for every
    /// input is kernel time (journal and inode updates) that a fuzzer pays on each execution.
    static let scratchDirectory: String = {
        if access("/dev/shm", W_OK | X_OK) == 0 { return "/dev/shm" }
        if let t = getenv("TMPDIR"), t.pointee != 0 { return String(cString: t) }
        return "/tmp"
    }()

    /// SPEC §5.4 and §5.6 through the file system: a finalized POST, its body streamed into a
    /// file. Nil when the file holds exactly `bytes` and the headers are right, else what is wrong.
    package static func fileMismatch(_ form: MultipartFormData, bytes: [UInt8]) -> String? {
        var form = form
        let path = scratchDirectory + "/afs-fuzz-multipart-\(getpid())"
        defer { unlink(path) }
        let base = Request(method: "POST", url: "http://h/u")
        if form.parts.isEmpty {
            // SPEC §5.4: no parts leave the request as it was; §5.6: then there is no stream to write.
            let finalized = Result { () throws(AFSError) in try form.finalizing(base) }
            guard case .success(let r) = finalized, r.body.isNone, r.url == base.url, r.headers.isEmpty else {
                return "finalizing an empty form changed the request: \(finalized)"
            }
            let written = Result { () throws(AFSError) in try MultipartBodyFile.writingBody(of: base, toFile: path) }
            guard case .failure(let e) = written, e.kind == .invalidOption else {
                return "wrote a request without a stream body: \(written)"
            }
            return nil
        }
        let result = Result { () throws(AFSError) in
            let request = try form.finalizing(base)
            return (request, try MultipartBodyFile.writingBody(of: request, toFile: path))
        }
        guard case .success(let (request, written)) = result else {
            return "finalizing or writing the file failed: \(result)"
        }
        guard
            request.headers["Content-Type"] == form.contentType
                && request.headers["Content-Length"] == String(bytes.count)
        else {
            return "finalized headers \(request.headers.pairs)"
        }
        guard written.body.isNone && written.headers["Content-Length"] == String(bytes.count) else {
            return "the written request kept a body or lost Content-Length"
        }
        guard let f = fopen(path, "rb") else { return "no file at \(path)" }
        defer { fclose(f) }
        var file = [UInt8](repeating: 0, count: bytes.count + 1)
        let n = fread(&file, 1, file.count, f)
        guard n == bytes.count && Array(file[..<n]) == bytes else {
            return "the file holds \(n) bytes, not the \(bytes.count) read"
        }
        return nil
    }
}

// MARK: Output text (snapshots)

extension MultipartWriterInput {
    /// The header and parts: the boundary, Content-Length and the bytes the writer
    /// produces (read in one 64 KiB buffer), or the build/read error; and whether the header's
    /// read sizes and packet size give the same bytes (or which error); with bit 2 of `[5]`, whether
    /// the file written from the finalized request holds them.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let spec = Self(&input)
        var out =
            "profile \(spec.profile) reads \(spec.readA) \(spec.readB) packet \(spec.packetByte) "
            + "seed \(spec.seed) flags \(spec.flags) parts \(spec.parts.count)\n"
        let form: MultipartFormData
        do { form = try spec.build() } catch {
            return out + "build " + OutputText.render(error)
        }
        out += "contentLength \(form.contentLength) boundary \(form.boundary)\n"
        let whole = read(form.makeStream(), sizes: [1 << 16])
        out += OutputText.render(whole) { "body " + OutputText.render(bytes: $0) }
        let packet = spec.packetByte == 0 ? nil : Int(spec.packetByte)
        let throttled = read(
            form.makeStream(throttle: MultipartThrottle(packetSize: packet)), sizes: [spec.readA, spec.readB],
            packet: packet)
        switch (whole, throttled) {
        case (.success(let a), .success(let b)):
            out += a == b ? "\nthrottled same" : "\nthrottled differs " + OutputText.summary(b)
        case (_, .failure(let e)): out += "\nthrottled " + OutputText.render(e)
        case (.failure, .success(let b)): out += "\nthrottled " + OutputText.summary(b)
        }
        if spec.flags & 4 != 0, case .success(let a) = whole {  // the finalized request written to a file
            out += "\nfile " + (fileMismatch(form, bytes: a) ?? "same")
        }
        return out
    }
}

// MARK: As a vector request

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
                return .object([
                    member("kind", "file"), member("name", name), member("filename", filename),
                    member("mimeType", mime),
                    .init("body", Codec.encodeBytes(body)),
                ])
            case .stream(let name, let filename, let mime, let body, let yielded):
                return .object([
                    member("kind", "stream"), member("name", name), member("filename", filename),
                    member("mimeType", mime),
                    .init("declaredLength", .number(String(body.count))), .init("body", Codec.encodeBytes(yielded)),
                ])
            case .headers(let name, let body):
                return .object([
                    member("kind", "headers"),
                    .init(
                        "headers",
                        .array([
                            .array([
                                .string("Content-Disposition"), .string(MultipartWriterInput.disposition(name: name)),
                            ])
                        ])),
                    .init("body", Codec.encodeBytes(body)),
                ])
            }
        }
        var options: [JSONValue.Member] = [
            .init("readSizes", .array([.number(String(spec.readA)), .number(String(spec.readB))]))
        ]
        if spec.packetByte != 0 { options.append(.init("packetSize", .number(String(spec.packetByte)))) }
        return VectorRequest(
            component: "multipart", profile: spec.profile,
            input: .object([
                member("method", "POST"), member("url", "http://h/"), .init("seed", .number(String(spec.seed))),
                .init("parts", .array(parts)),
            ]),
            options: .object(options),
            notes: [
                "the vector records headers, body and Content-Length read with the fuzz "
                    + "input's read sizes; the fuzz body's parse-back check is not part of it"
            ])
    }
}

// MARK: Seeds

extension MultipartWriterInput {
    /// `readBytes` and `packet` are the header bytes (a read size is the byte + 1; packet 0 is unlimited).
    static func input(
        _ profile: Profile, readBytes: (Int, Int), packet: Int = 0, seed: Int, flags: Int = 0, _ parts: [UInt8]
    ) -> [UInt8] {
        descriptor.header([
            "profile": profile.caseIndex, "read size A": readBytes.0, "read size B": readBytes.1, "packet size": packet,
            "boundary seed": seed, "flags": flags,
        ]) + parts
    }

    /// One part op: its op byte, then each text with its length byte (the decoder reads lengths mod 8,
    /// the body's mod 32).
    static func part(_ op: UInt8, _ texts: String...) -> [UInt8] {
        var out = [op]
        for (i, text) in texts.enumerated() {
            let bytes = Array(text.utf8)
            precondition(bytes.count < (i == texts.count - 1 ? 32 : 8), "part text too long: \(text)")
            out += [UInt8(bytes.count)] + bytes
        }
        return out
    }

    public static var seeds: [Seed] {
        func field(_ name: String, _ value: String) -> [UInt8] { part(0, name, value) }
        func stream(_ name: String, _ filename: String, _ mime: String, _ body: String) -> [UInt8] {
            part(2, name, filename, mime, body)
        }
        let parts =
            field("a", "1") + part(1, "f", "x.txt", "plain", "hello\r\n") + stream("s", "s.bin", "bin", "streamed")
            + part(3, "c", "v", "body")
        var out: [Seed] = []
        for profile in Profile.allCases {
            for (a, b, packet) in [(0, 0, 0), (2, 6, 0), (255, 0, 3), (28, 30, 31)] {
                out.append(
                    Seed(
                        "seed-mixed-\(profile.rawValue)-\(a)-\(b)-\(packet)",
                        input(profile, readBytes: (a, b), packet: packet, seed: 7, parts)))
            }
        }
        out += [
            Seed(
                "seed-quote-crlf-names",
                input(.strict, readBytes: (4, 4), seed: 1, field(#"a"b"#, "x") + field("c\r\nd", "y"))),
            Seed("seed-quote-crlf-names-af", input(.af4, readBytes: (4, 4), seed: 1, field(#"a"b"#, "x"))),
            // Flags 1 and 2: a stream yields a byte less, or more, than it declares.
            Seed(
                "seed-stream-too-short",
                input(.af4, readBytes: (10, 3), seed: 1, flags: 1, stream("s", "f", "m", "12345"))),
            Seed(
                "seed-stream-too-long",
                input(.af4, readBytes: (10, 3), seed: 1, flags: 3, stream("s", "f", "m", "12345"))),
            Seed("seed-collision-strict", input(.strict, readBytes: (0, 0), seed: 9, field("a", "\r\n--Boundary+x"))),
            Seed("seed-utf8-name", input(.af4, readBytes: (0, 0), seed: 2, field("\u{E9}", "\u{FC}"))),
            Seed("seed-empty", input(.af4, readBytes: (0, 0), seed: 0, [])),
        ]
        // Flag 4: the finalized request's body is also written to a file.
        for profile in Profile.allCases {
            out.append(
                Seed("seed-file-\(profile.rawValue)", input(profile, readBytes: (255, 255), seed: 7, flags: 4, parts)))
        }
        out.append(
            Seed(
                "seed-file-stream-too-long",
                input(.af4, readBytes: (10, 3), seed: 1, flags: 7, stream("s", "f", "m", "12345"))))
        return out
    }
}
