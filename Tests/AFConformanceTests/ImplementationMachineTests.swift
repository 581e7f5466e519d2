import AFSerialization
import AFVectorFormat
import Testing
@testable import AFConformance

/// ``ImplementationMachine`` alone: events in, actions out, times given by the test. Every policy of
/// `run --implementation` (pipelining, timeouts, blame, re-sends, the crash cap, protocol 1.1) is
/// checked here without a process or a clock; ImplementationRunnerTests checks the same through
/// real child processes.
@Suite struct ImplementationMachineTests {
    // MARK: A scripted implementation

    /// Drives the machine like the channel does, with a process that lives in the test.
    struct Harness {
        var machine: ImplementationMachine
        /// Request lines the machine wrote, in order, as parsed JSON.
        var sent: [JSONValue] = []
        var spawns = 0
        var kills = 0
        var finished = false
        var now: UInt64 = 1_000

        init(_ items: [RunItem], window: Int = 4, timeout: Double = 10, maxCrashes: Int = 5, maxSilentStarts: Int = 3) {
            machine = ImplementationMachine(
                config: .init(
                    window: window, requestTimeout: timeout, maxSilentStarts: maxSilentStarts, maxCrashes: maxCrashes),
                items: items, command: "impl")
        }

        mutating func apply(_ actions: [ImplementationMachine.Action]) {
            for a in actions {
                switch a {
                case .spawn: spawns += 1
                case .send(let line):
                    #expect(line.last == 0x0A)
                    sent.append(try! JSONParser(maxDepth: 1000).parse(Array(line.dropLast())))
                case .kill: kills += 1
                case .finish: finished = true
                }
            }
        }

        mutating func start() { apply(machine.start()) }
        mutating func spawned() { apply(machine.handle(.spawned(now: now))) }
        mutating func reply(_ text: String) { apply(machine.handle(.line(Array(text.utf8)[...], now: now))) }
        mutating func gone(_ how: String = "implementation exited with status 1", stderr: String = "") {
            apply(machine.handle(.processGone(how: how, stderr: stderr)))
        }
        mutating func tick(after seconds: Double) {
            now += UInt64(seconds * 1e9)
            apply(machine.handle(.tick(now: now)))
        }

        /// Ids sent so far that are still unanswered by the test, oldest first.
        var lastId: String { sent.last?["id"]?.stringValue ?? "" }
        func id(_ i: Int) -> String { sent[i]["id"]?.stringValue ?? "" }

