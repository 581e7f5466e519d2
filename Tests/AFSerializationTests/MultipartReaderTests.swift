import Foundation
import PropertyBased
import Testing
@testable import AFSerialization

/// The phase reader (SPEC §5.5, §5.6). Expected bytes are assembled here from the SPEC §5.2
/// framing and §5.3 header text, independently of the writer's own header code.
@Suite struct MultipartReaderTests {
    /// A part as the test describes it, plus the bytes SPEC §5.3 says it produces.
    struct Spec {
        var headerText: String
        var body: [UInt8]
    }

    /// Random parts from `seed`: all kinds, bodies rich in CR, LF, `-` and boundary letters.
    static func randomForm(seed: UInt64, dir: URL) throws -> (MultipartFormData, [Spec]) {
        var r = SplitMix64(seed: seed)
        var form = MultipartFormData(random: r)
        let alphabet: [UInt8] = Array("\r\n-Bab=".utf8) + [0x00, 0xFF]
        func body() -> [UInt8] {
            let n = Int(r.next() % 4 == 0 ? 0 : r.next() % 300)
            return (0..<n).map { _ in alphabet[Int(r.next() % UInt64(alphabet.count))] }
        }
        func name() -> String { "n" + String(r.next() % 1000) }
        var specs: [Spec] = []
        for i in 0..<Int(1 + r.next() % 6) {
            let b = body()
            switch r.next() % 5 {
            case 0:
                let n = name()
                try form.appendFormField(name: n, value: b)
                specs.append(Spec(headerText: "Content-Disposition: form-data; name=\"\(n)\"\r\n", body: b))
            case 1:
                let n = name()
                try form.appendFileData(b, name: n, filename: "f\(i).dat", mimeType: "x/y")
                specs.append(
                    Spec(
                        headerText:
                            "Content-Disposition: form-data; name=\"\(n)\"; filename=\"f\(i).dat\"\r\n"
                            + "Content-Type: x/y\r\n",
                        body: b))
            case 2:
                let n = name()
                let chunk = Int(1 + r.next() % 50)
                try form.appendStream(.bytes(b, chunk: chunk), length: b.count, name: n, filename: "s", mimeType: "a/b")
                specs.append(
                    Spec(
                        headerText:
                            "Content-Disposition: form-data; name=\"\(n)\"; filename=\"s\"\r\nContent-Type: a/b\r\n",
                        body: b))
            case 3:
                let n = name()
                let file = dir.appendingPathComponent("p\(seed)-\(i).txt")
                try Data(b).write(to: file)
                try form.appendFile(url: file.path, name: n)
                specs.append(
                    Spec(
                        headerText:
                            "Content-Disposition: form-data; name=\"\(n)\"; filename=\"p\(seed)-\(i).txt\"\r\n"
                            + "Content-Type: text/plain\r\n",
                        body: b))
            default:
                try form.appendPart(headers: [MultipartHeader("X-Part", String(i))], body: .bytes(b))
                specs.append(Spec(headerText: "X-Part: \(i)\r\n", body: b))
            }
        }
        return (form, specs)
    }

    /// SPEC §5.2: `--B\r\n` opens the first part, `\r\n--B\r\n` later ones, `\r\n--B--\r\n` closes.
    static func expectedBytes(_ specs: [Spec], boundary: String) -> [UInt8] {
        var out: [UInt8] = []
        for (i, s) in specs.enumerated() {
            out += Array(((i == 0 ? "" : "\r\n") + "--\(boundary)\r\n" + s.headerText + "\r\n").utf8) + s.body
        }
        if !specs.isEmpty { out += Array("\r\n--\(boundary)--\r\n".utf8) }
        return out
    }

