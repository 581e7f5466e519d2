import AFSerialization
import AFVectorFormat

/// Text, JUnit, JSON and Markdown renderings of a ``RunReport``, one format per file.
public enum Reporters {}

// MARK: Console (one screen when things are fine; readable diffs when not)

extension Reporters {
    public static func console(_ r: RunReport, maxDiffs: Int = 20, verbose: Bool = false) -> String {
        var out: [String] = []
        out.append("conformance: \(r.vectorCount) vectors, \(r.runCount) runs (vector × profile)")
        if let i = r.implementation {
            out.append(
                "implementation: \(i.command) (window \(i.window), request "
                    + "timeout \(number(i.requestTimeoutSeconds)) s)"
            )
            if let d = i.declaration {
                var line = "  handshake: \(d.summary.isEmpty ? "(unnamed)" : d.summary)"
                if let c = d.components { line += "; supports " + c.keys.sorted().joined(separator: ", ") }
                for c in d.omittedPaths.keys.sorted() {
                    line += "; \(c) omits " + d.omittedPaths[c]!.joined(separator: ", ")
                }
                out.append(line)
            }
        }
        out.append("")
        let rows = r.byComponent()
        let width = max(10, rows.map(\.component.count).max() ?? 0)
        let showNA = rows.contains { $0.notApplicable > 0 }
        for row in rows {
            var line =
                "  \(row.component.padding(to: width))  \(pad(row.passed, 5)) passed  \(pad(row.failed, 5)) failed"
            if showNA { line += "  \(pad(row.notApplicable, 5)) n/a" }
            if row.expectedFailures > 0 { line += "  (\(row.expectedFailures) expected failures)" }
            if let u = r.unavailableComponents.first(where: { $0.component == row.component }) {
                line += "  — component not in this build: \(u.runs) runs not evaluated"
            }
            out.append(line)
        }

        out += levelLines(r)

        if !r.problems.isEmpty {
            out += ["", "Vector file problems (\(r.problems.count)):"] + r.problems.map { "  \($0)" }
        }
        var harnessLines: [String] = r.unavailableComponents.map { u in
            "  \(u.component): unknown component in this build (\(u.runs) runs in \(u.files.count) "
                + "file(s), e.g. \(u.files[0])); known: \(Components.names.joined(separator: ", "))"
        }
        // Harness errors that share a message (ids aside) are one line, so a broken adapter is one
        // line per cause, not one per run; a message shared by several components (an
        // implementation that could not be started) is one line for all of them.
        var byMessage: [String: [RunResult]] = [:]
        var order: [String] = []
        for res in r.results {
            guard case .harnessError(let m) = res.status else { continue }
            let key = RequestIDs.stripped(m)
            if byMessage[key] == nil { order.append(key) }
            byMessage[key, default: []].append(res)
        }
        for key in order {
            let runs = byMessage[key]!
            var components: [String] = []
            for res in runs where !components.contains(res.vector.component) { components.append(res.vector.component) }
            if components.count > 1 {
                harnessLines.append(
                    "  \(clipped(key))  — \(runs.count) run(s) in \(components.count) "
                        + "components (\(components.joined(separator: ", ")))"
                )
            } else {
                harnessLines.append("  \(components[0]): \(clipped(key))  — \(runs.count) run(s): \(sample(runs))")
            }
        }
        if !harnessLines.isEmpty { out += ["", "Harness errors:"] + harnessLines }

        if !r.protocolErrors.isEmpty {
            out += ["", "Protocol errors (\(r.protocolErrors.count)):"]
            for g in r.protocolErrorClasses() {
                let first = g.errors[0]
                out.append("  \(pad(g.errors.count, 5)) × \(clipped(g.key))")
                out.append("          e.g. \(clipped(RequestIDs.stripped(first.description)))")
            }
        }

        let na = grouped(r.results, where: { if case .notApplicable(let m) = $0 { m } else { nil } })
        if !na.isEmpty {
            out += ["", "Not applicable (\(r.notApplicableCount) runs; neither passed nor failed):"]
            for g in na { out.append("  \(g.key)  — \(g.runs.count) run(s)") }
        }

        // Harness errors are grouped above, by cause.
        let classes = r.failureClasses().filter { $0.path != FailureText.harnessPath }
        if !classes.isEmpty {
            let shown = verbose ? classes.count : min(classes.count, max(maxDiffs, 40))
            out += [
                "",
                "Failure classes (\(classes.count), by component, level, where and what differs; one example each):",
            ]
            for c in classes.prefix(shown) {
                out.append("  \(pad(c.runs.count, 5)) × \(clipped(c.title))")
                out.append("          e.g. \(c.example.name)")
            }
            if shown < classes.count {
                out.append("  … \(classes.count - shown) more classes (use --verbose or --json FILE)")
            }
        }

        let failures = r.results.filter {
            switch $0.status {
            case .failed, .unexpectedPass: true;
            default: false
            }
        }
        if !failures.isEmpty {
            let groups = groupByVector(failures)
            out += ["", "Failures (\(failures.count) runs in \(groups.count) vectors):"]
            for g in groups.prefix(verbose ? Int.max : maxDiffs) {
                out += describe(g.first, profiles: g.profiles).map { "  " + $0 }
            }
            if !verbose && groups.count > maxDiffs {
                out.append(
                    "  … \(groups.count - maxDiffs) more failing vectors "
                        + "(use --verbose, --max-diffs N, or --json FILE)"
                )
            }
        }
        if !r.staleExpectedFailures.isEmpty {
            out += ["", "Stale expected-failures entries (no such vector):"]
            out += r.staleExpectedFailures.map { key in
                "  \(key)" + (r.expectedFailureFiles[key].map { " (in \($0))" } ?? "")
            }
        }

        out.append("")
        var facts: [String] = []
        if r.reviewCount > 0 { facts.append("\(r.reviewCount) promoted vectors awaiting review") }
        var timing = "loaded in \(ms(r.loadNanoseconds)), evaluated in \(ms(r.evalNanoseconds))"
        if let t = r.throughput {
            timing += " (\(Int(t.vectorsPerSecond.rounded())) vectors/s, \(Int(t.runsPerSecond.rounded())) runs/s)"
        }
        facts.append(timing)
        if let i = r.implementation {
            var line =
                "\(i.processesStarted) implementation process(es) started, \(i.requestsResent) request(s) re-sent alone"
            if !i.cappedComponents.isEmpty {
                line += ", crash cap reached in \(i.cappedComponents.joined(separator: ", "))"
            }
            facts.append(line)
        }
        out.append(facts.joined(separator: "; "))
        if let byLevel = r.failuresByLevel { out.append("failures by authority: " + byLevel) }
        out.append(r.finalLine)
        return out.joined(separator: "\n")
    }

