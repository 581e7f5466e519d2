import Foundation
import Testing
@testable import AFSerialization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Multipart writer behaviour that only the Swift API reaches (the JSON vectors cannot): the
/// per-call packet limit, the throttle's delay requests, zero-byte and guarded buffers, sticky
/// errors, descriptor hygiene, file output, API-only helpers, and the parser's chunked feeding.
/// Expected bytes are written out by hand from the SPEC §5.2 framing and §5.3 header text:
///   `--X\r\n` 5 + `Content-Disposition: form-data; name="k"\r\n` 42 (19 + 2 + 11 + 8 + 2)
///   + `\r\n` 2 = 49 bytes before a one-letter-named field's body; close `\r\n--X--\r\n` 9.
/// Each test lists the mutation keys (docs/mutation) it is meant to kill.
@Suite struct MultipartWriterAPITests {
    // MARK: Helpers

    /// Opening delimiter + Content-Disposition + empty line of a form field, boundary `X` (SPEC §5.2/§5.3).
    static func head(_ name: String) -> [UInt8] {
        Array("--X\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8)
    }

    /// The close delimiter for boundary `X` (SPEC §5.2).
    static let tail = Array("\r\n--X--\r\n".utf8)

    /// One read call into a buffer of exactly `size` bytes (its base address is never nil, even
    /// for 0), followed by `guardBytes` sentinel bytes (0xEE) that the reader must not touch.
    static func readOnce(_ stream: MultipartBodyStream, _ size: Int, guardBytes: Int = 8) throws(AFSError) -> (count: Int, bytes: [UInt8], guardIntact: Bool) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: size + guardBytes, alignment: 16)
        defer { storage.deallocate() }
        for i in 0..<storage.count { storage[i] = 0xEE }
        let n = try stream.read(into: UnsafeMutableRawBufferPointer(start: storage.baseAddress, count: size))
        let intact = storage[size...].allSatisfy { $0 == 0xEE }
        return (n, Array(storage[0..<min(max(n, 0), size)]), intact)
    }

    /// The descriptors of this process that refer to the file at `path` (same device and inode);
    /// nil when `path` cannot be stat-ed. Matching by inode, not by descriptor number, keeps this
    /// exact while other tests open and close files in parallel.
    static func descriptors(openOn path: String) -> [Int32]? {
        var target = stat()
        guard stat(path, &target) == 0 else { return nil }
        var found: [Int32] = []
        for fd: Int32 in 0..<4096 {
            var st = stat()
            if fstat(fd, &st) == 0, st.st_dev == target.st_dev, st.st_ino == target.st_ino { found.append(fd) }
        }
        return found
    }

    /// Records every delay the phase reader asks for (SPEC §5.5: "an injectable clock").
    final class RecordingClock: MultipartClock, @unchecked Sendable {
        var sleeps: [UInt64] = []
        func sleep(nanoseconds: UInt64) { sleeps.append(nanoseconds) }
    }

    /// A broken stream: fills the buffer but reports one byte more than it was given.
    final class OverreportingStream: MultipartByteStream {
        func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
            for i in 0..<buffer.count { buffer[i] = 0x41 }
            return buffer.count + 1
        }
    }

    // MARK: Throttle (SPEC §5.5: packet size per call, delay between packets via an injectable clock)

    /// Kills: PhaseReader.var calls 0→1; read(into:) `limit = min(limit, p)` deleted; `0..<limit`→`0...limit`;
    /// `fastPath`→`!(fastPath)`; enterBody `unthrottled && !scanBodies`→`||`; `calls > 0`→`>= 0` / `<= 0`;
    /// `calls > 0 && delay > 0`→`||` / negated; `throttle.clock.sleep(…)` deleted; `calls += 1` (#1) deleted
    /// and `1→0` (#2); `delayNanoseconds > 0`→`> 1` (integer +1 0→1 #4).
    @Test func throttleCapsEveryPacketAndSleepsOnlyBetweenPackets() throws {
        var form = try MultipartFormData(boundary: "X")
        let body = [UInt8](repeating: 0x61, count: 200)
        try form.appendFormField(name: "k", value: body)
        // 49 + 200 + 9 = 258 bytes (see the suite comment).
        let expected = Self.head("k") + body + Self.tail
        #expect(expected.count == 258)
        let clock = RecordingClock()
        // A 1 ns delay: the smallest positive delay must still be requested (AF sleeps whenever delay > 0).
        let stream = form.makeStream(throttle: MultipartThrottle(packetSize: 10, delayNanoseconds: 1, clock: clock))
        var got: [UInt8] = []
        var counts: [Int] = []
        var sleepsAfterEachRead: [Int] = []
        for _ in 0..<40 {
            // The 64-byte buffer is larger than the packet but smaller than the 200-byte body, so a
            // read that ignored the packet size (e.g. a fast path for in-memory bodies) would show.
            let r = try Self.readOnce(stream, 64)
            counts.append(r.count)
            sleepsAfterEachRead.append(clock.sleeps.count)
            got += r.bytes
            if r.count == 0 { break }
        }
        // SPEC §5.5: every call fills min(buffer, packet) = 10 bytes while data remains:
        // 258 = 25 × 10 + 8, then 0 at the end.
        #expect(counts == Array(repeating: 10, count: 25) + [8, 0])
        // One delay before every read after the first that produces data; none before the first, and
        // the final end-of-stream read (no packet) asks for none.
        #expect(sleepsAfterEachRead == Array(0...25) + [25])
        #expect(clock.sleeps == Array(repeating: 1, count: 25))
        #expect(got == expected)
    }

    /// Kills: `delayNanoseconds > 0`→`>= 0`; `calls > 0 && delay > 0`→`||`; negated condition.
    @Test func zeroDelayNeverCallsTheClock() throws {
        var form = try MultipartFormData(boundary: "X")
        try form.appendFormField(name: "k", value: [UInt8](repeating: 0x61, count: 30))
        let clock = RecordingClock()
        let stream = form.makeStream(throttle: MultipartThrottle(packetSize: 10, delayNanoseconds: 0, clock: clock))
        // 49 + 30 + 9 = 88 bytes; a delay of 0 means no sleeping at all (MultipartThrottle doc, AF).
        #expect(try MP.drain(stream, sizes: [64]) == Self.head("k") + [UInt8](repeating: 0x61, count: 30) + Self.tail)
        #expect(clock.sleeps.isEmpty)
    }

    /// Kills (by crash): SystemMultipartClock `1_000_000_000→0` (#0, #1: division by zero); (by hang, i.e. the
    /// test-layer timeout): `/`→`*` (1 ns becomes 10⁹ s); and, because errno is left at EINTR before a
    /// successful nanosleep, `!= 0`→`== 0`, `0→1`, `&&`→`||` and the negated loop condition (they loop on
    /// a stale errno). On the real code each call returns at once.
    @Test func systemClockReturnsFromShortSleeps() throws {
        let clock = SystemMultipartClock()
        errno = EINTR  // stale: nanosleep leaves errno alone when it succeeds
        clock.sleep(nanoseconds: 1)
        clock.sleep(nanoseconds: 0)
        // A throttled stream on the default clock still yields the exact body: 49 + 1 + 9 = 59 bytes.
        var form = try MultipartFormData(boundary: "X")
        try form.appendFormField(name: "k", value: "v")
        let stream = form.makeStream(throttle: MultipartThrottle(packetSize: 16, delayNanoseconds: 1_000))
        #expect(try MP.drain(stream, sizes: [64]) == Self.head("k") + Array("v".utf8) + Self.tail)
    }

    // MARK: Buffers (SPEC §5.5: never more than the buffer; a read returns 0 only at the end)

    /// Kills: read(into:) fast-path byte loop `0..<k`→`0...k` (one byte past the caller's buffer);
    /// PhaseReader.var isAtEnd `==`→`!=`.
    @Test func fastPathNeverWritesPastTheCallersBuffer() throws {
        var form = try MultipartFormData(boundary: "X")
        let body = (0..<100).map { UInt8(0x30 + $0 % 10) }  // digits, never the 0xEE sentinel
        try form.appendFormField(name: "k", value: body)
        let stream = form.makeStream()
        #expect(!stream.isAtEnd)
        // Exactly the 49 bytes before the body: the next reads are inside the in-memory body.
        let framing = try Self.readOnce(stream, 49)
        #expect(framing.bytes == Self.head("k"))
        #expect(!stream.isAtEnd)
        var offset = 0
        for k in 1...8 {
            let r = try Self.readOnce(stream, k)
            #expect(r.count == k)
            #expect(r.bytes == Array(body[offset..<(offset + k)]))
            #expect(r.guardIntact, "a \(k)-byte read wrote past the caller's buffer")
            offset += k
        }
        #expect(try MP.drain(stream) == Array(body[offset...]) + Self.tail)
        #expect(stream.isAtEnd)
    }

    /// Kills: read(into:) `guard buffer.count > 0` deleted; `buffer.count > 0`→`>= 0` (#0 fast path, #1 guard);
    /// `buffer.count > 0`→`<= 0` (#0); context literals `"bufferSize"`→`"ufferSize"`, `"0"`→`"x"`.
    @Test func zeroByteBuffersAreTypedErrorsAtTheStartAndMidBody() throws {
        var form = try MultipartFormData(boundary: "X")
        try form.appendFormField(name: "k", value: [UInt8](repeating: 0x62, count: 100))
        // A 0 return means "end" (SPEC §5.5), so a 0-byte buffer must be an error, not a 0.
        let atStart = MP.error { () throws(AFSError) in try Self.readOnce(form.makeStream(), 0) }
        #expect(atStart?.kind == .invalidOption)
        #expect(atStart?.context["bufferSize"] == "0")  // names the bad option and the value we passed
        let mid = form.makeStream()
        #expect(try Self.readOnce(mid, 50).count == 50)  // 49 bytes of framing + 1 body byte
        let midBody = MP.error { () throws(AFSError) in try Self.readOnce(mid, 0) }
        #expect(midBody?.kind == .invalidOption)
    }

    // MARK: Sticky errors and strict in-memory scanning (SPEC §5.5)

    /// Kills: read(into:) catch `fastPath = false`→`true`; readBody `k > 0`→`k > 1` (0→1) and `k <= 0`;
    /// `start..<(start + k)`→`...`; offset `start + end`→`start - end`, `- delimiter.count`→`+`;
    /// `"part"`→`"art"` (#0).
    @Test func strictStreamCollisionIsStickyAndPointsAtTheDelimiter() throws {
        var form = try MultipartFormData(profile: .strict, boundary: "B")
        try form.appendFormField(name: "ok", value: "fine")
        // Part 1's body holds the delimiter CRLF--B at body offset 4 (after "0123"), then 100 bytes.
        let evil = Array("0123\r\n--B".utf8) + [UInt8](repeating: 0x7A, count: 100)
        try form.appendFormField(name: "k", value: evil)

        // makeStream without finalizing: strict checks in-memory bodies while streaming (SPEC §5.5).
        let whole = form.makeStream()
        let first = MP.error { () throws(AFSError) in try MP.drain(whole) }
        #expect(first?.kind == .boundaryCollision)
        #expect(first?.offset == 4)
        #expect(first?.context["part"] == "1")  // 0-based index of the part we made collide
        // Sticky ("An error is sticky: later calls throw it again"), for a small buffer that fits
        // inside the unread body as well as for a large one.
        #expect(MP.error { () throws(AFSError) in try Self.readOnce(whole, 1) } == first)
        #expect(MP.error { () throws(AFSError) in try Self.readOnce(whole, 4096) } == first)

        // Byte by byte the delimiter is split over five calls; the verdict and offset are the same.
        let bytewise = MP.error { () throws(AFSError) in try MP.drain(form.makeStream(), sizes: [1]) }
        #expect(bytewise?.kind == .boundaryCollision)
        #expect(bytewise?.offset == 4)
        #expect(bytewise?.context["part"] == "1")
    }

    /// Kills: readBody `got < 0 || got > want`→`&&`; `"part"`→`"art"` (#1).
    @Test func aStreamReportingMoreThanAskedIsALengthError() throws {
        var form = try MultipartFormData(boundary: "X")
        try form.appendStream(MultipartStreamSource { OverreportingStream() }, length: 10, name: "s", filename: "s", mimeType: "a/b")
        let stream = form.makeStream()
        // SPEC §5.5 Deviation: a body that disagrees with its declared length is a typed error.
        let e = MP.error { () throws(AFSError) in try MP.drain(stream) }
        #expect(e?.kind == .bodyLengthMismatch)
        #expect(e?.context["part"] == "0")
        #expect(MP.error { () throws(AFSError) in try MP.drain(stream) } == e)
    }

    // MARK: Descriptors (no leak, no double close)

    /// Kills: MultipartBodyStream.deinit `reader.deinitialize(count: 1)` deleted and `1→0`;
    /// MultipartFile.Reader.deinit `close(fd)` deleted.
    @Test func droppingAStreamMidFileClosesTheFile() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        let file = dir.appendingPathComponent("data.bin")
        try Data(repeating: 7, count: 1000).write(to: file)
        var form = try MultipartFormData(boundary: "X")
        try form.appendFile(url: file.path, name: "f")
        do {
            let stream = form.makeStream()
            // The framing before the body is 110 bytes, so 200 bytes end inside the 1000-byte body.
            #expect(try Self.readOnce(stream, 200).count == 200)
            #expect(Self.descriptors(openOn: file.path)?.count == 1)  // the scan sees the open file
            withExtendedLifetime(stream) {}
        }
        #expect(Self.descriptors(openOn: file.path) == [])
    }

    /// Kills: MultipartFile.Reader.init `close(fd)` deleted (#1, the not-a-regular-file branch).
    @Test func aDirectoryPartFailsWithoutLeakingItsDescriptor() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        let sub = dir.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        var form = try MultipartFormData(boundary: "X")
        try form.appendFile(url: sub.path, name: "d")  // it exists, so AF's reachability check passes
        #expect(MP.error { () throws(AFSError) in try MP.bytes(of: form) }?.kind == .fileReadFailed)
        #expect(Self.descriptors(openOn: sub.path) == [])
    }

    /// Kills: MultipartFile.Reader.init `O_RDONLY | O_CLOEXEC | O_NONBLOCK`→`O_RDONLY | O_CLOEXEC & O_NONBLOCK`.
    /// The reader documents that it opens without blocking (a FIFO would otherwise wait for a writer
    /// forever; SPEC §8: no hang). Checked on a regular file, so the mutant cannot hang this test.
    @Test func fileReaderOpensNonBlockingAndCloseOnExec() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        let file = dir.appendingPathComponent("r.bin")
        try Data([1, 2, 3]).write(to: file)
        let reader = try MultipartFile.Reader(path: file.path)
        let (statusFlags, descriptorFlags) = withExtendedLifetime(reader) { (fcntl(reader.fd, F_GETFL), fcntl(reader.fd, F_GETFD)) }
        #expect(statusFlags != -1 && statusFlags & O_NONBLOCK != 0)
        #expect(descriptorFlags != -1 && descriptorFlags & FD_CLOEXEC != 0)
    }

    /// Kills: MultipartFile.Writer.var closed `false→true`; Writer.deinit `!closed`→`!(!closed)` and
    /// `close(fd)` deleted (a failed write-out leaks the output file's descriptor).
    @Test func aFailedWriteOutClosesTheOutputFile() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        var form = try MultipartFormData(boundary: "X")
        try form.appendStream(MultipartStreamSource.bytes(Array("abcdef".utf8), failAfter: 2), length: 6, name: "s", filename: "s", mimeType: "a/b")
        let out = dir.appendingPathComponent("out.bin").path
        // SPEC §5.5: a body source that fails mid-read surfaces its error.
        #expect(MP.error { () throws(AFSError) in try form.writeBody(toFile: out) } == TestByteStream.failure)
        #expect(Self.descriptors(openOn: out) == [])
    }

    /// Kills: MultipartFile.Writer.finish() `closed = true`→`false` and deleted (deinit would close the
    /// descriptor a second time, i.e. whatever file has since reused its number); also the deinit
    /// mutants above, through the unfinished writer.
    @Test func writerClosesItsDescriptorExactlyOnce() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        let path = dir.appendingPathComponent("w.bin").path
        do {
            let unfinished = try MultipartFile.Writer(path: path)
            #expect(Self.descriptors(openOn: path)?.count == 1)
            withExtendedLifetime(unfinished) {}
        }
        #expect(Self.descriptors(openOn: path) == [])  // dropped without finish(): closed by deinit

        var held: [Int32] = []
        do {
            let writer = try MultipartFile.Writer(path: path)
            let fd = writer.fd
            try writer.finish()
            // Take descriptors until we hold the number finish() released (lowest free number first).
            for _ in 0..<64 {
                let o = open(path, O_RDONLY | O_CLOEXEC)
                if o < 0 { break }
                held.append(o)
                if o == fd { break }
            }
            withExtendedLifetime(writer) {}
        }
        // The writer is gone; every descriptor we opened must still be open.
        #expect(!held.isEmpty)
        for o in held { #expect(fcntl(o, F_GETFD) != -1, "descriptor \(o) was closed behind our back") }
        for o in held { close(o) }
    }

    // MARK: Write to file (SPEC §5.6)

    /// Kills: drain `var total = 0`→`1`; `total += n` deleted; writingBody `out.body = .none` deleted and
    /// `"path"`→`"ath"`; Writer.init mode `0o644`→`421`/`419`/`0` (a new body file is owner-readable and
    /// writable data: no execute bit, not writable by others; `421`/`419` need a umask that keeps the
    /// other-x bit, e.g. 022 or 002); AFSError.Kind fileWriteFailed raw value.
    @Test func writingTheBodyToAFile() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        var form = try MultipartFormData(boundary: "X")
        try form.appendFormField(name: "a", value: "1")
        let expected = Self.head("a") + Array("1".utf8) + Self.tail  // 49 + 1 + 9
        #expect(expected.count == 59)

        let direct = dir.appendingPathComponent("direct.bin").path
        #expect(try form.writeBody(toFile: direct) == 59)  // the byte count written (= Content-Length)
        let directBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: direct)))
        #expect(directBytes == expected)
        var st = stat()
        #expect(stat(direct, &st) == 0)
        let perm = UInt32(st.st_mode) & 0o777
        #expect(perm & 0o600 == 0o600, "mode \(String(perm, radix: 8))")
        #expect(perm & 0o111 == 0, "mode \(String(perm, radix: 8))")
        #expect(perm & 0o022 == 0, "mode \(String(perm, radix: 8))")
        #expect(Self.descriptors(openOn: direct) == [])

        // SPEC §5.6: the returned request has no body stream but keeps its headers and Content-Length.
        let request = try form.finalizing(Request(method: "POST", url: "http://h/"))
        let viaRequest = dir.appendingPathComponent("request.bin").path
        let written = try MultipartBodyFile.writingBody(of: request, toFile: viaRequest)
        #expect(written.body.isNone)
        #expect(written.headers["Content-Length"] == "59")
        #expect(written.headers["Content-Type"] == "multipart/form-data; boundary=X")
        let requestBytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: viaRequest)))
        #expect(requestBytes == expected)

        // A request without a body stream is an invalidOption naming the target path.
        let never = dir.appendingPathComponent("never.bin").path
        let noStream = MP.error { () throws(AFSError) in try MultipartBodyFile.writingBody(of: Request(method: "POST", url: "http://h/"), toFile: never) }
        #expect(noStream?.kind == .invalidOption)
        #expect(noStream?.context["path"] == never)

        // Kind raw values are printed in vectors and must never change (MultipartErrors.swift).
        #expect(AFSError.Kind.fileWriteFailed.rawValue == "fileWriteFailed")
        let unwritable = MP.error { () throws(AFSError) in try form.writeBody(toFile: dir.appendingPathComponent("no/such/dir/x").path) }
        #expect(unwritable?.kind?.rawValue == "fileWriteFailed")
    }

    // MARK: API-only helpers (SPEC §5.1–5.4)

    /// Kills: MultipartFormData.var contentLength `guard !parts.isEmpty` deleted and `0→1`;
    /// init(profile:boundary:limits:) `boundaryIsGenerated` `false→true`;
    /// appendFormField(name:value: String) body deleted; appendPart `"length"`→`"ength"`.
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
            try custom.appendPart(headers: [MultipartHeader("X-A", "1")], body: .stream(MultipartStreamSource.bytes([]), declaredLength: -1))
        }
        #expect(negStream?.kind == .invalidOption)
        #expect(negStream?.context["length"] == "-1")
        let negFile = MP.error { () throws(AFSError) in
            try custom.appendPart(headers: [MultipartHeader("X-A", "1")], body: .file(path: "/nonexistent", length: -5))
        }
        #expect(negFile?.context["length"] == "-5")
        #expect(custom.parts.isEmpty)
    }

    /// Kills: appendFile(url:name:) `omittingEmptySubsequences: true→false`.
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
        #expect(form.parts[0].headers == [
            MultipartHeader("Content-Disposition", "form-data; name=\"d\"; filename=\"folder\""),
            MultipartHeader("Content-Type", "application/octet-stream"),
        ])
        #expect(form.parts[1].headers.first?.value == "form-data; name=\"r\"; filename=\"/\"")
    }

    // MARK: Parser chunked feeding and sticky failure (SPEC §5.7)

    /// Kills: MultipartParser.parse `guard size >= 1` deleted, `1→0` (#1), `"chunkSize"`→`"hunkSize"`,
    /// `k += 1` deleted / `1→2` / `1→0` (#0); also `size = min(size, all.count - i)` deleted and
    /// `all.count - i`→`+ i` (they overrun the input when the size does not divide it).
    @Test func parserChunkSizesMustBePositive() throws {
        // 5 + 42 + 2 + 3 + 9 = 61 bytes (boundary B: `--B\r\n` 5, close `\r\n--B--\r\n` 9).
        let body = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nxyz\r\n--B--\r\n".utf8)
        #expect(body.count == 61)
        let expected = [MultipartParsedPart(headers: [MultipartHeader("Content-Disposition", "form-data; name=\"a\"")],
                                            name: "a", filename: nil, contentType: nil, body: Array("xyz".utf8))]
        // Any chunking gives the same parts (SPEC §5.7); 7 and 4 do not divide 61.
        #expect(try MultipartParser.parse(body, boundary: "B", chunkSizes: [7]) == expected)
        #expect(try MultipartParser.parse(body, boundary: "B", chunkSizes: [4, 1]) == expected)
        // A chunk size below 1 is an invalid option wherever it comes in the cycle.
        let zeroFirst = MP.error { () throws(AFSError) in try MultipartParser.parse(body, boundary: "B", chunkSizes: [0, 4]) }
        #expect(zeroFirst?.kind == .invalidOption)
        #expect(zeroFirst?.context["chunkSize"] == "0")
        let zeroSecond = MP.error { () throws(AFSError) in try MultipartParser.parse(body, boundary: "B", chunkSizes: [4, 0]) }
        #expect(zeroSecond?.kind == .invalidOption)
        let negative = MP.error { () throws(AFSError) in try MultipartParser.parse(body, boundary: "B", chunkSizes: [-1]) }
        #expect(negative?.kind == .invalidOption)
        #expect(negative?.context["chunkSize"] == "-1")
    }

    /// Kills: MultipartParser.fail `state = .failed(e)` deleted.
    @Test func parserRepeatsItsFirstErrorAfterAFailure() throws {
        var parser = try MultipartParser(boundary: "B")
        // The header line starting at byte 5 (after `--B\r\n`) has no colon (SPEC §5.7 error kinds).
        let first = MP.error { () throws(AFSError) in try parser.feed(Array("--B\r\nNoColon\r\n".utf8)) }
        #expect(first?.kind == .multipartHeaderWithoutColon)
        #expect(first?.offset == 5)
        // A failed parser does not resume: more input and finish() report the same error.
        let again = MP.error { () throws(AFSError) in try parser.feed(Array("\r\n\r\nv\r\n--B--\r\n".utf8)) }
        #expect(again != nil && again == first)
        let atFinish = MP.error { () throws(AFSError) in try parser.finish() }
        #expect(atFinish != nil && atFinish == first)
    }
}
