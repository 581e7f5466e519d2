import AFSerialization
import AFVectorFormat
import Dispatch
#if canImport(Glibc)
    import Glibc
#endif

/// One cell of the grid: what one implementation did with one vector (all the runs it was sent).
public enum CellStatus: String, Sendable, Hashable {
    /// Every run it was sent passed.
    case agree
    /// A run failed: a different output, or a harness error.
    case differ
    /// Nothing was sent: outside what the implementation declared, or it answered `unsupported`.
    case notApplicable = "n/a"
}

/// One adapter's results: its vector runs and, when asked, its corpus differential.
public struct AdapterResult: Sendable {
    public var manifest: ImplementationManifest
    /// Why it did not run (a requirement missing), or nil.
    public var skipped: String?
    public var report: RunReport?
    public var corpus: CorpusDifferential.Result?
    public var seconds: Double = 0

    public var declaration: HandshakeDeclaration? { report?.implementation?.declaration }
    public var version: String { declaration?.version ?? "" }

    /// Cell per vector id.
    public var cells: [String: CellStatus] {
        var out: [String: CellStatus] = [:]
        for r in report?.results ?? [] {
            let now: CellStatus
            switch r.status {
            case .passed: now = .agree
            case .notApplicable: now = .notApplicable
            default: now = .differ
            }
            switch (out[r.vector.id], now) {
            case (nil, _), (.notApplicable?, _), (.agree?, .differ): out[r.vector.id] = now
            default: break
            }
        }
        return out
    }

    /// The level each cell was judged at (VECTORS.md §1.3): its first failing run's for a differing
    /// cell, else its first run's; nil for a vector without a level.
    public var cellLevels: [String: Level] {
        var first: [String: Level] = [:], failing: [String: Level] = [:]
        for r in report?.results ?? [] {
            guard let level = r.level else { continue }
            if first[r.vector.id] == nil { first[r.vector.id] = level }
            if r.isFailure, failing[r.vector.id] == nil { failing[r.vector.id] = level }
        }
        return first.merging(failing) { _, f in f }
    }

    /// The first failing run of each differing vector (for its diff).
    public var firstFailures: [String: RunResult] {
        var out: [String: RunResult] = [:]
        for r in report?.results ?? [] where r.isFailure && out[r.vector.id] == nil { out[r.vector.id] = r }
        return out
    }
}

/// A named kind of disagreement (`Implementations/<name>/classes.json`, Implementations/README.md).
public struct DisagreementClass: Sendable, Hashable {
    public var id: String
    public var title: String
    /// `bug`, `AF quirk`, `SPEC decision` or `projection`.
    public var verdict: String
    public var rule: String
    public var cite: String
    /// Vector ids or globs.
    public var vectors: [String]
    /// Disagreements `conformance fuzz` counts under this class instead of reporting them as new:
    /// `<component>: <signature>`, the signature as the fuzzer prints it (bytes it quotes match by kind).
    public var fuzz: [String] = []

    public static let verdicts = ["bug", "AF quirk", "SPEC decision", "projection"]

    public static func load(_ path: String) throws(HarnessError) -> [DisagreementClass] {
        guard FileSystem.isFile(path) else { return [] }
        let doc: JSONValue
        do { doc = try JSONParser().parse(try FileSystem.readFile(path)) } catch {
            throw HarnessError(path, "\(error)")
        }
        guard let list = doc["classes"]?.arrayValue else { throw HarnessError("\(path): classes", "expected an array") }
        var out: [DisagreementClass] = []
        for (i, item) in list.enumerated() {
            let f = try Fields(item, path: "\(path): classes[\(i)]")
            let vectors = try (f.array("vectors") ?? []).compactMap(\.stringValue)
            var c = DisagreementClass(
                id: try f.requireString("id"), title: try f.requireString("title"),
                verdict: try f.requireString("verdict"), rule: try f.string("rule") ?? "",
                cite: try f.string("cite") ?? "", vectors: vectors)
            c.fuzz = try (f.array("fuzz") ?? []).enumerated().map { (n, v) throws(HarnessError) in
                guard let s = v.stringValue, s.contains(": ") else {
                    throw HarnessError("\(f.path).fuzz[\(n)]", "expected \"<component>: <signature>\"")
                }
                return s
            }
            guard verdicts.contains(c.verdict) else {
                throw HarnessError(
                    "\(f.path).verdict", "\"\(c.verdict)\"; expected one of \(verdicts.joined(separator: ", "))")
            }
            out.append(c)
        }
        return out
    }

    public func covers(_ id: String) -> Bool {
        vectors.contains { p in
            p.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) ? FileSystem.globMatch(p, id) : p == id
        }
    }
}

