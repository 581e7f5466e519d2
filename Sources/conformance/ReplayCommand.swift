import AFConformance
import AFCorpus
import ArgumentParser
import Foundation

/// `conformance replay --implementation CMD [--target T]…`: the corpus differential. (Running
/// corpus inputs through the fuzz bodies' invariants is `afs-fuzz-replay`, an executable of the
/// fuzz side: `conformance` reads corpora only through their format, AFCorpusFormat.)
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract:
            "Run the fuzz corpora through another implementation and compare with the core (the corpus differential).",
        discussion: """
            Every committed corpus input (Corpus/<target>/, all targets or the ones given) that \
            restates as a vector request is evaluated by the core and sent to CMD (the eval \
            protocol, as `run --implementation` drives it); the two outputs are compared. Prints, per \
            component, the inputs tried and agreeing and the classes of disagreement, each with its \
            count and its shortest input. Exits 1 when any input disagrees. To run corpus inputs \
            through a fuzz target's invariants without libFuzzer, use `swift run afs-fuzz-replay \
            --target T FILE…`.
            """
    )

    @Option(help: "A fuzz target (corpus directory name) to take inputs from; repeatable; default: all.")
    var target: [String] = []

    @OptionGroup var outside: ImplementationOptions

    @Option(help: ArgumentHelp("The corpus root.", valueName: "DIR"))
    var corpus = "Corpus"

    func run() throws {
        guard let source = try outside.source(progress: ProgressLine.stderr()) else {
            throw ValidationError(
                "give --implementation CMD (the corpus differential); fuzz "
                    + "bodies run in `afs-fuzz-replay --target T FILE…`"
            )
        }
        try differential(source)
    }

    /// The corpora through `source`, against the core's outputs (``CorpusDifferential``).
    func differential(_ source: ImplementationSource) throws {
        let known = Set(SnapshotRecorder.targets.map(\.name))
        if let bad = target.first(where: { !known.contains($0) }) {
            throw ValidationError("unknown target \(bad); known: \(known.sorted().joined(separator: ", "))")
        }
        let items = try SnapshotRecorder(
            corpusRoot: URL(fileURLWithPath: corpus), snapshotRoot: URL(fileURLWithPath: "Snapshots")
        )
        .differentialItems(targets: target)
        let start = Date()
        let result = CorpusDifferential.run(items, source: source)
        print("corpus differential: \(items.count) corpus inputs with a vector-request form, through \(source.command)")
        var disagreements = 0
        for c in result.components {
            print(
                "  \(c.component): \(c.tried) tried, \(c.agree) agree, "
                    + "\(c.differ) differ in \(c.classes.count) class(es)"
            )
            for k in c.classes {
                print("    \(k.count)× \(k.signature)\n       shortest: \(k.example): \(k.exampleRequest)")
            }
            disagreements += c.differ
        }
        print("\(disagreements) disagreements in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
        if disagreements > 0 { throw ExitCode.failure }
    }
}
