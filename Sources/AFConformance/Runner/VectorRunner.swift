import AFSerialization
import AFVectorFormat

/// What to run.
public struct RunSelection: Sendable {
    /// Substrings of ids or component names; a pattern with `*`, `?` or `[` is a glob on the id.
    /// Empty selects everything.
    public var filters: [String]
    /// Run only this profile (vectors that do not apply to it are skipped).
    public var profile: String?
    /// Run only the runs at these levels (VECTORS.md §1.3); nil runs every run, with a level or not.
    public var levels: Set<Level>?

    public init(filters: [String] = [], profile: String? = nil, levels: Set<Level>? = nil) {
        self.filters = filters
        self.profile = profile
        self.levels = levels
    }

    /// The profiles `v` runs under in this selection: its own, narrowed by `profile` and `levels`.
    public func runProfiles(_ v: Vector) -> [String] {
        let profiles = v.runProfiles(only: profile)
        guard let levels else { return profiles }
        return profiles.filter { v.level(for: $0).map(levels.contains) ?? false }
    }

    public func selects(_ v: Vector) -> Bool {
        if filters.isEmpty { return true }
        return filters.contains { f in
            if f.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) { return FileSystem.globMatch(f, v.id) }
            return v.id.contains(f) || v.component == f
        }
    }
}

/// The outcome of one vector under one profile.
public struct RunResult: Sendable {
    public enum Status: Sendable, Equatable {
        case passed
        case failed
        /// The harness could not evaluate the vector (bad input fields, unknown component, …).
        case harnessError(String)
        /// Failed, and listed in an expected-failures file.
        case expectedFailure(String)
        /// Passed, but listed in an expected-failures file (`file`; the entry must go).
        case unexpectedPass(reason: String, file: String)
        /// n/a: the implementation does not model this run (protocol 1.1 `unsupported`, or outside
        /// what its handshake declared). Neither passed nor failed.
        case notApplicable(String)
    }

    public var vector: Vector
    public var profile: String
    public var status: Status
    public var actual: JSONValue?
    /// The differences from `expected` (for a run passed by an acceptable outcome, none).
    public var mismatches: [Mismatch]
    /// Passed by the vector's `acceptable[i]` rather than `expected` (implementation-defined runs).
    public var acceptedAlternative: Int? = nil

    /// The authority this run is judged by (VECTORS.md §1.3); nil for a vector without a level.
    public var level: Level? { vector.level(for: profile) }

    /// Counts toward "failed" in the final line.
    public var isFailure: Bool {
        switch status {
        case .passed, .expectedFailure, .notApplicable: false
        case .failed, .harnessError, .unexpectedPass: true
        }
    }

    public var isNotApplicable: Bool {
        if case .notApplicable = status { true } else { false }
    }

    public var isExpectedFailure: Bool {
        if case .expectedFailure = status { true } else { false }
    }

    public var name: String { "\(vector.id) [\(profile)]" }
}

/// Everything a run produced; the reporters only read this.
public struct RunReport: Sendable {
    public var results: [RunResult] = []
    /// Problems in vector files (each counts as one failure).
    public var problems: [VectorProblem] = []
    /// Components named by vectors that this build does not have, with how many runs they skipped.
    public var unavailableComponents: [(component: String, runs: Int, files: [String])] = []
    /// expected-failures.json entries whose id no longer exists (each counts as one failure).
    public var staleExpectedFailures: [String] = []
    /// The file each expected-failures entry came from, by key (messages name the file to edit).
    public var expectedFailureFiles: [String: String] = [:]
    /// Eval-protocol breaches by an outside implementation (each counts as one failure).
    public var protocolErrors: [ProtocolError] = []
    /// Set when the results came from an outside implementation (`run --implementation`).
    public var implementation: ImplementationSummary?
    public var loadNanoseconds: UInt64 = 0
    public var evalNanoseconds: UInt64 = 0
    public var vectorCount = 0

    public init() {}

