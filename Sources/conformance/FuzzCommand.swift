import AFConformance
import AFCorpus
import AFCorpusFormat
import ArgumentParser
import AFCommandLine
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// `conformance fuzz --implementation CMD…`: differential fuzzing of outside implementations
/// against the core (``DifferentialFuzzer``).
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract:
            "Fuzz outside implementations differentially: mutated corpus inputs through the core and every CMD "
            + "at once.",
        discussion: """
            Each round mutates the committed corpus inputs of every target (Corpus/<target>/) in their \
            own format (header fields, parameter trees, multipart lines, bytes; the target's dictionary), \
            restates them as eval requests, has the core answer them in-process and sends them to every \
            CMD in parallel (the eval protocol, pipelined, as `run --implementation` drives it). A \
            difference from the core is a disagreement, named by what differs. Classes the committed \
            corpus already shows, or an earlier run of the same --out folder found, are counted; a new \
            one is minimized and written to OUT/findings/<implementation>/ with its request, both \
            answers and the commands that replay it. OUT/state.json keeps the known classes and the \
            totals, so a stopped campaign goes on where it was. Exits 1 when the run found a new class.
            """
    )

    @Option(help: ArgumentHelp("A program speaking the eval protocol (VECTORS.md §5); repeatable.", valueName: "CMD"))
    var implementation: [String] = []

    @Option(help: ArgumentHelp("Only this fuzz target's corpus; repeatable. Default: every target.", valueName: "NAME"))
    var target: [String] = []

    @Option(help: ArgumentHelp("Stop after the round that passes this many seconds.", valueName: "N"))
    var seconds: Double = 60

    @Option(help: ArgumentHelp("Stop after this many rounds (whichever comes first).", valueName: "N"))
    var rounds: Int?

    @Option(help: ArgumentHelp("Mutants per target and round.", valueName: "N"))
    var batch = 400

    @Option(help: ArgumentHelp("The mutator's seed (a campaign is repeatable for a seed).", valueName: "N"))
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("The campaign folder (state, findings, their corpus).", valueName: "DIR"))
    var out = ".fuzz-campaign"

    @Option(help: ArgumentHelp("The corpus root the mutants start from.", valueName: "DIR"))
    var corpus = "Corpus"

    @Flag(help: "Do not replay the committed corpus first (its disagreements are then reported as new).")
    var noBaseline = false

    @Flag(help: "Also measure the eval protocol's ceiling: the same rounds through `conformance eval --echo`.")
    var ceiling = false

    @Option(help: ArgumentHelp("Seconds the oldest request in flight may wait for its reply.", valueName: "SECONDS"))
    var requestTimeout: Double = 10

    func validate() throws {
        guard !implementation.isEmpty else { throw ValidationError("give at least one --implementation CMD") }
        for name in target where CorpusTargets.named(name) == nil {
            throw ValidationError(
                "unknown target \"\(name)\"; expected one of "
                    + CorpusTargets.all.map { $0.name }.joined(separator: ", ")
            )
        }
        guard seconds > 0, batch >= 1, requestTimeout > 0 else {
            throw ValidationError("--seconds, --batch and --request-timeout must be positive")
        }
        for cmd in implementation {
            do { _ = try ShellWords.split(cmd) } catch { throw ValidationError("--implementation: \(error)") }
        }
    }

    func run() throws {
        let targets = CorpusTargets.all.filter { target.isEmpty || target.contains($0.name) }
        let recorder = SnapshotRecorder(
            corpusRoot: URL(fileURLWithPath: corpus), snapshotRoot: URL(fileURLWithPath: "Snapshots"))
        var pools: [String: [[UInt8]]] = [:]
        var tokens: [String: [[UInt8]]] = [:]
        for t in targets {
            let dir = URL(fileURLWithPath: corpus).appendingPathComponent(t.name)
            pools[t.name] = recorder.inputPaths(t.name).compactMap {
                FileManager.default.contents(atPath: dir.appendingPathComponent($0).path).map(Array.init)
            }
            if let dict = FileManager.default.contents(atPath: dir.appendingPathComponent("\(t.name).dict").path) {
                tokens[t.name] = CorpusMutator.dictionaryTokens(String(decoding: dict, as: UTF8.self))
            }
        }
        let folder = FuzzCampaignFolder(root: URL(fileURLWithPath: out))
        var (known, totals) = try folder.load()
        let names = Self.names(of: implementation)
        let impls = try implementation.enumerated().map { i, cmd in
            DifferentialFuzzer.Implementation(
                name: names[i],
                source: try ImplementationSource(command: cmd, requestTimeout: requestTimeout))
        }
        var fuzzer = DifferentialFuzzer(targets: targets, pools: pools, tokens: tokens, known: known)
        let inputs = pools.values.reduce(0) { $0 + $1.count }
        print("fuzz: \(targets.count) target(s), \(inputs) corpus inputs; \(impls.map(\.name).joined(separator: ", "))")
        // An adapter's classes.json names disagreements it already explains (`fuzz` entries).
        var classOf: [String: String] = [:]
        let manifests = (try? ImplementationManifest.discover(in: "Implementations")) ?? []
        for impl in impls {
            guard let m = manifests.first(where: { $0.command == impl.source.command }) else { continue }
            let classes: [DisagreementClass]
            do { classes = try DisagreementClass.load(FileSystem.join(m.directory, "classes.json")) } catch {
                throw fail("\(error)")
            }
            classOf.merge(DifferentialFuzzer.keys(of: classes, implementation: impl.name)) { a, _ in a }
        }
        fuzzer.known.formUnion(classOf.keys)
        if !classOf.isEmpty {
            print("fuzz: classes.json names \(classOf.count) disagreement(s); they are counted under their class")
        }
        if !noBaseline {
            let base = fuzzer.baseline(impls)
            fuzzer.known.formUnion(base)
            print(
                "fuzz: the committed corpus shows \(base.count) disagreement class(es); they are counted, not reported")
        }
        let config = DifferentialFuzzer.Config(
            seconds: seconds, rounds: rounds, batch: batch, seed: seed &+ UInt64(totals.inputs))
        let before = totals
        // On a terminal the line is redrawn each round; in a log, a line every 30 s.
        let terminal = isatty(2) != 0
        var lastLine = Date()
        // Findings and the state are saved after every round, so a killed campaign loses one round.
        let knownAtStart = fuzzer.known
        var written = 0
        let (after, findings) = fuzzer.run(impls, config: config, totals: totals) { t, found in
            do {
                for f in found[written...] {
                    try folder.write(f, command: impls.first { $0.name == f.implementation }!.source.command)
                }
                written = found.count
                try folder.save(known: knownAtStart.union(t.classes.keys), totals: t)
            } catch {
                var err = StandardError()
                err.write("fuzz: cannot save the campaign in \(out): \(error)\n")
            }
            guard terminal || Date().timeIntervalSince(lastLine) >= 30 else { return }
            lastLine = Date()
            var err = StandardError()
            let text =
                "fuzz: \(t.inputs - before.inputs) inputs, \(t.disagreements - before.disagreements) disagreements, "
                + "\(found.count) new"
            err.write(terminal ? "\r\u{1B}[K" + text : text + "\n")
        }
        if terminal {
            var err = StandardError()
            err.write("\r\u{1B}[K")
        }
        totals = after
        known = fuzzer.known
        for f in findings {
            try folder.write(f, command: impls.first { $0.name == f.implementation }!.source.command)
        }
        try folder.save(known: known, totals: totals)
        let spent = totals.seconds - before.seconds
        let evaluating = totals.evaluationSeconds - before.evaluationSeconds
        let n = totals.inputs - before.inputs
        print(
            "fuzz: \(n) inputs (\(totals.runs - before.runs) runs) in \(String(format: "%.1f", spent)) s, "
                + "\(String(format: "%.1f", spent - evaluating)) s of it minimizing: "
                + "\(String(format: "%.0f", Double(n) / max(evaluating, 0.001))) inputs/s through the core and "
                + "\(impls.count) implementation(s)"
        )
        if ceiling {
            let echo = try ImplementationSource(command: "\(ShellWords.quote(CommandLine.arguments[0])) eval --echo")
            var probe = DifferentialFuzzer(targets: targets, pools: pools, tokens: tokens)
            let c = probe.run(
                Array(repeating: .init(name: "echo", source: echo), count: impls.count),
                config: .init(
                    seconds: min(evaluating, 30), rounds: rounds, batch: batch, seed: seed, minimizeBatches: 0)
            ).totals
            print(
                "fuzz: ceiling: \(String(format: "%.0f", Double(c.inputs) / max(c.evaluationSeconds, 0.001))) inputs/s "
                    + "through the core and "
                    + "\(impls.count) echo process(es) (`conformance eval --echo`)")
        }
        var byClass: [String: Int] = [:]
        for (key, count) in totals.classes where classOf[key] != nil { byClass[classOf[key]!, default: 0] += count }
        for (id, count) in byClass.sorted(by: { $0.key < $1.key }) {
            print("counted: \(count)× class \(id) (classes.json)")
        }
        for f in findings {
            print("new: \(f.implementation) \(f.component): \(f.signature)")
            print("     \(f.input.count) bytes (from \(f.original.count)) → \(folder.folder(f).path)")
        }
        print(
            "fuzz: \(findings.count) new class(es); campaign so far: \(totals.inputs) inputs, "
                + "\(String(format: "%.0f", totals.seconds)) s, "
                + "\(totals.classes.count) classes seen (\(out)/state.json)")
        if !findings.isEmpty { throw ExitCode.failure }
    }

    /// The adapter's name when CMD is an `Implementations/*/adapter.json` command; else the folder of
    /// an `adapter.*` script it runs (`Examples/urllib-adapter/adapter.py` → `urllib-adapter`), or its
    /// last word's file name; `-<N>` when two names would be the same.
    static func names(of commands: [String]) -> [String] {
        let manifests = (try? ImplementationManifest.discover(in: "Implementations")) ?? []
        var seen: [String: Int] = [:]
        return commands.map { command in
            var name = manifests.first { $0.command == command }?.name
            if name == nil, let last = (try? ShellWords.split(command))?.last {
                let parts = last.split(separator: "/").map(String.init)
                name = parts.count > 1 && parts.last!.hasPrefix("adapter.") ? parts[parts.count - 2] : parts.last
            }
            let base = name ?? "implementation"
            seen[base, default: 0] += 1
            return seen[base]! > 1 ? "\(base)-\(seen[base]!)" : base
        }
    }
}
