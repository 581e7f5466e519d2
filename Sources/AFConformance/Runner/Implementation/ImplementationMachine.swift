import AFSerialization
import AFVectorFormat

/// The policy of a run against an outside implementation (VECTORS.md §5), as a pure state machine:
/// events in, actions out. It owns which request goes next, how replies are matched, who is blamed
/// for a fault and when to give up; it does no I/O and reads no clock (times come with the events),
/// so every policy is tested without processes or real time. ``ImplementationChannel`` moves the
/// bytes.
///
/// - Pipelining: at most `window` requests in flight, ids `<vector id>@<profile>#<n>`, `n` counting
///   every request of the run (never reused, not even when a request is re-sent).
/// - Timeout: the oldest request in flight must be answered within `requestTimeout` of being sent
///   or of the previous reply, whichever is later.
/// - Faults (the process exits, hangs, or writes a line that is not a reply): the process is killed
///   and replaced. One request in flight: it is blamed. Several: each is re-sent alone; one that
///   faults alone is blamed, and a fault no run reproduces is a ``ProtocolError``.
/// - Crash cap: after `maxCrashes` consecutive runs of one component were blamed, the rest of that
///   component is not sent and fails as one group.
/// - Handshake: each process first gets `handshake#<n>`; its reply may declare what the
///   implementation supports (protocol 1.1); runs outside that are n/a and never sent.
/// - Restart storm: after `maxSilentStarts` processes in a row never answered their handshake,
///   the remaining runs fail together.
struct ImplementationMachine {
    struct Config {
        var window: Int
        var requestTimeout: Double
        var maxSilentStarts: Int
        var maxCrashes: Int
        /// Told to each process in its handshake input (`suite`), when known.
        var suite: SuiteInfo? = nil
    }

    enum Event {
        /// A new process is running (its pipes are open).
        case spawned(now: UInt64)
        case spawnFailed(String)
        /// One line the implementation wrote on stdout (without its newline).
        case line(ArraySlice<UInt8>, now: UInt64)
        /// The process is gone: on its own (`how` describes its exit), or after ``Action/kill``.
        /// `stderr` is the tail it wrote there (`; stderr: "…"` or empty).
        case processGone(how: String, stderr: String)
        case tick(now: UInt64)
    }

    enum Action: Equatable {
        case spawn
        /// Write this request line (newline included) to the implementation's stdin.
        case send([UInt8])
        /// Kill the process group, reap it, then report ``Event/processGone(how:stderr:)``.
        case kill
        /// Every run has its result: close stdin, let the process exit, then kill what is left.
        case finish
    }

    struct InFlight {
        let requestId: String
        /// Index into the runs, or ``handshakeItem``.
        let item: Int
        let sentAt: UInt64
        let isolated: Bool
    }

    /// Runs that were in flight together when a process faulted, re-sent one at a time.
    struct Isolation {
        var fault: String
        var stderr: String
        var requestIds: [String]
        var queue: [Int]
        var left: Int
        var reproduced = false
    }

    enum FaultKind { case exit, hang, garbage }

    enum Phase {
        case noProcess
        /// The process has not answered its handshake yet: no vector request goes to it.
        case handshaking
        case running
        /// ``Action/kill`` was asked for because of this fault; waiting for the process to go.
        /// `answered`: the process had answered its handshake (so runs were in flight).
        case dying(what: String, kind: FaultKind, answered: Bool)
        case done
    }

    static let handshakeItem = -1

    let config: Config
    let items: [RunItem]
    private(set) var results: [Evaluator.Outcome?]
    private(set) var remaining: Int
    private(set) var phase = Phase.noProcess
    private(set) var protocolErrors: [ProtocolError] = []
    private(set) var summary: ImplementationSummary
    /// What the first handshake reply declared (protocol 1.1), when it declared anything.
    private(set) var declaration: HandshakeDeclaration?

    private var nextFresh = 0
    private var isolation: Isolation?
    private var inFlight: [InFlight] = []
    private var lastReplyAt: UInt64 = 0
    private var seq = 0
    private var silentStarts = 0
    private var lastStartFault = ""
    /// Consecutive runs of each component blamed for a fault (reset by a reply).
    private var crashStreak: [String: Int] = [:]
    /// Components whose remaining runs are no longer sent, with the message they fail with.
    private var capped: [String: String] = [:]
    private var declarationSeen = false

