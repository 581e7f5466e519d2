import Foundation
import Testing
@testable import AFSerialization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SPEC §5.6 (writing the body to a file) through injected system calls: the failures this machine
/// cannot cause on demand. Expected values come from SPEC §5.6/§8 (every failure is the typed error
/// `fileWriteFailed` with `path` and `errno`; the file holds exactly the body) and POSIX: `close(2)`
/// may report EIO after the data was written (NFS, quotas), and `open(2)` returns the lowest free
/// descriptor, 0 in a process started with stdin closed.
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
    static func fake(_ log: Log, fd: Int32 = 7, closeResult: Int32 = 0, closeErrno: Int32 = 0) -> MultipartFile.WriteCalls {
        MultipartFile.WriteCalls(
            open: { _ in fd },
            write: { _, p, n in
                if log.eintrLeft > 0 { log.eintrLeft -= 1; errno = EINTR; return -1 }
                let k = min(n, 1000)  // short writes: the writer must write the rest
                log.written += UnsafeRawBufferPointer(start: p, count: k)
                return k
            },
            close: { fd in log.closes.append(fd); errno = closeErrno; return closeResult })
    }

    /// Kills the deletion of `try writer.finish()` in `drain` (the survivor the report named: only a failing
    /// `close(2)` shows it) and the mutants of `finish`'s `!= 0`.
    @Test func aFailingCloseIsATypedErrorAfterEveryByteWasWritten() throws {
        let log = Log()
        let form = try Self.form()
        let e = MP.error { () throws(AFSError) in
            try MultipartBodyFile.drain(form.makeStream(), toFile: "/nfs/body", calls: Self.fake(log, closeResult: -1, closeErrno: EIO))
        }
        #expect(e?.kind == .fileWriteFailed)
        #expect(e?.context["errno"] == String(EIO))
        #expect(e?.context["path"] == "/nfs/body")
        #expect(e?.message.hasPrefix("cannot close the file") == true)
        #expect(log.written == (try MP.drain(form.makeStream())))
        #expect(log.closes == [7], "closed once, by finish, not again by deinit")
    }

    /// Kills `fd < 0`→`fd <= 0` / `fd < 1` in `Writer.init`: descriptor 0 is a file like any other.
    @Test func descriptorZeroIsAFile() throws {
        let log = Log()
        let form = try Self.form()
        let n = try MultipartBodyFile.drain(form.makeStream(), toFile: "/tmp/body", calls: Self.fake(log, fd: 0))
        #expect(n == form.contentLength)
        #expect(log.written == (try MP.drain(form.makeStream())))
        #expect(log.closes == [0])
    }

    /// The system calls create the file with mode 0644 under the process umask (owner read-write,
    /// everyone else read-only; `0o644`→`0o645` would make it executable by others). Kills the
    /// mode mutants of `sysOpen`, which no vector can see (the component only reads the bytes back).
    @Test func theSystemCallsCreateAFileWithMode0644() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("afs-mode-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
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
        calls.open = { _ in errno = EACCES; return -1 }
        let form = try Self.form()
        let e = MP.error { () throws(AFSError) in try MultipartBodyFile.drain(form.makeStream(), toFile: "/ro/body", calls: calls) }
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
        #expect(try MultipartBodyFile.drain(form.makeStream(), toFile: "/tmp/body", calls: Self.fake(log)) == form.contentLength)
        #expect(log.written == (try MP.drain(form.makeStream())))

        let failing = Log()
        var calls = Self.fake(failing)
        calls.write = { _, _, _ in errno = ENOSPC; return -1 }
        let e = MP.error { () throws(AFSError) in try MultipartBodyFile.drain(form.makeStream(), toFile: "/full/body", calls: calls) }
        #expect(e?.kind == .fileWriteFailed)
        #expect(e?.context["errno"] == String(ENOSPC))
        #expect(failing.closes == [7])
    }
}
