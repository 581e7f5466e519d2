import AFConformance
import AFSerialization
import AFVectorFormat
import ArgumentParser
import AFCommandLine
#if canImport(Glibc)
    import Glibc
#endif

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the golden vectors (default command).",
        discussion: """
            Runs every vector (once per profile it lists) in-process against the core (or against \
            --implementation) and prints a \
            per-component summary, a diff for each failure and a final line "N passed, M failed". \
            Exit status: 0 when nothing failed, 1 on any failure (a mismatch, a harness error, a bad \
            vector file, an unexpected pass or a stale entry in expected-failures.json), 2 when the \
            harness itself cannot start (e.g. the schema is missing).

            expected-failures.json (in each vector directory): {"<id>" or "<id>@<profile>": "reason"}.

            --implementation 'CMD ARGS…' runs the same vectors against another program that speaks the \
            eval protocol (VECTORS.md §5): one JSON request line in on its stdin, one reply line out \
            on its stdout, flushed, carrying the request's id. The command is split into words like a \
            shell would (quotes and backslashes; no variables, globs or pipes: use --implementation \
            "sh -c '…'" for those) and run directly. Each process first gets a handshake request \
            {"id": "handshake#<n>", "component": "echo", …}; its reply may declare the components and \
            profiles the program supports (protocol 1.1), and the runs outside that are n/a, never \
            sent. A reply {"id": …, "unsupported": "why"} makes that run n/a too: neither passed nor \
            failed. Requests are pipelined (--window) with ids "<vector id>@<profile>#<n>". If the \
            program exits, hangs past --request-timeout or writes a line that is not a reply, it is \
            killed and restarted: the request in flight fails with a harness error naming what \
            happened and the tail of its stderr; with several in flight, each is re-sent alone to \
            find the one that caused it. After --max-crashes consecutive runs of one component were \
            blamed, the rest of that component is not sent and fails as one group. After 3 processes \
            in a row cannot be spawned or do not answer their handshake, the remaining runs fail with \
            "implementation could not be started". The directories' expected-failures.json describe \
            this core, so they are not applied: pass the implementation's own list with \
            --expected-failures FILE, which --write-expected-failures FILE writes from a run.

            The last line counts every run once: "P passed, F failed, X expected, N n/a" (vector-file \
            problems, protocol errors and stale expected-failures entries add to F).
            """
    )

    @OptionGroup var vectors: VectorOptions

    @Option(help: ArgumentHelp("Write a JUnit XML report to FILE.", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("Write machine-readable results (JSON) to FILE.", valueName: "FILE"))
    var json: String?

    @Option(help: ArgumentHelp("Write a Markdown summary (for a CI job summary) to FILE.", valueName: "FILE"))
    var summary: String?

    @Option(
        help: ArgumentHelp(
            "Use this expected-failures file instead of each directory's expected-failures.json (it must exist).",
            valueName: "FILE"))
    var expectedFailures: String?

    @Option(
        help: ArgumentHelp(
            "Write an expected-failures file that accepts exactly the runs that did "
                + "not pass in this run (to re-run with --expected-failures FILE).",
            valueName: "FILE"))
    var writeExpectedFailures: String?

    @Option(help: "Show at most this many failure diffs on the console.")
    var maxDiffs = 20

    @Flag(help: "Show every failure diff.")
    var verbose = false

    @Option(
        help:
            """
            Evaluate on this many threads (default: the number of CPUs; 1 = sequential). Not used with --implementation.
            """
    )
    var jobs = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    @OptionGroup var outside: ImplementationOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let start = FileSystem.now()
        let set = try vectors.load()
        let xfail = try loadExpectedFailures()
        var report: RunReport
        let progress = ProgressLine.stderr()
        if var source = try outside.source(progress: progress) {
            source.suite = try vectors.suite()
            report = VectorRunner.run(set, selection: vectors.selection, expectedFailures: xfail, source: source)
            progress.finish()
        } else {
            // The paths inside the bundled vectors are relative to its suite root (VECTORS.md §1.1).
            report = try VectorPaths.evaluating(from: vectors.directories.isEmpty ? vectors.root : nil) {
                VectorRunner.run(set, selection: vectors.selection, expectedFailures: xfail, jobs: jobs)
            }
        }
        report.loadNanoseconds = report.evalNanoseconds > 0 ? (FileSystem.now() - start) - report.evalNanoseconds : 0
        print(Reporters.console(report, maxDiffs: maxDiffs, verbose: verbose))
        if let junit { try writeOrFail(junit, Reporters.junit(report)) }
        if let json { try writeOrFail(json, Reporters.json(report)) }
        if let summary { try writeOrFail(summary, Reporters.markdown(report)) }
        if let writeExpectedFailures {
            let recorded = ExpectedFailures.recording(report)
            try writeOrFail(writeExpectedFailures, recorded.jsonText)
            print(
                "wrote \(recorded.entries.count) expected-failures entries to \(writeExpectedFailures); "
                    + "re-run with --expected-failures \(writeExpectedFailures)"
            )
        }
        if !report.succeeded { throw ExitCode.failure }
    }

    func loadExpectedFailures() throws -> ExpectedFailures {
        if let expectedFailures {
            do { return try ExpectedFailures.load(expectedFailures, mustExist: true) } catch {
                throw fail("--expected-failures \(error)")
            }
        }
        // The directories' lists are this core's accepted deviations, not another implementation's.
        return outside.implementation != nil ? ExpectedFailures() : try vectors.directoryExpectedFailures()
    }
}
