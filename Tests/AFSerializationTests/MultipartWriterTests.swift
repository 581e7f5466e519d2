import Foundation
import Testing
@testable import AFSerialization
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The writer (SPEC §5.1–5.4) and the body stream it makes (SPEC §5.5, §5.6). Expected bytes are
/// written out by hand from the SPEC §5.2 framing and §5.3 header text, never copied from the
/// writer's output. With boundary `X`:
///   `--X\r\n` 5 + `Content-Disposition: form-data; name="k"\r\n` 42 (19 + 2 + 11 + 8 + 2)
///   + `\r\n` 2 = 49 bytes before a one-letter-named field's body; close `\r\n--X--\r\n` 9.
@Suite struct MultipartWriterTests {
    static let b25 = "Boundary+0123456789ABCDEF"  // 25 characters, the generated shape (SPEC §5.1)

    /// SPEC §5.2/§5.3: one form part = 111 bytes with a 25-character boundary. The SPEC does not name
    /// the field, so we chose name `foo`, value `bar`:
    ///   `--B\r\n`                                           29  (2 + 25 + 2, SPEC §5.2)
    ///   `Content-Disposition: form-data; name="foo"\r\n`    44  (38 + 3 + 1 + 2)
    ///   `\r\n`                                               2
    ///   `bar`                                                3
    ///   `\r\n--B--\r\n`                                     33  (SPEC §5.2)
    ///   total 29 + 44 + 2 + 3 + 33 = 111, i.e. 105 + len(name) + len(value) with len sum 6.
    @Test func oneFormPartIs111Bytes() throws {
        var form = try MultipartFormData(boundary: Self.b25)
        try form.appendFormField(name: "foo", value: "bar")
        let expected = "--\(Self.b25)\r\nContent-Disposition: form-data; name=\"foo\"\r\n\r\nbar\r\n--\(Self.b25)--\r\n"
        #expect(Array(expected.utf8).count == 111)
        #expect(try MP.bytes(of: form) == Array(expected.utf8))
        #expect(form.contentLength == 111)
    }

    /// SPEC: parameter + file part = 244 bytes. The SPEC names neither, so: parameter `foo=bar`, then
    /// a file part with name `file`, filename `a.txt`, MIME `text/plain`, body `hello world`.
    ///   part 1: `--B\r\n` 29 + `Content-Disposition: form-data; name="foo"\r\n` 44 + `\r\n` 2 + `bar` 3 = 78
    ///   part 2: `\r\n--B\r\n` 31
    ///           + `Content-Disposition: form-data; name="file"; filename="a.txt"\r\n` 63 (38+4+1+12+5+1+2)
    ///           + `Content-Type: text/plain\r\n` 26 + `\r\n` 2 + `hello world` 11 = 133
    ///   close:  `\r\n--B--\r\n` 33
    ///   78 + 133 + 33 = 244.
    @Test func parameterPlusFilePartIs244Bytes() throws {
        let request = try HTTPRequestSerializer().multipartFormRequest(
            method: "POST", url: "http://example.com/upload", parameters: .dict(["foo": .string("bar")]),
            form: try MultipartFormData(boundary: Self.b25)
        ) { (f: inout MultipartFormData) throws(AFSError) in
            try f.appendFileData(Array("hello world".utf8), name: "file", filename: "a.txt", mimeType: "text/plain")
        }
        let B = Self.b25
        let expected =
            "--\(B)\r\nContent-Disposition: form-data; name=\"foo\"\r\n\r\nbar"
            + "\r\n--\(B)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nhello world"
            + "\r\n--\(B)--\r\n"
        #expect(Array(expected.utf8).count == 244)
        guard case .stream(let s) = request.body else { Issue.record("no stream body"); return }
        #expect(try MP.drain(s) == Array(expected.utf8))
        #expect(request.headers["Content-Length"] == "244")
        #expect(request.headers["Content-Type"] == "multipart/form-data; boundary=\(B)")
    }

