#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// File access for file-path parts, through the C library (no Foundation in the core).
enum MultipartFile {
    /// AF's −1000 reasons (SPEC §5.3).
    static let notFileURLReason = "Expected URL to be a file URL"
    static let notReachableReason = "File URL not reachable."

    /// The path a URL string names: `file://host/p` (percent-decoded) or a plain path. Any other
    /// scheme is AF's −1000 "Expected URL to be a file URL" (SPEC §5.3).
    ///
    /// AF checks only the scheme (`-isFileURL`), and Foundation makes a file URL's path from its
    /// path component alone: in `af3`/`af4` the host is ignored. A file URL without a path
    /// (`file://localhost`) names the empty path, which no file has. `strict` does not read a local file for another
    /// host (RFC 8089 §2: the host names the machine the file is on): not reachable either.
    static func path(fromURL url: String, profile: Profile = .default) throws(AFSError) -> String {
        let bytes = Array(url.utf8)
        if url.hasPrefix("file://") {
            let rest = Substring(url.dropFirst("file://".count))
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            let host = rest[..<slash], path = rest[slash...]
            if !profile.isAF, !host.isEmpty, host != "localhost" { throw requestError(notReachableReason, url) }
            return percentDecoded(String(path))
        }
        // A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" (RFC 3986 §3.1).
        if let colon = bytes.firstIndex(of: 0x3A), colon > 0,
            bytes[0] < 0x80, isAlpha(bytes[0]),
            bytes[1..<colon].allSatisfy({
                isAlpha($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
            })
        {
            throw requestError(notFileURLReason, url)
        }
        if bytes.isEmpty { throw requestError(notFileURLReason, url) }
        return url
    }

    private static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

    static func requestError(_ reason: String, _ url: String) -> AFSError {
        // AF sets only the failure reason; Darwin's NSError then describes itself with it.
        AFSError(
            domain: AFSError.requestDomain, code: -1000,
            message: "The operation couldn’t be completed. \(reason)",
            failureReason: reason, context: ["url": url])
    }

    private static func percentDecoded(_ s: String) -> String {
        let b = Array(s.utf8)
        var out: [UInt8] = []
        var i = 0
        func hexval(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: return c - 0x30
            case 0x41...0x46: return c - 0x41 + 10
            case 0x61...0x66: return c - 0x61 + 10
            default: return nil
            }
        }
        while i < b.count {
            if b[i] == 0x25, i + 2 < b.count, let h = hexval(b[i + 1]), let l = hexval(b[i + 2]) {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(b[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The size of the file at `path`, or `nil` when nothing is there.
    static func size(_ path: String) throws(AFSError) -> Int? {
        // A NUL (`%00` in a file URL) cannot be in a path; C would cut the path there and read another file.
        if path.utf8.contains(0) { return nil }
        var st = stat()
        if stat(path, &st) != 0 {
            let e = errno
            if e == ENOENT || e == ENOTDIR { return nil }
            throw ioError(.fileReadFailed, "cannot stat the file", path, e)
        }
        return Int(st.st_size)
    }

    static func ioError(_ kind: AFSError.Kind, _ what: String, _ path: String, _ e: Int32) -> AFSError {
        AFSError(kind, "\(what): \(String(cString: strerror(e)))", context: ["path": path, "errno": String(e)])
    }

    /// A read-only file descriptor, closed on deinit.
    final class Reader: MultipartByteStream {
        let fd: Int32
        let path: String

        /// Opens without blocking (a FIFO would otherwise wait for a writer forever) and accepts
        /// only regular files: a directory or device is a typed error, not a hang.
        init(path: String) throws(AFSError) {
            self.path = path
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if fd < 0 { throw ioError(.fileReadFailed, "cannot open the file", path, errno) }
            var st = stat()
            if fstat(fd, &st) != 0 {
                let e = errno
                close(fd)
                throw ioError(.fileReadFailed, "cannot stat the file", path, e)
            }
            if st.st_mode & S_IFMT != S_IFREG {
                close(fd)
                throw AFSError(.fileReadFailed, "not a regular file", context: ["path": path])
            }
            self.fd = fd
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
            guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
            while true {
                let n = sysRead(fd, base, buffer.count)
                if n >= 0 { return n }
                if errno == EINTR { continue }
                throw ioError(.fileReadFailed, "cannot read the file", path, errno)
            }
        }

        deinit { close(fd) }
    }

    /// Write-only file, created or truncated; used by ``MultipartFormData/writeBody(toFile:)``.
    final class Writer {
        let fd: Int32
        let path: String
        let calls: WriteCalls
        private var closed = false

        init(path: String, calls: WriteCalls = .system) throws(AFSError) {
            self.path = path
            self.calls = calls
            let fd = calls.open(path)
            if fd < 0 { throw ioError(.fileWriteFailed, "cannot create the file", path, errno) }
            self.fd = fd
        }

        func write(_ buffer: UnsafeRawBufferPointer) throws(AFSError) {
            var done = 0
            while done < buffer.count {
                let n = calls.write(fd, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw ioError(.fileWriteFailed, "cannot write the file", path, errno)
                }
                done += n
            }
        }

        func finish() throws(AFSError) {
            closed = true
            if calls.close(fd) != 0 { throw ioError(.fileWriteFailed, "cannot close the file", path, errno) }
        }

        deinit { if !closed { _ = calls.close(fd) } }
    }

    /// The system calls a body file is written with, each on the C contract (−1 and `errno` on
    /// failure). Tests inject the failures this machine cannot cause on demand: a `close(2)` that
    /// reports EIO (NFS, a quota) after the data went out, a descriptor 0 from `open(2)`.
    struct WriteCalls: Sendable {
        var open: @Sendable (String) -> Int32
        var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
        var close: @Sendable (Int32) -> Int32

        static let system = WriteCalls(
            open: { sysOpen($0) }, write: { sysWrite($0, $1, $2) }, close: { sysClose($0) })
    }
}

// The C calls under names that the classes' own `read`/`write` methods do not shadow.
private func sysRead(_ fd: Int32, _ p: UnsafeMutableRawPointer, _ n: Int) -> Int { read(fd, p, n) }
private func sysWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
private func sysOpen(_ path: String) -> Int32 { open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
private func sysClose(_ fd: Int32) -> Int32 { close(fd) }