    /// The runs by level (VECTORS.md §1.3): which authority each failure broke. Nothing when no run
    /// has a level.
    static func levelLines(_ r: RunReport) -> [String] {
        let rows = r.byLevel()
        guard rows.contains(where: { $0.level != nil }) else { return [] }
        var out = ["", "  by level:"]
        let width = max(10, rows.map(\.name.count).max() ?? 0)
        for row in rows {
            var line = "  \(row.name.padding(to: width))  \(pad(row.passed, 5)) passed  \(pad(row.failed, 5)) failed"
            if row.notApplicable > 0 { line += "  \(pad(row.notApplicable, 5)) n/a" }
            if row.expectedFailures > 0 { line += "  (\(row.expectedFailures) expected failures)" }
            if row.acceptable > 0 {
                line += "  (\(row.acceptable) passed by an acceptable outcome other than this core's)"
            }
            out.append(line)
        }
        return out
    }

    /// Results whose status carries a message, grouped by component and message with request ids
    /// stripped, in first-seen order.
    static func grouped(_ results: [RunResult], where message: (RunResult.Status) -> String?) -> [(
        key: String, runs: [RunResult]
    )] {
        var groups: [String: [RunResult]] = [:]
        var order: [String] = []
        for res in results {
            guard let m = message(res.status) else { continue }
            let key = "\(res.vector.component): \(RequestIDs.stripped(m))"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(res)
        }
        return order.map { ($0, groups[$0]!) }
    }

    /// A message as the console shows it: at most 600 characters (the JSON report has all of it).
    static func clipped(_ m: String) -> String {
        m.count > 600 ? String(m.prefix(600)) + "… (\(m.count) characters; --json FILE has the whole message)" : m
    }

