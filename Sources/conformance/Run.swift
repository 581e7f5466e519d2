import AFConformance
import ArgumentParser

/// Placeholder until the vector runner (issue 5) lands: it must not pretend to pass.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the golden vectors (default command).")

    func run() throws {
        print("conformance run: the vector runner is not implemented yet")
        throw ExitCode.failure
    }
}
