import AFSerialization
import AFVectorFormat

// MARK: Markdown (CI job summary)

extension Reporters {
    public static func markdown(_ r: RunReport, maxFailures: Int = 30) -> String {
        var out: [String] = []
        out.append("## Conformance: \(r.succeeded ? "✅" : "❌") \(r.finalLine)")
        out.append("")
        if let i = r.implementation {
            out.append("Implementation: `\(i.command)`\(i.declaration.map { " — \($0.summary)" } ?? "")")
            out.append("")
        }
        out.append("| component | passed | failed | expected | n/a |")
        out.append("|---|---:|---:|---:|---:|")
        for row in r.byComponent() {
            let note = r.unavailableComponents.contains { $0.component == row.component } ? " (not in this build)" : ""
            out.append(
                "| `\(row.component)`\(note) | \(row.passed) | \(row.failed) "
                    + "| \(row.expectedFailures) | \(row.notApplicable) |"
            )
        }
        out.append("")
        let levels = r.byLevel()
        if levels.contains(where: { $0.level != nil }) {
            if let byLevel = r.failuresByLevel { out += ["Failures by authority: \(byLevel).", ""] }
            out.append("| level | passed | failed | expected | n/a |")
            out.append("|---|---:|---:|---:|---:|")
            for row in levels {
                out.append(
                    "| `\(row.name)` | \(row.passed) | \(row.failed) | \(row.expectedFailures) | \(row.notApplicable) |"
                )
            }
            out.append("")
        }
        let classes = r.failureClasses()
        if !classes.isEmpty {
            out.append("### Failure classes (\(classes.count))")
            out.append("| runs | component | level | where | what | example |")
            out.append("|---:|---|---|---|---|---|")
            for c in classes.prefix(maxFailures) {
                out.append(
                    "| \(c.runs.count) | `\(c.component)` | \(c.level?.rawValue ?? "—") "
                        + "| `\(c.path)` | \(cell(c.note)) | `\(c.example.name)` |"
                )
            }
            if classes.count > maxFailures {
                out += ["", "… and \(classes.count - maxFailures) more classes (see the JSON report)."]
            }
            out.append("")
        }
        if !r.problems.isEmpty {
            out.append("### Vector file problems")
            for p in r.problems { out.append("- `\(p.description)`") }
            out.append("")
        }
        if !r.staleExpectedFailures.isEmpty {
            out.append("### Stale expected-failures entries")
            for s in r.staleExpectedFailures { out.append("- `\(s)`") }
            out.append("")
        }
        if !r.protocolErrors.isEmpty {
            out.append("### Protocol errors (\(r.protocolErrors.count))")
            for g in r.protocolErrorClasses() { out.append("- \(g.errors.count) × `\(g.key)`") }
            out.append("")
        }
        let na = grouped(r.results, where: { if case .notApplicable(let m) = $0 { m } else { nil } })
        if !na.isEmpty {
            out.append("### Not applicable (\(r.notApplicableCount) runs)")
            for g in na { out.append("- \(xml(g.key)): \(g.runs.count) run(s)") }
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
            if failures.count > maxFailures {
                out += ["", "… and \(failures.count - maxFailures) more (see the JUnit report)."]
            }
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// Text for a Markdown table cell: pipes escaped, HTML characters neutral, at most 160 characters.
    static func cell(_ s: String) -> String {
        let t = s.count > 160 ? String(s.prefix(159)) + "…" : s
        return xml(t).replacing("|", with: "\\|")
    }
}
