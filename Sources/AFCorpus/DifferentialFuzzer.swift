import AFConformance
import AFCorpusFormat
import AFSerialization
import AFVectorFormat
import Dispatch
import Foundation

/// Differential fuzzing of outside implementations (`conformance fuzz`): corpus inputs mutated in
/// their own format (``CorpusMutator``), restated as eval requests (each target's `vectorRequest`),
/// answered by the core in-process and by every implementation at once over the eval protocol (one
/// process each, pipelined, with `run --implementation`'s timeouts and crash cap). The core's
/// output is the expected value, so a difference is a disagreement between two implementations,
/// named by ``CorpusDifferential/signature(_:)``.
///
/// A signature an implementation already showed (on the committed corpus, in an earlier run of the
/// campaign) is counted; a new one is minimized (the parameter tree node by node, then the payload's
/// bytes by delta debugging, every candidate of a step sent in one batch) and kept as a finding.
public struct DifferentialFuzzer {
    public struct Implementation {
        public var name: String
        public var source: ImplementationSource
        public init(name: String, source: ImplementationSource) { (self.name, self.source) = (name, source) }
    }

    public struct Config: Sendable {
        /// The campaign stops after the round that passes this many seconds.
        public var seconds: Double
        /// Or after this many rounds.
        public var rounds: Int?
        /// Mutants per target and round.
        public var batch: Int
        public var seed: UInt64
        public var maxLength: Int
        /// Batches a minimization may send.
        public var minimizeBatches: Int

        public init(
            seconds: Double = 60, rounds: Int? = nil, batch: Int = 400, seed: UInt64 = 1, maxLength: Int = 2048,
            minimizeBatches: Int = 60
        ) {
            (self.seconds, self.rounds, self.batch, self.seed) = (seconds, rounds, batch, seed)
            (self.maxLength, self.minimizeBatches) = (maxLength, minimizeBatches)
        }
    }

    /// A disagreement class the campaign found, first seen on `original` and minimized to `input`.
    public struct Finding: Sendable {
        public var implementation: String
        public var target: String
        public var component: String
        public var profile: String
        public var signature: String
        public var original: [UInt8]
        public var input: [UInt8]
        /// The eval request of the minimized input, and the two answers to it.
        public var request: JSONValue
        public var core: JSONValue
        public var reply: JSONValue?
        public var key: String { DifferentialFuzzer.key(implementation, component, signature) }
    }

    /// What a campaign did, added up over its runs.
    public struct Totals: Sendable {
        public var inputs = 0
        public var runs = 0
        public var disagreements = 0
        public var seconds = 0.0
        /// Of `seconds`, the time spent making mutants and having them answered (not minimizing):
        /// the throughput is `inputs / evaluationSeconds`.
        public var evaluationSeconds = 0.0
        /// Disagreements per class key (implementation, component, signature).
        public var classes: [String: Int] = [:]
        public init() {}
    }

    public var targets: [any CorpusTarget.Type]
    /// Inputs to mutate, per target name (the committed corpus; findings are added).
    public var pools: [String: [[UInt8]]]
    /// Dictionary tokens per target name.
    public var tokens: [String: [[UInt8]]]
    /// Class keys already known: they are counted, never minimized or reported again.
    public var known: Set<String>

    public init(
        targets: [any CorpusTarget.Type], pools: [String: [[UInt8]]], tokens: [String: [[UInt8]]] = [:],
        known: Set<String> = []
    ) {
        (self.targets, self.pools, self.tokens, self.known) = (targets, pools, tokens, known)
    }

    /// The class key of a signature written with bytes (a classes.json entry, a stored key).
    public static func key(_ implementation: String, _ component: String, _ signature: String) -> String {
        key(implementation, component, kind: kind(of: signature, component: component))
    }

    /// The class key of a signature already in kinds (``signature(_:)``'s), without reading it again.
    static func key(_ implementation: String, _ component: String, kind: String) -> String {
        "\(implementation)\t\(component)\t\(kind)"
    }

    /// The class keys `classes` (an adapter's classes.json) names for `implementation`, with the class
    /// each belongs to: these are counted under the class, never reported as new.
    public static func keys(of classes: [DisagreementClass], implementation: String) -> [String: String] {
        var out: [String: String] = [:]
        for c in classes {
            for entry in c.fuzz {
                guard let r = entry.range(of: ": ") else { continue }
                out[key(implementation, String(entry[..<r.lowerBound]), String(entry[r.upperBound...]))] = c.id
            }
        }
        return out
    }