        /// Answers `request` as a conforming implementation would: echo the input as output.
        mutating func echo(_ i: Int) { reply(#"{"id":\#(JSONValue.string(id(i)).jsonText),"output":{"ok":true}}"#) }

        func outcome(_ i: Int) -> Evaluator.Outcome? { machine.results[i] }
    }

    static func items(_ spec: [(component: String, count: Int)], profiles: [String] = ["af4"]) -> [RunItem] {
        var out: [RunItem] = []
        for (component, count) in spec {
            for n in 0..<count {
                let v = Vector(
                    id: "\(component)/t/\(n)", component: component, profiles: profiles, options: nil,
                    input: .obj(["n": .int(n)]), expected: .obj(["ok": .bool(true)]), comment: nil,
                    refs: [], review: false, file: "f.json", index: n)
                for p in profiles { out.append(RunItem(vector: v, profile: p)) }
            }
        }
        return out
    }

    // MARK: The normal course

    @Test func handshakeFirstThenAWindowOfRequestsThenFinish() {
        var h = Harness(Self.items([("echo", 6)]), window: 4)
        h.start()
        #expect(h.spawns == 1 && h.sent.isEmpty)
        h.spawned()
        #expect(h.sent.count == 1)
        #expect(h.id(0) == "handshake#1")
        #expect(h.sent[0]["input"] == .obj(["handshake": .bool(true), "protocol": .string("1.1")]))
        h.echo(0)  // an echo of the handshake answers it
        #expect(h.sent.count == 5)  // the handshake + a window of 4
        #expect(h.id(1) == "echo/t/0@af4#2" && h.id(4) == "echo/t/3@af4#5")
        #expect(h.sent[1]["component"] == .string("echo") && h.sent[1]["profile"] == .string("af4"))
        // Replies in any order; each frees a slot.
        h.echo(3)
        #expect(h.sent.count == 6)
        for i in [1, 2, 4, 5] { h.echo(i) }
        #expect(!h.finished)
        h.echo(6)
        #expect(h.finished)
        #expect((0..<6).allSatisfy { h.outcome($0) == .output(.obj(["ok": .bool(true)])) })
        #expect(h.machine.protocolErrors.isEmpty)
        #expect(h.machine.summary.requestsSent == 6)
    }

    @Test func repliesOtherThanOutputAreJudgedOrAreProtocolErrors() {
        var h = Harness(Self.items([("echo", 5)]), window: 5)
        h.start(); h.spawned(); h.echo(0)
        h.reply(#"{"id":"\#(h.id(1))","harnessError":"input.x: unknown field"}"#)
        h.reply(#"{"id":"\#(h.id(2))","unsupported":"no such option in urllib"}"#)
        h.reply(#"{"id":"\#(h.id(3))","unsupported":""}"#)
        h.reply(#"{"id":"\#(h.id(4))","output":{},"unsupported":"both"}"#)
        h.reply(#"{"id":"\#(h.id(5))","result":{}}"#)
        #expect(h.outcome(0) == .harnessError("input.x: unknown field"))
        #expect(h.outcome(1) == .unsupported("no such option in urllib"))
        for i in 2...4 {
            guard case .harnessError(let m) = h.outcome(i) else {
                Issue.record("run \(i): \(String(describing: h.outcome(i)))"); continue
            }
            #expect(m.hasPrefix("implementation broke the protocol: reply has "))
        }
        #expect(h.machine.protocolErrors.count == 3)
        #expect(h.machine.protocolErrors[1].message.hasPrefix("reply has more than one of"))
        #expect(h.kills == 0)  // still in step: no restart
        #expect(h.finished)
    }

    // MARK: Protocol 1.1 handshake declaration

    @Test func declaredComponentsAndProfilesAreTheOnlyOnesSent() {
        let items = Self.items(
            [("media-type", 2), ("percent-escape", 2), ("query-string", 2)], profiles: ["af3", "af4", "strict"])
        var h = Harness(items, window: 16)
        h.start(); h.spawned()
        h.reply(
            #"{"id":"handshake#1","output":{},"protocol":"1.1","implementation":{"name":"urllib","version":"3.11"},"#
                + #""supports":{"components":{"percent-escape":["af3","af4","strict"],"query-string":["af4"]}}}"#
        )
        let sentIds = h.sent.dropFirst().map { $0["id"]!.stringValue! }
        #expect(sentIds.count == 6 + 2)
        #expect(
            sentIds.allSatisfy {
                $0.hasPrefix("percent-escape/") || $0.contains("@af4#") && $0.hasPrefix("query-string/")
            })
        #expect(h.outcome(0) == .unsupported("component not declared in the handshake"))
        #expect(h.outcome(12) == .unsupported("profile af3 not declared in the handshake"))
        #expect(h.machine.summary.declaration?.name == "urllib")
        #expect(h.machine.summary.declaration?.summary == "urllib 3.11 (protocol 1.1)")
    }

    @Test func aComponentListTakesTheDeclaredProfiles() throws {
        let d = try #require(
            try HandshakeDeclaration(
                reply: JSONParser.parse(#"{"supports":{"components":["a","b"],"profiles":["af4"]}}"#)))
        #expect(d.excludes(component: "a", profile: "af4") == nil)
        #expect(d.excludes(component: "b", profile: "strict") == "profile strict not declared in the handshake")
        #expect(d.excludes(component: "c", profile: "af4") == "component not declared in the handshake")
        let profilesOnly = try #require(
            try HandshakeDeclaration(reply: JSONParser.parse(#"{"supports":{"profiles":["af3"]}}"#)))
        #expect(profilesOnly.excludes(component: "any", profile: "af3") == nil)
        #expect(profilesOnly.excludes(component: "any", profile: "af4") != nil)
        #expect(try HandshakeDeclaration(reply: JSONParser.parse(#"{"id":"handshake#1","output":{}}"#)) == nil)  // 1.0
    }

    @Test func aMalformedDeclarationIsAProtocolErrorAndEverythingIsSent() {
        var h = Harness(Self.items([("echo", 2)]), window: 4)
        h.start(); h.spawned()
        h.reply(#"{"id":"handshake#1","supports":{"components":{"echo":["af5"]}}}"#)
        #expect(h.sent.count == 3)
        #expect(
            h.machine.protocolErrors.map(\.message) == [
                "handshake reply: supports.components.echo[0]: expected one of af3, "
                    + "af4, strict; the declaration is ignored and every request is sent"
            ])
    }

    /// `supports.omits`: the fields a library cannot report are pruned from the expected value.
    @Test func omittedFieldsArePrunedFromTheExpectedValue() throws {
        let o = try Omissions(["parts[].headers", "batches", "error.*"])
        let expected = try JSONParser.parse(
            #"{"parts":[{"name":"a","headers":[["X","1"]]},{"name":"b"}],"batches":[[0,1]],"text":"t"}"#)
        #expect(o.pruned(expected) == (try JSONParser.parse(#"{"parts":[{"name":"a"},{"name":"b"}],"text":"t"}"#)))
        let error = try JSONParser.parse(
            #"{"error":{"domain":"AFSerialization","kind":"multipartBadDelimiter","offset":4}}"#)
        #expect(o.pruned(error) == .obj(["error": .object([])]))
        #expect(Matcher.matches(expected: o.pruned(error), actual: .obj(["error": .obj(["message": .string("bad")])])))
        #expect(!Matcher.matches(expected: o.pruned(error), actual: .obj(["parts": .array([])])))  // still an error
        let tagged = try JSONParser.parse(#"{"headers":{"$unordered":[{"k":1,"x":2}]}}"#)
        #expect(
            try Omissions(["headers[].x"]).pruned(tagged)
                == (try JSONParser.parse(#"{"headers":{"$unordered":[{"k":1}]}}"#)))
        #expect(throws: HarnessError.self) { try Omissions(["a..b"]) }
        #expect(throws: HarnessError.self) { try Omissions(["[]"]) }
        let d = try #require(
            try HandshakeDeclaration(
                reply: JSONParser.parse(#"{"supports":{"omits":{"multipart-parse":["parts[].headers"]}}}"#)))
        #expect(d.omittedPaths == ["multipart-parse": ["parts[].headers"]])
    }

    // MARK: Faults

    @Test func theOldestRequestTimesOutFromItsSendingOrTheLastReplyWhicheverIsLater() {
        var h = Harness(Self.items([("echo", 3)]), window: 3, timeout: 2)
        h.start(); h.spawned(); h.echo(0)
        h.tick(after: 1.5)
        h.echo(1)  // a reply at 1.5 s restarts the clock for the oldest one left
        h.tick(after: 1.9)
        #expect(h.kills == 0)
        h.tick(after: 0.2)
        #expect(h.kills == 1)
        h.gone("implementation was killed by signal 9 (Killed)", stderr: "; stderr: \"stuck\"")
        // Two were in flight: each is re-sent alone to a new process.
        #expect(h.spawns == 2)
        h.spawned()
        #expect(h.lastId == "handshake#5")
        h.echo(4)
        #expect(h.sent.count == 6)  // one at a time while isolating
        h.tick(after: 2.1)
        h.gone("implementation was killed by signal 9 (Killed)", stderr: "; stderr: \"stuck again\"")
        #expect(
            h.outcome(1)
                == .harnessError(
                    "no reply within 2 s (the implementation was killed; "
                        + "--request-timeout sets the limit); stderr: \"stuck again\""
                ))
        h.spawned(); h.echo(6); h.echo(7)
        #expect(h.outcome(2) == .output(.obj(["ok": .bool(true)])))
        #expect(h.finished)
        #expect(h.machine.summary.requestsResent == 2)
    }

    @Test func aCrashWithSeveralInFlightIsTracedByResendingEachAlone() {
        var h = Harness(Self.items([("echo", 3)]), window: 3)
        h.start(); h.spawned(); h.echo(0)
        h.gone("implementation was killed by signal 11 (Segmentation fault)")
        h.spawned(); h.echo(4)  // new process, handshake
        h.echo(5)  // run 0 alone: fine
        // run 1 alone: crashes
        h.gone("implementation was killed by signal 11 (Segmentation fault)", stderr: "; stderr: \"boom\"")
        h.spawned(); h.echo(7); h.echo(8)  // run 2 alone: fine
        #expect(
            h.outcome(1)
                == .harnessError(
                    "implementation was killed by signal 11 (Segmentation fault) "
                        + "while evaluating this request; stderr: \"boom\""
                ))
        #expect(h.outcome(0) != nil && h.outcome(2) == h.outcome(0))
        #expect(h.machine.protocolErrors.isEmpty)
        #expect(h.finished)
    }

    @Test func aCrashThatNoRunReproducesAloneIsAProtocolError() {
        var h = Harness(Self.items([("echo", 2)]), window: 2)
        h.start(); h.spawned(); h.echo(0)
        h.gone("implementation exited with status 3", stderr: "; stderr: \"once\"")
        h.spawned(); h.echo(3); h.echo(4)
        h.echo(5)
        #expect(h.finished)
        #expect(
            h.machine.protocolErrors.map(\.message) == [
                "implementation exited with status 3 while 2 requests were in flight (echo/t/0@af4#2, "
                    + "echo/t/1@af4#3); each re-sent alone got its reply, so no run is blamed; stderr: \"once\""
            ])
    }

    @Test func aLineThatIsNotAReplyKillsTheProcessAndLaterLinesAreIgnored() {
        var h = Harness(Self.items([("echo", 1)]), window: 1)
        h.start(); h.spawned(); h.echo(0)
        h.reply("Traceback (most recent call last):")
        #expect(h.kills == 1)
        h.reply(#"{"id":"\#(h.id(1))","output":{"late":true}}"#)  // from the process being killed
        #expect(h.outcome(0) == nil)
        h.gone("implementation was killed by signal 9 (Killed)")
        guard case .harnessError(let m) = h.outcome(0) else { Issue.record("not blamed"); return }
        // The byte offset and the reason, then the line (VECTORS.md §5.3 "Reading replies").
        #expect(
            m.hasPrefix(
                "implementation broke the protocol: reply is not JSON (at byte 0: Invalid "
                    + "value around character 0): \"Traceback (most recent call last):\""
            ))
        #expect(h.machine.protocolErrors.count == 1 && h.machine.protocolErrors[0].run == "echo/t/0 [af4]")
    }

    // MARK: The crash cap

    @Test func afterMaxCrashesInARowTheRestOfTheComponentIsNotSent() {
        var h = Harness(Self.items([("query-string", 20), ("echo", 2)]), window: 1, maxCrashes: 3)
        h.start()
        for round in 0..<3 {
            h.spawned(); h.echo(h.sent.count - 1)
            #expect(h.sent.last?["component"] == .string("query-string"), "round \(round)")
            h.gone("implementation exited with status 1")
        }
        // Three blamed in a row: the other 17 settle without being sent, echo goes on.
        h.spawned(); h.echo(h.sent.count - 1)
        #expect(h.sent.last?["component"] == .string("echo"))
        for i in 3..<20 {
            guard case .harnessError(let m) = h.outcome(i) else { Issue.record("run \(i)"); continue }
            #expect(
                m
                    == "not sent: the implementation failed 3 consecutive query-string requests "
                    + "by crashing, hanging or breaking the protocol (--max-crashes 3); the "
                    + "last: implementation exited with status 1 while evaluating this request"
            )
        }
        h.echo(h.sent.count - 1)
        h.echo(h.sent.count - 1)
        #expect(h.finished)
        #expect(h.machine.summary.cappedComponents == ["query-string"])
        #expect(h.machine.summary.requestsSent == 5)
    }

    @Test func aReplyBetweenCrashesResetsTheCount() {
        var h = Harness(Self.items([("query-string", 8)]), window: 1, maxCrashes: 3)
        h.start()
        for i in 0..<8 {
            h.spawned(); h.echo(h.sent.count - 1)
            if i % 3 == 2 { h.echo(h.sent.count - 1); h.echo(h.sent.count - 1); continue }
            h.gone()
        }
        #expect(h.machine.summary.cappedComponents.isEmpty)
    }

    @Test func theCapAlsoSettlesRunsWaitingToBeResentAlone() {
        var h = Harness(Self.items([("query-string", 8)]), window: 8, maxCrashes: 2)
        h.start(); h.spawned(); h.echo(0)
        #expect(h.sent.count == 9)
        h.gone()  // 8 in flight: isolation
        h.spawned(); h.echo(h.sent.count - 1); h.gone()  // 1st alone: blamed
        h.spawned(); h.echo(h.sent.count - 1); h.gone()  // 2nd alone: blamed, cap
        #expect(h.machine.phase.isDone)
        #expect(h.machine.summary.requestsResent == 2)
        #expect((0..<8).allSatisfy { h.outcome($0) != nil })
    }

    // MARK: Starting

    @Test func threeSilentStartsGiveUpWithOneMessage() {
        var h = Harness(Self.items([("echo", 4)]), timeout: 1)
        h.start()
        h.apply(h.machine.handle(.spawnFailed("cannot run ./impl: No such file or directory")))
        h.spawned(); h.gone("implementation exited with status 2", stderr: "; stderr: \"usage\"")
        h.spawned(); h.tick(after: 1.1)
        #expect(h.kills == 1)
        h.gone("implementation was killed by signal 9 (Killed)")
        let why =
            "implementation could not be started: 3 processes in a row did not answer their handshake; the last: "
            + "no reply to the handshake within 1 s (is each reply flushed? --request-timeout sets the limit)"
        #expect((0..<4).allSatisfy { h.outcome($0) == .harnessError(why) })
        #expect(h.machine.summary.gaveUp == why)
        #expect(h.machine.phase.isDone)
    }
}

extension ImplementationMachine.Phase {
    var isDone: Bool { if case .done = self { true } else { false } }
}
