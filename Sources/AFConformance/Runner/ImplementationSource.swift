import AFSerialization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An outside implementation speaking the `conformance eval` protocol (VECTORS.md "Protocol rules"):
/// one request line in, one reply line out. Runs `run --implementation 'CMD ARGS…'`.
///
/// - Requests are pipelined, at most `window` in flight; ids are `<vector id>@<profile>#<n>` with `n`
///   counting every request of the run, so an id is never reused (not even when a request is re-sent).
///   Replies are matched by id, so they may come in any order.
/// - The oldest request in flight must be answered within `requestTimeout` seconds of being sent or
///   of the previous reply, whichever is later: each request gets that long of a sequential
///   implementation's attention, however many wait behind it.
/// - A fault (the process exits or closes its stdout, no reply in time, or a reply line that is not
///   JSON, not an object, or carries no or an unknown id) kills the process group and starts a new
///   process. With one request in flight, that request caused it and fails with a harness error naming
///   what happened and the tail of the implementation's stderr. With several, no one can tell which
///   caused it: each is re-sent once, alone (window 1), to the new process; one that faults alone is
///   the culprit and fails, the others get their real results. A fault no run reproduces alone (or one
///   with nothing in flight) is reported as a ``ProtocolError``; so is every bad reply line. So every
///   run gets exactly one result, each request is sent at most twice, and nothing waits forever.
/// - A reply whose id is in flight but that has neither `output` nor `harnessError` fails that run
///   (and is a protocol error); the process stays, since the stream is still in step.
/// - Each new process first gets a handshake, `{"id": "handshake#<n>", "component": "echo", …}`, and no
///   vector request until it has answered it (any reply with that id will do: an implementation without
///   `echo` answers with a harness error). So a program that cannot start (a wrong path, a missing
///   module, a banner on stdout, replies never flushed) is never mistaken for a crash on the vector
///   it was given first.
/// - Restart storms: after `maxSilentStarts` processes in a row did not answer their handshake (or
///   could not be spawned), the remaining runs fail with "implementation could not be started: …".
public struct ImplementationSource: EvaluationSource {
    public var command: String
    public var argv: [String]
    public var window: Int
    public var requestTimeout: Double
    public var maxSilentStarts: Int
    /// How much of the implementation's stderr is kept (the tail) for failure messages.
    public var stderrTailBytes: Int

    /// `command` is split like a shell would split words (``ShellWords``), then run directly.
    public init(command: String, window: Int = 16, requestTimeout: Double = 10, maxSilentStarts: Int = 3,
                stderrTailBytes: Int = 2048) throws(ShellWords.SplitError) {
        self.command = command
        self.argv = try ShellWords.split(command)
        self.window = max(1, window)
        self.requestTimeout = requestTimeout
        self.maxSilentStarts = max(1, maxSilentStarts)
        self.stderrTailBytes = stderrTailBytes
    }

    public func evaluate(_ items: [RunItem]) -> SourceResults {
        let driver = ImplementationDriver(config: self, items: items)
        return driver.run()
    }
}

/// The state of one run against an outside implementation; single-threaded, one `poll` loop.
private final class ImplementationDriver {
    struct InFlight {
        let requestId: String
        /// Index into the runs; `handshake` for the handshake.
        let item: Int
        let sentAt: UInt64
        let isolated: Bool
    }

    /// Runs that were in flight together when a process faulted, being re-sent one at a time.
    struct Isolation {
        var fault: String
        var stderr: String
        var requestIds: [String]
        var queue: [Int]
        var next = 0
        var left: Int
        var reproduced = false
    }

    static let handshake = -1

    let config: ImplementationSource
    let items: [RunItem]
    let timeoutNanoseconds: UInt64
    var results: [RunResult?]
    var remaining: Int
    var nextFresh = 0
    var isolation: Isolation?

    var child: ChildProcess?
    /// The current process has answered its handshake.
    var childStarted = false
    var silentStarts = 0
    var lastFault = ""
    var gaveUp: String?

    var inFlight: [InFlight] = []
    var lastReplyAt: UInt64 = 0
    var outbound: [UInt8] = []
    var outboundOffset = 0
    var lineBuffer: [UInt8] = []
    var scanFrom = 0
    var stderrTail: [UInt8] = []
    /// Reused for every read (a fresh 64 KiB array per poll round would cost more than the reads).
    var chunk = [UInt8](repeating: 0, count: 1 << 16)

