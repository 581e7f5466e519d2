import AFSerialization

/// Text, JUnit, JSON and Markdown renderings of a ``RunReport``.
public enum Reporters {
    // MARK: Console (one screen when things are fine; readable diffs when not)

    public static func console(_ r: RunReport, maxDiffs: Int = 20, verbose: Bool = false) -> String {
        var out: [String] = []
        out.append("conformance: \(r.vectorCount) vectors, \(r.results.count + r.unavailableComponents.reduce(0) { $0 + $1.runs }) runs (vector × profile)")
        if let i = r.implementation {
            out.append("implementation: \(i.command) (window \(i.window), request timeout \(number(i.requestTimeoutSeconds)) s)")
        }
        out.append("")
        let rows = r.byComponent()
        let width = max(10, rows.map(\.component.count).max() ?? 0)
        for row in rows {
            let name = row.component.padding(to: width)
            var line = "  \(name)  \(pad(row.passed, 5)) passed  \(pad(row.failed, 5)) failed"
            if row.expectedFailures > 0 { line += "  (\(row.expectedFailures) expected failures)" }
            if let u = r.unavailableComponents.first(where: { $0.component == row.component }) {
                line += "  — component not in this build: \(u.runs) runs not evaluated"
            }
            out.append(line)
        }

        if !r.problems.isEmpty {
            out.append("")
            out.append("Vector file problems (\(r.problems.count)):")
            for p in r.problems { out.append("  \(p)") }
        }
        if !r.unavailableComponents.isEmpty {
            out.append("")
            out.append("Harness errors:")
            for u in r.unavailableComponents {
                out.append("  \(u.component): unknown component in this build (\(u.runs) runs in \(u.files.count) file(s), e.g. \(u.files[0])); known: \(Components.names.joined(separator: ", "))")
            }
        }

        // Harness errors that share a message are grouped, so a broken adapter is one line, not 300.
        var harness: [String: [RunResult]] = [:]
        var order: [String] = []
        for res in r.results {
            if case .harnessError(let m) = res.status {
                let key = "\(res.vector.component): \(m)"
                if harness[key] == nil { order.append(key) }
                harness[key, default: []].append(res)
            }
        }
        if !order.isEmpty {
            if r.unavailableComponents.isEmpty { out.append(""); out.append("Harness errors:") }
            for key in order {
                let rs = harness[key]!
                let ids = rs.prefix(3).map(\.name).joined(separator: ", ")
                out.append("  \(key)  — \(rs.count) run(s): \(ids)\(rs.count > 3 ? ", …" : "")")
            }
        }

        if !r.protocolErrors.isEmpty {
            out.append("")
            out.append("Protocol errors (\(r.protocolErrors.count)):")
            for p in r.protocolErrors { out.append("  \(p)") }
        }

        let failures = r.results.filter {
            switch $0.status { case .failed, .unexpectedPass: true; default: false }
        }
        if !failures.isEmpty {
            out.append("")
            let groups = groupByVector(failures)
            out.append("Failures (\(failures.count) runs in \(groups.count) vectors):")
            for g in groups.prefix(verbose ? Int.max : maxDiffs) {
                out += describe(g.first, profiles: g.profiles).map { "  " + $0 }
            }
            if !verbose && groups.count > maxDiffs {
                out.append("  … \(groups.count - maxDiffs) more failing vectors (use --verbose, --max-diffs N, or --json FILE)")
            }
        }
        if !r.staleExpectedFailures.isEmpty {
            out.append("")
            out.append("Stale expected-failures.json entries (no such vector):")
            for s in r.staleExpectedFailures { out.append("  \(s)") }
        }

        out.append("")
        var facts: [String] = []
        if r.expectedFailureCount > 0 { facts.append("\(r.expectedFailureCount) expected failures") }
        if r.reviewCount > 0 { facts.append("\(r.reviewCount) promoted vectors awaiting review") }
        var timing = "loaded in \(ms(r.loadNanoseconds)), evaluated in \(ms(r.evalNanoseconds))"
        if let t = r.throughput { timing += " (\(Int(t.vectorsPerSecond.rounded())) vectors/s, \(Int(t.runsPerSecond.rounded())) runs/s)" }
        facts.append(timing)
        if let i = r.implementation {
            facts.append("\(i.processesStarted) implementation process(es) started, \(i.requestsResent) request(s) re-sent alone")
        }
        out.append(facts.joined(separator: "; "))
        out.append(r.finalLine)
        return out.joined(separator: "\n")
    }

