import AFConformance
import AFCorpus
import ArgumentParser
import Foundation

/// `conformance replay --target T FILE…`: runs fuzz inputs through a target's fuzz body, one line
/// per input, without libFuzzer. The overnight driver runs it from a coverage-instrumented build
/// (scripts/overnight/overnight.py, coverage step): each input is announced *before* it runs, so
/// when one traps ("Index out of range") the driver knows which, skips it and replays the rest in a
/// new process; only that process's profile is lost.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run fuzz inputs through a fuzz target's body (no libFuzzer), or the corpora through another implementation.",
        discussion: """
            --target T FILE…: prints `start <file>` before each input and `ok <file>` or `fail <file>: \
            <message>` after it (flushed), so a caller can tell which input crashed the process. Exits \
            1 when an invariant is broken, 0 otherwise.

            --implementation CMD [--target T]…: the corpus differential. Every committed corpus input \
            (Corpus/<target>/, all targets or the ones given) that its fuzz body restates as a vector \
            request is evaluated by the core and sent to CMD (the eval protocol, as `run \
            --implementation` drives it); the two outputs are compared. Prints, per component, the \
            inputs tried and agreeing and the classes of disagreement, each with its count and its \
            shortest input. Exits 1 when any input disagrees.
            """
    )

    @Option(help: "The fuzz target (corpus directory name); with --implementation, repeatable and optional.")
    var target: [String] = []

    @OptionGroup var outside: ImplementationOptions

    @Option(help: ArgumentHelp("With --implementation: the corpus root.", valueName: "DIR"))
    var corpus = "Corpus"

    @Option(help: ArgumentHelp("Read more input paths from this file, one per line.", valueName: "FILE"))
    var list: String?

    @Argument(help: "Input files.")
    var files: [String] = []

    func run() throws {
        if let source = try outside.source(progress: ProgressLine.stderr()) { return try differential(source) }
        let body = try resolve()
        let paths = try inputPaths()
        var failed = false
        let marker = trapMarker  // read once: the environment is parsed anew on every access
        for path in paths {
            emit("start \(path)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            if let marker, path.hasSuffix(marker) {
                fatalError("AFS_REPLAY_TRAP: deliberate trap on \(path)")
            }
            let message = body.check(bytes)
            if message != nil { failed = true }
            emit(message.map { "fail \(path): \($0)" } ?? "ok \(path)")
        }
        if failed { throw ExitCode.failure }
    }

    /// Fault injection for testing callers (the overnight driver's coverage step): with
    /// `AFS_REPLAY_TRAP=<suffix>`, an input whose path ends with it traps like a core crash would.
    var trapMarker: String? {
        ProcessInfo.processInfo.environment["AFS_REPLAY_TRAP"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func resolve() throws -> SnapshotRecorder.Target {
        let all = SnapshotRecorder.targets
        guard target.count == 1 else { throw ValidationError("give one --target (or --implementation CMD for the corpus differential)") }
        for body in all where body.name == target[0] { return body }
        throw ValidationError("unknown target \(target[0]); known: \(all.map { $0.name }.joined(separator: ", "))")
    }

    /// The corpora through `source`, against the core's outputs (``CorpusDifferential``).
    func differential(_ source: ImplementationSource) throws {
        let known = Set(SnapshotRecorder.targets.map(\.name))
        if let bad = target.first(where: { !known.contains($0) }) {
            throw ValidationError("unknown target \(bad); known: \(known.sorted().joined(separator: ", "))")
        }
        let items = try SnapshotRecorder(corpusRoot: URL(fileURLWithPath: corpus), snapshotRoot: URL(fileURLWithPath: "Snapshots"))
            .differentialItems(targets: target)
        let start = Date()
        let result = CorpusDifferential.run(items, source: source)
        print("corpus differential: \(items.count) corpus inputs with a vector-request form, through \(source.command)")
        var disagreements = 0
        for c in result.components {
            print("  \(c.component): \(c.tried) tried, \(c.agree) agree, \(c.differ) differ in \(c.classes.count) class(es)")
            for k in c.classes {
                print("    \(k.count)× \(k.signature)\n       shortest: \(k.example): \(k.exampleRequest)")
            }
            disagreements += c.differ
        }
        print("\(disagreements) disagreements in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
        if disagreements > 0 { throw ExitCode.failure }
    }

    func inputPaths() throws -> [String] {
        var paths = files
        if let list {
            let text = try String(contentsOfFile: list, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.isEmpty { paths.append(String(line)) }
        }
        return paths
    }

    /// Unbuffered, so the line is out before a trap in the next input.
    func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