    /// What differs, as ``CorpusDifferential/signature(_:unit:)`` says it, with the bytes where two
    /// texts part named by their kind (``ByteKind``) and item counts by which side has more: one
    /// difference met in many contexts is one class.
    public static func signature(_ r: RunResult) -> String {
        let component = r.vector.component
        return kind(
            of: CorpusDifferential.signature(
                r, unit: { ByteKind.of(unit: $0, component: component).rawValue },
                path: { datalessPath($0) ?? CorpusDifferential.indexless($0) }),
            component: component)
    }

    /// The components whose outputs are URL text: there the kind of byte two outputs part at says what
    /// one of them escaped and the other did not. Elsewhere (decoded bodies, part bodies, headers)
    /// it says nothing, and any byte is `<byte>`.
    static let urlTextComponents: Set<String> = ["percent-escape", "query-string", "request"]

    /// A signature written with bytes (a classes.json `fuzz` entry, a key stored by an earlier run)
    /// in the words ``signature(_:)`` uses: `core writes %5B where the implementation writes [` is
    /// `core writes %XX where the implementation writes <gen-delim>`. The kinds are RFC 3986's
    /// character classes (§2.2, §2.3), with the bytes that structure a query (`& = + ; #`, WHATWG URL
    /// §5.1) apart from the other delimiters, since leaving those raw changes the pairs and leaving
    /// `!` raw does not. The first differing byte of two outputs says where they part, not why; a
    /// finer class mostly counts the contexts a difference met. `kind` leaves a kind as it is.
    public static func kind(of signature: String, component: String) -> String {
        var out = ""
        var rest = Substring(signature)
        while let r = rest.range(of: "writes ") {
            out += rest[..<r.upperBound]
            rest = rest[r.upperBound...]
            if rest.hasPrefix("more (") {
                out += "more ("
                rest = rest.dropFirst("more (".count)
            }
            let (unit, kind) = ByteKind.read(rest)
            rest = rest.dropFirst(unit)
            out += unit == 0 || urlTextComponents.contains(component) ? kind : ByteKind.byte.rawValue
        }
        return Self.dataless(Self.countless(out + rest))
    }

    /// `output.object…` for a field below a decoded response's object, whose keys and indices are data
    /// (a key may even hold `: `, so the path is collapsed before it is joined to the note).
    static func datalessPath(_ path: String) -> String? {
        path.hasPrefix("output.object.") || path.hasPrefix("output.object[") ? "output.object…" : nil
    }

    /// A decoded response's members are data: `output.object.a.b: members differ: missing ["k"], …`
    /// is `output.object…: members differ`, one class whatever the keys and indices.
    static func dataless(_ s: String) -> String {
        var s = s
        if let colon = s.range(of: ": "), let path = datalessPath(String(s[..<colon.lowerBound])) {
            s = path + s[colon.lowerBound...]
        }
        if let r = s.range(of: "members differ: missing ") { s = String(s[..<r.lowerBound]) + "members differ" }
        return s
    }

    /// `expected 4 item(s), found 2; first difference at [1]` → `the implementation has fewer items`.
    static func countless(_ s: String) -> String {
        guard let r = s.range(of: "expected "), let semicolon = s[r.upperBound...].range(of: "; first difference at [")
        else { return s }
        let counts = s[r.upperBound..<semicolon.lowerBound].split(separator: " ")
        guard counts.count == 4, counts[1] == "item(s),", counts[2] == "found", let e = Int(counts[0]),
            let a = Int(counts[3]), let close = s[semicolon.upperBound...].firstIndex(of: "]")
        else { return s }
        let words = a < e ? "the implementation has fewer items" : "the implementation has more items"
        return String(s[..<r.lowerBound]) + words + s[s.index(after: close)...]
    }

    /// The kind of the byte `CorpusDifferential.escaped` rendered at the start of a text.
    enum ByteKind: String, CaseIterable {
        case escape = "%XX"
        case unreserved = "<unreserved>"
        case queryDelimiter = "<query-delim>"
        case subDelimiter = "<sub-delim>"
        case genDelimiter = "<gen-delim>"
        case otherASCII = "<other-ascii>"
        case nonASCII = "<non-ascii>"
        /// Any byte, where the kind of byte carries no meaning (``urlTextComponents``).
        case byte = "<byte>"