    /// Consecutive results of one vector that failed the same way under several profiles, shown once.
    static func groupByVector(_ results: [RunResult]) -> [(first: RunResult, profiles: [String])] {
        var out: [(first: RunResult, profiles: [String])] = []
        for r in results {
            if let last = out.last, last.first.vector.id == r.vector.id, last.first.status == r.status,
               last.first.mismatches == r.mismatches {
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
        case .unexpectedPass(let reason):
            out.append("✗ \(name) passed but is listed in expected-failures.json (\(reason)); remove the entry")
            return out
        case .harnessError(let m):
            out.append("✗ \(name): harness error: \(m)")
            return out
        default:
            out.append("✗ \(name)  (\(f.vector.file))")
        }
        if let c = f.vector.comment { out.append("    \(c)") }
        for m in f.mismatches.prefix(5) { out += DiffFormatter.render(m) }
        if f.mismatches.count > 5 { out.append("    … \(f.mismatches.count - 5) more differences (conformance show \(f.vector.id))") }
        return out
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

    // MARK: JUnit XML (one testsuite per component, one testcase per vector × profile)

    public static func junit(_ r: RunReport) -> String {
        var out = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        out.append("<testsuites name=\"conformance\" tests=\"\(r.passed + r.failed)\" failures=\"\(r.failed)\" time=\"\(seconds(r.loadNanoseconds + r.evalNanoseconds))\">")
        var byComponent: [String: [RunResult]] = [:]
        for res in r.results { byComponent[res.vector.component, default: []].append(res) }
        for u in r.unavailableComponents where byComponent[u.component] == nil { byComponent[u.component] = [] }
        for c in byComponent.keys.sorted() {
            let rs = byComponent[c]!
            let unavailable = r.unavailableComponents.first { $0.component == c }
            let failures = rs.filter(\.isFailure).count + (unavailable?.runs ?? 0)
            out.append("  <testsuite name=\"\(xml(c))\" tests=\"\(rs.count + (unavailable?.runs ?? 0))\" failures=\"\(failures)\">")
            for res in rs {
                let open = "    <testcase classname=\"\(xml(c))\" name=\"\(xml(res.name))\""
                switch res.status {
                case .passed:
                    out.append(open + "/>")
                case .expectedFailure(let reason):
                    out.append(open + "><skipped message=\"expected failure: \(xml(reason))\"/></testcase>")
                default:
                    let body = describe(res).joined(separator: "\n")
                    out.append(open + "><failure message=\"\(xml(headline(res)))\">\(xml(body))</failure></testcase>")
                }
            }
            if let u = unavailable {
                out.append("    <testcase classname=\"\(xml(c))\" name=\"\(xml(c)) (component not in this build)\"><failure message=\"unknown component: \(u.runs) runs not evaluated\"/></testcase>")
            }
            out.append("  </testsuite>")
        }
        if !r.protocolErrors.isEmpty {
            out.append("  <testsuite name=\"implementation-protocol\" tests=\"\(r.protocolErrors.count)\" failures=\"\(r.protocolErrors.count)\">")
            for (i, p) in r.protocolErrors.enumerated() {
                out.append("    <testcase classname=\"implementation-protocol\" name=\"protocol error \(i + 1)\(xml(p.run.map { " (" + $0 + ")" } ?? ""))\"><failure message=\"\(xml(p.message))\"/></testcase>")
            }
            out.append("  </testsuite>")
        }
        if !r.problems.isEmpty || !r.staleExpectedFailures.isEmpty {
            out.append("  <testsuite name=\"vector-files\" tests=\"\(r.problems.count + r.staleExpectedFailures.count)\" failures=\"\(r.problems.count + r.staleExpectedFailures.count)\">")
            for p in r.problems {
                out.append("    <testcase classname=\"vector-files\" name=\"\(xml(p.file + (p.id.map { " " + $0 } ?? "")))\"><failure message=\"\(xml(p.description))\"/></testcase>")
            }
            for s in r.staleExpectedFailures {
                out.append("    <testcase classname=\"vector-files\" name=\"expected-failures.json \(xml(s))\"><failure message=\"stale entry: no vector has this id\"/></testcase>")
            }
            out.append("  </testsuite>")
        }
        out.append("</testsuites>")
        return out.joined(separator: "\n") + "\n"
    }

    static func headline(_ r: RunResult) -> String {
        switch r.status {
        case .harnessError(let m): "harness error: \(m)"
        case .unexpectedPass: "passed but listed in expected-failures.json"
        default: r.mismatches.first.map { "\($0.path): \($0.note)" } ?? "failed"
        }
    }

    static func seconds(_ ns: UInt64) -> String { String(Double(ns) / 1e9) }

    static func xml(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(u)
            default:
                // XML 1.0 forbids most control characters even as references.
                if u.value < 0x20 || (0xFFFE...0xFFFF).contains(u.value) { out += "\\x" + Codec.hex([UInt8(truncatingIfNeeded: u.value)]) } else { out.unicodeScalars.append(u) }
            }
        }
        return out
    }

    // MARK: JSON (machine-readable results)

