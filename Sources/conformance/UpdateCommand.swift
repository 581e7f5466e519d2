import AFConformance
import AFSerialization
import AFVectorFormat
import ArgumentParser
import AFCommandLine

struct UpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Re-bless the expected outputs of selected vectors after a deliberate behaviour change.",
        discussion: """
            Evaluates each selected vector under all its profiles and, where the output changed, rewrites \
            its `expected` (keeping only the fields it already listed) and prints the diff. Files are \
            rewritten atomically (temporary file + rename). Vectors are never added or deleted. A vector \
            whose profiles now disagree, or that hits a harness error, is skipped and reported. \
            Select with --filter or ids (or --all on purpose).
            """
    )

    @Argument(help: "Vector ids to update.")
    var ids: [String] = []

    @OptionGroup var vectors: VectorOptions

    @Flag(help: "Update every vector (only when the whole behaviour change is intended).")
    var all = false

    @Flag(help: "Print the changes without writing.")
    var dryRun = false

    func validate() throws {
        if ids.isEmpty && vectors.filter.isEmpty && !all {
            throw ValidationError("select vectors with ids, --filter, or --all")
        }
    }

    func run() throws {
        let set = try vectors.load()
        var selection = vectors.selection
        if !ids.isEmpty {
            let unknown = ids.filter { set.vector(id: $0) == nil }
            if !unknown.isEmpty { throw fail("no such vector: \(unknown.joined(separator: ", "))") }
            selection.filters += ids.map { "[\($0.first!)]\($0.dropFirst())" }  // exact id as a glob
        }
        let plan = Rebless.plan(set, selection: selection)
        for c in plan.changes {
            print("~ \(c.vector.id)  (\(c.vector.file))")
            for m in c.differences {
                for line in DiffFormatter.render(m, labels: ("old", "new")) { print(line) }
            }
        }
        for s in plan.skipped { print("skipped \(s.id): \(s.reason)") }
        if dryRun {
            print(
                "\(plan.changes.count) would change, \(plan.unchanged) unchanged, "
                    + "\(plan.skipped.count) skipped (dry run, nothing written)"
            )
            return
        }
        let written: [String]
        do { written = try Rebless.apply(plan) } catch { throw fail("\(error)") }
        print(
            "\(plan.changes.count) updated in \(written.count) file(s), "
                + "\(plan.unchanged) unchanged, \(plan.skipped.count) skipped"
        )
        let generated = written.filter { file in
            ((try? FileSystem.readFile(file)).map { String(decoding: $0, as: UTF8.self).contains("\"generatedBy\"") })
                ?? false
        }
        if !generated.isEmpty {
            print(
                "\(generated.joined(separator: ", ")) \(generated.count == 1 ? "is" : "are") generated (see "
                    + "its generatedBy): change the generator too, or the next regeneration reverts this"
            )
        }
        if !plan.skipped.isEmpty { throw ExitCode.failure }
    }
}