        /// How many characters of `text` the rendered byte takes, and its kind's name (nothing read,
        /// and the empty name, when `text` starts with no byte).
        static func read(_ text: Substring) -> (Int, String) {
            if let named = allCases.first(where: { text.hasPrefix($0.rawValue) }) {
                return (named.rawValue.count, named.rawValue)
            }
            let c = Array(text.prefix(4).unicodeScalars)
            guard let first = c.first else { return (0, "") }
            if first == "%", c.count >= 3, c[1].properties.isASCIIHexDigit, c[2].properties.isASCIIHexDigit {
                return (3, escape.rawValue)
            }
            if first == "\\", c.count >= 2, c[1] == "r" || c[1] == "n" { return (2, otherASCII.rawValue) }
            if first == "\\", c.count == 4, c[1] == "x",
                let b = UInt8(String(String.UnicodeScalarView(c[2...3])), radix: 16)
            {
                return (4, (b < 0x80 ? otherASCII : nonASCII).rawValue)
            }
            return (1, of(first).rawValue)
        }

        /// The kind of the bytes where two texts part: an escape when they are `%` and two hex
        /// digits, else the kind of the first byte.
        static func of(unit b: [UInt8], component: String) -> ByteKind {
            guard urlTextComponents.contains(component) else { return .byte }
            guard let first = b.first else { return .otherASCII }
            let hex = { (x: UInt8) in (0x30...0x39).contains(x) || (0x61...0x66).contains(x | 0x20) }
            if first == 0x25, b.count == 3, hex(b[1]), hex(b[2]) { return .escape }
            return of(Unicode.Scalar(first))
        }

        static func of(_ c: Unicode.Scalar) -> ByteKind {
            switch c {
            case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_", "~": .unreserved
            case "&", "=", "+", ";", "#": .queryDelimiter
            case "!", "$", "'", "(", ")", "*", ",": .subDelimiter
            case ":", "/", "?", "[", "]", "@": .genDelimiter
            case _ where c.isASCII: .otherASCII
            default: .nonASCII
            }
        }
    }

    /// An input the core can restate as a request, with its target.
    struct Mutant {
        var target: any CorpusTarget.Type
        var bytes: [UInt8]
        var item: CorpusDifferential.Item
    }

    static func mutant(_ target: any CorpusTarget.Type, _ bytes: [UInt8], id: String) -> Mutant? {
        guard let r = target.vectorRequest(bytes: bytes) else { return nil }
        let item = CorpusDifferential.Item(id: id, component: r.component, input: r.input, options: r.options)
        return item.core.isEmpty ? nil : Mutant(target: target, bytes: bytes, item: item)
    }

    /// The disagreeing runs of `mutants` through `source`: per mutant id, its first disagreeing run.
    static func disagreements(_ mutants: [Mutant], _ source: ImplementationSource) -> [String: RunResult] {
        var out: [String: RunResult] = [:]
        for r in source.evaluate(CorpusDifferential.runItems(mutants.map(\.item))).results {
            switch r.status {
            case .passed, .notApplicable: continue
            default:
                let id = String(r.vector.id.dropFirst("corpus/".count))
                if out[id] == nil { out[id] = r }
            }
        }
        return out
    }

    /// The committed inputs themselves through every implementation: the classes they already show.
    public func baseline(_ implementations: [Implementation]) -> Set<String> {
        var mutants: [Mutant] = []
        for t in targets {
            for (i, bytes) in (pools[t.name] ?? []).enumerated() {
                if let m = Self.mutant(t, bytes, id: "\(t.name)/\(i)") { mutants.append(m) }
            }
        }
        let keys = parallelMap(implementations.count) { i in
            Set(
                Self.disagreements(mutants, implementations[i].source).values.map {
                    Self.key(implementations[i].name, $0.vector.component, kind: Self.signature($0))
                })
        }
        return keys.reduce(into: []) { $0.formUnion($1) }
    }

