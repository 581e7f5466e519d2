import Foundation
import Testing
@testable import AFSerialization
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// MultipartFile's system calls: writing the body to a file (SPEC §5.6) through injected calls, for
/// the failures this machine cannot cause on demand, and the real calls where Linux can make them fail
/// (a file body read from /proc/self/mem, a body written to /dev/full or to a FIFO cut short by
/// signals). Expected values come from SPEC §5.5/§5.6/§8 (every failure is the typed error
/// `fileReadFailed` or `fileWriteFailed` with `path` and `errno`; the file holds exactly the body) and
/// POSIX: `close(2)` may report EIO after the data was written (NFS, quotas), and `open(2)` returns the
/// lowest free descriptor, 0 in a process started with stdin closed.
@Suite struct MultipartFileCallsTests {
    /// What the fake calls saw; the tests run their calls on one thread.
    final class Log: @unchecked Sendable {
        var closes: [Int32] = []
        var written: [UInt8] = []
        var eintrLeft = 0
    }

    static func form() throws -> MultipartFormData {
        var form = try MultipartFormData(boundary: "X")
        try form.appendFormField(name: "k", value: String(repeating: "v", count: 70_000))  // two 64 KiB reads
        return form
    }

    /// Calls that write into `log` instead of a file, with descriptor `fd` from open.
    static func fake(_ log: Log, fd: Int32 = 7, closeResult: Int32 = 0, closeErrno: Int32 = 0)
        -> MultipartFile.WriteCalls
    {
        MultipartFile.WriteCalls(
            open: { _ in fd },
            write: { _, p, n in
                if log.eintrLeft > 0 { log.eintrLeft -= 1; errno = EINTR; return -1 }
                let k = min(n, 1000)  // short writes: the writer must write the rest
                log.written += UnsafeRawBufferPointer(start: p, count: k)
                return k
            },
            close: { fd in
                log.closes.append(fd); errno = closeErrno; return closeResult
            })
    }

    /// A `close(2)` that fails after every byte was written is the typed error (the write is only
    /// complete once the file is closed), and the descriptor is closed once, by finish, not again by deinit.
    @Test func aFailingCloseIsATypedErrorAfterEveryByteWasWritten() throws {
        let log = Log()
        let form = try Self.form()
        let e = MP.error { () throws(AFSError) in
            try MultipartBodyFile.drain(
                form.makeStream(), toFile: "/nfs/body", calls: Self.fake(log, closeResult: -1, closeErrno: EIO))
        }
        #expect(e?.kind == .fileWriteFailed)
        #expect(e?.context["errno"] == String(EIO))
        #expect(e?.context["path"] == "/nfs/body")
        #expect(e?.message.hasPrefix("cannot close the file") == true)
        #expect(log.written == (try MP.drain(form.makeStream())))
        #expect(log.closes == [7], "closed once, by finish, not again by deinit")
    }

    /// Descriptor 0 from `open(2)` is a file like any other (only a negative result is a failure).
    @Test func descriptorZeroIsAFile() throws {
        let log = Log()
        let form = try Self.form()
        let n = try MultipartBodyFile.drain(form.makeStream(), toFile: "/tmp/body", calls: Self.fake(log, fd: 0))
        #expect(n == form.contentLength)
        #expect(log.written == (try MP.drain(form.makeStream())))
        #expect(log.closes == [0])
    }

