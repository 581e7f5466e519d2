import AFConformance
import AFSerialization
import AFVectorFormat
import ArgumentParser
import AFCommandLine

struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Map each required SPEC rule and RFC section (Vectors/coverage.json) to the vectors that cite it.",
        discussion: """
            Also checks that every section a vector cites (`SPEC§N.M` or `SPEC §N.M` in its refs or \
            comment, `VECTORS.md§N`) exists in the repository's SPEC.md / VECTORS.md, that a comment \
            cites README only by a heading it has, and each run's authority (VECTORS.md §1.3): every \
            run has a level; a must/should run cites a section of a SPEC §9 reference and its keyword; \
            an af run cites a row of Vectors/af-audit.json at its profile's AFNetworking tag; a \
            decision cites a SPEC section that exists. Exit status 1 when a required reference is \
            cited by no vector, a cited section does not exist or an authority is missing or wrong.
            """
    )

    @OptionGroup var vectors: VectorOptions

    @Option(help: "How many vector ids to print per reference.")
    var ids = 3

    func run() throws {
        let set = try vectors.load()
        let requirements: [(ref: String, title: String)]
        do { requirements = try CoverageReport.load(requirements: VectorPaths.coverageFile(root: vectors.root)) } catch
        {
            throw fail("\(error)")
        }
        let selection = vectors.selection
        let selected = set.vectors.filter { selection.selects($0) && !selection.runProfiles($0).isEmpty }
        let report = CoverageReport(requirements: requirements, vectors: selected)
        print(report.text(listIDs: ids))
        var dangling = 0
        let top = FileSystem.parent(vectors.root)
        for (file, name) in [("SPEC.md", "SPEC"), ("VECTORS.md", "VECTORS.md")] {
            let sections: SpecSections
            do { sections = try SpecSections.load(FileSystem.join(top, file), name: name) } catch {
                throw fail("\(error)")
            }
            let missing = sections.unresolved(in: selected)
            dangling += missing.count
            for m in missing {
                print(
                    "✗ \(name)§\(m.section) is cited by \(m.ids.count) vector(s) "
                        + "(\(m.ids.prefix(3).joined(separator: ", "))\(m.ids.count > 3 ? ", …" : "")) "
                        + "but \(file) has no section \(m.section)"
                )
            }
            if missing.isEmpty {
                print(
                    "every \(name)§ section cited by the vectors exists "
                        + "in \(file) (\(sections.numbers.count) sections)"
                )
            }
        }
        let findings = try authorityFindings(selected, top: top)
        // One line per distinct problem, with how many vectors have it and the first few.
        var groups: [(message: String, ids: [String])] = []
        for f in findings {
            if let i = groups.firstIndex(where: { $0.message == f.message }) {
                groups[i].ids.append(f.id)
            } else {
                groups.append((f.message, [f.id]))
            }
        }
        for g in groups {
            let sample = g.ids.prefix(3).joined(separator: ", ") + (g.ids.count > 3 ? ", …" : "")
            print("✗ \(g.message): \(g.ids.count) vector(s) (\(sample))")
        }
        print(levelTable(selected))
        if findings.isEmpty { print("every run has a level, and every authority and README citation resolves") }
        for p in set.problems { print("problem: \(p)") }
        if !report.uncovered.isEmpty || !set.problems.isEmpty || dangling > 0 || !findings.isEmpty {
            throw ExitCode.failure
        }
    }

    func authorityFindings(_ selected: [Vector], top: String) throws -> [AuthorityCheck.Finding] {
        func text(_ file: String) throws -> String {
            do { return String(decoding: try FileSystem.readFile(FileSystem.join(top, file)), as: UTF8.self) } catch {
                throw fail("\(FileSystem.join(top, file)): \(error.message)")
            }
        }
        let specText = try text("SPEC.md"), vectorsText = try text("VECTORS.md"), readme = try text("README.md")
        let audit: AFAudit
        do { audit = try AFAudit.load(AFAudit.file(root: vectors.root)) } catch { throw fail("\(error)") }
        let check = AuthorityCheck(
            audit: audit, spec: SpecSections(document: "SPEC", text: specText),
            vectorsDoc: SpecSections(document: "VECTORS.md", text: vectorsText),
            specText: specText, readmeText: readme)
        return check.check(selected)
    }

    /// Runs per level: what an implementation is judged against with `run --level`.
    func levelTable(_ selected: [Vector]) -> String {
        var runs: [String: Int] = [:]
        for v in selected {
            for p in vectors.selection.runProfiles(v) { runs[v.level(for: p)?.rawValue ?? "no level", default: 0] += 1 }
        }
        let order = Level.allCases.map(\.rawValue) + ["no level"]
        return "runs by level: "
            + order.compactMap { name in runs[name].map { "\(name) \($0)" } }.joined(separator: ", ")
    }
}
