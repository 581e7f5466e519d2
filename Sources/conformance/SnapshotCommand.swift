import AFConformance
import AFCorpus
import ArgumentParser
import Foundation

/// `conformance snapshot [--check]`: output snapshots of the fuzz corpus.
struct SnapshotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Record (or --check) the digest of the core's output for every fuzz corpus input.",
        discussion: """
            Without --check, writes Snapshots/<target>.snapshot for every fuzz target: one line per
            input file under Corpus/<target>/ (digest, path, excerpt), sorted. Commit the files.
            With --check, compares them with the current outputs and exits 1 listing every input
            whose output changed (with a diff for the first few), new inputs and removed inputs.
            Re-record after an intended behaviour change or after merging new corpus inputs.
            """
    )

    @Flag(help: "Compare with the committed snapshots instead of writing them.")
    var check = false

    @Option(help: "Corpus root (one directory per target).")
    var corpus = "Corpus"

    @Option(help: "Snapshot directory.")
    var snapshots = "Snapshots"

    @Option(name: .customLong("target"), help: "Only this target (repeatable; default: every target).")
    var only: [String] = []

    @Option(help: "Show full outputs for this many changed inputs per target.")
    var diffs = 3

    @Option(
        help: ArgumentHelp(
            "Restate this fuzz input of --target (e.g. a minimized crash) as a vector "
                + "request for `conformance promote`, instead of snapshotting.",
            valueName: "FILE"))
    var vectorRequest: String?

    @Option(
        help: ArgumentHelp(
            "With --vector-request: write the request here (default: stdout) and print the promote command.",
            valueName: "FILE"))
    var writeTo: String?

    func run() throws {
        if let vectorRequest { return try promoteRequest(vectorRequest) }
        let recorder = SnapshotRecorder(
            corpusRoot: URL(fileURLWithPath: corpus, isDirectory: true),
            snapshotRoot: URL(fileURLWithPath: snapshots, isDirectory: true))
        var targets = SnapshotRecorder.targets
        if !only.isEmpty {
            let unknown = only.filter { name in !targets.contains { $0.name == name } }
            guard unknown.isEmpty else {
                throw ValidationError(
                    "unknown target(s) \(unknown.joined(separator: ", ")); "
                        + "known: \(targets.map(\.name).joined(separator: ", "))"
                )
            }
            targets = targets.filter { only.contains($0.name) }
        }
        var failed = false
        for target in targets {
            let note = target.rendersOutput ? "" : " (invariant verdicts only: the target has no output renderer)"
            if check {
                do {
                    let comparison = try recorder.check(target)
                    print(comparison.report(diffs: diffs), terminator: "")
                    if !comparison.isClean { failed = true }
                } catch {
                    print("FAIL \(target.name): \(error)")
                    failed = true
                }
            } else {
                let n = try recorder.write(target)
                print("wrote \(recorder.snapshotURL(target.name).relativePath): \(n) inputs\(note)")
            }
        }
        if failed {
            print("Outputs changed. If intended, re-record: swift run conformance snapshot")
            throw ExitCode.failure
        }
    }

    /// `--vector-request`: header decoded by the target's body, payload in VECTORS.md encodings.
    func promoteRequest(_ file: String) throws {
        guard only.count == 1, let target = SnapshotRecorder.targets.first(where: { $0.name == only[0] }) else {
            throw ValidationError(
                "--vector-request needs exactly one --target (one of "
                    + "\(SnapshotRecorder.targets.map(\.name).joined(separator: ", ")))"
            )
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        guard let request = target.vectorRequest(bytes) else {
            throw ValidationError(
                "target \(target.name) cannot restate its inputs as vectors (or this input is too deep)")
        }
        for note in request.notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
        guard let writeTo else { return print(request.requestText) }
        try Data((request.requestText + "\n").utf8).write(to: URL(fileURLWithPath: writeTo))
        print(
            "swift run conformance promote \(writeTo) --component "
                + "\(request.component) --profile \(request.profile.rawValue)"
        )
    }
}
