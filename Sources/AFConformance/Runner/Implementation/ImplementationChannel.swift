import AFSerialization
import AFVectorFormat
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The transport under ``ImplementationMachine``: one child process at a time, its pipes in one
/// `poll` loop, stdout cut into lines, the tail of stderr kept for messages. It carries out the
/// machine's actions and turns what the process does into the machine's events; every decision
/// (what to send, whom to blame, when to give up) is the machine's.
final class ImplementationChannel {
    private var machine: ImplementationMachine
    private let argv: [String]
    private let stderrTailBytes: Int
    private let progress: RunProgress?

    private var child: ChildProcess?
    private var outbound: [UInt8] = []
    private var outboundOffset = 0
    private var lineBuffer: [UInt8] = []
    private var scanFrom = 0
    private var stderrTail: [UInt8] = []
    /// Reused for every read (a fresh 64 KiB array per poll round would cost more than the reads).
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    /// Bumped whenever the process is replaced, so lines read from the old one are dropped.
    private var generation = 0

    init(machine: ImplementationMachine, argv: [String], stderrTailBytes: Int, progress: RunProgress?) {
        self.machine = machine
        self.argv = argv
        self.stderrTailBytes = stderrTailBytes
        self.progress = progress
    }

    func run() -> ImplementationMachine {
        ChildProcess.ignoreSIGPIPE()
        perform(machine.start())
        while !isDone {
            pump()
            perform(machine.handle(.tick(now: FileSystem.now())))
            progress?.update(done: machine.completed, total: machine.items.count)
        }
        finish()
        return machine
    }

    private var isDone: Bool {
        if case .done = machine.phase { return true }
        return false
    }

    // MARK: Actions

    private func perform(_ actions: [ImplementationMachine.Action]) {
        var queue = actions[...]
        while let action = queue.popFirst() {
            switch action {
            case .spawn:
                queue += spawn()
            case .send(let line):
                if outboundOffset == outbound.count {
                    outbound.removeAll(keepingCapacity: true)
                    outboundOffset = 0
                }
                outbound += line
            case .kill:
                queue += machine.handle(.processGone(how: replace(killFirst: true), stderr: stderrText()))
            case .finish:
                finish()
            }
        }
    }

    private func spawn() -> [ImplementationMachine.Action] {
        do {
            child = try ChildProcess.spawn(argv)
        } catch {
            return machine.handle(.spawnFailed(error.description))
        }
        generation += 1
        stderrTail = []
        lineBuffer = []
        scanFrom = 0
        outbound = []
        outboundOffset = 0
        return machine.handle(.spawned(now: FileSystem.now()))
    }

    /// Kills the group (when asked, or when the process left a grandchild behind), reaps it and
    /// drains its stderr; returns how it ended.
    private func replace(killFirst: Bool) -> String {
        guard let child else { return "implementation exited" }
        if killFirst { child.killGroup() }
        let status = child.reap(blocking: true)
        readStderr()
        child.terminate()
        self.child = nil
        generation += 1
        outbound = []
        outboundOffset = 0
        lineBuffer = []
        scanFrom = 0
        return "implementation \(status.map(ChildProcess.describe(waitStatus:)) ?? "exited")"
    }

    /// Closes stdin (the protocol's "done"), gives the process a moment to exit, then kills the group.
    private func finish() {
        guard let child else { return }
        child.closeStdin()
        _ = child.waitForExit(milliseconds: 500)
        child.terminate()
        self.child = nil
    }

    // MARK: The poll loop