    /// Reads with buffer sizes cycling through `sizes` under packet size `packet`, checking the
    /// per-call contract: never more than buffer or packet, 0 only at the end.
    static func readChecked(_ stream: MultipartBodyStream, sizes: [Int], packet: Int?) throws -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: sizes.max()!)
        var k = 0
        while true {
            let size = sizes[k % sizes.count]
            k += 1
            let n = try buffer.withUnsafeMutableBytes {
                try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<size]))
            }
            #expect(n <= size && n <= (packet ?? .max))
            if n == 0 {
                #expect(out.count == stream.contentLength && stream.isAtEnd)
                return out
            }
            out += buffer[0..<n]
        }
    }

    @Test func randomPartsAnyReadAndPacketSizesGiveTheSameBytes() async throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        await propertyCheck(count: 150, input: Gen.uint64(), Gen.int(in: 1...70).array(of: 1...4), Gen.int(in: 0...40))
        { seed, sizes, p in
            do {
                let (form, specs) = try Self.randomForm(seed: seed, dir: dir)
                let expected = Self.expectedBytes(specs, boundary: form.boundary)
                let packet = p == 0 ? nil : p
                let got = try Self.readChecked(
                    form.makeStream(throttle: MultipartThrottle(packetSize: packet)), sizes: sizes, packet: packet)
                #expect(got == expected, "seed \(seed) sizes \(sizes) packet \(String(describing: packet))")
                #expect(form.contentLength == got.count)
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }

    @Test func everyBufferSizeSplitsDelimitersAndGivesIdenticalBytes() throws {
        var form = try MultipartFormData(boundary: "Boundary+0123456789ABCDEF")
        try form.appendFormField(name: "a", value: "1")
        try form.appendStream(.bytes(Array("two".utf8), chunk: 1), length: 3, name: "b", filename: "b", mimeType: "t/p")
        try form.appendFormField(name: "c", value: [])
        let reference = try MP.bytes(of: form)
        for size in 1...reference.count + 1 {
            #expect(try Self.readChecked(form.makeStream(), sizes: [size], packet: nil) == reference, "buffer \(size)")
            #expect(
                try Self.readChecked(form.makeStream(throttle: .init(packetSize: size)), sizes: [4096], packet: size)
                    == reference, "packet \(size)")
        }
    }

    final class FakeClock: MultipartClock, @unchecked Sendable {
        var sleeps: [UInt64] = []
        func sleep(nanoseconds: UInt64) { sleeps.append(nanoseconds) }
    }

    @Test func throttleLimitsPacketsAndSleepsBetweenThem() throws {
        var form = try MultipartFormData(boundary: "X")
        try form.appendFormField(name: "k", value: [UInt8](repeating: 0x61, count: 100))
        let clock = FakeClock()
        let stream = form.makeStream(throttle: MultipartThrottle(packetSize: 7, delayNanoseconds: 5_000, clock: clock))
        let got = try Self.readChecked(stream, sizes: [1000], packet: 7)
        let calls = (got.count + 6) / 7  // reads that returned data; the final 0-read does not sleep
        #expect(clock.sleeps == Array(repeating: 5_000, count: calls - 1))
        #expect(got.count == form.contentLength)
    }

    /// AF's throttle sleeps before every read call after the first, with or without a packet size
    /// (SPEC §5.5); the copy-only path inside an in-memory body must not skip the sleep. 1 ns is the
    /// smallest delay that must sleep.
    @Test func aDelayAloneSleepsBeforeEveryLaterReadInsideAnInMemoryBodyToo() throws {
        for delay: UInt64 in [1, 5_000] {
            var form = try MultipartFormData(boundary: "X")
            try form.appendFormField(name: "k", value: [UInt8](repeating: 0x61, count: 100))
            let clock = FakeClock()
            let stream = form.makeStream(throttle: MultipartThrottle(delayNanoseconds: delay, clock: clock))
            var buffer = [UInt8](repeating: 0, count: 3)
            var reads = 0
            var total = 0
            while true {
                let n = try buffer.withUnsafeMutableBytes { try stream.read(into: $0) }
                if n == 0 { break }
                reads += 1
                total += n
            }
            #expect(total == form.contentLength)
            #expect(reads > 30)
            #expect(clock.sleeps == Array(repeating: delay, count: reads - 1), "delay \(delay)")
        }
    }

    @Test func badBufferAndPacketSizesAreTypedErrors() throws {
        var form = try MultipartFormData(boundary: "X")
        try form.appendFormField(name: "k", value: "v")
        #expect(
            MP.error { () throws(AFSError) in
                try form.makeStream().read(into: UnsafeMutableRawBufferPointer(start: nil, count: 0))
            }?.kind == .invalidOption)
        // Also mid-body, where the in-memory fast path serves reads.
        let mid = form.makeStream()
        var byte: UInt8 = 0
        // `--X\r\n` 5 + `Content-Disposition: form-data; name="k"\r\n` 42 + `\r\n` 2 = 49 bytes before the body.
        for _ in 0..<49 { _ = try withUnsafeMutableBytes(of: &byte) { try mid.read(into: $0) } }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 1)
        defer { storage.deallocate() }
        let empty = UnsafeMutableRawBufferPointer(start: storage.baseAddress, count: 0)
        #expect(MP.error { () throws(AFSError) in try mid.read(into: empty) }?.kind == .invalidOption)
        #expect(try withUnsafeMutableBytes(of: &byte) { try mid.read(into: $0) } == 1 && byte == 0x76)  // "v"
        #expect(
            MP.error { () throws(AFSError) in try MP.drain(form.makeStream(throttle: .init(packetSize: 0))) }?.kind
                == .invalidOption)
    }

    // MARK: Bad bodies (SPEC §5.5): typed errors, never a truncated or padded body

    @Test func streamsShorterLongerOrFailingAreErrors() throws {
        func read(_ source: MultipartStreamSource, declared: Int, sizes: [Int] = [3]) throws -> AFSError? {
            var form = try MultipartFormData(boundary: "X")
            try form.appendStream(source, length: declared, name: "s", filename: "s", mimeType: "a/b")
            try form.appendFormField(name: "after", value: "x")
            let stream = form.makeStream()
            let e = MP.error { () throws(AFSError) in try MP.drain(stream, sizes: sizes) }
            // Sticky: the next read repeats the error instead of carrying on.
            if let e { #expect(MP.error { () throws(AFSError) in try MP.drain(stream) } == e) }
            return e
        }
        let ten = [UInt8](repeating: 0x41, count: 10)
        #expect(try read(.bytes(ten), declared: 10) == nil)
        #expect(try read(.bytes(ten), declared: 11)?.kind == .bodyLengthMismatch)
        #expect(try read(.bytes(ten), declared: 9)?.kind == .bodyLengthMismatch)
        #expect(try read(.bytes(ten), declared: 0)?.kind == .bodyLengthMismatch)
        #expect(try read(.bytes([]), declared: 1)?.kind == .bodyLengthMismatch)
        #expect(try read(.bytes(ten, failAfter: 4), declared: 10) == TestByteStream.failure)
        #expect(try read(.bytes(ten, failAfter: 0), declared: 10) == TestByteStream.failure)
        let openFails = MultipartStreamSource { () throws(AFSError) in throw AFSError(.streamReadFailed, "cannot open")
        }
        #expect(try read(openFails, declared: 1)?.message == "cannot open")
    }

    @Test func filesThatChangeOrVanishAreErrors() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        func form(for path: URL) throws -> MultipartFormData {
            var f = try MultipartFormData(boundary: "X")
            try f.appendFile(url: path.path, name: "f")
            return f
        }
        let f = dir.appendingPathComponent("a.bin")
        try Data(repeating: 7, count: 1000).write(to: f)

        let shrinking = try form(for: f)
        try Data(repeating: 7, count: 500).write(to: f)
        #expect(MP.error { () throws(AFSError) in try MP.bytes(of: shrinking) }?.kind == .bodyLengthMismatch)

        let growing = try form(for: f)
        try Data(repeating: 7, count: 501).write(to: f)
        #expect(MP.error { () throws(AFSError) in try MP.bytes(of: growing) }?.kind == .bodyLengthMismatch)

        let vanishing = try form(for: f)
        try FileManager.default.removeItem(at: f)
        #expect(MP.error { () throws(AFSError) in try MP.bytes(of: vanishing) }?.kind == .fileReadFailed)

        // A directory exists (so AF's reachability check passes) but cannot be read as a file.
        let unreadable = try form(for: dir)
        #expect(MP.error { () throws(AFSError) in try MP.bytes(of: unreadable) }?.kind == .fileReadFailed)
    }

    @Test func aFIFOIsAnErrorNotAHang() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        var form = try MultipartFormData(boundary: "X")
        try form.appendFile(url: fifo, name: "p")  // it exists: AF's reachability check passes
        #expect(MP.error { () throws(AFSError) in try MP.bytes(of: form) }?.kind == .fileReadFailed)
    }

    @Test func largeFileStreamsExactly() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        let f = dir.appendingPathComponent("big.bin")
        var content = [UInt8](repeating: 0, count: 3 << 20)
        var r = SplitMix64(seed: 9)
        for i in content.indices { content[i] = UInt8(truncatingIfNeeded: r.next()) }
        try Data(content).write(to: f)
        var form = try MultipartFormData(boundary: "X")
        try form.appendFile(url: f.path, name: "f")
        let got = try MP.bytes(of: form, sizes: [65536, 1000, 7])
        let head = Array(
            ("--X\r\nContent-Disposition: form-data; name=\"f\"; filename=\"big.bin\"\r\n"
                + "Content-Type: application/octet-stream\r\n\r\n")
                .utf8)
        #expect(got == head + content + Array("\r\n--X--\r\n".utf8))
    }

    // MARK: Boundary collisions (SPEC §5.5, strict)

    @Test func strictRegeneratesAGeneratedBoundaryOnCollision() throws {
        var form = MultipartFormData(profile: .strict, random: SplitMix64(seed: 1))
        let first = form.boundary
        let evil = Array("x\r\n--\(first)y".utf8)
        try form.appendFormField(name: "k", value: evil)
        let req = try form.finalizing(Request(method: "POST", url: "http://h/"))
        #expect(form.boundary != first)
        #expect(req.headers["Content-Type"] == "multipart/form-data; boundary=\(form.boundary)")
        guard case .stream(let s) = req.body else { Issue.record("no stream"); return }
        let bytes = try MP.drain(s)
        #expect(String(req.headers["Content-Length"]!) == String(bytes.count))
        // The body is intact and the new delimiter occurs exactly twice (open, close).
        #expect(bytes.count == form.contentLength)
        let parsed = try MultipartParser.parse(bytes, boundary: form.boundary)
        #expect(parsed.map(\.body) == [evil])
    }

    @Test func strictRejectsCollisionsWithCallerBoundaryOrWhileStreaming() throws {
        var caller = try MultipartFormData(profile: .strict, boundary: "B")
        try caller.appendFormField(name: "k", value: "a\r\n--B")
        #expect(
            MP.error { () throws(AFSError) in try caller.finalizing(Request(method: "POST", url: "http://h/")) }?.kind
                == .boundaryCollision)

        var streamed = try MultipartFormData(profile: .strict, boundary: "B")
        let evil = Array("aaaa\r\n--Bzz".utf8)
        try streamed.appendStream(.bytes(evil, chunk: 1), length: evil.count, name: "s", filename: "s", mimeType: "a/b")
        let e = MP.error { () throws(AFSError) in try MP.bytes(of: streamed, sizes: [2]) }
        #expect(e?.kind == .boundaryCollision && e?.offset == 4)

        // Reading without finalizing still checks in-memory bodies in strict, across buffer splits.
        var unresolved = try MultipartFormData(profile: .strict, boundary: "B")
        try unresolved.appendFormField(name: "k", value: "0123\r\n--B")
        let e2 = MP.error { () throws(AFSError) in try MP.bytes(of: unresolved, sizes: [1]) }
        #expect(e2?.kind == .boundaryCollision && e2?.offset == 4)

        // AF profiles send what they were given.
        var af = try MultipartFormData(profile: .af4, boundary: "B")
        try af.appendStream(.bytes(evil), length: evil.count, name: "s", filename: "s", mimeType: "a/b")
        #expect(try MP.bytes(of: af).count == af.contentLength)
    }

    /// A body that begins with `--B` completes the delimiter with the CRLF that ends its part's
    /// headers (SPEC §5.5): strict refuses it at offset 0, in memory, streamed and byte by byte.
    @Test func strictRefusesABodyThatBeginsWithTheBoundary() throws {
        var memory = try MultipartFormData(profile: .strict, boundary: "B")
        try memory.appendFormField(name: "k", value: "--B and more")
        let e = MP.error { () throws(AFSError) in try memory.finalizing(Request(method: "POST", url: "http://h/")) }
        #expect(e?.kind == .boundaryCollision && e?.offset == 0 && e?.context["part"] == "0")

        let starts = Array("--Bzz".utf8)
        for sizes in [[1], [3], [4096]] {
            var streamed = try MultipartFormData(profile: .strict, boundary: "B")
            try streamed.appendStream(
                .bytes(starts, chunk: 1), length: starts.count, name: "s", filename: "s", mimeType: "a/b")
            let s = MP.error { () throws(AFSError) in try MP.bytes(of: streamed, sizes: sizes) }
            #expect(s?.kind == .boundaryCollision && s?.offset == 0, "read sizes \(sizes)")
            var unresolved = try MultipartFormData(profile: .strict, boundary: "B")
            try unresolved.appendFormField(name: "k", value: "--B")
            let u = MP.error { () throws(AFSError) in try MP.bytes(of: unresolved, sizes: sizes) }
            #expect(u?.kind == .boundaryCollision && u?.offset == 0, "read sizes \(sizes)")
        }
        // Not at the start, without its CRLF, it is data: "x--B" has no line that begins with it.
        var inside = try MultipartFormData(profile: .strict, boundary: "B")
        try inside.appendFormField(name: "k", value: "x--B")
        #expect(try MP.bytes(of: inside).count == inside.contentLength)
        // A generated boundary is regenerated instead.
        var generated = MultipartFormData(profile: .strict, random: SplitMix64(seed: 7))
        try generated.appendFormField(name: "k", value: "--" + generated.boundary)
        let first = generated.boundary
        _ = try generated.finalizing(Request(method: "POST", url: "http://h/"))
        #expect(generated.boundary != first)
    }

    // MARK: Write to file (SPEC §5.6)

    @Test func writingTheStreamToAFile() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        var form = try MultipartFormData(boundary: "X")
        try form.appendFormField(name: "a", value: "1")
        try form.appendStream(
            .bytes(Array("stream".utf8), chunk: 2), length: 6, name: "s", filename: "s", mimeType: "a/b")
        let expected = try MP.bytes(of: form)
        let req = try form.finalizing(Request(method: "POST", url: "http://h/"))
        let out = dir.appendingPathComponent("body.bin")
        let written = try MultipartBodyFile.writingBody(of: req, toFile: out.path)
        #expect(written.body.isNone)
        #expect(written.headers["Content-Length"] == String(expected.count))
        #expect(try Data(contentsOf: out) == Data(expected))
        #expect(try form.writeBody(toFile: out.path) == expected.count)
        let bad = MP.error { () throws(AFSError) in
            try form.writeBody(toFile: dir.appendingPathComponent("no/such/dir").path)
        }
        #expect(bad?.kind == .fileWriteFailed)
    }
}
