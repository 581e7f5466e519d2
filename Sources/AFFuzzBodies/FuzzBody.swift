import AFCorpusFormat
#if canImport(Glibc)
    import Glibc
#endif

/// A broken invariant: the fuzz executable aborts on it (libFuzzer saves the input), the replay
/// tests record it as an issue naming the input file.
public struct FuzzFailure: Error, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Throws ``FuzzFailure`` when `condition` is false.
@inline(__always)
public func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
    if !condition { throw FuzzFailure(message()) }
}

/// One fuzz target: a pure function of the input bytes that checks invariants and oracles.
/// Shared by the libFuzzer executables (`Sources/Fuzzers/<name>`) and `swift test` replay.
public protocol FuzzBody {
    /// The target's name: its corpus is `Corpus/<name>/`, its executable `fuzz-<name>`.
    static var name: String { get }
    static func run(_ input: inout CorpusInput) throws(FuzzFailure)
    /// A line the executable writes to standard error at exit, beside libFuzzer's final statistics;
    /// nil (the default): none.
    static var exitReport: String? { get }
}

extension FuzzBody {
    /// Runs the body on `bytes` from the start of the header.
    public static func run(bytes: [UInt8]) throws(FuzzFailure) {
        var input = CorpusInput(bytes)
        try run(&input)
    }

    /// The libFuzzer entry point's body: runs and aborts (so libFuzzer reports a crash) on failure.
    public static var exitReport: String? { nil }

    public static func fuzzerEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        FuzzOracles.announceOnce(target: name)
        ExitReport.registerOnce { Self.exitReport }
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        do {
            try run(bytes: bytes)
        } catch {
            standardError("fuzz-\(name): invariant broken: \(error.message)")
            abort()
        }
        return 0
    }
}

/// Every target replayed by `swift test` (the canary is not here: it crashes by design).
public enum FuzzTargets {
    public static var all: [any FuzzBody.Type] {
        [
            PercentEscapeFuzz.self,
            QueryStringFuzz.self,
            JSONFuzz.self,
            RequestFuzz.self,
            MultipartWriterFuzz.self,
            MultipartParserFuzz.self,
            MediaTypeFuzz.self,
            ContentDecodeFuzz.self,
            ImageFuzz.self,
            ResponseFuzz.self,
            PlistRequestFuzz.self,
        ]
    }
}

/// The executable's ``FuzzBody/exitReport``, written by an `atexit` handler registered at its first input.
enum ExitReport {
    nonisolated(unsafe) private static var report: (() -> String?)?

    static func registerOnce(_ r: @escaping () -> String?) {
        guard report == nil else { return }
        report = r
        atexit {
            guard let text = ExitReport.report?() else { return }
            standardError(text)
        }
    }
}

/// Writes `line` and a newline to standard error, unbuffered (the process may abort next).
func standardError(_ line: String) {
    _ = Array("\(line)\n".utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