    var seq = 0
    var protocolErrors: [ProtocolError] = []
    var summary: ImplementationSummary

    init(config: ImplementationSource, items: [RunItem]) {
        self.config = config
        self.items = items
        timeoutNanoseconds = UInt64(max(0.001, config.requestTimeout) * 1e9)
        results = Array(repeating: nil, count: items.count)
        remaining = items.count
        summary = ImplementationSummary(command: config.command, window: config.window,
                                        requestTimeoutSeconds: config.requestTimeout)
    }

    func run() -> SourceResults {
        ChildProcess.ignoreSIGPIPE()
        while remaining > 0 {
            if let gaveUp {
                for i in results.indices where results[i] == nil {
                    results[i] = VectorRunner.judge(items[i].vector, profile: items[i].profile, .harnessError(gaveUp))
                }
                remaining = 0
                break
            }
            if child == nil { start(); continue }
            fillWindow()
            pump()
        }
        finish()
        summary.gaveUp = gaveUp
        return SourceResults(results: results.map { $0! }, protocolErrors: protocolErrors, implementation: summary)
    }

    // MARK: Process lifecycle

    func start() {
        if silentStarts >= config.maxSilentStarts {
            gaveUp = "implementation could not be started: \(silentStarts) processes in a row did not answer their handshake; the last: \(lastFault)"
            return
        }
        do {
            child = try ChildProcess.spawn(config.argv)
            summary.processesStarted += 1
            childStarted = false
            stderrTail = []
            lineBuffer = []
            scanFrom = 0
            outbound = []
            outboundOffset = 0
            lastReplyAt = FileSystem.now()
            seq += 1
            enqueue(.obj(["id": .string("handshake#\(seq)"), "component": .string("echo"), "profile": .string("af4"),
                          "options": .object([]), "input": .obj(["handshake": .bool(true)])]),
                    InFlight(requestId: "handshake#\(seq)", item: Self.handshake, sentAt: FileSystem.now(), isolated: false))
        } catch {
            silentStarts += 1
            lastFault = error.description
        }
    }

    /// Closes stdin (the protocol's "done"), gives the process a moment to exit, then kills the group.
    func finish() {
        guard let child else { return }
        child.closeStdin()
        _ = child.waitForExit(milliseconds: 500)
        child.terminate()
        self.child = nil
    }

    // MARK: Sending

    func fillWindow() {
        guard childStarted else { return }
        let limit = isolation == nil ? config.window : 1
        while inFlight.count < limit {
            let item: Int
            let isolated: Bool
            if var iso = isolation {
                guard iso.next < iso.queue.count else { break }
                item = iso.queue[iso.next]
                iso.next += 1
                isolation = iso
                isolated = true
                summary.requestsResent += 1
            } else {
                guard nextFresh < items.count else { break }
                item = nextFresh
                nextFresh += 1
                isolated = false
            }
            send(item, isolated: isolated)
        }
    }

    func send(_ item: Int, isolated: Bool) {
        seq += 1
        let run = items[item]
        let id = "\(run.vector.id)@\(run.profile)#\(seq)"
        var members: [JSONValue.Member] = [
            .init("id", .string(id)), .init("component", .string(run.vector.component)),
            .init("profile", .string(run.profile)),
        ]
        if let options = run.vector.options { members.append(.init("options", options)) }
        members.append(.init("input", run.vector.input))
        enqueue(.object(members), InFlight(requestId: id, item: item, sentAt: FileSystem.now(), isolated: isolated))
        summary.requestsSent += 1
    }

    func enqueue(_ request: JSONValue, _ flight: InFlight) {
        inFlight.append(flight)
        if outboundOffset == outbound.count {
            outbound.removeAll(keepingCapacity: true)
            outboundOffset = 0
        }
        outbound.append(contentsOf: request.jsonText.utf8)
        outbound.append(0x0A)
    }

    // MARK: The poll loop

