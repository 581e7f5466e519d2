import AFConformance
import AFCorpus
import AFSerialization
import AFVectorFormat
import ArgumentParser
import AFCommandLine
import Foundation

/// `conformance matrix [--check]`: every adapter in Implementations/ through every vector and the
/// fuzz corpora; writes docs/matrix/ (README.md grid and classes, matrix.json, index.html).
struct MatrixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matrix",
        abstract:
            "Run every installed adapter of Implementations/ over the "
            + "vectors and corpora; write (or --check) docs/matrix/.",
        discussion: """
            Each Implementations/<name>/adapter.json names a command speaking the eval protocol and \
            the commands that must succeed for its runtime to count as installed; adapters whose \
            requirements fail are skipped with a note. Two adapters run at a time. For each adapter: \
            every vector (the cells: agree, differ, n/a), and every fuzz corpus input that has a \
            vector-request form, compared with the core's own output (the corpus differential). \
            Differing cells are sorted into the classes of Implementations/<name>/classes.json.

            Without --check, writes docs/matrix/README.md (grids by component and SPEC section, the \
            corpus column, the classes with minimal examples), docs/matrix/matrix.json (what --check \
            compares) and docs/matrix/index.html (the filterable grid; a click shows the diff). With \
            --check, writes nothing and exits 1 when an implementation of the same version gives \
            different cells, corpus classes or unclassified disagreements than the committed matrix.json.
            """)

    @OptionGroup var vectors: VectorOptions

    @Option(help: ArgumentHelp("The adapters' directory.", valueName: "DIR"))
    var implementations = "Implementations"

    @Option(name: .customLong("only"), help: ArgumentHelp("Only this adapter (repeatable).", valueName: "NAME"))
    var only: [String] = []

    @Option(help: ArgumentHelp("Where the matrix is written (and read by --check).", valueName: "DIR"))
    var out = "docs/matrix"

    @Flag(help: "Compare with the committed matrix.json instead of writing.")
    var check = false

    @Flag(help: "Skip the corpus differential.")
    var noCorpus = false

    @Option(help: ArgumentHelp("Corpus root (one directory per fuzz target).", valueName: "DIR"))
    var corpus = "Corpus"

    @Option(help: ArgumentHelp("Seconds an adapter may take over one reply.", valueName: "SECONDS"))
    var requestTimeout: Double = 10

    func run() throws {
        let start = FileSystem.now()
        // Adapter commands are written from the repository root.
        let root = FileSystem.parent(vectors.root)
        if !root.isEmpty && root != "." { _ = FileManager.default.changeCurrentDirectoryPath(root) }
        let set = try vectors.load()
        var manifests: [ImplementationManifest]
        var classes: [String: [DisagreementClass]] = [:]
        do {
            manifests = try ImplementationManifest.discover(in: implementations)
            if !only.isEmpty {
                let unknown = only.filter { n in !manifests.contains { $0.name == n } }
                if !unknown.isEmpty {
                    throw fail("no adapter named \(unknown.joined(separator: ", ")) in \(implementations)/")
                }
                manifests = manifests.filter { only.contains($0.name) }
            }
            for m in manifests {
                classes[m.name] = try DisagreementClass.load(FileSystem.join(m.directory, "classes.json"))
            }
        } catch let e as HarnessError {
            throw fail("\(e)")
        }
        let items =
            noCorpus
            ? []
            : try SnapshotRecorder(
                corpusRoot: URL(fileURLWithPath: corpus), snapshotRoot: URL(fileURLWithPath: "Snapshots")
            ).differentialItems()
        print(
            "matrix: \(manifests.count) adapters, \(set.vectors.count) vectors, "
                + "\(items.count) corpus inputs with a vector-request form"
        )
        let results = Matrix.run(
            manifests, set: set, selection: vectors.selection, corpus: items, requestTimeout: requestTimeout
        ) { line in
            print("  " + line)
            fflush(nil)
        }
        let matrix = Matrix(
            vectors: set.vectors.filter { vectors.selection.selects($0) }, adapters: results, classes: classes)
        for a in matrix.ran {
            let loose = matrix.unclassified(a)
            if !loose.isEmpty {
                print(
                    "  \(a.manifest.name): \(loose.count) differing vectors in no "
                        + "class, e.g. \(loose.prefix(3).joined(separator: ", "))"
                )
            }
        }
        let seconds = Double(FileSystem.now() - start) / 1e9
        let statePath = FileSystem.join(out, "matrix.json")
        if check {
            let committed: JSONValue
            do { committed = try JSONParser().parse(try FileSystem.readFile(statePath)) } catch {
                throw fail("cannot read \(statePath): \(error) (record the matrix first: conformance matrix)")
            }
            let (changes, notes) = MatrixReport.compare(matrix, committed: committed)
            for n in notes { print("  note: \(n)") }
            for c in changes.prefix(40) { print("  ✗ \(c)") }
            if changes.count > 40 { print("  … \(changes.count - 40) more") }
            print(
                "matrix --check: \(matrix.ran.count) implementations compared in \(Int(seconds.rounded())) "
                    + "s: \(changes.isEmpty ? "unchanged" : "\(changes.count) change(s)")"
            )
            if !changes.isEmpty { throw ExitCode.failure }
            return
        }
        do { try FileSystem.makeDirectory(out) } catch { throw fail("cannot create \(out): \(error.message)") }
        try writeOrFail(FileSystem.join(out, "README.md"), MatrixReport.markdown(matrix))
        try writeOrFail(statePath, MatrixReport.state(matrix).prettyJSONText + "\n")
        try writeOrFail(FileSystem.join(out, "index.html"), MatrixPage.html(matrix))
        print(
            "matrix: \(matrix.ran.count) implementations ran, \(matrix.adapters.count - matrix.ran.count) "
                + "skipped; wrote \(out)/README.md, matrix.json, index.html in \(Int(seconds.rounded())) s"
        )
    }
}
