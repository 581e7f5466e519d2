#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process with pipes on its stdin, stdout and stderr (our ends non-blocking, for one `poll`
/// loop), started with `posix_spawnp` in a process group of its own so that killing it also kills
/// whatever it started (a wrapper script's own `conformance eval`, a `sh -c` pipeline): otherwise a
/// grandchild could keep the stdout pipe open and the run would wait for an EOF that never comes.
/// Used from one thread only.
final class ChildProcess {
    struct SpawnError: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    /// Our ends of the pipes; -1 once closed.
    private(set) var stdinFD: Int32
    private(set) var stdoutFD: Int32
    private(set) var stderrFD: Int32
    /// The raw wait status, once reaped.
    private(set) var waitStatus: Int32?

    private init(pid: pid_t, stdinFD: Int32, stdoutFD: Int32, stderrFD: Int32) {
        self.pid = pid
        self.stdinFD = stdinFD
        self.stdoutFD = stdoutFD
        self.stderrFD = stderrFD
    }

    /// Writing to a pipe whose reader died must give EPIPE (a crash to report), not kill the runner.
    /// The child gets SIGPIPE back at its default (posix_spawn's `setsigdefault`).
    static func ignoreSIGPIPE() { _ = signal(SIGPIPE, SIG_IGN) }

    /// Held from pipe creation to the spawn: with two runs in parallel (`conformance matrix`), a
    /// child spawned by one thread must not inherit the other's pipe ends before they are
    /// close-on-exec, or that pipe's EOF would wait for an unrelated process.
    nonisolated(unsafe) private static let spawnLock: UnsafeMutablePointer<pthread_mutex_t> = {
        let m = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(m, nil)
        return m
    }()

    static func spawn(_ argv: [String]) throws(SpawnError) -> ChildProcess {
        precondition(!argv.isEmpty)
        pthread_mutex_lock(spawnLock)
        defer { pthread_mutex_unlock(spawnLock) }
        var made: [Int32] = []
        func cleanup() { for fd in made { close(fd) } }
        func makePipe() throws(SpawnError) -> (read: Int32, write: Int32) {
            // Close-on-exec: no other child (a restarted implementation) may inherit our ends, or
            // this child's EOF would never come. (pipe2 is not visible from Swift's Glibc module;
            // spawns are serialized by `spawnLock`.)
            var fds: [Int32] = [-1, -1]
            let ok = pipe(&fds) == 0
            if ok { for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) } }
            guard ok else { throw SpawnError(description: "pipe failed: \(String(cString: strerror(errno)))") }
            made += fds
            return (fds[0], fds[1])
        }
        let stdin: (read: Int32, write: Int32), stdout: (read: Int32, write: Int32), stderr: (read: Int32, write: Int32)
        do {
            stdin = try makePipe()
            stdout = try makePipe()
            stderr = try makePipe()
        } catch {
            cleanup()
            throw error
        }

        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attr = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t? = nil
            var attr: posix_spawnattr_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        posix_spawnattr_setpgroup(&attr, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attr, &mask)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArgs.append(nil)
        defer { for p in cArgs { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, argv[0], &actions, &attr, cArgs, currentEnvironment())
        guard rc == 0 else {
            cleanup()
            throw SpawnError(description: "cannot run \(argv[0]): \(String(cString: strerror(rc)))")
        }
        close(stdin.read)
        close(stdout.write)
        close(stderr.write)
        for fd in [stdin.write, stdout.read, stderr.read] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        return ChildProcess(pid: pid, stdinFD: stdin.write, stdoutFD: stdout.read, stderrFD: stderr.read)
    }

    func closeStdin() { closeFD(&stdinFD) }
    func closeStdout() { closeFD(&stdoutFD) }
    func closeStderr() { closeFD(&stderrFD) }

    private func closeFD(_ fd: inout Int32) {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// SIGKILL to the whole group. Sent before reaping, so the group id cannot have been reused.
    func killGroup() {
        if waitStatus == nil { _ = kill(-pid, SIGKILL) }
    }

    /// Reaps the child if it has exited (or waits, when `blocking`); returns the wait status.
    @discardableResult
    func reap(blocking: Bool) -> Int32? {
        if let waitStatus { return waitStatus }
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if r == pid { waitStatus = status; return status }
            if r == -1 && errno == EINTR { continue }
            return nil
        }
    }

    /// True once the child has exited, without reaping it: a zombie keeps its pid (and so its process
    /// group id) reserved, so ``killGroup()`` can still reach what it left running.
    func hasExited() -> Bool {
        if waitStatus != nil { return true }
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return false }
        #if canImport(Glibc)
            return info._sifields._sigchld.si_pid != 0
        #else
            return info.si_pid != 0
        #endif
    }

    /// Waits up to `milliseconds` for the child to exit on its own (without reaping it).
    func waitForExit(milliseconds: Int) -> Bool {
        var waited = 0
        while waited <= milliseconds {
            if hasExited() { return true }
            usleep(5_000)
            waited += 5
        }
        return false
    }

    /// Kills the group, reaps the child and closes our ends.
    func terminate() {
        killGroup()
        reap(blocking: true)
        closeStdin()
        closeStdout()
        closeStderr()
    }

    deinit {
        if waitStatus == nil { terminate() }
        for fd in [stdinFD, stdoutFD, stderrFD] where fd >= 0 { close(fd) }
    }

    /// "exited with status 3", "was killed by signal 11 (Segmentation fault)", and for the shell's
    /// 128 + n convention "exited with status 139 (128 + signal 11: Segmentation fault)".
    static func describe(waitStatus status: Int32) -> String {
        let signal = status & 0x7f
        if signal == 0 {
            let code = (status >> 8) & 0xff
            if code > 128 && code < 128 + 65 {
                return "exited with status \(code) (128 + signal \(code - 128): \(signalName(code - 128)))"
            }
            return "exited with status \(code)"
        }
        return "was killed by signal \(signal) (\(signalName(signal)))"
    }

    static func signalName(_ n: Int32) -> String {
        guard let s = strsignal(n) else { return "signal \(n)" }
        return String(cString: s)
    }
}

/// The environment the child inherits (ours).
private func currentEnvironment() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    #if canImport(Glibc)
        return environ
    #else
        return _NSGetEnviron().pointee
    #endif
}
