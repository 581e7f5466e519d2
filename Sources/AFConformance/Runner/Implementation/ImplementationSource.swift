import AFSerialization
import AFVectorFormat

/// An outside implementation speaking the `conformance eval` protocol (VECTORS.md §5): one request
/// line in, one reply line out. Runs `run --implementation 'CMD ARGS…'`. The policy (pipelining,
/// timeouts, blame, re-sends, the crash cap, the handshake's declaration) is
/// ``ImplementationMachine``'s; ``ImplementationChannel`` moves the bytes.
public struct ImplementationSource: EvaluationSource {
    public var command: String
    public var argv: [String]
    public var window: Int
    public var requestTimeout: Double
    public var maxSilentStarts: Int
    /// Consecutive blamed runs of one component after which the rest of it is not sent.
    public var maxCrashes: Int
    /// How much of the implementation's stderr is kept (the tail) for failure messages.
    public var stderrTailBytes: Int
    /// Told how many runs have their result, while the run goes on.
    public var progress: RunProgress?
    /// The suite whose vectors are sent, told to each process in its handshake (VECTORS.md §5.4).
    public var suite: SuiteInfo?

    /// `command` is split like a shell would split words (``ShellWords``), then run directly.
    public init(
        command: String, window: Int = 16, requestTimeout: Double = 10, maxSilentStarts: Int = 3,
        maxCrashes: Int = 5, stderrTailBytes: Int = 2048, progress: RunProgress? = nil
    ) throws(ShellWords.SplitError) {
        self.command = command
        self.argv = try ShellWords.split(command)
        self.window = max(1, window)
        self.requestTimeout = requestTimeout
        self.maxSilentStarts = max(1, maxSilentStarts)
        self.maxCrashes = max(1, maxCrashes)
        self.stderrTailBytes = stderrTailBytes
        self.progress = progress
    }

    public func evaluate(_ items: [RunItem]) -> SourceResults {
        let config = ImplementationMachine.Config(
            window: window, requestTimeout: requestTimeout,
            maxSilentStarts: maxSilentStarts, maxCrashes: maxCrashes, suite: suite)
        let machine = ImplementationMachine(config: config, items: items, command: command)
        let done = ImplementationChannel(
            machine: machine, argv: argv, stderrTailBytes: stderrTailBytes, progress: progress
        ).run()
        let omits = done.declaration?.omits ?? [:]
        let results = items.indices.map { i -> RunResult in
            var vector = items[i].vector
            if let o = omits[vector.component] { vector.expected = o.pruned(vector.expected) }
            var r = VectorRunner.judge(vector, profile: items[i].profile, done.results[i]!)
            r.vector = items[i].vector  // reports show the vector as written
            return r
        }
        return SourceResults(results: results, protocolErrors: done.protocolErrors, implementation: done.summary)
    }
}

/// Receives how far a long evaluation has got (the CLI draws its progress line from it).
public protocol RunProgress: AnyObject {
    func update(done: Int, total: Int)
}