/// Every adapter through every vector: the grid `conformance matrix` writes to docs/matrix/.
public struct Matrix: Sendable {
    public var vectors: [Vector]
    public var adapters: [AdapterResult]
    /// Per adapter (by name), its classes from classes.json.
    public var classes: [String: [DisagreementClass]]

    public init(vectors: [Vector], adapters: [AdapterResult], classes: [String: [DisagreementClass]]) {
        self.vectors = vectors
        self.adapters = adapters.sorted { $0.manifest.name < $1.manifest.name }
        self.classes = classes
    }

    /// Runs every adapter (two at a time: this is a 2-core project) whose requirements hold.
    public static func run(
        _ manifests: [ImplementationManifest], set: VectorSet, selection: RunSelection,
        corpus: [CorpusDifferential.Item], requestTimeout: Double = 10,
        log: @escaping @Sendable (String) -> Void
    ) -> [AdapterResult] {
        let slots = ResultBox(count: manifests.count)
        DispatchQueue.concurrentPerform(iterations: manifests.count) { i in
            let m = manifests[i]
            var result = AdapterResult(manifest: m)
            if let why = m.missingRequirement() {
                result.skipped = why
                log("skipped \(m.name): \(why)")
                slots.set(i, result)
                return
            }
            let start = FileSystem.now()
            do {
                let source = try ImplementationSource(command: m.command, requestTimeout: requestTimeout)
                result.report = VectorRunner.run(set, selection: selection, source: source)
                if !corpus.isEmpty { result.corpus = CorpusDifferential.run(corpus, source: source) }
            } catch {
                result.skipped = "command: \(error)"
            }
            result.seconds = Double(FileSystem.now() - start) / 1e9
            if let r = result.report { log("\(m.name): \(r.finalLine) in \(Int(result.seconds.rounded())) s") }
            slots.set(i, result)
        }
        return slots.values()
    }

    public var ran: [AdapterResult] { adapters.filter { $0.report != nil } }

    /// Each differing vector of an adapter → its class id (nil: unclassified).
    public func assignment(_ a: AdapterResult) -> [String: String?] {
        let cs = classes[a.manifest.name] ?? []
        var out: [String: String?] = [:]
        for (id, status) in a.cells where status == .differ {
            // updateValue, not a subscript assignment: assigning a nil class would remove the key.
            out.updateValue(cs.first { $0.covers(id) }?.id, forKey: id)
        }
        return out
    }

    public func unclassified(_ a: AdapterResult) -> [String] {
        assignment(a).filter { $0.value == nil }.map(\.key).sorted()
    }

    /// Counts of one adapter over `ids` (every vector when nil).
    public func counts(_ a: AdapterResult, where include: (Vector) -> Bool) -> (agree: Int, differ: Int, na: Int) {
        let cells = a.cells
        var c = (agree: 0, differ: 0, na: 0)
        for v in vectors where include(v) {
            switch cells[v.id] ?? .notApplicable {
            case .agree: c.agree += 1
            case .differ: c.differ += 1
            case .notApplicable: c.na += 1
            }
        }
        return c
    }

    /// The SPEC sections the vectors cite (`SPEC§N.M` refs), in order.
    public var sections: [String] {
        var seen: Set<String> = []
        var out: [String] = []
        for v in vectors { for s in Self.sections(of: v) where seen.insert(s).inserted { out.append(s) } }
        return out.sorted {
            $0.split(separator: ".").map { Int($0) ?? 0 }.lexicographicallyPrecedes(
                $1.split(separator: ".").map { Int($0) ?? 0 })
        }
    }

    static func sections(of v: Vector) -> [String] {
        v.refs.compactMap { $0.hasPrefix("SPEC§") ? String($0.dropFirst(5)) : nil }
    }

    /// The shortest input (with options) among `ids`: the class's minimal example.
    public func minimalExample(_ ids: [String]) -> Vector? {
        let byID = Dictionary(vectors.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return ids.compactMap { byID[$0] }.min { size($0) < size($1) || (size($0) == size($1) && $0.id < $1.id) }
    }

    func size(_ v: Vector) -> Int { v.input.jsonText.utf8.count + (v.options?.jsonText.utf8.count ?? 0) }
}

/// Per-index results written by the parallel runs.
private final class ResultBox: @unchecked Sendable {
    private var slots: [AdapterResult?]
    private var lock = pthread_mutex_t()
    init(count: Int) {
        slots = Array(repeating: nil, count: count)
        pthread_mutex_init(&lock, nil)
    }
    func set(_ i: Int, _ r: AdapterResult) {
        pthread_mutex_lock(&lock)
        slots[i] = r
        pthread_mutex_unlock(&lock)
    }
    func values() -> [AdapterResult] { slots.map { $0! } }
}