    public static func json(_ r: RunReport) -> String {
        var results: [JSONValue] = []
        for res in r.results {
            var m: [JSONValue.Member] = [
                .init("id", .string(res.vector.id)), .init("component", .string(res.vector.component)),
                .init("profile", .string(res.profile)), .init("file", .string(res.vector.file)),
            ]
            switch res.status {
            case .passed: m.append(.init("status", .string("passed")))
            case .failed: m.append(.init("status", .string("failed")))
            case .harnessError(let e): m += [.init("status", .string("harnessError")), .init("message", .string(e))]
            case .expectedFailure(let e): m += [.init("status", .string("expectedFailure")), .init("reason", .string(e))]
            case .unexpectedPass(let e): m += [.init("status", .string("unexpectedPass")), .init("reason", .string(e))]
            }
            if !res.mismatches.isEmpty {
                m.append(.init("differences", .array(res.mismatches.map { d in
                    .obj(["path": .string(d.path), "note": .string(d.note), "expected": d.expected ?? .null, "actual": d.actual ?? .null])
                })))
            }
            results.append(.object(m))
        }
        let doc = JSONValue.obj([
            "passed": .int(r.passed), "failed": .int(r.failed), "expectedFailures": .int(r.expectedFailureCount),
            "components": .array(r.byComponent().map { .obj(["component": .string($0.component), "passed": .int($0.passed), "failed": .int($0.failed)]) }),
            "unavailableComponents": .array(r.unavailableComponents.map { .obj(["component": .string($0.component), "runs": .int($0.runs)]) }),
            "problems": .array(r.problems.map { p in
                .obj(["file": .string(p.file), "id": p.id.map(JSONValue.string) ?? .null, "field": p.field.map(JSONValue.string) ?? .null, "message": .string(p.message)])
            }),
            "staleExpectedFailures": .array(r.staleExpectedFailures.map(JSONValue.string)),
            "protocolErrors": .array(r.protocolErrors.map { p in
                .obj(["message": .string(p.message), "run": p.run.map(JSONValue.string) ?? .null])
            }),
            "implementation": r.implementation.map { i in
                .obj(["command": .string(i.command), "window": .int(i.window),
                      "requestTimeoutSeconds": .number(number(i.requestTimeoutSeconds)),
                      "processesStarted": .int(i.processesStarted), "requestsSent": .int(i.requestsSent),
                      "requestsResent": .int(i.requestsResent), "gaveUp": i.gaveUp.map(JSONValue.string) ?? .null])
            } ?? .null,
            "timing": .obj([
                "loadSeconds": .number(seconds(r.loadNanoseconds)), "evalSeconds": .number(seconds(r.evalNanoseconds)),
                "vectorsPerSecond": r.throughput.map { .int(Int($0.vectorsPerSecond.rounded())) } ?? .null,
                "runsPerSecond": r.throughput.map { .int(Int($0.runsPerSecond.rounded())) } ?? .null,
            ]),
            "results": .array(results),
        ])
        return doc.prettyJSONText + "\n"
    }

    // MARK: Markdown (CI job summary)

    public static func markdown(_ r: RunReport, maxFailures: Int = 30) -> String {
        var out: [String] = []
        out.append("## Conformance: \(r.succeeded ? "✅" : "❌") \(r.finalLine)")
        out.append("")
        if let i = r.implementation {
            out.append("Implementation: `\(i.command)`")
            out.append("")
        }
        out.append("| component | passed | failed |")
        out.append("|---|---:|---:|")
        for row in r.byComponent() {
            let note = r.unavailableComponents.contains { $0.component == row.component } ? " (not in this build)" : ""
            out.append("| `\(row.component)`\(note) | \(row.passed) | \(row.failed) |")
        }
        out.append("")
        if !r.problems.isEmpty {
            out.append("### Vector file problems")
            for p in r.problems { out.append("- `\(p.description)`") }
            out.append("")
        }
        if !r.staleExpectedFailures.isEmpty {
            out.append("### Stale expected-failures.json entries")
            for s in r.staleExpectedFailures { out.append("- `\(s)`") }
            out.append("")
        }
        if !r.protocolErrors.isEmpty {
            out.append("### Protocol errors")
            for p in r.protocolErrors { out.append("- `\(p.description)`") }
            out.append("")
        }
        let failures = r.results.filter(\.isFailure)
        if !failures.isEmpty {
            out.append("### Failures (\(failures.count))")
            for f in failures.prefix(maxFailures) {
                out.append("<details><summary><code>\(xml(f.name))</code>: \(xml(headline(f)))</summary>")
                out.append("")
                out.append("```")
                out += describe(f)
                out.append("```")
                out.append("</details>")
            }
            if failures.count > maxFailures { out += ["", "… and \(failures.count - maxFailures) more (see the JUnit report)."] }
        }
        return out.joined(separator: "\n") + "\n"
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