    init(config: Config, items: [RunItem], command: String) {
        self.config = config
        self.items = items
        results = Array(repeating: nil, count: items.count)
        remaining = items.count
        summary = ImplementationSummary(
            command: command, window: config.window,
            requestTimeoutSeconds: config.requestTimeout)
    }

    var timeoutNanoseconds: UInt64 { UInt64(max(0.001, config.requestTimeout) * 1e9) }

    /// When the oldest request in flight times out (nil: nothing is waited for).
    var deadline: UInt64? {
        inFlight.first.map { max($0.sentAt, lastReplyAt) + timeoutNanoseconds }
    }

    var completed: Int { items.count - remaining }

    mutating func start() -> [Action] {
        if remaining == 0 { phase = .done; return [] }
        return [.spawn]
    }

    mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .spawned(let now): return spawned(now: now)
        case .spawnFailed(let why):
            silentStarts += 1
            lastStartFault = why
            return afterProcess()
        case .line(let line, let now): return reply(line, now: now)
        case .processGone(let how, let stderr): return gone(how: how, stderr: stderr)
        case .tick(let now):
            guard let deadline, now >= deadline else { return [] }
            switch phase {
            case .handshaking: return die(handshakeTimeoutText(), .hang)
            case .running: return die(timeoutText(), .hang)
            default: return []
            }
        }
    }

    // MARK: Process lifecycle

    private mutating func spawned(now: UInt64) -> [Action] {
        summary.processesStarted += 1
        phase = .handshaking
        lastReplyAt = now
        seq += 1
        let id = "handshake#\(seq)"
        var input: [JSONValue.Member] = [
            .init("handshake", .bool(true)), .init("protocol", .string(HandshakeDeclaration.protocolVersion)),
        ]
        if let suite = config.suite { input.append(.init("suite", suite.handshakeMember)) }
        let request = JSONValue.obj([
            "id": .string(id), "component": .string("echo"), "profile": .string("af4"), "options": .object([]),
            "input": .object(input),
        ])
        inFlight = [InFlight(requestId: id, item: Self.handshakeItem, sentAt: now, isolated: false)]
        return [.send(Self.line(request))]
    }

    /// After a process is gone (or could not be spawned): the next one, or the end.
    private mutating func afterProcess() -> [Action] {
        if remaining == 0 { phase = .done; return [] }
        if silentStarts >= config.maxSilentStarts {
            let why =
                "implementation could not be started: \(silentStarts) processes in a "
                + "row did not answer their handshake; the last: \(lastStartFault)"
            summary.gaveUp = why
            for i in results.indices where results[i] == nil { settle(i, .harnessError(why)) }
            phase = .done
            return []
        }
        phase = .noProcess
        return [.spawn]
    }

    private mutating func die(_ what: String, _ kind: FaultKind) -> [Action] {
        if case .running = phase {
            phase = .dying(what: what, kind: kind, answered: true)
        } else {
            phase = .dying(what: what, kind: kind, answered: false)
        }
        return [.kill]
    }

    private mutating func gone(how: String, stderr: String) -> [Action] {
        let (what, kind, answered): (String, FaultKind, Bool)
        switch phase {
        case .dying(let w, let k, let a): (what, kind, answered) = (w, k, a)
        case .handshaking: (what, kind, answered) = (how, .exit, false)
        case .running: (what, kind, answered) = (how, .exit, true)
        case .done, .noProcess: return []
        }
        let flights = inFlight
        inFlight = []
        if !answered {
            // No vector request is sent before the handshake's reply: nothing to blame or re-send.
            silentStarts += 1
            lastStartFault = what + stderr
            return afterProcess()
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
            isolation = Isolation(
                fault: what, stderr: stderr, requestIds: flights.map(\.requestId),
                queue: flights.map(\.item), left: flights.count)
            dropCappedFromIsolation()
        }
        return afterProcess()
    }

    // MARK: Sending

    private mutating func fillWindow(now: UInt64) -> [Action] {
        guard case .running = phase else { return [] }
        var actions: [Action] = []
        let limit = isolation == nil ? config.window : 1
        while inFlight.count < limit {
            let item: Int
            let isolated: Bool
            if var iso = isolation {
                guard !iso.queue.isEmpty else { break }
                item = iso.queue.removeFirst()
                isolation = iso
                isolated = true
                summary.requestsResent += 1
            } else {
                guard let next = nextSendable() else { break }
                item = next
                isolated = false
            }
            actions.append(.send(send(item, isolated: isolated, now: now)))
        }
        if remaining == 0 { phase = .done; actions.append(.finish) }
        return actions
    }

    /// The next run that has no result yet (runs settled without sending are skipped).
    private mutating func nextSendable() -> Int? {
        while nextFresh < items.count {
            let i = nextFresh
            nextFresh += 1
            if results[i] != nil { continue }
            if let message = capped[items[i].vector.component] {
                settle(i, .harnessError(message))
                continue
            }
            return i
        }
        return nil
    }

    private mutating func send(_ item: Int, isolated: Bool, now: UInt64) -> [UInt8] {
        seq += 1
        let run = items[item]
        let id = "\(run.vector.id)@\(run.profile)#\(seq)"
        var members: [JSONValue.Member] = [
            .init("id", .string(id)), .init("component", .string(run.vector.component)),
            .init("profile", .string(run.profile)),
        ]
        if let options = run.vector.options { members.append(.init("options", options)) }
        members.append(.init("input", run.vector.input))
        inFlight.append(InFlight(requestId: id, item: item, sentAt: now, isolated: isolated))
        summary.requestsSent += 1
        return Self.line(.object(members))
    }

    static func line(_ request: JSONValue) -> [UInt8] { Array(request.jsonText.utf8) + [0x0A] }

    // MARK: Replies

    private mutating func reply(_ raw: ArraySlice<UInt8>, now: UInt64) -> [Action] {
        switch phase {
        case .handshaking, .running: break
        default: return []  // the process is being replaced; what it still says does not count
        }
        var line = raw
        if line.last == 0x0D { line = line.dropLast() }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return [] }  // blank lines carry nothing
        let reply: JSONValue
        do {
            reply = try ReplyJSON.read(Array(line))
        } catch {
            return die("reply is not JSON (\(error)): \(Self.excerpt(line))", .garbage)
        }
        guard case .object = reply else { return die("reply is not a JSON object: \(Self.excerpt(line))", .garbage) }
        guard let idValue = reply["id"], !idValue.isNull else {
            return die("reply has no \"id\": \(Self.excerpt(line))", .garbage)
        }
        guard let id = idValue.stringValue, let index = inFlight.firstIndex(where: { $0.requestId == id }) else {
            let expected =
                inFlight.first.map { " (oldest in flight: \(JSONValue.string($0.requestId).jsonText))" } ?? ""
            return die(
                "reply id \(idValue.jsonText) matches no request in flight\(expected): \(Self.excerpt(line))", .garbage)
        }
        let flight = inFlight.remove(at: index)
        lastReplyAt = now
        if flight.item == Self.handshakeItem {
            phase = .running
            silentStarts = 0
            if !declarationSeen {
                declarationSeen = true
                applyDeclaration(reply)
            }
            return fillWindow(now: now)
        }
        let outcome: Evaluator.Outcome
        let answers = ["output", "harnessError", "unsupported"].filter { reply[$0] != nil }
        if answers.count == 1, let output = reply["output"] {
            outcome = .output(output)
        } else if answers.count == 1, let message = reply["harnessError"]?.stringValue {
            outcome = .harnessError(message)
        } else if answers.count == 1, let why = reply["unsupported"]?.stringValue, !why.isEmpty {
            outcome = .unsupported(why)
        } else {
            let message =
                answers.count > 1
                ? "reply has more than one of \"output\", \"harnessError\", \"unsupported\": \(Self.excerpt(line))"
                : "reply has neither \"output\", a string \"harnessError\" nor "
                    + "a non-empty string \"unsupported\": \(Self.excerpt(line))"
            protocolErrors.append(ProtocolError(message: message, run: items[flight.item].name))
            outcome = .harnessError("implementation broke the protocol: \(message)")
        }
        crashStreak[items[flight.item].vector.component] = 0
        complete(flight, outcome)
        return fillWindow(now: now)
    }

    /// Protocol 1.1: runs the handshake reply declares unsupported are n/a and never sent.
    private mutating func applyDeclaration(_ reply: JSONValue) {
        let parsed: HandshakeDeclaration?
        do { parsed = try HandshakeDeclaration(reply: reply) } catch {
            protocolErrors.append(
                ProtocolError(
                    message:
                        "handshake reply: \(error.description); the declaration is ignored and every request is sent"))
            return
        }
        guard let parsed else { return }
        declaration = parsed
        summary.declaration = parsed
        for i in items.indices where results[i] == nil {
            if let why = parsed.excludes(component: items[i].vector.component, profile: items[i].profile) {
                settle(i, .unsupported(why))
            }
        }
    }

    // MARK: Results

    private mutating func settle(_ item: Int, _ outcome: Evaluator.Outcome) {
        precondition(results[item] == nil, "a run got two results")
        results[item] = outcome
        remaining -= 1
    }

    private mutating func complete(_ flight: InFlight, _ outcome: Evaluator.Outcome, culprit: Bool = false) {
        settle(flight.item, outcome)
        if culprit { countCrash(flight.item, outcome) }
        guard flight.isolated, var iso = isolation else { return }
        iso.left -= 1
        if culprit { iso.reproduced = true }
        if iso.left > 0 { isolation = iso; return }
        isolation = nil
        if !iso.reproduced {
            let ids = iso.requestIds.prefix(5).joined(separator: ", ") + (iso.requestIds.count > 5 ? ", …" : "")
            protocolErrors.append(
                ProtocolError(
                    message:
                        "\(iso.fault) while \(iso.requestIds.count) requests were in flight (\(ids)); "
                        + "each re-sent alone got its reply, so no run is blamed\(iso.stderr)"
                ))
        }
    }

    /// The crash cap: `maxCrashes` blamed runs in a row in one component settle the rest of it.
    private mutating func countCrash(_ item: Int, _ outcome: Evaluator.Outcome) {
        let component = items[item].vector.component
        let streak = (crashStreak[component] ?? 0) + 1
        crashStreak[component] = streak
        guard streak >= config.maxCrashes, capped[component] == nil, case .harnessError(let last) = outcome else {
            return
        }
        let message =
            "not sent: the implementation failed \(streak) consecutive \(component) requests by crashing, "
            + "hanging or breaking the protocol (--max-crashes \(config.maxCrashes)); the last: \(last)"
        capped[component] = message
        summary.cappedComponents.append(component)
        dropCappedFromIsolation()
    }

    /// Runs of capped components waiting in the isolation queue are settled, not re-sent.
    private mutating func dropCappedFromIsolation() {
        guard var iso = isolation, !capped.isEmpty else { return }
        var kept: [Int] = []
        for item in iso.queue {
            if let message = capped[items[item].vector.component] {
                settle(item, .harnessError(message))
                iso.left -= 1
            } else {
                kept.append(item)
            }
        }
        iso.queue = kept
        isolation = iso.left > 0 ? iso : nil
    }

    // MARK: Messages

    private func timeoutText() -> String {
        "no reply within \(Self.seconds(config.requestTimeout)) s (the "
            + "implementation was killed; --request-timeout sets the limit)"
    }

    private func handshakeTimeoutText() -> String {
        "no reply to the handshake within \(Self.seconds(config.requestTimeout)) "
            + "s (is each reply flushed? --request-timeout sets the limit)"
    }

    static func seconds(_ t: Double) -> String { t == t.rounded() && t < 1e9 ? String(Int(t)) : String(t) }

    static func excerpt(_ line: ArraySlice<UInt8>) -> String {
        let limit = 200
        let text = String(decoding: line.prefix(limit), as: UTF8.self)
        return JSONValue.string(text).jsonText + (line.count > limit ? "… (\(line.count) bytes)" : "")
    }
}

extension RunItem {
    var name: String { "\(vector.id) [\(profile)]" }
}
