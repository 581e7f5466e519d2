import AFConformance
import AFSerialization
import ArgumentParser
import AFCommandLine
#if canImport(Glibc)
    import Glibc
#endif

/// `--implementation` and how to drive it (run, show).
struct ImplementationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Evaluate through this program instead of in-process; it speaks "
                + "the eval protocol on stdin/stdout (VECTORS.md §5).",
            valueName: "CMD"))
    var implementation: String?

    @Option(help: ArgumentHelp("With --implementation: requests in flight at once (1 = lockstep).", valueName: "N"))
    var window = 16

    @Option(
        help: ArgumentHelp(
            "With --implementation: seconds the oldest request in flight may wait for "
                + "its reply (counted from when it was sent or the previous reply came, "
                + "whichever is later) before the program is killed and restarted.",
            valueName: "SECONDS"))
    var requestTimeout: Double = 10

    @Option(
        help: ArgumentHelp(
            "With --implementation: after this many consecutive runs of one component crashed, hung or "
                + "broke the protocol, the rest of that component is not sent and fails as one group.",
            valueName: "N"))
    var maxCrashes = 5

    func validate() throws {
        guard window >= 1 else { throw ValidationError("--window must be at least 1") }
        guard requestTimeout > 0, requestTimeout.isFinite else {
            throw ValidationError("--request-timeout must be a positive number of seconds")
        }
        guard maxCrashes >= 1 else { throw ValidationError("--max-crashes must be at least 1") }
        if let implementation {
            do { _ = try ShellWords.split(implementation) } catch {
                throw ValidationError("--implementation: \(error)")
            }
        }
    }

    func source(progress: RunProgress? = nil) throws -> ImplementationSource? {
        guard let implementation else { return nil }
        return try ImplementationSource(
            command: implementation, window: window, requestTimeout: requestTimeout,
            maxCrashes: maxCrashes, progress: progress)
    }
}

extension ProgressLine {
    /// On stderr, redrawn in place when stderr is a terminal.
    static func stderr() -> ProgressLine {
        ProgressLine(terminal: isatty(2) != 0) { text in
            var err = StandardError()
            err.write(text)
        }
    }
}
