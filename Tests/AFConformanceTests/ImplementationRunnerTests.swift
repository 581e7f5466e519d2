import AFSerialization
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
@testable import AFConformance
import TestSupport

/// `conformance run --implementation`: the bundled vectors against real child processes through
/// pipes. The misbehaving implementations are Tests/Fixtures/implementations/fake_implementation.py
/// in front of a real `conformance eval`. Every child is bounded: by the runner's request timeout,
/// and (for the CLI runs) by a watchdog here. Serialized, so the 1 s timeout of the hang test is
/// not eaten by the other tests' children on a 2-core machine.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ImplementationRunnerTests {
    // MARK: conformance eval as the implementation

    /// Same results as in-process, vector for vector: status, actual output and differences.
    @Test(arguments: [1, 16])
    func evalAsTheImplementationMatchesTheInProcessRun(window: Int) throws {
        let set = try Implementations.bundled()
        let inProcess = VectorRunner.run(set, jobs: 2)
        let external = VectorRunner.run(
            set, source: try ImplementationSource(command: Implementations.eval, window: window))
        #expect(inProcess.results.count == external.results.count)
        #expect(inProcess.results.count > 5000)
        for (a, b) in zip(inProcess.results, external.results) {
            #expect(a.name == b.name)
            #expect(a.status == b.status, "\(a.name)")
            #expect(a.actual == b.actual, "\(a.name)")
            #expect(a.mismatches == b.mismatches, "\(a.name)")
        }
        #expect(external.protocolErrors.isEmpty)
        #expect(external.finalLine == inProcess.finalLine)
        #expect(external.implementation?.processesStarted == 1)
        #expect(external.implementation?.requestsSent == external.results.count)
        #expect(external.implementation?.requestsResent == 0)
        #expect(external.throughput != nil)
    }

    // MARK: A deviation in one component

    /// percent-escape replies with lowercase hex in their escapes: exactly the runs whose expected
    /// text has an escape with a letter in it fail (computed here from the vectors alone), as
    /// mismatches rather than harness errors.
    @Test(.enabled(if: Python.available))
    func deviatingImplementationFailsExactlyTheAffectedVectors() throws {
        let set = try Implementations.bundled()
        let source = try ImplementationSource(command: Implementations.fake("lowercase-hex"))
        let report = VectorRunner.run(set, source: source)

        var expected: Set<String> = []
        var percentEscapeRuns = 0
        for v in set.vectors where v.component == "percent-escape" {
            for p in v.runProfiles(only: nil) {
                percentEscapeRuns += 1
                if let text = v.expected["text"]?.stringValue, Implementations.lowercaseEscapes(text) != text {
                    expected.insert("\(v.id) [\(p)]")
                }
            }
        }
        #expect(expected.count > 100 && expected.count < percentEscapeRuns)
        let failing = report.results.filter(\.isFailure)
        #expect(Set(failing.map(\.name)) == expected)
        #expect(failing.allSatisfy { $0.status == .failed && !$0.mismatches.isEmpty })
        #expect(report.protocolErrors.isEmpty)
        #expect(report.failed == expected.count)

        // The implementation's own expected-failures list accepts exactly those.
        let accepted = ExpectedFailures(entries: failing.map { ("\($0.vector.id)@\($0.profile)", "lowercase hex") })
        let again = VectorRunner.run(set, expectedFailures: accepted, source: source)
        #expect(again.succeeded)
        #expect(again.expectedFailureCount == expected.count)
    }

    // MARK: Crashes, hangs, wrong ids

    /// SIGSEGV on one run: that run fails naming the signal and the implementation's stderr; the
    /// runs in flight with it are re-sent and pass; nothing is lost.
    @Test(.enabled(if: Python.available), arguments: [1, 16])
    func crashFailsExactlyTheRunThatCausedIt(window: Int) throws {
        let set = try Implementations.bundled()
        let selection = RunSelection(filters: ["media-type"])
        let target = try #require(VectorRunner.run(set, selection: selection).results.dropFirst(40).first)
        let source = try ImplementationSource(
            command: Implementations.fake("crash-on", "\(target.vector.id)@\(target.profile)#"), window: window)
        let report = VectorRunner.run(set, selection: selection, source: source)

        #expect(report.results.count > 100)
        #expect(report.results.filter(\.isFailure).map(\.name) == [target.name])
        let message = try #require(
            report.results.first { $0.name == target.name }.flatMap(Implementations.harnessMessage))
        #expect(message.hasPrefix("implementation was killed by signal 11 ("))
        #expect(message.contains("while evaluating this request"))
        #expect(message.contains("stderr: \"fake implementation: crashing on \(target.vector.id)@\(target.profile)#"))
        #expect(report.protocolErrors.isEmpty)
        #expect(report.failed == 1)
        // Lockstep: the one request in flight is the culprit, no re-sends. Pipelined: the first
        // process dies with a window in flight, the culprit is found alone in a second, a third goes
        // on (unless the runner was descheduled until every earlier reply was in: then it was alone).
        let started = report.implementation?.processesStarted ?? 0, resent = report.implementation?.requestsResent ?? 0
        if window == 1 {
            #expect(started == 2 && resent == 0)
        } else {
            #expect((started == 3 && resent > 1) || (started == 2 && resent == 0))
        }
    }

    /// A crash that no run reproduces alone (the implementation exits once, at its 3rd request line):
    /// pipelined, every run still passes after the re-sends and the crash is one protocol error;
    /// lockstep, the one request in flight is blamed.
    @Test(.enabled(if: Python.available), arguments: [1, 16])
    func crashThatNoRunReproducesIsAProtocolError(window: Int) throws {
        let set = try Implementations.bundled()
        let scratch = try ScratchVectors()
        let selection = RunSelection(filters: ["media-type"])
        let source = try ImplementationSource(
            command: Implementations.fake("crash-once-after", "3", scratch.root + "/crashed"), window: window)
        let report = VectorRunner.run(set, selection: selection, source: source)
        #expect(report.results.count > 100)
        if window == 1 {
            let failing = report.results.filter(\.isFailure)
            #expect(failing.map(\.name) == [report.results[1].name])  // the 3rd line after the handshake
            #expect(
                failing.first.flatMap(Implementations.harnessMessage)?.hasPrefix(
                    "implementation exited with status 3 while evaluating this request; "
                        + "stderr: \"fake implementation: exiting at request 3\""
                ) == true)
            #expect(report.protocolErrors.isEmpty)
        } else {
            #expect(report.results.allSatisfy { !$0.isFailure })
            #expect(report.protocolErrors.count == 1)
            let p = try #require(report.protocolErrors.first)
            #expect(p.run == nil)
            // The crash comes on reading the 3rd line (the handshake, then 2 of the 16 runs sent at
            // once), so at most one run was answered.
            #expect(p.message.hasPrefix("implementation exited with status 3 while 1"))
            #expect(p.message.contains(" requests were in flight ("))
            #expect(p.message.contains("no run is blamed"))
            #expect(p.message.contains("exiting at request 3"))
            #expect(report.failed == 1)
            #expect((15...16).contains(report.implementation?.requestsResent ?? 0))
        }
        #expect(!report.succeeded)
    }

    /// One request never answered: it fails with the timeout after at most two timeouts (pipelined:
    /// once with the window, once alone), the rest pass.
    @Test(.enabled(if: Python.available))
    func hangFailsTheRunThatHungAfterTheTimeout() throws {
        let set = try Implementations.bundled()
        let selection = RunSelection(filters: ["media-type"])
        let target = try #require(VectorRunner.run(set, selection: selection).results.dropFirst(7).first)
        let source = try ImplementationSource(
            command: Implementations.fake("hang-on", "\(target.vector.id)@\(target.profile)#"), requestTimeout: 1)
        let started = Date()
        let report = VectorRunner.run(set, selection: selection, source: source)
        let elapsed = Date().timeIntervalSince(started)

        #expect(report.results.filter(\.isFailure).map(\.name) == [target.name])
        let message = report.results.first { $0.name == target.name }.flatMap(Implementations.harnessMessage)
        #expect(
            message?.hasPrefix(
                "no reply within 1 s (the implementation was killed; --request-timeout sets the limit); "
                    + "stderr: \"fake implementation: hanging on \(target.vector.id)@\(target.profile)#"
            ) == true)
        #expect(report.protocolErrors.isEmpty)
        #expect(elapsed > 1.9 && elapsed < 15)
    }

    /// A reply under an id that was never sent: that run fails, and the reply is a protocol error
    /// (so two failures: the run and the breach).
    @Test(.enabled(if: Python.available), arguments: [1, 16])
    func wrongIDIsAProtocolErrorAndFailsThatRun(window: Int) throws {
        let set = try Implementations.bundled()
        let selection = RunSelection(filters: ["media-type"])
        let target = try #require(VectorRunner.run(set, selection: selection).results.dropFirst(20).first)
        let source = try ImplementationSource(
            command: Implementations.fake("wrong-id-on", "\(target.vector.id)@\(target.profile)#"), window: window)
        let report = VectorRunner.run(set, selection: selection, source: source)

        #expect(report.results.filter(\.isFailure).map(\.name) == [target.name])
        #expect(report.protocolErrors.count == 1)
        let p = try #require(report.protocolErrors.first)
        #expect(p.run == target.name)
        #expect(p.message.hasPrefix("reply id \"wrong-\(target.vector.id)@\(target.profile)#"))
        #expect(p.message.contains("matches no request in flight"))
        #expect(report.failed == 2)
        let console = Reporters.console(report)
        #expect(console.contains("Protocol errors (1):"))
        #expect(console.hasSuffix("\(report.results.count - 1) passed, 2 failed, 0 expected, 0 n/a"))
    }

    /// An implementation that dies before answering anything, every time: the runner gives up
    /// after `maxSilentStarts` processes and fails every run with one grouped harness error.
    @Test(.enabled(if: Python.available))
    func implementationThatCannotStartFailsEveryRunQuickly() throws {
        let set = try Implementations.bundled()
        let selection = RunSelection(filters: ["media-type"])
        let source = try ImplementationSource(command: Implementations.fake("exit-at-start"), maxSilentStarts: 3)
        let report = VectorRunner.run(set, selection: selection, source: source)
        #expect(report.results.count > 100)
        #expect(
            report.results.allSatisfy {
                Implementations.harnessMessage($0)?.hasPrefix(
                    "implementation could not be started: 3 processes in a row did not "
                        + "answer their handshake; the last: implementation exited with "
                        + "status 2; stderr: \"fake implementation: refusing to start\""
                ) == true
            })
        #expect(report.implementation?.processesStarted == 3)
        #expect(report.implementation?.gaveUp?.contains("exited with status 2") == true)
        #expect(report.implementation?.gaveUp?.contains("refusing to start") == true)
        // one grouped line
        #expect(Reporters.console(report).components(separatedBy: "could not be started").count == 2)

        let missing = try ImplementationSource(command: "/nonexistent/implementation --flag", maxSilentStarts: 2)
        let r2 = VectorRunner.run(set, selection: selection, source: missing)
        #expect(
            r2.results.allSatisfy {
                Implementations.harnessMessage($0)?.hasSuffix(
                    "the last: cannot run /nonexistent/implementation: No such file or directory") == true
            })
        #expect(r2.implementation?.processesStarted == 0)
    }

    /// Replies holding a lone surrogate escape are RFC 8259 JSON: they are compared, never a protocol
    /// error, and no run is lost to restarts (VECTORS.md §5.3 "Reading replies").
    @Test(.enabled(if: Python.available))
    func loneSurrogateRepliesAreComparedNotFaults() throws {
        let set = try Implementations.bundled()
        let selection = RunSelection(filters: ["percent-escape/unicode"])
        let source = try ImplementationSource(
            command: Implementations.fake("lone-surrogate", "percent-escape/unicode/"))
        let report = VectorRunner.run(set, selection: selection, source: source)
        #expect(report.results.count > 100)
        #expect(report.protocolErrors.isEmpty)
        #expect(report.implementation?.processesStarted == 1)
        #expect(report.results.allSatisfy { $0.status == .failed })
        let first = try #require(report.results.first)
        #expect(first.actual?["text"] == .obj([ReplyJSON.loneSurrogateTag: .string("a\u{FFFD}b")]))
        #expect(first.mismatches.map(\.path) == ["output.text"])
        let classes = report.failureClasses()
        #expect(classes.allSatisfy { $0.path == "output.text" && $0.note == "expected string, found object" })
        #expect(classes.reduce(0) { $0 + $1.runs.count } == report.results.count)
    }

    // MARK: The command line

    @Test func commandIsSplitLikeAShellSplitsWords() throws {
        #expect(try ShellWords.split(".build/debug/conformance eval") == [".build/debug/conformance", "eval"])
        #expect(
            try ShellWords.split(#"  python3  'my dir/impl.py'  "a \"b\" \$c"  d\ e ''  "#)
                == ["python3", "my dir/impl.py", #"a "b" $c"#, "d e", ""])
        #expect(try ShellWords.split(#"sh -c 'exec ./impl 2>/dev/null'"#) == ["sh", "-c", "exec ./impl 2>/dev/null"])
        #expect(throws: ShellWords.SplitError.self) { try ShellWords.split("a 'b") }
        #expect(throws: ShellWords.SplitError.self) { try ShellWords.split(#"a "b"#) }
        #expect(throws: ShellWords.SplitError.self) { try ShellWords.split("   ") }
    }

    /// The CLI end to end: console, exit status and the three report files.
    @Test(.enabled(if: Python.available))
    func cliReportsProtocolErrorsThroughputAndExitStatus() throws {
        let scratch = try ScratchVectors()
        let ok = try Implementations.cli(["run", "--implementation", Implementations.eval, "--filter", "media-type"])
        #expect(ok.status == 0)
        #expect(ok.output.contains("implementation: \(Implementations.eval) (window 16, request timeout 10 s)"))
        #expect(ok.output.contains(" vectors/s, "))
        #expect(ok.output.contains("1 implementation process(es) started, 0 request(s) re-sent alone"))
        #expect(ok.output.hasSuffix(" passed, 0 failed, 0 expected, 0 n/a\n"))

        let set = try Implementations.bundled()
        let target = try #require(VectorRunner.run(set, selection: RunSelection(filters: ["media-type"])).results.first)
        let json = scratch.root + "/r.json", junit = scratch.root + "/r.xml", md = scratch.root + "/r.md"
        let bad = try Implementations.cli([
            "run", "--implementation", Implementations.fake("wrong-id-on", "\(target.vector.id)@\(target.profile)#"),
            "--filter", "media-type", "--window", "4", "--request-timeout", "5", "--json", json, "--junit", junit,
            "--summary", md,
        ])
        #expect(bad.status == 1)
        #expect(bad.output.contains("Protocol errors (1):"))
        let doc = try JSONParser.parse(String(contentsOfFile: json, encoding: .utf8))
        #expect(doc["protocolErrors"]?.arrayValue?.count == 1)
        #expect(doc["protocolErrors"]?.arrayValue?.first?["run"] == .string(target.name))
        #expect(doc["implementation"]?["window"] == .int(4))
        #expect(doc["timing"]?["runsPerSecond"]?.intValue.map { $0 > 0 } == true)
        #expect(doc["failed"] == .int(2))
        let xml = try XMLDocument(xmlString: String(contentsOfFile: junit, encoding: .utf8))
        #expect(try xml.nodes(forXPath: "//testsuite[@name='implementation-protocol']/testcase/failure").count == 1)
        #expect(try String(contentsOfFile: md, encoding: .utf8).contains("### Protocol errors"))

        let help = try Implementations.cli(["run", "--help"])
        for option in ["--implementation <CMD>", "--window <N>", "--request-timeout <SECONDS>"] {
            #expect(help.output.contains(option))
        }
    }
}

/// Commands and helpers for the implementation tests.
enum Implementations {
    static var script: String {
        Repository.fixtures.appendingPathComponent("implementations/fake_implementation.py").path
    }

    /// `conformance eval`, as a command string.
    static var eval: String { quote(EvalChild.binary.path) + " eval" }

    /// The fake implementation in front of `conformance eval`.
    static func fake(_ mode: String, _ args: String...) -> String {
        (["python3", quote(script), mode] + args.map(quote) + ["--", eval]).joined(separator: " ")
    }

    static func quote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

    static func harnessMessage(_ r: RunResult) -> String? {
        if case .harnessError(let m) = r.status { m } else { nil }
    }

    static func bundled() throws -> VectorSet {
        let set = try RunnerFixtures.loader().load(directories: [RunnerFixtures.bundledRoot])
        #expect(set.problems.isEmpty)
        return set
    }

    /// The percent-escape deviation, restated on the expected text: `%3A` → `%3a`.
    static func lowercaseEscapes(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var i = 0
        func upperHex(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) || (0x41...0x46).contains(b) }
        while i + 2 < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), upperHex(bytes[i + 1]), upperHex(bytes[i + 2]) {
                for j in i + 1...i + 2 where bytes[j] >= 0x41 { bytes[j] += 0x20 }
                i += 3
            } else {
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Runs the `conformance` binary in `directory` (default: the repository root) with a watchdog;
    /// stdout and stderr together.
    static func cli(_ arguments: [String], in directory: String? = nil, timeout: Double = 50) throws -> (
        status: Int32, output: String
    ) {
        let r = try TestProcess.run(
            EvalChild.binary, arguments, errors: .merged, directory: directory ?? Repository.rootPath, timeout: timeout)
        return (r.status, r.text)
    }
}