    /// One round: wait for the pipes (at most until the machine's deadline), then move bytes.
    private func pump() {
        guard let child else { return }
        let now = FileSystem.now()
        var waitMs: Int32 = progress == nil ? 1000 : 200
        if let deadline = machine.deadline {
            if now >= deadline { return }  // the tick after this round reports it
            waitMs = Int32(min(UInt64(waitMs), (deadline - now) / 1_000_000 + 1))
        }
        var fds: [pollfd] = []
        if child.stdoutFD >= 0 { fds.append(pollfd(fd: child.stdoutFD, events: Int16(POLLIN), revents: 0)) }
        if child.stderrFD >= 0 { fds.append(pollfd(fd: child.stderrFD, events: Int16(POLLIN), revents: 0)) }
        if child.stdinFD >= 0 && outboundOffset < outbound.count {
            fds.append(pollfd(fd: child.stdinFD, events: Int16(POLLOUT), revents: 0))
        }
        let n = poll(&fds, nfds_t(fds.count), waitMs)
        if n < 0 {
            if errno == EINTR { return }
            let why = "poll failed: \(String(cString: strerror(errno)))"
            perform(machine.handle(.processGone(how: why + "; " + replace(killFirst: true), stderr: stderrText())))
            return
        }
        for p in fds where p.revents != 0 && p.fd == child.stderrFD { readStderr() }
        for p in fds where p.revents != 0 && p.fd == child.stdinFD { writeStdin() }
        for p in fds where p.revents != 0 && p.fd == child.stdoutFD {
            readStdout()
            return
        }
        if n == 0, child.stdoutFD >= 0, child.hasExited() {
            // Exited, but a grandchild still holds stdout open: the exit is what counts.
            perform(machine.handle(.processGone(how: replace(killFirst: true), stderr: stderrText())))
        }
    }

    private func writeStdin() {
        guard let child, child.stdinFD >= 0 else { return }
        while outboundOffset < outbound.count {
            let n = outbound.withUnsafeBytes {
                write(child.stdinFD, $0.baseAddress! + outboundOffset, $0.count - outboundOffset)
            }
            if n > 0 { outboundOffset += n; continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            // EPIPE: the implementation closed its stdin or died. What it still wrote on stdout is read
            // first; the EOF there (or the deadline) reports the fault.
            child.closeStdin()
            outbound = []
            outboundOffset = 0
            return
        }
    }

    private func readStderr() {
        guard let child, child.stderrFD >= 0 else { return }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(child.stderrFD, $0.baseAddress, $0.count) }
            if n > 0 {
                stderrTail.append(contentsOf: chunk[0..<n])
                if stderrTail.count > stderrTailBytes * 2 { stderrTail.removeFirst(stderrTail.count - stderrTailBytes) }
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n == 0 { child.closeStderr() }
            return
        }
    }

    private func readStdout() {
        guard let child, child.stdoutFD >= 0 else { return }
        let mine = generation
        while true {
            let n = chunk.withUnsafeMutableBytes { read(child.stdoutFD, $0.baseAddress, $0.count) }
            if n > 0 {
                lineBuffer.append(contentsOf: chunk[0..<n])
                takeLines()
                if generation != mine { return }  // a fault replaced the process
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            // EOF (or a read error): a last line without its newline still counts.
            if !lineBuffer.isEmpty {
                let rest = lineBuffer
                lineBuffer = []
                scanFrom = 0
                perform(machine.handle(.line(rest[...], now: FileSystem.now())))
                if generation != mine { return }
            }
            child.closeStdout()
            readStderr()
            let exited = child.waitForExit(milliseconds: 300)
            let how = replace(killFirst: true)
            perform(
                machine.handle(
                    .processGone(how: exited ? how : "implementation closed its stdout", stderr: stderrText())))
            return
        }
    }

    /// Hands every complete line in the buffer to the machine, until one of them replaces the process.
    private func takeLines() {
        let mine = generation
        var start = 0
        var i = scanFrom
        while i < lineBuffer.count {
            if lineBuffer[i] == 0x0A {
                let line = lineBuffer[start..<i]
                start = i + 1
                perform(machine.handle(.line(line, now: FileSystem.now())))
                if generation != mine { return }
            }
            i += 1
        }
        if start > 0 { lineBuffer.removeFirst(start) }
        scanFrom = lineBuffer.count
    }

    /// `; stderr: "…"` with the tail of what the implementation wrote there, or nothing.
    private func stderrText() -> String {
        var tail = stderrTail.suffix(stderrTailBytes)
        while let first = tail.first, first & 0xC0 == 0x80 { tail = tail.dropFirst() }  // whole characters
        var text = Substring(String(decoding: tail, as: UTF8.self))
        while let last = text.last, last == "\n" || last == "\r" || last == "\r\n" { text = text.dropLast() }
        if text.isEmpty { return "" }
        let prefix = stderrTail.count > stderrTailBytes ? "…" : ""
        return "; stderr: \(JSONValue.string(prefix + text).jsonText)"
    }
}
