import AFConformance
import AFSerialization
import AFVectorFormat
import ArgumentParser
import ConformanceCLI

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List vectors: id, profiles, comment.")

    @OptionGroup var vectors: VectorOptions

    @Flag(help: "Print ids only.")
    var idsOnly = false

    func run() throws {
        let set = try vectors.load()
        var n = 0
        for v in set.vectors where vectors.selection.selects(v) && !v.runProfiles(only: vectors.profile).isEmpty {
            n += 1
            if idsOnly {
                print(v.id)
            } else {
                let profiles = v.profiles.map { $0.joined(separator: ",") } ?? "all"
                print("\(v.id)  [\(profiles)]\(v.review ? " (review)" : "")  \(v.comment ?? "")")
            }
        }
        if !idsOnly { print("\(n) vectors") }
        for p in set.problems { print("problem: \(p)") }
        if !set.problems.isEmpty { throw ExitCode.failure }
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show one vector: its input, expected output, the actual output per profile, and refs.",
        discussion: """
            The actual output comes from the core in-process, or with --implementation 'CMD' from \
            another program speaking the eval protocol (VECTORS.md §5), driven as `run` drives it.
            """)

    @Argument(help: "The vector id.")
    var id: String

    @OptionGroup var vectors: VectorOptions

    @OptionGroup var outside: ImplementationOptions

    func run() throws {
        let set = try vectors.load()
        guard let v = set.vector(id: id) else {
            let near = set.vectors.filter { $0.id.contains(id) }.prefix(5).map(\.id)
            throw fail("no vector with id \(id)" + (near.isEmpty ? "" : "; similar: \(near.joined(separator: ", "))"))
        }
        print("id:        \(v.id)")
        print("file:      \(v.file)")
        print("component: \(v.component)")
        print("profiles:  \(v.profiles?.joined(separator: ", ") ?? "all (af3, af4, strict)")")
        if let c = v.comment { print("comment:   \(c)") }
        print("refs:      \(v.refs.joined(separator: ", "))")
        if v.review { print("review:    yes (promoted; expected not yet checked)") }
        if let o = v.options { print("options:\n\(indent(o.prettyJSONText))") }
        print("input:\n\(indent(v.input.prettyJSONText))")
        print("expected:\n\(indent(v.expected.prettyJSONText))")
        var anyFailure = false
        let items = v.runProfiles(only: vectors.profile).map { RunItem(vector: v, profile: $0) }
        let results: [RunResult]
        if let source = try outside.source() {
            let produced = source.evaluate(items)
            results = produced.results
            if let i = produced.implementation { print("implementation: \(i.command)\(i.declaration.map { " — " + $0.summary } ?? "")") }
            for p in produced.protocolErrors {
                anyFailure = true
                print("protocol error: \(p)")
            }
        } else {
            results = items.map { VectorRunner.evaluate($0.vector, profile: $0.profile) }
        }
        for r in results {
            let p = r.profile
            switch r.status {
            case .notApplicable(let m):
                print("actual [\(p)]: n/a: \(m)")
            case .harnessError(let m):
                anyFailure = true
                print("actual [\(p)]: harness error: \(m)")
            default:
                print("actual [\(p)]: \(r.mismatches.isEmpty ? "PASS" : "FAIL")")
                if let a = r.actual { print(indent(a.prettyJSONText)) }
                for m in r.mismatches {
                    anyFailure = true
                    for line in DiffFormatter.render(m) { print(line) }
                }
            }
        }
        if anyFailure { throw ExitCode.failure }
    }

    func indent(_ s: String) -> String { s.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") }
}

struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Map each required SPEC rule and RFC section (Vectors/coverage.json) to the vectors that cite it.",
        discussion: """
            Also checks that every section a vector cites (`SPEC§N.M` or `SPEC §N.M` in its refs or \
            comment, `VECTORS.md§N`) exists in the repository's SPEC.md / VECTORS.md. Exit status 1 \
            when a required reference is cited by no vector or a cited section does not exist.
            """
    )

    @OptionGroup var vectors: VectorOptions

    @Option(help: "How many vector ids to print per reference.")
    var ids = 3

    func run() throws {
        let set = try vectors.load()
        let requirements: [(ref: String, title: String)]
        do { requirements = try CoverageReport.load(requirements: VectorPaths.coverageFile(root: vectors.root)) } catch {
            throw fail("\(error)")
        }
        let selected = set.vectors.filter { vectors.selection.selects($0) && !$0.runProfiles(only: vectors.profile).isEmpty }
        let report = CoverageReport(requirements: requirements, vectors: selected)
        print(report.text(listIDs: ids))
        var dangling = 0
        let top = FileSystem.parent(vectors.root)
        for (file, name) in [("SPEC.md", "SPEC"), ("VECTORS.md", "VECTORS.md")] {
            let sections: SpecSections
            do { sections = try SpecSections.load(FileSystem.join(top, file), name: name) } catch { throw fail("\(error)") }
            let missing = sections.unresolved(in: selected)
            dangling += missing.count
            for m in missing {
                print("✗ \(name)§\(m.section) is cited by \(m.ids.count) vector(s) (\(m.ids.prefix(3).joined(separator: ", "))\(m.ids.count > 3 ? ", …" : "")) but \(file) has no section \(m.section)")
            }
            if missing.isEmpty { print("every \(name)§ section cited by the vectors exists in \(file) (\(sections.numbers.count) sections)") }
        }
        for p in set.problems { print("problem: \(p)") }
        if !report.uncovered.isEmpty || !set.problems.isEmpty || dangling > 0 { throw ExitCode.failure }
    }
}
