import AFConformance
import AFSerialization
import AFVectorFormat
import ArgumentParser
import AFCommandLine

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List vectors: id, profiles, comment.")

    @OptionGroup var vectors: VectorOptions

    @Flag(help: "Print ids only.")
    var idsOnly = false

    func run() throws {
        let set = try vectors.load()
        var n = 0
        let selection = vectors.selection
        for v in set.vectors where selection.selects(v) && !selection.runProfiles(v).isEmpty {
            n += 1
            if idsOnly {
                print(v.id)
            } else {
                let profiles = v.profiles.map { $0.joined(separator: ",") } ?? "all"
                print("\(v.id)  [\(profiles)] \(v.levelSummary)\(v.review ? " (review)" : "")  \(v.comment ?? "")")
            }
        }
        if !idsOnly { print("\(n) vectors") }
        for p in set.problems { print("problem: \(p)") }
        if !set.problems.isEmpty { throw ExitCode.failure }
    }
}
