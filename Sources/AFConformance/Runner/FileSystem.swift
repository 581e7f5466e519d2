#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file operations the runner needs, on the C library, with one typed error that names the
/// path and the C library's reason (`throws(IOError)`), so every message the runner prints about a
/// file says which file; and an atomic replace that never leaves a half-written vector file.
public enum FileSystem {
    public struct IOError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var message: String
        public var description: String { "\(path): \(message)" }
    }

    public static func readFile(_ path: String) throws(IOError) -> [UInt8] {
        guard let f = fopen(path, "rb") else { throw IOError(path: path, message: errnoText()) }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n > 0 { out.append(contentsOf: chunk[0..<n]) }
            if n < chunk.count {
                if ferror(f) != 0 { throw IOError(path: path, message: "read error") }
                break
            }
        }
        return out
    }

    /// Writes `bytes` to a temporary file next to `path`, then renames it over `path`, so a reader
    /// (or a crash) never sees a half-written vector file.
    public static func writeFileAtomically(_ path: String, _ bytes: [UInt8]) throws(IOError) {
        var template = Array("\(path).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw IOError(path: path, message: "cannot create a temporary file: \(errnoText())") }
        let tmp = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n <= 0 {
                let message = errnoText()
                close(fd)
                unlink(tmp)
                throw IOError(path: path, message: "write failed: \(message)")
            }
            written += n
        }
        fchmod(fd, 0o644)
        guard fsync(fd) == 0, close(fd) == 0 else {
            unlink(tmp)
            throw IOError(path: path, message: "cannot flush the temporary file: \(errnoText())")
        }
        guard rename(tmp, path) == 0 else {
            let message = errnoText()
            unlink(tmp)
            throw IOError(path: path, message: "rename failed: \(message)")
        }
    }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    public static func isFile(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }

    public static func makeDirectory(_ path: String) throws(IOError) {
        if isDirectory(path) { return }
        guard mkdir(path, 0o755) == 0 else { throw IOError(path: path, message: "mkdir failed: \(errnoText())") }
    }

    /// Entries of a directory (no `.`/`..`), sorted by byte order so runs are deterministic.
    public static func entries(_ path: String) throws(IOError) -> [String] {
        guard let d = opendir(path) else { throw IOError(path: path, message: errnoText()) }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    public static func join(_ a: String, _ b: String) -> String {
        a.isEmpty ? b : (a.hasSuffix("/") ? a + b : a + "/" + b)
    }

    public static func lastComponent(_ path: String) -> String {
        var p = Substring(path)
        while p.hasSuffix("/") && p.count > 1 { p = p.dropLast() }
        if let slash = p.lastIndex(of: "/") { return String(p[p.index(after: slash)...]) }
        return String(p)
    }

    public static func parent(_ path: String) -> String {
        var p = Substring(path)
        while p.hasSuffix("/") && p.count > 1 { p = p.dropLast() }
        guard let slash = p.lastIndex(of: "/") else { return "." }
        return slash == p.startIndex ? "/" : String(p[..<slash])
    }

    /// Monotonic nanoseconds, for the run's timing line.
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Glob match (`*`, `?`, `[…]`) as the shell does, for `--filter`.
    public static func globMatch(_ pattern: String, _ text: String) -> Bool {
        fnmatch(pattern, text, 0) == 0
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
