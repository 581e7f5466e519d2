import AFCommandLine
import AFConformance
import ArgumentParser
#if canImport(Glibc)
    import Glibc
#endif

@main
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Conformance harness for the AFSerialization core.",
        discussion: "conformance --version prints the suite's version and the digest of its vectors (VECTORS.md §7).",
        subcommands: [
            RunCommand.self, ListCommand.self, ShowCommand.self, CoverageCommand.self, MatrixCommand.self,
            EvalCommand.self, UpdateCommand.self, PromoteCommand.self, SnapshotCommand.self, ReplayCommand.self,
            FuzzCommand.self, FuzzTargetsCommand.self, SeedsCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )

    /// `--version` reads the bundled suite at run time (ArgumentParser's `version:` is a constant, and a
    /// digest in the configuration would hash the vectors for every command).
    static func main() {
        guard CommandLine.arguments.dropFirst() == ["--version"] else { return Self.main(nil) }
        let root = VectorPaths.defaultRoot()
        do {
            let suite = try SuiteInfo.load(root: root)
            print("conformance \(suite.version)\nvectors \(suite.vectors) (\(root))")
        } catch {
            Glibc.exit(fail("\(error)").rawValue)
        }
    }
}