    /// One round: wait for the child's pipes (or the oldest request's deadline), then move bytes.
    func pump() {
        guard let child else { return }
        let now = FileSystem.now()
        var waitMs: Int32 = 1000
        if let oldest = inFlight.first {
            let deadline = max(oldest.sentAt, lastReplyAt) + timeoutNanoseconds
            if now >= deadline {
                fault(timeoutText(), kind: .hang)
                return
            }
            waitMs = Int32(min(1000, (deadline - now) / 1_000_000 + 1))
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
            fault("poll failed: \(String(cString: strerror(errno)))", kind: .exit)
            return
        }
        for p in fds where p.revents != 0 {
            if p.fd == child.stderrFD { readStderr() }
        }
        for p in fds where p.revents != 0 && p.fd == child.stdinFD { writeStdin() }
        for p in fds where p.revents != 0 && p.fd == child.stdoutFD {
            readStdout()
            return
        }
        if n == 0, child.stdoutFD >= 0, child.hasExited() {
            // Exited, but a grandchild still holds stdout open: the exit is what counts.
            fault(nil, kind: .exit)
        }
    }

    func writeStdin() {
        guard let child, child.stdinFD >= 0 else { return }
        while outboundOffset < outbound.count {
            let n = outbound.withUnsafeBytes { write(child.stdinFD, $0.baseAddress! + outboundOffset, $0.count - outboundOffset) }
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

    func readStderr() {
        guard let child, child.stderrFD >= 0 else { return }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(child.stderrFD, $0.baseAddress, $0.count) }
            if n > 0 {
                stderrTail.append(contentsOf: chunk[0..<n])
                if stderrTail.count > config.stderrTailBytes * 2 { stderrTail.removeFirst(stderrTail.count - config.stderrTailBytes) }
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n == 0 { child.closeStderr() }
            return
        }
    }

    func readStdout() {
        guard let child, child.stdoutFD >= 0 else { return }
        while true {
            let n = chunk.withUnsafeMutableBytes { read(child.stdoutFD, $0.baseAddress, $0.count) }
            if n > 0 {
                lineBuffer.append(contentsOf: chunk[0..<n])
                if !takeLines() { return }  // a fault replaced the process
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            // EOF (or a read error): a last line without its newline still counts.
            if !lineBuffer.isEmpty {
                let rest = lineBuffer
                lineBuffer = []
                scanFrom = 0
                if !handleLine(rest[...]) { return }
            }
            child.closeStdout()
            readStderr()
            fault(child.waitForExit(milliseconds: 300) ? nil : "implementation closed its stdout", kind: .exit)
            return
        }
    }

    /// Handles every complete line in the buffer; false when a fault replaced the process.
    func takeLines() -> Bool {
        var start = 0
        var i = scanFrom
        let count = lineBuffer.count
        while i < count {
            if lineBuffer[i] == 0x0A {
                let line = lineBuffer[start..<i]
                start = i + 1
                if !handleLine(line) { return false }
            }
            i += 1
        }
        if start > 0 { lineBuffer.removeFirst(start) }
        scanFrom = lineBuffer.count
        return true
    }

    // MARK: Replies

    /// One reply line; false when it was a fault (the process was replaced).
    func handleLine(_ raw: ArraySlice<UInt8>) -> Bool {
        var line = raw
        if line.last == 0x0D { line = line.dropLast() }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }  // blank lines carry nothing
        let reply: JSONValue
        do {
            reply = try JSONParser(maxDepth: 1 << 20, allowFragments: true).parse(Array(line))
        } catch {
            fault("reply is not JSON: \(excerpt(line)) (\(error.message))", kind: .garbage)
            return false
        }
        guard case .object = reply else {
            fault("reply is not a JSON object: \(excerpt(line))", kind: .garbage)
            return false
        }
        guard let idValue = reply["id"], !idValue.isNull else {
            fault("reply has no \"id\": \(excerpt(line))", kind: .garbage)
            return false
        }
        guard let id = idValue.stringValue, let index = inFlight.firstIndex(where: { $0.requestId == id }) else {
            let expected = inFlight.first.map { " (oldest in flight: \(JSONValue.string($0.requestId).jsonText))" } ?? ""
            fault("reply id \(idValue.jsonText) matches no request in flight\(expected): \(excerpt(line))", kind: .garbage)
            return false
        }
        let flight = inFlight.remove(at: index)
        lastReplyAt = FileSystem.now()
        if flight.item == Self.handshake {
            childStarted = true
            silentStarts = 0
            return true
        }
        if let message = reply["harnessError"]?.stringValue {
            complete(flight, .harnessError(message))
        } else if let output = reply["output"] {
            complete(flight, .output(output))
        } else {
            let message = "reply has neither \"output\" nor a string \"harnessError\": \(excerpt(line))"
            protocolErrors.append(ProtocolError(message: message, run: items[flight.item].name))
            complete(flight, .harnessError("implementation broke the protocol: \(message)"))
        }
        return true
    }

    func complete(_ flight: InFlight, _ outcome: Evaluator.Outcome, culprit: Bool = false) {
        let run = items[flight.item]
        precondition(results[flight.item] == nil, "a run got two results")
        results[flight.item] = VectorRunner.judge(run.vector, profile: run.profile, outcome)
        remaining -= 1
        guard flight.isolated, var iso = isolation else { return }
        iso.left -= 1
        if culprit { iso.reproduced = true }
        if iso.left > 0 { isolation = iso; return }
        isolation = nil
        if !iso.reproduced {
            let ids = iso.requestIds.prefix(5).joined(separator: ", ") + (iso.requestIds.count > 5 ? ", …" : "")
            protocolErrors.append(ProtocolError(message:
                "\(iso.fault) while \(iso.requestIds.count) requests were in flight (\(ids)); each re-sent alone got its reply, so no run is blamed\(iso.stderr)"))
        }
    }

    // MARK: Faults

    enum FaultKind { case exit, hang, garbage }

    /// Kills the process, then blames the one request in flight, or re-sends several one at a time.
    /// `what` nil: the process exited on its own, and its wait status says how.
    func fault(_ what: String?, kind: FaultKind) {
        guard let child else { return }
        child.killGroup()
        let status = child.reap(blocking: true)
        let what = what ?? "implementation \(status.map(ChildProcess.describe(waitStatus:)) ?? "exited")"
        readStderr()
        child.terminate()
        self.child = nil
        let stderr = stderrText()
        let flights = inFlight
        inFlight = []
        outbound = []
        outboundOffset = 0
        lineBuffer = []
        scanFrom = 0
        if !childStarted {
            // No vector request is sent before the handshake's reply: nothing to blame or re-send.
            silentStarts += 1
            lastFault = (kind == .hang ? "no reply to the handshake within \(seconds(config.requestTimeout)) s (is each reply flushed?)" : what) + stderr
            return
        }

        switch flights.count {
        case 0:
            protocolErrors.append(ProtocolError(message: "\(what) with no request in flight\(stderr)"))
        case 1:
            let f = flights[0]
            let message: String
            switch kind {
            case .exit: message = "\(what) while evaluating this request\(stderr)"
            case .hang: message = "\(what)\(stderr)"
            case .garbage:
                message = "implementation broke the protocol: \(what)\(stderr)"
                protocolErrors.append(ProtocolError(message: what, run: items[f.item].name))
            }
            complete(f, .harnessError(message), culprit: true)
        default:
            // Only one request is ever in flight while isolating, so this starts a new isolation.
            isolation = Isolation(fault: what, stderr: stderr, requestIds: flights.map(\.requestId),
                                  queue: flights.map(\.item), left: flights.count)
        }
    }

    func timeoutText() -> String {
        "no reply within \(seconds(config.requestTimeout)) s (the implementation was killed)"
    }

    func seconds(_ t: Double) -> String { t == t.rounded() && t < 1e9 ? String(Int(t)) : String(t) }

    /// `; stderr: "…"` with the tail of what the implementation wrote there, or nothing.
    func stderrText() -> String {
        var tail = stderrTail.suffix(config.stderrTailBytes)
        while let first = tail.first, first & 0xC0 == 0x80 { tail = tail.dropFirst() }  // whole characters
        let text = String(decoding: tail, as: UTF8.self).trimmingTrailingNewlines()
        if text.isEmpty { return "" }
        let prefix = stderrTail.count > config.stderrTailBytes ? "…" : ""
        return "; stderr: \(JSONValue.string(prefix + text).jsonText)"
    }

    func excerpt(_ line: ArraySlice<UInt8>) -> String {
        let limit = 200
        let text = String(decoding: line.prefix(limit), as: UTF8.self)
        return JSONValue.string(text).jsonText + (line.count > limit ? "… (\(line.count) bytes)" : "")
    }
}

extension RunItem {
    var name: String { "\(vector.id) [\(profile)]" }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var s = Substring(self)
        while let last = s.last, last == "\n" || last == "\r" || last == "\r\n" { s = s.dropLast() }
        return String(s)
    }
}
