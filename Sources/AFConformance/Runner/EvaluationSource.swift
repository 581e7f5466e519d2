import AFSerialization
import AFVectorFormat
import Dispatch

/// One (vector, profile) run to evaluate.
public struct RunItem: Sendable {
    public var vector: Vector
    public var profile: String

    public init(vector: Vector, profile: String) {
        self.vector = vector
        self.profile = profile
    }
}

/// Where each run's actual output comes from. ``VectorRunner`` selects the runs, applies
/// expected-failures.json and builds the report; a source only turns runs into results, so the
/// in-process core and an outside implementation (`run --implementation`) share every other line.
public protocol EvaluationSource {
    /// Exactly one result per item, in the items' order, each judged with ``VectorRunner/judge(_:profile:_:)``.
    func evaluate(_ items: [RunItem]) -> SourceResults
}

/// What a source produced: the results plus what the source itself has to report.
public struct SourceResults: Sendable {
    public var results: [RunResult]
    /// Breaches of the eval protocol by an outside implementation (each one fails the run).
    public var protocolErrors: [ProtocolError]
    /// Set by outside implementations: how the run went (for the console and reports).
    public var implementation: ImplementationSummary?

    public init(
        results: [RunResult], protocolErrors: [ProtocolError] = [], implementation: ImplementationSummary? = nil
    ) {
        self.results = results
        self.protocolErrors = protocolErrors
        self.implementation = implementation
    }
}

/// A breach of the eval protocol (VECTORS.md §5) by an outside implementation: a reply
/// line that is not JSON, not an object, has no or an unknown id, or a crash/hang that no run could
/// be blamed for. Counted as one failure each, like a vector-file problem.
public struct ProtocolError: Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// The run this was traced to (`id [profile]`), when one was.
    public var run: String?

    public init(message: String, run: String? = nil) {
        self.message = message
        self.run = run
    }

    public var description: String { run.map { "\($0): \(message)" } ?? message }
}

/// How a run against an outside implementation went.
public struct ImplementationSummary: Sendable, Hashable {
    /// The command as given (before splitting).
    public var command: String
    public var window: Int
    public var requestTimeoutSeconds: Double
    public var processesStarted: Int
    /// Requests written to the implementation (re-sent ones included).
    public var requestsSent: Int
    /// Requests re-sent alone after the process they were in flight in crashed, hung or wrote garbage.
    public var requestsResent: Int
    /// Set when the run stopped restarting the implementation (the remaining runs failed with it).
    public var gaveUp: String?
    /// What the handshake reply declared (protocol 1.1), if anything.
    public var declaration: HandshakeDeclaration?
    /// Components whose remaining runs were not sent after too many consecutive crashes.
    public var cappedComponents: [String] = []

    public init(
        command: String, window: Int, requestTimeoutSeconds: Double, processesStarted: Int = 0,
        requestsSent: Int = 0, requestsResent: Int = 0, gaveUp: String? = nil
    ) {
        self.command = command
        self.window = window
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.processesStarted = processesStarted
        self.requestsSent = requestsSent
        self.requestsResent = requestsResent
        self.gaveUp = gaveUp
    }
}

/// The core itself, through ``Evaluator``, on up to `jobs` threads (vectors are independent and the
/// core is value types); results keep the items' order either way.
public struct InProcessSource: EvaluationSource {
    public var jobs: Int

    public init(jobs: Int = 1) { self.jobs = jobs }

    public func evaluate(_ items: [RunItem]) -> SourceResults {
        let threads = max(1, min(jobs, items.count / 64))
        if threads == 1 {
            return SourceResults(results: items.map { VectorRunner.evaluate($0.vector, profile: $0.profile) })
        }
        let results = ResultSlots(count: items.count)
        let chunk = (items.count + threads * 8 - 1) / (threads * 8)
        DispatchQueue.concurrentPerform(iterations: (items.count + chunk - 1) / chunk) { c in
            for i in c * chunk..<min(items.count, (c + 1) * chunk) {
                results.set(i, VectorRunner.evaluate(items[i].vector, profile: items[i].profile))
            }
        }
        return SourceResults(results: results.values())
    }
}

/// Per-index result storage for the parallel evaluation: each index is written by exactly one thread
/// before `concurrentPerform` returns, and read only after, so no two accesses overlap.
private final class ResultSlots: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<RunResult?>
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }
    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }
    func set(_ i: Int, _ r: RunResult) { slots[i] = r }
    func values() -> [RunResult] { slots.map { $0! } }
}
