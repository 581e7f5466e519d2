import AFConformance
import AFCorpusFormat
import AFVectorFormat
import Foundation

/// Records and checks output snapshots of the fuzz corpus: for every input file of
/// `Corpus/<target>/` (seeds, vector-derived inputs, merged fuzzer finds, regressions), the digest
/// of the core's rendered output (`CorpusTarget.describeOutput`, AFCorpusFormat), written to
/// `Snapshots/<target>.snapshot`.
public struct SnapshotRecorder {
    /// A target: its name, whether it renders output, and the renderer.
    public struct Target {
        public var name: String
        /// Always true now (every target renders its output); a snapshot file written by a target
        /// without a renderer recorded invariant verdicts ("invariants" in its header line).
        public var rendersOutput: Bool
        public var describe: ([UInt8]) -> String
        /// The input as a golden-vector request (for `conformance promote`), when expressible.
        public var vectorRequest: ([UInt8]) -> VectorRequest? = { _ in nil }

        public init(name: String, rendersOutput: Bool, describe: @escaping ([UInt8]) -> String) {
            self.name = name
            self.rendersOutput = rendersOutput
            self.describe = describe
        }
    }

    /// Every corpus target (``CorpusTargets/all``) with its output renderer.
    public static var targets: [Target] {
        CorpusTargets.all.map { format in
            var t = Target(name: format.name, rendersOutput: true) { format.describe($0) }
            t.vectorRequest = { format.vectorRequest(bytes: $0) }
            return t
        }
    }

    public var corpusRoot: URL
    public var snapshotRoot: URL

    public init(corpusRoot: URL, snapshotRoot: URL) {
        self.corpusRoot = corpusRoot
        self.snapshotRoot = snapshotRoot
    }

    /// Input files of `Corpus/<target>/`, recursively, as paths relative to that directory with
    /// `/` separators; dictionaries (`.dict`), notes (`.md`, `.txt`), `.options` and hidden files
    /// are not inputs.
    public func inputPaths(_ target: String) -> [String] {
        let dir = corpusRoot.appendingPathComponent(target)
        guard
            let walker = FileManager.default.enumerator(
                at: dir, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        let base = dir.standardizedFileURL.path
        var out: [String] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                !["dict", "md", "txt", "options"].contains(url.pathExtension)
            else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(base + "/") else { continue }
            out.append(String(full.dropFirst(base.count + 1)))
        }
        return out.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// The current snapshot of `target` and every input's full output (path → output).
    public func record(_ target: Target) throws -> (snapshot: Snapshot, outputs: [String: String]) {
        var entries: [SnapshotEntry] = []
        var outputs: [String: String] = [:]
        for path in inputPaths(target.name) {
            let bytes = try [UInt8](
                Data(contentsOf: corpusRoot.appendingPathComponent(target.name).appendingPathComponent(path)))
            let output = target.describe(bytes)
            outputs[path] = output
            entries.append(SnapshotEntry(path: path, output: output))
        }
        return (Snapshot(target: target.name, rendersOutput: target.rendersOutput, entries: entries), outputs)
    }

    public func snapshotURL(_ target: String) -> URL {
        snapshotRoot.appendingPathComponent("\(target).snapshot")
    }

    /// Writes `Snapshots/<target>.snapshot`; returns the number of inputs recorded.
    @discardableResult
    public func write(_ target: Target) throws -> Int {
        let (snapshot, _) = try record(target)
        try FileManager.default.createDirectory(at: snapshotRoot, withIntermediateDirectories: true)
        try Data(snapshot.text.utf8).write(to: snapshotURL(target.name), options: .atomic)
        return snapshot.entries.count
    }

    public struct MissingSnapshot: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "no snapshot at \(path): record one with `conformance snapshot`" }
    }

    /// Compares the committed snapshot of `target` with the current outputs.
    public func check(_ target: Target) throws -> SnapshotComparison {
        let url = snapshotURL(target.name)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw MissingSnapshot(path: url.path) }
        let recorded = try Snapshot.parse(String(decoding: data, as: UTF8.self))
        let (current, outputs) = try record(target)
        return SnapshotComparison(recorded: recorded, current: current, outputs: outputs)
    }
}

extension SnapshotRecorder {
    /// Every corpus input of `targets` (all when empty) that its fuzz body restates as a vector
    /// request, as items of the corpus differential (``CorpusDifferential``).
    public func differentialItems(targets: [String] = []) throws -> [CorpusDifferential.Item] {
        var items: [CorpusDifferential.Item] = []
        for t in Self.targets where targets.isEmpty || targets.contains(t.name) {
            for path in inputPaths(t.name) {
                let bytes = try [UInt8](
                    Data(contentsOf: corpusRoot.appendingPathComponent(t.name).appendingPathComponent(path)))
                guard let r = t.vectorRequest(bytes) else { continue }
                items.append(
                    CorpusDifferential.Item(
                        id: "\(t.name)/\(path)", component: r.component, input: r.input, options: r.options))
            }
        }
        return items
    }
}
