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
            Runs every vector (once per profile it lists) in-process against the core and prints a \
            per-component summary, a diff for each failure and a final line "N passed, M failed". \
            Exit status: 0 when nothing failed, 1 on any failure (a mismatch, a harness error, a bad \
            vector file, an unexpected pass or a stale entry in expected-failures.json), 2 when the \
            harness itself cannot start (e.g. the schema is missing).

            expected-failures.json (in each vector directory): {"<id>" or "<id>@<profile>": "reason"}.
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

    @Option(help: "Evaluate on this many threads (default: the number of CPUs; 1 = sequential).")
    var jobs = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let start = FileSystem.now()
        let set = try vectors.load()
        let xfail = try loadExpectedFailures()
        var report = VectorRunner.run(set, selection: vectors.selection, expectedFailures: xfail, jobs: jobs)
        report.loadNanoseconds = report.evalNanoseconds > 0 ? (FileSystem.now() - start) - report.evalNanoseconds : 0
        print(Reporters.console(report, maxDiffs: maxDiffs, verbose: verbose))
        if let junit { try writeOrFail(junit, Reporters.junit(report)) }
        if let json { try writeOrFail(json, Reporters.json(report)) }
        if let summary { try writeOrFail(summary, Reporters.markdown(report)) }
        if !report.succeeded { throw ExitCode.failure }
    }

    func loadExpectedFailures() throws -> ExpectedFailures {
        do {
            if let expectedFailures { return try ExpectedFailures.load(expectedFailures) }
            var merged = ExpectedFailures()
            for dir in vectors.dirs {
                merged.entries += try ExpectedFailures.load(VectorPaths.expectedFailuresFile(root: dir)).entries
            }
            return merged
        } catch {
            throw fail("\(error)")
        }
    }
}
