import AFConformance
import ArgumentParser

@main
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Conformance harness for the AFSerialization core.",
        subcommands: [
            RunCommand.self, ListCommand.self, ShowCommand.self, CoverageCommand.self, MatrixCommand.self,
            EvalCommand.self, UpdateCommand.self, PromoteCommand.self, SnapshotCommand.self, ReplayCommand.self,
            FuzzCommand.self, FuzzTargetsCommand.self, SeedsCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}