    /// The system calls create the file with mode 0644 under the process umask (owner read-write,
    /// everyone else read-only, no execute bit). No vector can see the mode (the component only reads
    /// the bytes back).
    @Test func theSystemCallsCreateAFileWithMode0644() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "afs-mode-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        ).path
        defer { unlink(path) }
        let form = try Self.form()
        #expect(try MultipartBodyFile.drain(form.makeStream(), toFile: path, calls: .system) == form.contentLength)
        let mask = umask(0)
        umask(mask)
        var st = stat()
        #expect(stat(path, &st) == 0)
        #expect(st.st_mode & 0o777 == 0o644 & ~mask)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == (try MP.drain(form.makeStream())))
    }

    /// A failing open is the typed error with the path; nothing is closed (there is no descriptor).
    @Test func aFailingOpenIsATypedError() throws {
        let log = Log()
        var calls = Self.fake(log)
        calls.open = { _ in
            errno = EACCES; return -1
        }
        let form = try Self.form()
        let e = MP.error { () throws(AFSError) in
            try MultipartBodyFile.drain(form.makeStream(), toFile: "/ro/body", calls: calls)
        }
        #expect(e?.kind == .fileWriteFailed)
        #expect(e?.context["errno"] == String(EACCES))
        #expect(e?.context["path"] == "/ro/body")
        #expect(log.closes.isEmpty)
    }

    /// A write interrupted before any byte went out (EINTR) is retried; a failing write is the typed
    /// error, and the descriptor is still closed exactly once (by the writer's deinit).
    @Test func interruptedWritesAreRetriedAndAFailedWriteStillCloses() throws {
        let log = Log()
        log.eintrLeft = 3
        let form = try Self.form()
        #expect(
            try MultipartBodyFile.drain(form.makeStream(), toFile: "/tmp/body", calls: Self.fake(log))
                == form.contentLength)
        #expect(log.written == (try MP.drain(form.makeStream())))

        let failing = Log()
        var calls = Self.fake(failing)
        calls.write = { _, _, _ in
            errno = ENOSPC; return -1
        }
        let e = MP.error { () throws(AFSError) in
            try MultipartBodyFile.drain(form.makeStream(), toFile: "/full/body", calls: calls)
        }
        #expect(e?.kind == .fileWriteFailed)
        #expect(e?.context["errno"] == String(ENOSPC))
        #expect(failing.closes == [7])
    }

    #if os(Linux)
        // MARK: The real system calls failing (SPEC §5.5 file bodies, §5.6 writing the body to a file)

        /// A read(2) that fails is the typed error at once; only EINTR is retried. Expected: SPEC §5.5 ("a
        /// body source that fails mid-read surfaces its error") and the Reader's
        /// `ioError(.fileReadFailed, "cannot read the file", …)` context. `/proc/self/mem` is a regular file
        /// (stat: S_IFREG, size 0) that the Reader accepts, and read(2) at offset 0 (an unmapped address)
        /// fails with EIO.
        @Test func aFailedFileReadIsATypedErrorNotARetry() {
            guard let reader = try? MultipartFile.Reader(path: "/proc/self/mem") else { return }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 1)
            defer { buffer.deallocate() }
            let e = MP.error { () throws(AFSError) in try reader.read(into: buffer) }
            #expect(e?.kind == .fileReadFailed)
            #expect(e?.context["errno"] == String(EIO))
        }

        /// A write(2) that fails is the typed error at once; only EINTR is retried. Expected: SPEC §5.6/§8
        /// (a failure is a typed error, never a hang) and the Writer's `ioError(.fileWriteFailed, "cannot
        /// write the file", path, errno)` context; Linux null(4): every write(2) to /dev/full fails with
        /// ENOSPC. Skipped where /dev/full is not writable.
        @Test func writingTheBodyToDevFullIsATypedError() throws {
            guard access("/dev/full", W_OK) == 0 else { return }
            var form = try MultipartFormData(boundary: "X")
            try form.appendFormField(name: "k", value: "v")
            let e = MP.error { () throws(AFSError) in try form.writeBody(toFile: "/dev/full") }
            #expect(e?.kind == .fileWriteFailed)
            #expect(e?.context["errno"] == String(ENOSPC))
            #expect(e?.context["path"] == "/dev/full")
        }

        /// A write cut short by a signal is continued with the rest, from where it stopped. Expected: the
        /// body `readAll` yields (SPEC §5.6: the file holds exactly the body) and POSIX write(2): a write to
        /// a pipe that a signal handler interrupts after some bytes went through returns that count, and the
        /// caller writes the rest. The file is a FIFO whose reader takes 4 KiB at a time, slowly, so the
        /// 64 KiB writes block; SIGUSR2 every 2 ms (`MultipartClockTests.interrupted`) then cuts them short.
        /// If no write happens to be cut, the test still passes (no false failure), it just proves less.
        @Test func aFileWriteCutShortBySignalsWritesTheRest() throws {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
                "afs-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            ).path
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let fifo = dir + "/body"
            #expect(mkfifo(fifo, 0o600) == 0)
            var form = try MultipartFormData(boundary: "Boundary+0123456789ABCDEF")
            var rng = SplitMix64(seed: 7)
            let data = (0..<300_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            try form.appendFileData(data, name: "f", filename: "f.bin", mimeType: "application/octet-stream")
            let expected = try form.makeStream().readAll()
            let received = Received()
            let readerDone = DispatchSemaphore(value: 0)
            let reader = Thread {
                let fd = open(fifo, O_RDONLY)
                var buf = [UInt8](repeating: 0, count: 4096)
                while fd >= 0 {
                    let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress!, 4096) }
                    if n <= 0 { break }
                    received.append(buf[0..<n])
                    usleep(300)
                }
                if fd >= 0 { close(fd) }
                readerDone.signal()
            }
            reader.start()
            var written = 0
            var failure: AFSError? = nil
            _ = MultipartClockTests.interrupted(everyMicroseconds: 2_000, repeating: true) {
                do throws(AFSError) { written = try form.writeBody(toFile: fifo) } catch { failure = error }
            }
            readerDone.wait()
            #expect(failure == nil)
            #expect(written == expected.count)
            // Compared as a Bool: a failing #expect on two 300 KB arrays would spend minutes describing them.
            let got = received.bytes
            let firstDifference =
                zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? (got.count == expected.count ? nil : min(got.count, expected.count))
            #expect(
                firstDifference == nil,
                """
                the file holds \(got.count) bytes, the body \(expected.count); \
                first difference at byte \(firstDifference ?? -1)
                """
            )
        }

        final class Received: @unchecked Sendable {
            private let lock = NSLock()
            private var storage: [UInt8] = []
            var bytes: [UInt8] { lock.lock(); defer { lock.unlock() }; return storage }
            func append(_ b: ArraySlice<UInt8>) { lock.lock(); storage += b; lock.unlock() }
        }
    #endif
}