    /// Runs that passed (expected failures and n/a runs are counted apart).
    public var passed: Int { results.filter { $0.status == .passed }.count }
    public var failed: Int {
        results.filter(\.isFailure).count + problems.count + staleExpectedFailures.count + protocolErrors.count
            + unavailableComponents.reduce(0) { $0 + $1.runs }
    }
    public var expectedFailureCount: Int { results.filter(\.isExpectedFailure).count }
    public var notApplicableCount: Int { results.filter(\.isNotApplicable).count }
    /// Every (vector, profile) run selected, including those of components this build lacks.
    public var runCount: Int { results.count + unavailableComponents.reduce(0) { $0 + $1.runs } }
    public var reviewCount: Int { Set(results.filter(\.vector.review).map(\.vector.id)).count }
    public var succeeded: Bool { failed == 0 }
    /// `P passed, F failed, X expected, N n/a`: every run is in exactly one of the four (a vector-file
    /// problem, protocol error or stale entry adds to F).
    public var finalLine: String {
        "\(passed) passed, \(failed) failed, \(expectedFailureCount) expected, \(notApplicableCount) n/a"
    }

    /// Vectors and runs evaluated per second, to compare sources (nil when nothing was evaluated, or
    /// an outside implementation could not be started).
    public var throughput: (vectorsPerSecond: Double, runsPerSecond: Double)? {
        guard evalNanoseconds > 0, !results.isEmpty, implementation?.gaveUp == nil else { return nil }
        let seconds = Double(evalNanoseconds) / 1e9
        return (Double(vectorCount) / seconds, Double(results.count) / seconds)
    }

    /// Per-level counts, in the order of ``Level``, then the runs without a level; levels no run
    /// has are left out.
    public func byLevel() -> [LevelCounts] {
        var rows: [Level?: LevelCounts] = [:]
        for r in results {
            var row = rows[r.level] ?? LevelCounts(level: r.level)
            switch r.status {
            case .passed: row.passed += 1; if r.acceptedAlternative != nil { row.acceptable += 1 }
            case .expectedFailure: row.expectedFailures += 1
            case .notApplicable: row.notApplicable += 1
            case .failed, .unexpectedPass: row.failed += 1
            case .harnessError: row.failed += 1; row.unjudged += 1
            }
            rows[r.level] = row
        }
        return (Level.allCases.map(Optional.some) + [nil]).compactMap { rows[$0] }
    }

    /// `3 RFC violations (must), 40 differences from AFNetworking (af), …`: the failing runs by the
    /// authority they broke, every level the run had, then the failing runs without an answer to
    /// judge (nil when nothing failed). A harness error breaks no authority, so it is not counted
    /// against its level.
    public var failuresByLevel: String? {
        let rows = byLevel()
        guard rows.contains(where: { $0.failed > 0 }) else { return nil }
        var parts = rows.map { row in
            row.level.map { $0.failures(row.failed - row.unjudged) } ?? "\(row.failed - row.unjudged) without a level"
        }
        let unjudged = rows.reduce(0) { $0 + $1.unjudged }
        if unjudged > 0 { parts.append("\(unjudged) not judged (harness errors: no answer to compare)") }
        return parts.joined(separator: ", ")
    }

    /// Per-component counts, sorted by component name.
    public func byComponent() -> [ComponentCounts] {
        var rows: [String: ComponentCounts] = [:]
        for r in results {
            var row = rows[r.vector.component] ?? ComponentCounts(component: r.vector.component)
            switch r.status {
            case .passed: row.passed += 1
            case .expectedFailure: row.expectedFailures += 1
            case .notApplicable: row.notApplicable += 1
            case .failed, .harnessError, .unexpectedPass: row.failed += 1
            }
            rows[r.vector.component] = row
        }
        for u in unavailableComponents {
            var row = rows[u.component] ?? ComponentCounts(component: u.component)
            row.failed += u.runs
            rows[u.component] = row
        }
        return rows.keys.sorted().map { rows[$0]! }
    }
}

/// One component's line of the summary.
public struct ComponentCounts: Sendable, Hashable {
    public var component: String
    public var passed = 0
    public var failed = 0
    public var expectedFailures = 0
    public var notApplicable = 0
}

/// `expected-failures.json`: `{"<id>" or "<id>@<profile>": "reason", …}`.
public struct ExpectedFailures: Sendable {
    public var entries: [(key: String, reason: String)] = []
    /// Where each entry came from, by key (messages name the file to edit).
    public var files: [String: String] = [:]

    public init(entries: [(key: String, reason: String)] = [], file: String = "expected-failures.json") {
        self.entries = entries
        for e in entries { files[e.key] = file }
    }

