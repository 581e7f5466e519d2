import AFConformance
import AFSerialization
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
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
            `conformance eval` protocol (VECTORS.md "Protocol rules"): one JSON request line in on its \
            stdin, one reply line out on its stdout, flushed, carrying the request's id. The command is \
            split into words like a shell would (quotes and backslashes; no variables, globs or pipes: \
            use --implementation "sh -c '…'" for those) and run directly. Requests are pipelined \
            (--window) with ids "<vector id>@<profile>#<n>", after a handshake request \
            {"id": "handshake#<n>", "component": "echo", …} that any reply with that id answers. \
            If the program exits, hangs past \
            --request-timeout or writes a line that is not a reply (not JSON, not an object, no or an \
            unknown id), it is killed and restarted: the request in flight fails with a harness error \
            naming what happened and the tail of its stderr; with several in flight, each is re-sent \
            alone to find the one that caused it. Bad reply lines and faults no run reproduces are \
            protocol errors (each one fails the run). After 3 processes in a row cannot be spawned or do \
            not answer their handshake, the remaining runs fail with "implementation could not be \
            started". The \
            directories' expected-failures.json describe this core, so they are not applied: pass the \
            implementation's own list with --expected-failures FILE.
            """
    )

    @OptionGroup var vectors: VectorOptions

    @Option(help: ArgumentHelp("Write a JUnit XML report to FILE.", valueName: "FILE"))
    var junit: String?

    @Option(help: ArgumentHelp("Write machine-readable results (JSON) to FILE.", valueName: "FILE"))
    var json: String?

    @Option(help: ArgumentHelp("Write a Markdown summary (for a CI job summary) to FILE.", valueName: "FILE"))
    var summary: String?

    @Option(help: ArgumentHelp("Use this expected-failures file instead of each directory's expected-failures.json.", valueName: "FILE"))
    var expectedFailures: String?

    @Option(help: "Show at most this many failure diffs on the console.")
    var maxDiffs = 20

    @Flag(help: "Show every failure diff.")
    var verbose = false

    @Option(help: "Evaluate on this many threads (default: the number of CPUs; 1 = sequential). Not used with --implementation.")
    var jobs = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    @Option(help: ArgumentHelp(
        "Run the vectors against this program instead of in-process (it speaks the eval protocol on stdin/stdout; see the notes above).",
        valueName: "CMD"))
    var implementation: String?

    @Option(help: ArgumentHelp("With --implementation: requests in flight at once (1 = lockstep).", valueName: "N"))
    var window = 16

    @Option(help: ArgumentHelp(
        "With --implementation: seconds the oldest request in flight may wait for its reply (counted from when it was sent or the previous reply came, whichever is later) before the program is killed and restarted.",
        valueName: "SECONDS"))
    var requestTimeout: Double = 10

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard window >= 1 else { throw ValidationError("--window must be at least 1") }
        guard requestTimeout > 0, requestTimeout.isFinite else { throw ValidationError("--request-timeout must be a positive number of seconds") }
        if let implementation {
            do { _ = try ShellWords.split(implementation) } catch { throw ValidationError("--implementation: \(error)") }
        }
    }

    func run() throws {
        let start = FileSystem.now()
        let set = try vectors.load()
        let xfail = try loadExpectedFailures()
        var report: RunReport
        if let implementation {
            let source = try ImplementationSource(command: implementation, window: window, requestTimeout: requestTimeout)
            report = VectorRunner.run(set, selection: vectors.selection, expectedFailures: xfail, source: source)
        } else {
            report = VectorRunner.run(set, selection: vectors.selection, expectedFailures: xfail, jobs: jobs)
        }
        report.loadNanoseconds = report.evalNanoseconds > 0 ? (FileSystem.now() - start) - report.evalNanoseconds : 0
        print(Reporters.console(report, maxDiffs: maxDiffs, verbose: verbose))
        if let junit { try writeOrFail(junit, Reporters.junit(report)) }
        if let json { try writeOrFail(json, Reporters.json(report)) }
        if let summary { try writeOrFail(summary, Reporters.markdown(report)) }
        if !report.succeeded { throw ExitCode.failure }
    }

    func loadExpectedFailures() throws -> ExpectedFailures {
        if let expectedFailures {
            do { return try ExpectedFailures.load(expectedFailures) } catch { throw fail("\(error)") }
        }
        // The directories' lists are this core's accepted deviations, not another implementation's.
        return implementation != nil ? ExpectedFailures() : try vectors.directoryExpectedFailures()
    }
}
