#if canImport(Glibc)
    import Glibc
#endif

/// A helper process started from a fuzz executable, which answers requests over a Unix socket:
/// where an oracle's cost would harm the fuzzing process, it runs there. Two venues (``Venue``):
/// a fork of this process running `serve` (fuzz-response reads property lists this way,
/// ``ForkedPlistReader``, so that Foundation's leak stays out), or a fork that executes another
/// program, `afs-oracle-host`, built without sanitizers, whose allocations do not go through
/// AddressSanitizer's allocator (fuzz-plist-request's Foundation checks, ``FoundationHost``).
///
/// The child is started at the first request and replaced after `requestsPerChild`, so what it leaks
/// is bounded. It runs the same code on the same bytes as the process would. A child that dies (a
/// crash, an AddressSanitizer report on the shared standard error) is ``Outcome/died(_:)`` for the
/// request it was serving, which the caller reports as that input's failure; one that hangs keeps
/// the fuzzer waiting until libFuzzer's `-timeout` ends it, on that input too. Used from one thread
/// (libFuzzer's): a request is sent, then its answer received, before the next. With ``sharesCPU``,
/// that thread and each child run on one CPU (``SharedCPU``).
public final class ForkedChild: @unchecked Sendable {
    public enum Outcome: Equatable {
        case answered([UInt8])
        /// No child could be started (fork or socketpair failed): compute in process instead.
        case unavailable
        /// The child died serving the request: how (`killed by signal 6`, `exit status 1`).
        case died(String)
    }

    /// Where the child's answers are computed.
    public enum Venue {
        /// In the forked child, by this closure.
        case fork(serve: ([UInt8]) -> [UInt8])
        /// By the program at `path`, started with `arguments` (after the path) and the socket as
        /// file descriptor 3 (``OracleHost``).
        case exec(path: String, arguments: [String])
    }

    public let name: String
    public let requestsPerChild: Int
    let venue: Venue
    /// Pin this thread and each child to one CPU (``SharedCPU``): set by a fuzz executable's
    /// `install`, before the first request.
    public var sharesCPU = false

    private var child: (pid: pid_t, socket: Int32)?
    private var served = 0
    private var awaiting = false
    private var warnedUnavailable = false
    /// Requests answered, and children started, in this process.
    public private(set) var answered = 0, children = 0

    public convenience init(name: String, requestsPerChild: Int, serve: @escaping ([UInt8]) -> [UInt8]) {
        self.init(name: name, requestsPerChild: requestsPerChild, venue: .fork(serve: serve))
    }

    public init(name: String, requestsPerChild: Int, venue: Venue) {
        self.name = name
        self.requestsPerChild = requestsPerChild
        self.venue = venue
    }

    /// ``send(_:)`` then ``receive()``.
    public func ask(_ request: [UInt8]) -> Outcome {
        if let failed = send(request) { return failed }
        return receive()
    }

    /// Sends a request; nil when it is on its way, else why not (its answer is then not awaited).
    public func send(_ request: [UInt8]) -> Outcome? {
        precondition(!awaiting, "\(name): a request is still unanswered")
        if served >= requestsPerChild, let c = child {
            child = nil
            _ = reap(c)
        }
        guard let c = child ?? spawn() else {
            if !warnedUnavailable {
                warnedUnavailable = true
                standardError("\(name): no child process (errno \(errno)); computing in process")
            }
            return .unavailable
        }
        guard Frame.send(c.socket, request) else { return died(c) }
        awaiting = true
        return nil
    }

    /// The answer to the request sent last.
    public func receive() -> Outcome {
        precondition(awaiting, "\(name): nothing was sent")
        awaiting = false
        guard let c = child else { return .unavailable }
        guard let reply = Frame.receive(c.socket) else { return died(c) }
        served += 1
        answered += 1
        return .answered(reply)
    }

    private func died(_ c: (pid: pid_t, socket: Int32)) -> Outcome {
        child = nil
        awaiting = false
        return .died(reap(c))
    }

    /// Children still running when the process exits are ended and collected then: a container
    /// whose first process reaps no orphans would otherwise keep each one as a zombie.
    nonisolated(unsafe) private static var live: [ForkedChild] = []

