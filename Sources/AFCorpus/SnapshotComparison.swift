/// What `snapshot --check` reports: inputs whose output changed, inputs with no recorded output
/// (new corpus files) and recorded inputs that are gone.
public struct SnapshotComparison: Sendable, Equatable {
    public struct Change: Sendable, Equatable {
        public var path: String
        public var recorded: SnapshotEntry
        /// The full current output, for the diff.
        public var output: String
    }

    public var target: String
    public var changed: [Change] = []
    public var added: [String] = []
    public var removed: [String] = []
    /// The renderer mode differs from the recorded one (a renderer was added or removed).
    public var modeChanged = false

    public var isClean: Bool { changed.isEmpty && added.isEmpty && removed.isEmpty && !modeChanged }

    /// Compares `recorded` with the current outputs (path → full output text).
    public init(recorded: Snapshot, current: Snapshot, outputs: [String: String]) {
        target = recorded.target
        modeChanged = recorded.rendersOutput != current.rendersOutput
        var now: [String: SnapshotEntry] = [:]
        for e in current.entries { now[e.path] = e }
        var before = Set<String>()
        for e in recorded.entries {
            before.insert(e.path)
            guard let c = now[e.path] else {
                removed.append(e.path)
                continue
            }
            if c.digest != e.digest {
                changed.append(Change(path: e.path, recorded: e, output: outputs[e.path] ?? c.excerpt))
            }
        }
        added = current.entries.map(\.path).filter { !before.contains($0) }
    }

    /// A human-readable report; full outputs are shown for the first `diffs` changes.
    public func report(diffs: Int) -> String {
        if isClean { return "ok   \(target): outputs unchanged\n" }
        var s = ""
        if modeChanged { s += "MODE \(target): renderer added or removed; re-record with `conformance snapshot`\n" }
        for (i, c) in changed.enumerated() {
            s += "CHANGED \(c.path)\n"
            guard i < diffs else { continue }
            let now = SnapshotEntry.excerpt(SnapshotEntry.result(c.output))
            s += "  - recorded: \(c.recorded.excerpt)\n"
            s += "  + now:      \(now)\n"
            if now == c.recorded.excerpt {
                s += "    (the change is past the recorded excerpt or in the options line)\n"
            }
            s += "    full output now:\n"
            for line in c.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(20) {
                s += "    | " + SnapshotEntry.excerpt(String(line), limit: 400) + "\n"
            }
        }
        if changed.count > diffs {
            s += "  (\(changed.count - diffs) more changed inputs without a diff; --diffs N shows more)\n"
        }
        for p in added { s += "NEW     \(p) (no recorded output)\n" }
        for p in removed { s += "GONE    \(p) (recorded, no longer in the corpus)\n" }
        s += "FAIL \(target): \(changed.count) changed, \(added.count) new, \(removed.count) gone\n"
        return s
    }
}
