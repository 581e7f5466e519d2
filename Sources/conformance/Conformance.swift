import AFConformance
import ArgumentParser

@main
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Conformance harness for the AFSerialization core.",
        subcommands: [Run.self, List.self, Show.self, CoverageCommand.self, MatrixCommand.self, Eval.self, Update.self, PromoteCommand.self, SnapshotCommand.self, ReplayCommand.self],
        defaultSubcommand: Run.self
    )
}