    static func sample(_ runs: [RunResult]) -> String {
        runs.prefix(3).map(\.name).joined(separator: ", ") + (runs.count > 3 ? ", …" : "")
    }

    /// Consecutive results of one vector that failed the same way under several profiles, shown once.
    static func groupByVector(_ results: [RunResult]) -> [(first: RunResult, profiles: [String])] {
        var out: [(first: RunResult, profiles: [String])] = []
        for r in results {
            if let last = out.last, last.first.vector.id == r.vector.id, last.first.status == r.status,
                last.first.mismatches == r.mismatches
            {
                out[out.count - 1].profiles.append(r.profile)
            } else {
                out.append((r, [r.profile]))
            }
        }
        return out
    }

    /// A failure's headline and diff lines; `profiles` lists every profile that failed identically.
    public static func describe(_ f: RunResult, profiles: [String]? = nil) -> [String] {
        var out: [String] = []
        let name = "\(f.vector.id) [\((profiles ?? [f.profile]).joined(separator: ", "))]"
        switch f.status {
        case .unexpectedPass(let reason, let file):
            out.append("✗ \(name) passed but is listed in \(file) (\(reason)); remove the entry")
            return out
        case .harnessError(let m):
            out.append("✗ \(name): harness error: \(m)")
            return out
        case .notApplicable(let m):
            out.append("– \(name): n/a: \(m)")
            return out
        default:
            out.append("✗ \(name)  (\(f.vector.file))")
        }
        if let c = f.vector.comment { out.append("    \(c)") }
        if let level = f.level {
            out.append("    level \(level.rawValue), by \(f.vector.authorities[f.profile] ?? "?")")
        }
        for m in f.mismatches.prefix(5) { out += DiffFormatter.render(m) }
        if f.mismatches.count > 5 {
            out.append("    … \(f.mismatches.count - 5) more differences (conformance show \(f.vector.id))")
        }
        return out
    }

    /// One line for a run that did not pass: the first difference or the harness error.
    static func headline(_ r: RunResult) -> String {
        switch r.status {
        case .harnessError(let m): "harness error: \(m)"
        case .unexpectedPass(_, let file): "passed but listed in \(file)"
        case .notApplicable(let m): "n/a: \(m)"
        default: r.mismatches.first.map { "\($0.path): \($0.note)" } ?? "failed"
        }
    }

    static func ms(_ ns: UInt64) -> String {
        let v = Double(ns) / 1e6
        return v < 10 ? "\(Double(Int(v * 100)) / 100) ms" : "\(Int(v)) ms"
    }

    /// `10` for 10.0, `0.5` for 0.5.
    static func number(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d) }

    static func pad(_ n: Int, _ w: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(0, w - s.count)) + s
    }

    static func seconds(_ ns: UInt64) -> String { String(Double(ns) / 1e9) }
}

/// Request ids in messages (`<vector id>@<profile>#<n>`, `handshake#<n>`): an implementation's
/// stderr often names the request it failed on, which would make every message unique.
enum RequestIDs {
    static func stripped(_ text: String) -> String {
        guard text.contains("#") else { return text }
        let s = Array(text.unicodeScalars)
        var out: [Unicode.Scalar] = []
        var i = 0
        while i < s.count {
            if s[i] == "#", i + 1 < s.count, isDigit(s[i + 1]), let start = idStart(out) {
                out.removeSubrange(start...)
                out += "<id>".unicodeScalars
                i += 1
                while i < s.count, isDigit(s[i]) { i += 1 }
                continue
            }
            out.append(s[i])
            i += 1
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: out)
        return String(view)
    }

    /// Where the id that `#<n>` would end starts: `out` ends with `@<profile>` (the vector id runs
    /// back to it) or with `handshake`.
    private static func idStart(_ out: [Unicode.Scalar]) -> Int? {
        func endsWith(_ p: String) -> Bool {
            let ps = Array(p.unicodeScalars)
            return out.count >= ps.count && Array(out.suffix(ps.count)) == ps
        }
        if endsWith("handshake") { return out.count - 9 }
        for p in ["@af3", "@af4", "@strict"] where endsWith(p) {
            var k = out.count - p.count
            while k > 0, isIDChar(out[k - 1]) { k -= 1 }
            return k
        }
        return nil
    }

    private static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }

    private static func isIDChar(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: c == "." || c == "/" || c == "-" || c == "_"
        }
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