    @Test func delimiterSizesFor25CharacterBoundary() throws {
        // SPEC §5.2: 29, 31 and 33 bytes. Two empty-named empty form parts:
        // 29 + 41 + 2 + 31 + 41 + 2 + 33 = 179 (41 = header line for an empty name).
        var form = try MultipartFormData(boundary: Self.b25)
        try form.appendFormField(name: "", value: [])
        try form.appendFormField(name: "", value: [])
        #expect(form.contentLength == 179)
        #expect(try MP.bytes(of: form).count == 179)
    }

    // MARK: Boundary (SPEC §5.1)

    @Test func generatedBoundaryShapeAndSeed() {
        // Reference outputs of Vigna's splitmix64.c for seed 0 are 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4
        // (also reproduced by an independent Python transcription); the boundary takes their high halves.
        var r = SplitMix64(seed: 0)
        #expect(MultipartBoundary.generate(using: &r) == "Boundary+E220A8396E789E6A")
        let f = MultipartFormData(random: SystemBoundaryRandom())
        #expect(f.boundary.utf8.count == 25 && f.boundary.hasPrefix("Boundary+"))
        #expect(f.boundary.dropFirst(9).allSatisfy { "0123456789ABCDEF".contains($0) })
    }

    @Test func boundaryValidation() {
        // Empty and CR/LF break the framing in every profile; RFC 2046 §5.1.1 (1–70 bchars, no
        // trailing space) is enforced in strict only (SPEC §5.1).
        for bad in ["", "a\r\nb"] {
            for p in Profile.allCases {
                #expect(
                    MP.error { () throws(AFSError) in try MultipartFormData(profile: p, boundary: bad) }?.kind
                        == .invalidBoundary, "\(bad.debugDescription) \(p)")
            }
        }
        for bad in ["ends with space ", "semi;colon", "quote\"", "é", String(repeating: "a", count: 71)] {
            #expect(
                MP.error { () throws(AFSError) in try MultipartFormData(profile: .strict, boundary: bad) }?.kind
                    == .invalidBoundary)
            #expect(MP.error { () throws(AFSError) in try MultipartFormData(profile: .af4, boundary: bad) } == nil)
        }
        for good in [String(repeating: "z", count: 70), "'()+_,-./:=? x", "1"] {
            #expect(MP.error { () throws(AFSError) in try MultipartFormData(profile: .strict, boundary: good) } == nil)
        }
    }

    // MARK: Parts (SPEC §5.3)

    @Test func parametersFirstRawNamesDataRawNullEmpty() throws {
        let params = ParameterValue.dict([
            "z": .string("last"), "a b": .array([.integer(1), .bool(true)]), "d": .data([0x00, 0xFF]), "n": .null,
        ])
        let req = try HTTPRequestSerializer().multipartFormRequest(
            method: "PUT", url: "http://h/", parameters: params, form: try MultipartFormData(boundary: "X")
        ) { (f: inout MultipartFormData) throws(AFSError) in try f.appendFormField(name: "caller", value: "c") }
        guard case .stream(let s) = req.body else { Issue.record("no stream"); return }
        func part(_ name: String, _ body: [UInt8]) -> [UInt8] {
            Array("Content-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8) + body
        }
        // SPEC §2.2/2.3: keys sorted ("a b" < "d" < "n" < "z"), array fields `a b[]`, bool → 1,
        // names unescaped (SPEC §5.3), data raw, null empty, caller parts after.
        var expected = Array("--X\r\n".utf8) + part("a b[]", Array("1".utf8))
        for (n, b) in [
            ("a b[]", Array("1".utf8)), ("d", [0x00, 0xFF]), ("n", []), ("z", Array("last".utf8)),
            ("caller", Array("c".utf8)),
        ] as [(String, [UInt8])] {
            expected += Array("\r\n--X\r\n".utf8) + part(n, b)
        }
        expected += Array("\r\n--X--\r\n".utf8)
        #expect(try MP.drain(s) == expected)
    }

    @Test func filePartsHeaderOrderAndCustomHeaders() throws {
        var form = try MultipartFormData(boundary: "X")
        try form.appendStream(.bytes([1, 2, 3]), length: 3, name: "s", filename: "s.bin", mimeType: "application/x-s")
        try form.appendPart(
            headers: [MultipartHeader("X-B", "2"), MultipartHeader("X-A", "1")], body: .bytes(Array("q".utf8)))
        let expected =
            "--X\r\nContent-Disposition: form-data; name=\"s\"; filename=\"s.bin\"\r\n"
            + "Content-Type: application/x-s\r\n\r\n\u{1}\u{2}\u{3}"
            + "\r\n--X\r\nX-B: 2\r\nX-A: 1\r\n\r\nq\r\n--X--\r\n"
        #expect(try MP.bytes(of: form) == Array(expected.utf8))
        #expect(form.contentLength == expected.utf8.count)
    }

    @Test func strictEscapesNamesAndFilenames() throws {
        // HTML standard multipart/form-data encoding: LF → %0A, CR → %0D, " → %22, nothing else.
        for (profile, name, file) in [
            (Profile.strict, "a%0Ab%0Dc%22d%é", "f%22.txt"), (.af4, "a\nb\rc\"d%é", "f\".txt"),
        ] {
            var form = try MultipartFormData(profile: profile, boundary: "X")
            try form.appendFileData([], name: "a\nb\rc\"d%é", filename: "f\".txt", mimeType: "text/plain")
            let text = String(decoding: try MP.bytes(of: form), as: UTF8.self)
            #expect(text.contains("name=\"\(name)\"; filename=\"\(file)\"\r\n"), "\(profile)")
            #expect(!text.contains("filename*"))
        }
        var strict = try MultipartFormData(profile: .strict, boundary: "X")
        #expect(
            MP.error { () throws(AFSError) in
                try strict.appendPart(headers: [MultipartHeader("X", "a\r\nb")], body: .bytes([]))
            }?.kind == .invalidPartHeader)
    }

    @Test func mimeTypesFromExtension() {
        #expect(MultipartMIME.type(forFilename: "photo.JPG") == "image/jpeg")
        #expect(MultipartMIME.type(forFilename: "a.b.png") == "image/png")
        #expect(MultipartMIME.type(forFilename: "notes.txt") == "text/plain")
        #expect(MultipartMIME.type(forFilename: "x.unknownext") == "application/octet-stream")
        #expect(MultipartMIME.type(forFilename: "README") == "application/octet-stream")
        #expect(MultipartMIME.type(forFilename: ".png") == "application/octet-stream")
    }

    @Test func filePathPartsAndTheirErrors() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        let file = dir.appendingPathComponent("pic.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: file)
        var form = try MultipartFormData(boundary: "X")
        try form.appendFile(url: file.absoluteString, name: "img")  // a file:// URL
        try form.appendFile(url: file.path, name: "img2")  // a plain path
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let expected =
            Array(
                ("--X\r\nContent-Disposition: form-data; name=\"img\"; filename=\"pic.png\"\r\n"
                    + "Content-Type: image/png\r\n\r\n")
                    .utf8) + png
            + Array(
                ("\r\n--X\r\nContent-Disposition: form-data; name=\"img2\"; filename=\"pic.png\"\r\n"
                    + "Content-Type: image/png\r\n\r\n")
                    .utf8) + png
            + Array("\r\n--X--\r\n".utf8)
        #expect(try MP.bytes(of: form) == expected)
        #expect(form.contentLength == (try MP.bytes(of: form)).count)

        // SPEC §5.3: −1000 with AF's two reasons.
        let notFile = MP.error { () throws(AFSError) in try form.appendFile(url: "https://example.com/a.png", name: "x")
        }
        #expect(notFile?.domain == AFSError.requestDomain && notFile?.code == -1000)
        #expect(notFile?.failureReason == "Expected URL to be a file URL")
        let missing = MP.error { () throws(AFSError) in
            try form.appendFile(url: dir.appendingPathComponent("nope.txt").path, name: "x")
        }
        #expect(missing?.code == -1000 && missing?.failureReason == "File URL not reachable.")
    }

    // MARK: Finalizing (SPEC §5.4)

    @Test func finalizing() throws {
        let s = HTTPRequestSerializer()
        for m in ["GET", "head", "Get"] {
            #expect(
                MP.error { () throws(AFSError) in
                    try s.multipartFormRequest(method: m, url: "http://h/", parameters: nil, form: MultipartFormData())
                }?.kind == .multipartMethodNotAllowed)
        }
        // No parts: exactly the §3.2 request with no parameters (POST → "" body + form type).
        let empty = try s.multipartFormRequest(
            method: "POST", url: "http://h/", parameters: nil, form: MultipartFormData())
        #expect(empty.body.bytes == [])
        #expect(empty.headers.pairs.map { $0.0 + ": " + $0.1 } == ["Content-Type: application/x-www-form-urlencoded"])
        let plain = try s.serialize(Request(method: "DELETE", url: "http://h/"), parameters: nil)
        let del = try s.multipartFormRequest(
            method: "DELETE", url: "http://h/", parameters: nil, form: MultipartFormData())
        #expect(del.body.isNone && del.headers == plain.headers)
        // With parts: Content-Type overwritten (even a caller's), Content-Length exact.
        let req = try s.multipartFormRequest(
            method: "POST", url: "http://h/", headers: HTTPHeaders([("content-type", "text/plain")]),
            parameters: .dict(["k": .string("v")]),
            form: try MultipartFormData(boundary: "Q"))
        #expect(req.headers["Content-Type"] == "multipart/form-data; boundary=Q")
        #expect(req.headers.pairs.filter { $0.0.lowercased() == "content-type" }.count == 1)
        guard case .stream(let st) = req.body else { Issue.record("no stream"); return }
        #expect(req.headers["Content-Length"] == String(try MP.drain(st).count))
    }

    @Test func contentLengthIsComputedWithoutReadingBodies() throws {
        // A stream source that would fail if opened: Content-Length must not need it.
        var form = try MultipartFormData(boundary: "X")
        try form.appendStream(
            MultipartStreamSource { () throws(AFSError) in throw AFSError(.streamReadFailed, "opened") },
            length: 1000, name: "n", filename: "f", mimeType: "m/t")
        let req = try form.finalizing(Request(method: "POST", url: "http://h/"))
        // `--X\r\n` 5 + `Content-Disposition: form-data; name="n"; filename="f"\r\n` 56
        // + `Content-Type: m/t\r\n` 19 + `\r\n` 2 + 1000 + `\r\n--X--\r\n` 9 = 1091
        #expect(req.headers["Content-Length"] == "1091")
    }

    /// SPEC §5.4: the exact total, whatever its size: a declared 5 GiB stream does not wrap at 2^32
    /// (AFNetworking 2.2.2 moved its byte counts to 64 bits for that).
    @Test func contentLengthOfPartsBeyond4GiBDoesNotWrap() throws {
        var form = try MultipartFormData(boundary: "X")
        try form.appendStream(
            MultipartStreamSource { () throws(AFSError) in throw AFSError(.streamReadFailed, "opened") },
            length: 5 << 30, name: "n", filename: "f", mimeType: "m/t")
        let req = try form.finalizing(Request(method: "POST", url: "http://h/"))
        // The 91 bytes of framing around the body, as in contentLengthIsComputedWithoutReadingBodies.
        #expect(req.headers["Content-Length"] == String((5 << 30) + 91))
        #expect(form.contentLength == (5 << 30) + 91)
    }

    @Test func tooManyPartsIsALimitError() throws {
        var limits = Limits()
        limits.maxMultipartParts = 10_000
        var form = try MultipartFormData(boundary: "X", limits: limits)
        var failure: AFSError?
        for i in 0..<100_000 {
            if let e = MP.error({ () throws(AFSError) in try form.appendFormField(name: "p", value: []) }) {
                failure = e
                #expect(i == 10_000)
                break
            }
        }
        #expect(failure?.kind == .limitExceeded)
        #expect(form.parts.count == 10_000)
    }

    @Test func hundredThousandPartsWithARaisedLimit() throws {
        var limits = Limits()
        limits.maxMultipartParts = 100_000
        var form = try MultipartFormData(boundary: "X", limits: limits)
        for _ in 0..<100_000 { try form.appendFormField(name: "p", value: "v") }
        // Each part: delimiter 5 (first) or 7 (later) + `Content-Disposition: form-data; name="p"\r\n` 42
        // + `\r\n` 2 + `v` 1; close `\r\n--X--\r\n` 9.
        let expectedLength = 5 + 99_999 * 7 + 100_000 * 45 + 9
        #expect(form.contentLength == expectedLength)
        let bytes = try MP.bytes(of: form)
        #expect(bytes.count == expectedLength)
        // Spot-check the framing at both ends (the parser suite parses a 100,000-part body).
        let head = Array("--X\r\nContent-Disposition: form-data; name=\"p\"\r\n\r\nv\r\n--X\r\n".utf8)
        let tail = Array("v\r\n--X--\r\n".utf8)
        #expect(Array(bytes.prefix(head.count)) == head && Array(bytes.suffix(tail.count)) == tail)
    }

    // MARK: API-only helpers (SPEC §5.1–5.4)

    /// A form without parts has no bytes and a zero Content-Length; a caller-chosen boundary is not
    /// "generated"; the String overload sends the value's UTF-8; a negative declared length is refused,
    /// naming the value passed.
    @Test func formHelpersOnlyTheSwiftAPIReaches() throws {
        // No parts, no bytes (SPEC §5.4: a form without parts adds no body at all).
        let empty = try MultipartFormData(boundary: "X")
        #expect(empty.contentLength == 0)
        let emptyStream = empty.makeStream()
        #expect(emptyStream.contentLength == 0 && emptyStream.isAtEnd)
        #expect(try MP.drain(emptyStream) == [])

        // A caller-chosen boundary is not generated (SPEC §5.5 treats the two differently).
        #expect(empty.boundaryIsGenerated == false)
        #expect(MultipartFormData(random: SplitMix64(seed: 3)).boundaryIsGenerated == true)

        // The String overload sends the value's UTF-8 bytes (é = C3 A9): 49 + 2 + 9 = 60 bytes.
        var text = try MultipartFormData(boundary: "X")
        try text.appendFormField(name: "k", value: "é")
        #expect(text.parts.count == 1)
        #expect(text.contentLength == 60)
        #expect(try MP.bytes(of: text) == Self.head("k") + [0xC3, 0xA9] + Self.tail)

        // A negative declared length is refused, naming the value we passed.
        var custom = try MultipartFormData(boundary: "X")
        let negStream = MP.error { () throws(AFSError) in
            try custom.appendPart(
                headers: [MultipartHeader("X-A", "1")],
                body: .stream(MultipartStreamSource.bytes([]), declaredLength: -1))
        }
        #expect(negStream?.kind == .invalidOption)
        #expect(negStream?.context["length"] == "-1")
        let negFile = MP.error { () throws(AFSError) in
            try custom.appendPart(headers: [MultipartHeader("X-A", "1")], body: .file(path: "/nonexistent", length: -5))
        }
        #expect(negFile?.context["length"] == "-5")
        #expect(custom.parts.isEmpty)
    }

    /// SPEC §5.3: filename = last path component, as AF's `lastPathComponent` gives it: `…/folder/`
    /// → `folder`, and `/` → `/`. Headers are built when the part is appended (no read needed).
    @Test func filenameIsTheLastPathComponentEvenWithATrailingSlash() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        let sub = dir.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        var form = try MultipartFormData(boundary: "X")
        try form.appendFile(url: sub.path + "/", name: "d")
        try form.appendFile(url: "/", name: "r")
        #expect(form.parts.count == 2)
        // No extension → application/octet-stream (SPEC §5.3).
        #expect(
            form.parts[0].headers == [
                MultipartHeader("Content-Disposition", "form-data; name=\"d\"; filename=\"folder\""),
                MultipartHeader("Content-Type", "application/octet-stream"),
            ])
        #expect(form.parts[1].headers.first?.value == "form-data; name=\"r\"; filename=\"/\"")
    }
}