    /// `mustExist`: a missing file is an error (a path the user named), not an empty list (a vector
    /// directory without deviations).
    public static func load(_ path: String, mustExist: Bool = false) throws(HarnessError) -> ExpectedFailures {
        guard FileSystem.isFile(path) else {
            if mustExist { throw HarnessError(path, "no such file (write one with --write-expected-failures FILE)") }
            return ExpectedFailures()
        }
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(path) } catch { throw HarnessError(path, error.message) }
        let doc: JSONValue
        do { doc = try JSONParser().parse(bytes) } catch { throw HarnessError(path, "not valid JSON: \(error)") }
        guard let members = doc.objectValue else {
            throw HarnessError(path, "expected an object mapping vector id → reason")
        }
        var out = ExpectedFailures()
        for m in members {
            guard let reason = m.value.stringValue, !reason.isEmpty else {
                throw HarnessError("\(path): \(m.key)", "the value is the reason, a non-empty string")
            }
            out.entries.append((m.key, reason))
            out.files[m.key] = path
        }
        return out
    }

    /// Both lists, `other`'s entries after this one's.
    public func merged(with other: ExpectedFailures) -> ExpectedFailures {
        var out = self
        out.entries += other.entries
        out.files.merge(other.files) { a, _ in a }
        return out
    }

    /// `r` with this list applied: a listed run that fails is expected, a listed run that passes is
    /// an unexpected pass.
    public func applied(to r: RunResult) -> RunResult {
        guard let (key, reason) = entry(id: r.vector.id, profile: r.profile) else { return r }
        var r = r
        switch r.status {
        case .passed: r.status = .unexpectedPass(reason: reason, file: files[key] ?? "expected-failures.json")
        case .failed, .harnessError: r.status = .expectedFailure(reason)
        default: break  // n/a stays n/a: the entry is neither confirmed nor contradicted
        }
        return r
    }

    func entry(id: String, profile: String) -> (key: String, reason: String)? {
        entries.first { $0.key == "\(id)@\(profile)" } ?? entries.first { $0.key == id }
    }

    static func idPart(_ key: String) -> String {
        if let at = key.lastIndex(of: "@") { String(key[..<at]) } else { key }
    }
}

/// Selects the runs, gets each one's result from an ``EvaluationSource`` (in-process by default, or an
/// outside implementation), applies expected-failures.json and builds the report.
public enum VectorRunner {
    /// Runs in-process through ``Evaluator``.
    /// `available` is the set of components this build evaluates (tests narrow it to simulate a
    /// component that has not landed yet).
    /// `jobs` > 1 evaluates on that many threads; results keep the vectors' order either way.
    public static func run(
        _ set: VectorSet, selection: RunSelection = RunSelection(),
        expectedFailures: ExpectedFailures = ExpectedFailures(),
        available: Set<String> = Set(Components.names), jobs: Int = 1
    ) -> RunReport {
        run(
            set, selection: selection, expectedFailures: expectedFailures, available: available,
            source: InProcessSource(jobs: jobs))
    }

    /// Runs with results from `source`. `available` (nil: every component) names the components the
    /// source evaluates; runs of other components are reported as one group, not evaluated. An
    /// outside implementation gets every component: an unknown one is its own harness error to give.
    public static func run(
        _ set: VectorSet, selection: RunSelection = RunSelection(),
        expectedFailures: ExpectedFailures = ExpectedFailures(),
        available: Set<String>? = nil, source: some EvaluationSource
    ) -> RunReport {
        var report = RunReport()
        report.problems = set.problems
        let start = FileSystem.now()
        var unavailable: [String: (runs: Int, files: [String])] = [:]
        var work: [RunItem] = []
        for v in set.vectors where selection.selects(v) {
            let profiles = selection.runProfiles(v)
            if profiles.isEmpty { continue }
            report.vectorCount += 1
            if let available, !available.contains(v.component) {
                var u = unavailable[v.component] ?? (0, [])
                u.runs += profiles.count
                if !u.files.contains(v.file) { u.files.append(v.file) }
                unavailable[v.component] = u
                continue
            }
            for p in profiles { work.append(RunItem(vector: v, profile: p)) }
        }
        let produced = source.evaluate(work)
        precondition(produced.results.count == work.count, "an evaluation source must give one result per run")
        for r in produced.results {
            report.results.append(expectedFailures.applied(to: r))
        }
        report.protocolErrors = produced.protocolErrors
        report.implementation = produced.implementation
        report.unavailableComponents = unavailable.keys.sorted().map {
            (component: $0, runs: unavailable[$0]!.runs, files: unavailable[$0]!.files)
        }
        let known = Set(set.vectors.map(\.id))
        report.staleExpectedFailures = expectedFailures.entries.map(\.key).filter {
            !known.contains(ExpectedFailures.idPart($0))
        }
        report.expectedFailureFiles = expectedFailures.files
        report.evalNanoseconds = FileSystem.now() - start
        return report
    }

