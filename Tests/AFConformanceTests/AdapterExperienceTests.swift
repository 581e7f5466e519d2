import AFSerialization
import Foundation
import Testing
@testable import AFConformance
import TestSupport

/// What a new adapter author meets in the first hour: the example adapter, n/a for what
/// an adapter does not model, a crashing adapter capped per component, the expected-failures round
/// trip, `show --implementation` and the progress line. Real child processes, bounded by the
/// runner's timeouts and the CLI watchdog.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct AdapterExperienceTests {
    static var example: String {
        "python3 " + Implementations.quote(Repository.path("Examples/urllib-adapter/adapter.py"))
    }
    static var exampleFailures: String { Repository.path("Examples/urllib-adapter/expected-failures.json") }

    /// The example adapter (two components, protocol 1.1) over every vector: every run of another
    /// component is n/a, never a failure; with its own expected-failures list the run is green.
    @Test(.enabled(if: Python.available))
    func exampleAdapterPassesWithItsListAndEverythingElseIsNotApplicable() throws {
        let set = try Implementations.bundled()
        let xfail = try ExpectedFailures.load(Self.exampleFailures, mustExist: true)
        let report = VectorRunner.run(
            set, expectedFailures: xfail, source: try ImplementationSource(command: Self.example))

        let declared: Set<String> = ["percent-escape", "query-string"]
        let others = report.results.filter { !declared.contains($0.vector.component) }
        #expect(others.count > 7000)
        #expect(others.allSatisfy { $0.status == .notApplicable("component not declared in the handshake") })
        // Undeclared runs are never sent; the example's own per-request "unsupported" replies are.
        #expect(report.implementation?.requestsSent == report.results.count - others.count)
        #expect(report.succeeded, "\(report.finalLine)")
        #expect(report.passed > 3500)
        // Each entry covers every profile its vector runs under.
        let listed = xfail.entries.map { entry in set.vector(id: entry.key)?.runProfiles(only: nil).count ?? 0 }
        #expect(report.expectedFailureCount == listed.reduce(0, +))
        #expect(report.implementation?.declaration?.name == "urllib.parse")
        #expect(
            report.finalLine
                == "\(report.passed) passed, 0 failed, \(report.expectedFailureCount) "
                + "expected, \(report.notApplicableCount) n/a"
        )
        // The README's walk-through shows this run, with and without the list: its figures cannot go stale.
        let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
        #expect(readme.contains(report.finalLine), "README.md should show \(report.finalLine)")
        let unlisted =
            "\(report.passed) passed, \(report.expectedFailureCount) "
            + "failed, 0 expected, \(report.notApplicableCount) n/a"
        #expect(readme.contains(unlisted), "README.md should show \(unlisted)")
        // So does the example's own walk-through, with the failures by authority of the run without the list.
        let walkthrough = try String(
            contentsOfFile: Repository.path("Examples/urllib-adapter/README.md"), encoding: .utf8)
        #expect(walkthrough.contains(report.finalLine) && walkthrough.contains(unlisted))
        let bare = VectorRunner.run(set, source: try ImplementationSource(command: Self.example))
        #expect(walkthrough.contains("failures by authority: " + (bare.failuresByLevel ?? "")))
        #expect(walkthrough.contains("Failure classes (\(bare.failureClasses().count), "))
        // The per-level lines both show are the run's own (README.md quotes a few of them).
        let levelLines = Reporters.console(bare).split(separator: "\n").filter { line in
            Level.allCases.contains { line.hasPrefix("  \($0.rawValue) ") }
        }
        #expect(levelLines.count == Level.allCases.count)
        for line in levelLines {
            #expect(walkthrough.contains(line), "Examples/urllib-adapter/README.md should show \(line)")
        }
        for level in [Level.must, .decision, .implementationDefined] {
            let line = levelLines.first { $0.hasPrefix("  \(level.rawValue) ") }!
            #expect(readme.contains(line), "README.md should show \(line)")
        }

        // The n/a runs are skipped in JUnit and counted apart in the JSON report.
        let junit = Reporters.junit(report)
        #expect(junit.contains("skipped=\"\(report.expectedFailureCount + report.notApplicableCount)\""))
        #expect(junit.contains("<skipped message=\"n/a: component not declared in the handshake\"/>"))
        let json = try JSONParser.parse(Reporters.json(report))
        #expect(json["notApplicable"] == .int(report.notApplicableCount))
        #expect(json["implementation"]?["declaration"]?["name"] == .string("urllib.parse"))
    }

    /// An adapter that crashes on every query-string request: the crash cap stops re-sending after 5;
    /// the console has one line per cause (ids stripped), not 863.
    @Test(.enabled(if: Python.available))
    func crashingAdapterIsCappedAndGroupedQuickly() throws {
        let started = Date()
        let run = try Implementations.cli([
            "run", "--implementation", Implementations.fake("crash-on", "query-string/"),
            "--filter", "query-string", "--filter", "media-type",
        ])
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 1)
        #expect(elapsed < 30)
        let lines = run.output.split(separator: "\n")
        let crashLines = lines.filter { $0.hasPrefix("  query-string: ") }
        #expect(crashLines.count == 2, "\(crashLines)")
        #expect(crashLines.first?.contains("stderr: \"fake implementation: crashing on <id>\"  — 5 run(s)") == true)
        #expect(
            crashLines.last?.contains("not sent: the implementation failed 5 consecutive query-string requests") == true
        )
        #expect(run.output.contains("crash cap reached in query-string"))
        // The other component runs as usual: all of it passes, whatever the number of its vectors.
        #expect(lines.contains { $0.hasPrefix("  media-type ") && $0.hasSuffix(" passed      0 failed") })
    }

    /// `--write-expected-failures` writes the list that makes the same run green; a named list that
    /// does not exist is an error (exit 2), not an empty list.
    @Test(.enabled(if: Python.available))
    func expectedFailuresRoundTripAndAMissingFileIsAnError() throws {
        let scratch = try ScratchVectors()
        let file = scratch.root + "/deviations.json"
        let lowercase = Implementations.fake("lowercase-hex")
        let first = try Implementations.cli([
            "run", "--implementation", lowercase, "--filter", "percent-escape/ascii", "--write-expected-failures", file,
        ])
        #expect(first.status == 1)
        #expect(first.output.contains("expected-failures entries to \(file); re-run with --expected-failures \(file)"))
        let recorded = try ExpectedFailures.load(file, mustExist: true)
        #expect(recorded.entries.count > 10)
        #expect(recorded.entries.allSatisfy { $0.reason.hasPrefix("output: bytes differ: expected {\"text\":\"%") })

        let again = try Implementations.cli([
            "run", "--implementation", lowercase, "--filter", "percent-escape/ascii", "--expected-failures", file,
        ])
        #expect(again.status == 0)
        #expect(again.output.hasSuffix(" passed, 0 failed, \(recorded.entries.count * 3) expected, 0 n/a\n"))

        let missing = try Implementations.cli([
            "run", "--implementation", lowercase, "--filter", "echo", "--expected-failures",
            scratch.root + "/nope.json",
        ])
        #expect(missing.status == 2)
        #expect(
            missing.output.contains(
                "--expected-failures \(scratch.root)/nope.json: no such "
                    + "file (write one with --write-expected-failures FILE)"
            ))
    }

    /// `show ID --implementation CMD` shows that implementation's answer.
    @Test(.enabled(if: Python.available))
    func showDisplaysAnotherImplementationsAnswer() throws {
        let shown = try Implementations.cli([
            "show", "percent-escape/ascii-whatwgForm/7e", "--implementation", Self.example, "--profile", "af4",
        ])
        #expect(shown.status == 1)
        #expect(shown.output.contains("implementation: \(Self.example) — urllib.parse "))
        #expect(shown.output.contains("actual [af4]: FAIL\n  {\n    \"text\": \"~\"\n  }"))
        let na = try Implementations.cli([
            "show", "media-type/af/001", "--implementation", Self.example, "--profile", "af4",
        ])
        #expect(na.output.contains("actual [af4]: n/a: component not declared in the handshake"))
    }

    /// Quiet for short runs; on a terminal redrawn in place every 100 ms after 0.5 s, otherwise a
    /// line every 5 s after 5 s; cleared before the report.
    @Test func progressLineTiming() {
        var clock: UInt64 = 0
        var tty: [String] = []
        let live = ProgressLine(terminal: true, now: { clock }, write: { tty.append($0) })
        live.update(done: 1, total: 100)
        clock = 400_000_000; live.update(done: 2, total: 100)
        #expect(tty.isEmpty)
        clock = 500_000_000; live.update(done: 10, total: 100)
        clock = 550_000_000; live.update(done: 11, total: 100)
        #expect(tty == ["\r\u{1B}[Krunning: 10/100 runs (10 %), 0 s, about 5 s left"])
        clock = 2_000_000_000; live.update(done: 50, total: 100)
        live.finish()
        #expect(tty.count == 3 && tty[2] == "\r\u{1B}[K")

        var log: [String] = []
        let ci = ProgressLine(terminal: false, now: { clock }, write: { log.append($0) })
        clock = 6_000_000_000; ci.update(done: 1, total: 4)  // 4 s after its start: quiet
        clock = 7_000_000_000; ci.update(done: 2, total: 4)  // 5 s: a line
        clock = 9_000_000_000; ci.update(done: 3, total: 4)  // 2 s later: not yet
        clock = 12_000_000_000; ci.update(done: 3, total: 4)
        ci.finish()
        #expect(
            log == [
                "running: 2/4 runs (50 %), 5 s, about 6 s left\n", "running: 3/4 runs (75 %), 10 s, about 4 s left\n",
            ])
    }

    /// Request ids are stripped from grouped messages, whatever the vector id looks like.
    @Test func requestIDsAreStrippedForGrouping() {
        #expect(RequestIDs.stripped("crashing on query-string/top-level/027@af3#9835 now") == "crashing on <id> now")
        #expect(
            RequestIDs.stripped("reply id \"wrong-media-type/af/001@strict#12\" (oldest: \"handshake#3\")")
                == "reply id \"<id>\" (oldest: \"<id>\")")
        #expect(RequestIDs.stripped("issue #42 and a@b#1") == "issue #42 and a@b#1")
    }
}
