import Foundation
import Testing
@testable import AFSerialization
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The multipart body read through the phase reader (SPEC §5.5) and written to a file (SPEC §5.6):
/// streaming, throttling, buffer bounds, sticky errors, file descriptors.
extension MultipartWriterTests {
    // MARK: Streaming the body through the Swift API (SPEC §5.5, §5.6)
    //
    // What only the Swift API reaches (the JSON vectors cannot): the per-call packet limit, the
    // throttle's delay requests, zero-byte and guarded buffers, sticky errors, descriptor hygiene, file
    // output and the form's API-only helpers. Framing sizes for boundary `X`: see the suite comment.

    /// Opening delimiter + Content-Disposition + empty line of a form field, boundary `X` (SPEC §5.2/§5.3).
    static func head(_ name: String) -> [UInt8] {
        Array("--X\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8)
    }

    /// The close delimiter for boundary `X` (SPEC §5.2).
    static let tail = Array("\r\n--X--\r\n".utf8)

    /// One read call into a buffer of exactly `size` bytes (its base address is never nil, even
    /// for 0), followed by `guardBytes` sentinel bytes (0xEE) that the reader must not touch.
    static func readOnce(_ stream: MultipartBodyStream, _ size: Int, guardBytes: Int = 8) throws(AFSError) -> (
        count: Int, bytes: [UInt8], guardIntact: Bool
    ) {
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

    /// Every read call returns at most the packet size while data remains, in-memory bodies included,
    /// and the clock is asked for the delay before every read after the first that produces data: never
    /// before the first, never for the final end-of-stream read; the smallest positive delay, 1 ns, is
    /// still requested (AF sleeps whenever the delay is positive).
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

    /// A delay of 0 never calls the clock (MultipartThrottle doc, as AF).
    @Test func zeroDelayNeverCallsTheClock() throws {
        var form = try MultipartFormData(boundary: "X")
        try form.appendFormField(name: "k", value: [UInt8](repeating: 0x61, count: 30))
        let clock = RecordingClock()
        let stream = form.makeStream(throttle: MultipartThrottle(packetSize: 10, delayNanoseconds: 0, clock: clock))
        // 49 + 30 + 9 = 88 bytes; a delay of 0 means no sleeping at all (MultipartThrottle doc, AF).
        #expect(try MP.drain(stream, sizes: [64]) == Self.head("k") + [UInt8](repeating: 0x61, count: 30) + Self.tail)
        #expect(clock.sleeps.isEmpty)
    }

    /// The system clock returns from 1 ns and 0 ns sleeps at once, also with errno left at EINTR from
    /// before (nanosleep leaves errno alone when it succeeds, so a retry loop must not look at a stale
    /// errno), and a throttled stream on the default clock yields the exact body.
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

    /// Reads of 1 to 8 bytes inside an in-memory body fill exactly the caller's buffer and never write
    /// past it; `isAtEnd` turns true only once everything was read.
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

    /// A 0-byte buffer is an `invalidOption` naming `bufferSize`, at the start and in the middle of a
    /// body: a 0 return means "end", so it cannot be the answer.
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

    /// strict checks in-memory bodies while streaming: a body holding the delimiter is a
    /// `boundaryCollision` at the delimiter's offset in that body, naming the part, whether the reads are
    /// large or byte by byte; later reads throw the same error again.
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

    /// A stream that reports more bytes than its buffer holds is a `bodyLengthMismatch` naming the part,
    /// and the error is sticky.
    @Test func aStreamReportingMoreThanAskedIsALengthError() throws {
        var form = try MultipartFormData(boundary: "X")
        try form.appendStream(
            MultipartStreamSource { OverreportingStream() }, length: 10, name: "s", filename: "s", mimeType: "a/b")
        let stream = form.makeStream()
        // SPEC §5.5 Deviation: a body that disagrees with its declared length is a typed error.
        let e = MP.error { () throws(AFSError) in try MP.drain(stream) }
        #expect(e?.kind == .bodyLengthMismatch)
        #expect(e?.context["part"] == "0")
        #expect(MP.error { () throws(AFSError) in try MP.drain(stream) } == e)
    }

    // MARK: Descriptors (no leak, no double close)

    /// Dropping a stream in the middle of a file body closes the file.
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

    /// A file part that names a directory fails with `fileReadFailed` and leaves no descriptor open.
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

    /// The file reader opens with O_NONBLOCK and O_CLOEXEC. It documents that it opens without blocking
    /// (a FIFO would otherwise wait for a writer forever; SPEC §8: no hang). Checked on a regular file,
    /// so a blocking open cannot hang this test.
    @Test func fileReaderOpensNonBlockingAndCloseOnExec() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        let file = dir.appendingPathComponent("r.bin")
        try Data([1, 2, 3]).write(to: file)
        let reader = try MultipartFile.Reader(path: file.path)
        let (statusFlags, descriptorFlags) = withExtendedLifetime(reader) {
            (fcntl(reader.fd, F_GETFL), fcntl(reader.fd, F_GETFD))
        }
        #expect(statusFlags != -1 && statusFlags & O_NONBLOCK != 0)
        #expect(descriptorFlags != -1 && descriptorFlags & FD_CLOEXEC != 0)
    }

    /// A write-out whose body source fails closes the output file's descriptor.
    @Test func aFailedWriteOutClosesTheOutputFile() throws {
        let dir = MP.tempDir()
        defer { MP.cleanup(dir) }
        var form = try MultipartFormData(boundary: "X")
        try form.appendStream(
            MultipartStreamSource.bytes(Array("abcdef".utf8), failAfter: 2), length: 6, name: "s", filename: "s",
            mimeType: "a/b")
        let out = dir.appendingPathComponent("out.bin").path
        // SPEC §5.5: a body source that fails mid-read surfaces its error.
        #expect(MP.error { () throws(AFSError) in try form.writeBody(toFile: out) } == TestByteStream.failure)
        #expect(Self.descriptors(openOn: out) == [])
    }

    /// The file writer closes its descriptor exactly once: in finish(), or in deinit when dropped
    /// unfinished, and never again after finish() (that would close whatever file has since reused
    /// the number).
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

    /// The file holds exactly the body and the count returned is Content-Length; a new body file is
    /// owner-readable and writable data (no execute bit, not writable by others: mode 0644 under a
    /// umask such as 022 or 002); the request returned keeps its headers and Content-Length but no body
    /// stream; a request without a body stream is an `invalidOption` naming the path; the kind's raw
    /// value `fileWriteFailed` is stable.
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
        let noStream = MP.error { () throws(AFSError) in
            try MultipartBodyFile.writingBody(of: Request(method: "POST", url: "http://h/"), toFile: never)
        }
        #expect(noStream?.kind == .invalidOption)
        #expect(noStream?.context["path"] == never)

        // Kind raw values are printed in vectors and must never change (MultipartErrors.swift).
        #expect(AFSError.Kind.fileWriteFailed.rawValue == "fileWriteFailed")
        let unwritable = MP.error { () throws(AFSError) in
            try form.writeBody(toFile: dir.appendingPathComponent("no/such/dir/x").path)
        }
        #expect(unwritable?.kind?.rawValue == "fileWriteFailed")
    }
}