    /// The selected runs, one per (vector, profile), in the vectors' order: what `run` evaluates.
    /// Mutation analysis (`afs-mutants`) evaluates them one at a time and stops at the first
    /// failure, so only survivors pay for the whole set.
    public static func selectedRuns(_ set: VectorSet, selection: RunSelection = RunSelection()) -> [(
        vector: Vector, profile: String
    )] {
        var out: [(vector: Vector, profile: String)] = []
        for v in set.vectors where selection.selects(v) {
            for p in selection.runProfiles(v) { out.append((v, p)) }
        }
        return out
    }

    /// Evaluates one vector under one profile in-process and compares.
    public static func evaluate(_ v: Vector, profile: String) -> RunResult {
        judge(
            v, profile: profile,
            Evaluator.evaluate(component: v.component, profile: profile, options: v.options, input: v.input))
    }

    /// Compares one outcome (from any source) with the vector's expected output.
    public static func judge(_ v: Vector, profile: String, _ outcome: Evaluator.Outcome) -> RunResult {
        switch outcome {
        case .harnessError(let message):
            return RunResult(vector: v, profile: profile, status: .harnessError(message), actual: nil, mismatches: [])
        case .unsupported(let why):
            return RunResult(vector: v, profile: profile, status: .notApplicable(why), actual: nil, mismatches: [])
        case .output(let actual):
            let order = Matcher.comparesMemberOrder(at: v.level(for: profile))
            let mismatches = Matcher.compare(expected: v.expected, actual: actual, memberOrder: order)
            if !mismatches.isEmpty, v.level(for: profile) == .implementationDefined,
                let i = v.acceptable.firstIndex(where: {
                    Matcher.matches(expected: $0, actual: actual, memberOrder: order)
                })
            {
                return RunResult(
                    vector: v, profile: profile, status: .passed, actual: actual, mismatches: [], acceptedAlternative: i
                )
            }
            return RunResult(
                vector: v, profile: profile, status: mismatches.isEmpty ? .passed : .failed,
                actual: actual, mismatches: mismatches)
        }
    }
}

extension ExpectedFailures {
    /// The list that accepts exactly the runs of `report` that did not pass (failures, harness
    /// errors, and expected failures with their old reason): `run --write-expected-failures`. A
    /// vector whose every run failed is one `id` entry; otherwise each failing run is `id@profile`.
    public static func recording(_ report: RunReport) -> ExpectedFailures {
        var runsPerVector: [String: Int] = [:]
        var failing: [String: [RunResult]] = [:]
        var order: [String] = []
        for r in report.results {
            runsPerVector[r.vector.id, default: 0] += 1
            let counts: Bool
            switch r.status {
            case .failed, .harnessError, .expectedFailure: counts = true
            default: counts = false
            }
            guard counts else { continue }
            if failing[r.vector.id] == nil { order.append(r.vector.id) }
            failing[r.vector.id, default: []].append(r)
        }
        var out = ExpectedFailures()
        for id in order {
            let runs = failing[id]!
            let reasons = runs.map(Self.reason)
            if runs.count == runsPerVector[id], Set(reasons).count == 1 {
                out.entries.append((id, reasons[0]))
            } else {
                for (r, why) in zip(runs, reasons) { out.entries.append(("\(id)@\(r.profile)", why)) }
            }
        }
        return out
    }

    /// The first difference with both sides, or the harness error (ids stripped, at most about
    /// 200 characters): a starting point for the reason a person then writes.
    static func reason(_ r: RunResult) -> String {
        if case .expectedFailure(let old) = r.status { return old }
        func short(_ v: JSONValue?) -> String {
            guard let v else { return "nothing" }
            let t = v.jsonText
            return t.count > 60 ? String(t.prefix(57)) + "…" : t
        }
        var line = RequestIDs.stripped(Reporters.headline(r))
        if case .failed = r.status, let m = r.mismatches.first, m.expected != nil, m.actual != nil {
            line += ": expected \(short(m.expected)), got \(short(m.actual))"
        }
        return line.count > 220 ? String(line.prefix(219)) + "…" : line
    }

    /// The file's text: one entry per line, in run order.
    public var jsonText: String {
        if entries.isEmpty { return "{}\n" }
        let lines = entries.map { "  \(JSONValue.string($0.key).jsonText): \(JSONValue.string($0.reason).jsonText)" }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }
}