    private func spawn() -> (pid: pid_t, socket: Int32)? {
        if Self.live.isEmpty {
            atexit {
                for helper in ForkedChild.live { helper.shutDown() }
            }
        }
        if !Self.live.contains(where: { $0 === self }) { Self.live.append(self) }
        var fds: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            return nil
        }
        // The program's argument vector is made before the fork: the child of a process with other
        // threads (libFuzzer's RSS watcher) calls nothing that may allocate before it executes.
        let argv: [UnsafeMutablePointer<CChar>?]?
        switch venue {
        case .exec(let path, let arguments): argv = ([path] + arguments).map { strdup($0) } + [nil]
        case .fork: argv = nil
        }
        defer { argv?.forEach { free($0) } }
        fflush(nil)
        let pid = fork()
        if pid < 0 {
            close(fds[0])
            close(fds[1])
            return nil
        }
        if pid == 0 {
            close(fds[0])
            switch venue {
            case .fork(let serve): run(fds[1], serve)
            case .exec: execute(fds[1], argv!)
            }
        }
        close(fds[1])
        if sharesCPU { SharedCPU.pin(child: pid) }
        served = 0
        children += 1
        child = (pid, fds[0])
        return child
    }

    /// The child: answers until the parent closes its end, then exits without the parent's exit
    /// handlers (libFuzzer's, LeakSanitizer's report of what the child exists to hold).
    private func run(_ socket: Int32, _ serve: ([UInt8]) -> [UInt8]) -> Never {
        // libFuzzer's handlers would report a crash here as the parent's current input and write an
        // artifact for it; the parent reports it instead, from the exit status.
        for sig in [SIGALRM, SIGINT, SIGTERM, SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGUSR1, SIGUSR2] {
            signal(sig, SIG_DFL)
        }
        if let symbol = dlsym(nil, "__sanitizer_set_death_callback") {
            typealias SetCallback = @convention(c) ((@convention(c) () -> Void)?) -> Void
            unsafeBitCast(symbol, to: SetCallback.self)(nil)
        }
        Frame.serve(socket, serve)
        _exit(0)
    }

    /// The child of an ``Venue/exec(path:arguments:)`` helper: the socket becomes descriptor 3 (open
    /// across the exec), then the program replaces this process; exit status 127 if it cannot.
    /// Handled signals return to their defaults with the exec.
    private func execute(_ socket: Int32, _ argv: [UnsafeMutablePointer<CChar>?]) -> Never {
        let target: Int32 = 3
        if socket == target {
            _ = fcntl(target, F_SETFD, 0)
        } else if dup2(socket, target) < 0 {
            _exit(127)
        }
        _ = argv.withUnsafeBufferPointer { execv($0[0]!, $0.baseAddress!) }
        _exit(127)
    }

    /// Ends the child, if one runs (see ``live``).
    func shutDown() {
        guard let c = child else { return }
        child = nil
        _ = reap(c)
    }

    /// Closes the socket (a live child then reads its end and exits) and collects the child.
    private func reap(_ c: (pid: pid_t, socket: Int32)) -> String {
        close(c.socket)
        var status: Int32 = 0
        while waitpid(c.pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? "exit status \((status >> 8) & 0xff)" : "killed by signal \(signal)"
    }

    /// A 4-byte little-endian length, then the bytes.
    enum Frame {
        /// The length and the bytes in one `sendmsg` (two would wake the reader on the length
        /// alone), without copying them into one buffer; what a full socket leaves is sent after.
        static func send(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
            var header = UInt32(truncatingIfNeeded: bytes.count).littleEndian
            return withUnsafeMutableBytes(of: &header) { h in
                bytes.withUnsafeBytes { b in
                    var parts = (
                        iovec(iov_base: h.baseAddress, iov_len: h.count),
                        iovec(iov_base: UnsafeMutableRawPointer(mutating: b.baseAddress), iov_len: b.count)
                    )
                    var sent = -1
                    withUnsafeMutablePointer(to: &parts) { p in
                        p.withMemoryRebound(to: iovec.self, capacity: 2) { iov in
                            var message = msghdr()
                            message.msg_iov = iov
                            message.msg_iovlen = 2
                            repeat {
                                sent = sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
                            } while sent < 0 && errno == EINTR
                        }
                    }
                    guard sent > 0 else { return false }
                    if sent < h.count, !all(fd, UnsafeRawBufferPointer(rebasing: h[sent...])) { return false }
                    return all(fd, UnsafeRawBufferPointer(rebasing: b[max(0, sent - h.count)...]))
                }
            }
        }

        private static func all(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
            var done = 0
            while done < buffer.count {
                let k = Glibc.send(fd, buffer.baseAddress! + done, buffer.count - done, Int32(MSG_NOSIGNAL))
                if k < 0, errno == EINTR { continue }
                guard k > 0 else { return false }
                done += k
            }
            return true
        }

        /// Answers each request on `fd` with `answer` until the other end closes it.
        static func serve(_ fd: Int32, _ answer: ([UInt8]) -> [UInt8]) {
            while let request = receive(fd) {
                guard send(fd, answer(request)) else { return }
            }
        }

        static func receive(_ fd: Int32) -> [UInt8]? {
            guard let header = exactly(fd, 4) else { return nil }
            return exactly(fd, length(in: header, at: 0))
        }

        /// A length as the 4 little-endian bytes that precede what it counts.
        static func length(_ n: Int) -> [UInt8] {
            var out: [UInt8] = []
            append(length: n, to: &out)
            return out
        }

        /// ``length(_:)``'s bytes, appended in place.
        static func append(length n: Int, to out: inout [UInt8]) {
            out.append(UInt8(truncatingIfNeeded: n))
            out.append(UInt8(truncatingIfNeeded: n >> 8))
            out.append(UInt8(truncatingIfNeeded: n >> 16))
            out.append(UInt8(truncatingIfNeeded: n >> 24))
        }

        /// The length written by ``length(_:)`` at `offset` (4 bytes must be there).
        static func length(in bytes: [UInt8], at offset: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }

        private static func exactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
            var out = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let k = out.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, count - done) }
                if k < 0, errno == EINTR { continue }
                guard k > 0 else { return nil }
                done += k
            }
            return out
        }
    }
}
