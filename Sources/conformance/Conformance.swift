import AFConformance
import ArgumentParser

@main
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Conformance harness for the AFSerialization core.",
        subcommands: [Run.self, Eval.self, SnapshotCommand.self],
        defaultSubcommand: Run.self
    )
}