    /// Rounds of mutants through every implementation until the time or the rounds are used up.
    /// `progress` is told the totals after each round.
    public mutating func run(
        _ implementations: [Implementation], config: Config, totals start: Totals = Totals(),
        progress: (Totals, [Finding]) -> Void = { _, _ in }
    ) -> (totals: Totals, findings: [Finding]) {
        var totals = start
        var findings: [Finding] = []
        var mutator = CorpusMutator(seed: config.seed, maxLength: config.maxLength)
        let began = DispatchTime.now().uptimeNanoseconds
        var tick = began
        var round = 0
        let active = targets.filter { !(pools[$0.name] ?? []).isEmpty }
        func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
        while !active.isEmpty {
            let roundStart = now()
            var mutants: [Mutant] = []
            for t in active {
                let pool = pools[t.name]!
                mutator.tokens = tokens[t.name] ?? []
                for n in 0..<config.batch {
                    let base = pool[mutator.below(pool.count)]
                    let bytes = mutator.mutate(base, of: t, splice: pool[mutator.below(pool.count)])
                    if let m = Self.mutant(t, bytes, id: "\(t.name)/r\(round)m\(n)") { mutants.append(m) }
                }
            }
            let batch = mutants
            let found = parallelMap(implementations.count) { i in Self.disagreements(batch, implementations[i].source) }
            totals.evaluationSeconds += Double(now() - roundStart) / 1e9
            let byID = Dictionary(uniqueKeysWithValues: mutants.map { ($0.item.id, $0) })
            var fresh: [(Int, Mutant, RunResult, String)] = []
            for (i, results) in found.enumerated() {
                for (id, r) in results.sorted(by: { $0.key < $1.key }) {
                    let sig = Self.signature(r)
                    let key = Self.key(implementations[i].name, r.vector.component, kind: sig)
                    totals.classes[key, default: 0] += 1
                    totals.disagreements += 1
                    if !known.contains(key) {
                        known.insert(key)
                        fresh.append((i, byID[id]!, r, sig))
                    }
                }
            }
            let jobs = fresh
            let minimized = parallelMap(implementations.count) { i in
                Self.minimize(
                    jobs.filter { $0.0 == i }.map { Minimization($0.1, $0.2, signature: $0.3) }, implementations[i],
                    batches: config.minimizeBatches)
            }
            for f in minimized.joined() {
                findings.append(f)
                pools[f.target, default: []].append(f.input)
            }
            totals.inputs += mutants.count
            totals.runs += mutants.reduce(0) { $0 + $1.item.core.count } * implementations.count
            round += 1
            // Added each round, so the totals a progress callback saves are always whole.
            totals.seconds += Double(now() - tick) / 1e9
            tick = now()
            progress(totals, findings)
            if Double(tick - began) / 1e9 >= config.seconds || round >= (config.rounds ?? .max) { break }
        }
        return (totals, findings)
    }

    /// The findings of one implementation minimized together: each step of every ``Minimization``
    /// goes out in one batch (one process), until each is done or `batches` are spent.
    static func minimize(_ jobs: [Minimization], _ implementation: Implementation, batches: Int) -> [Finding] {
        var jobs = jobs
        for _ in 0..<batches {
            var mutants: [Mutant] = []
            var owner: [String: (job: Int, index: Int)] = [:]
            var counts = [Int](repeating: 0, count: jobs.count)
            for j in jobs.indices {
                let candidates = jobs[j].candidates()
                counts[j] = candidates.count
                for (k, bytes) in candidates.enumerated() {
                    if let m = mutant(jobs[j].best.target, bytes, id: "min/\(j)/\(k)") {
                        mutants.append(m)
                        owner[m.item.id] = (j, k)
                    }
                }
            }
            if mutants.isEmpty { break }
            let found = disagreements(mutants, implementation.source)
            var kept = [[(index: Int, mutant: Mutant, result: RunResult)]](repeating: [], count: jobs.count)
            for m in mutants {
                guard let (j, k) = owner[m.item.id], let r = found[m.item.id],
                    signature(r) == jobs[j].signature
                else { continue }
                kept[j].append((k, m, r))
            }
            for j in jobs.indices where counts[j] > 0 { jobs[j].advance(kept[j].sorted { $0.index < $1.index }) }
        }
        return jobs.map { job in
            let request = JSONValue.object([
                .init("component", .string(job.best.item.component)), .init("profile", .string(job.bestResult.profile)),
                .init("options", job.best.item.options), .init("input", job.best.item.input),
            ])
            return Finding(
                implementation: implementation.name, target: job.best.target.name, component: job.best.item.component,
                profile: job.bestResult.profile, signature: job.signature, original: job.original,
                input: job.best.bytes,
                request: request, core: job.bestResult.vector.expected, reply: job.bestResult.actual)
        }
    }
}

/// One disagreement being made smaller while it keeps its signature: parameter-tree nodes removed
/// one at a time (parameter programs), then delta debugging (ddmin) over the payload's lines
/// (multipart bodies) and then its bytes; the header is kept. Each step offers candidates and is
/// told which kept the signature; the first is taken, and when several did, the next step first
/// tries removing their chunks together (all of them, then the first half, …), so a step at byte
/// granularity removes many bytes, not one.
struct Minimization {
    enum Phase { case tree, lines, bytes, done }

