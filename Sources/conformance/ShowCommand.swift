import AFConformance
import AFSerialization
import AFVectorFormat
import ArgumentParser
import AFCommandLine

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
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
        for p in v.profiles ?? Vector.allProfiles {
            guard let level = v.level(for: p) else { print("level:     none (VECTORS.md §1.3)"); break }
            print("level:     [\(p)] \(level.rawValue), by \(v.authorities[p] ?? "?")")
        }
        for (i, alt) in v.acceptable.enumerated() { print("acceptable[\(i)]:\n\(indent(alt.prettyJSONText))") }
        if v.review { print("review:    yes (promoted; expected not yet checked)") }
        if let o = v.options { print("options:\n\(indent(o.prettyJSONText))") }
        print("input:\n\(indent(v.input.prettyJSONText))")
        print("expected:\n\(indent(v.expected.prettyJSONText))")
        var anyFailure = false
        let items = vectors.selection.runProfiles(v).map { RunItem(vector: v, profile: $0) }
        let results: [RunResult]
        if let source = try outside.source() {
            let produced = source.evaluate(items)
            results = produced.results
            if let i = produced.implementation {
                print("implementation: \(i.command)\(i.declaration.map { " — " + $0.summary } ?? "")")
            }
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
                let how = r.acceptedAlternative.map { " (acceptable[\($0)])" } ?? ""
                print("actual [\(p)]: \(r.mismatches.isEmpty ? "PASS" : "FAIL")\(how)")
                if let a = r.actual { print(indent(a.prettyJSONText)) }
                for m in r.mismatches {
                    anyFailure = true
                    for line in DiffFormatter.render(m) { print(line) }
                }
            }
        }
        if anyFailure { throw ExitCode.failure }
    }

    func indent(_ s: String) -> String {
        s.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}