    var best: DifferentialFuzzer.Mutant
    var bestResult: RunResult
    let signature: String
    let original: [UInt8]
    var phase: Phase
    var chunks = 2
    /// The units and the chunk length of the last ddmin step, and removals to try together next.
    var lastUnits: [[UInt8]] = []
    var lastStep = 1
    var together: [[UInt8]] = []
    var tryingTogether = false

    init(_ m: DifferentialFuzzer.Mutant, _ r: RunResult, signature: String) {
        (best, bestResult, self.signature, original) = (m, r, signature, m.bytes)
        phase =
            switch m.target.payloadKind {
            case .parameterProgram: .tree
            case .lines: .lines
            case .bytes: .bytes
            }
    }

    var size: Int { best.target.descriptor.headerSize }
    var header: [UInt8] { Array(best.bytes.prefix(size)) }

    func units() -> [[UInt8]] {
        let payload = Array(best.bytes.dropFirst(size))
        guard phase == .lines else { return payload.map { [$0] } }
        // Each line keeps its CRLF, so the units join back to the payload.
        let lines = CorpusMutator.crlfLines(payload)
        return lines.indices.map { lines[$0] + ($0 < lines.count - 1 ? [0x0D, 0x0A] : []) }.filter { !$0.isEmpty }
    }

    /// This step's candidates; empty when the minimization is done.
    mutating func candidates() -> [[UInt8]] {
        switch phase {
        case .done: return []
        case .tree:
            var input = CorpusInput(Array(best.bytes.dropFirst(size)))
            let tree = ParameterProgram.decode(&input)
            var paths: [[Int]] = []
            CorpusMutator.collect(tree, [], into: &paths)
            let out = paths.dropFirst().compactMap { path in
                ParameterProgram.encode(CorpusMutator.edited(tree, path[...]) { _ in [] }).map { header + $0 }
            }.sorted { $0.count < $1.count }
            if out.isEmpty { next(); return candidates() }
            return out
        case .lines, .bytes:
            if !together.isEmpty {
                defer { together = [] }
                tryingTogether = true
                return together
            }
            let units = units()
            guard units.count > 1 || (phase == .bytes && units.count == 1) else { next(); return candidates() }
            chunks = min(chunks, units.count)
            let step = (units.count + chunks - 1) / chunks
            (lastUnits, lastStep) = (units, step)
            return stride(from: 0, to: units.count, by: step).map { start in
                header + (units[..<start] + units[min(units.count, start + step)...]).flatMap { $0 }
            }
        }
    }

    /// Told the candidate of this step that kept the signature, if any.
    mutating func advance(_ kept: [(index: Int, mutant: DifferentialFuzzer.Mutant, result: RunResult)]) {
        if tryingTogether {
            tryingTogether = false
            if let first = kept.first { (best, bestResult) = (first.mutant, first.result) }
            return
        }
        if let first = kept.first {
            (best, bestResult) = (first.mutant, first.result)
            if phase != .tree, kept.count > 1, !lastUnits.isEmpty {
                var n = kept.count
                while n >= 2 {
                    let drop = Set(kept.prefix(n).map(\.index))
                    together.append(
                        header
                            + lastUnits.enumerated().filter { !drop.contains($0.offset / lastStep) }.flatMap(\.element))
                    n /= 2
                }
            } else {
                chunks = max(chunks - 1, 2)
            }
            lastUnits = []
            return
        }
        switch phase {
        case .tree, .done: next()
        case .lines, .bytes:
            let n = units().count
            if chunks >= n { next() } else { chunks = min(chunks * 2, n) }
        }
    }

    mutating func next() {
        chunks = 2
        phase =
            switch phase {
            case .tree: best.target.payloadKind == .lines ? .lines : .bytes
            case .lines: .bytes
            case .bytes, .done: .done
            }
    }
}

/// `body(i)` for every i in 0..<count on Dispatch's threads, results in index order. Each slot is
/// written by one thread before `concurrentPerform` returns and read only after; `body` reads shared
/// values only.
func parallelMap<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
    var values = [T?](repeating: nil, count: count)
    withoutActuallyEscaping(body) { body in
        nonisolated(unsafe) let run = body
        values.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: count) { i in out[i] = run(i) }
        }
    }
    return values.map { $0! }
}
