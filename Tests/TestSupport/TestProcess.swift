import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Child processes for tests. Input and output go through temporary files, not pipes: a pipe written
/// before the other one is read deadlocks once either holds more than a pipe buffer, and a pipe stays
/// open as long as any grandchild holds it, even after the child was killed.
public enum TestProcess {
    /// `/usr/bin/env`, to find a program on PATH; it exits with 127 when there is none.
    public static let env = URL(fileURLWithPath: "/usr/bin/env")

    /// Where the child's standard error goes.
    public enum ErrorOutput: Sendable {
        /// To /dev/null.
        case discarded
        /// Into `Output.stdout`, interleaved with standard output.
        case merged
        /// To the test process's own standard error (shows in the test log).
        case inherited
    }

    public struct Output: Sendable {
        public var status: Int32
        public var stdout: Data
        /// `stdout` as UTF-8 (invalid bytes replaced).
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `executable` with `arguments` to its end. `input` is the child's standard input (none:
    /// /dev/null); `directory` its working directory; after `timeout` seconds the child is killed
    /// (SIGKILL) and its status is that of a killed process. Throws when the child cannot start or its
    /// scratch files cannot be made; a failing child is a status, not an error.
    public static func run(
        _ executable: URL, _ arguments: [String], input: Data? = nil, errors: ErrorOutput = .discarded,
        directory: String? = nil, timeout: Double? = nil
    ) throws -> Output {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("afs-process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin"), outURL = scratch.appendingPathComponent("stdout")
        guard FileManager.default.createFile(atPath: inURL.path, contents: input ?? Data()),
            FileManager.default.createFile(atPath: outURL.path, contents: nil)
        else { throw CocoaError(.fileWriteUnknown) }
        let stdin = try FileHandle(forReadingFrom: inURL)
        let stdout = try FileHandle(forWritingTo: outURL)
        defer {
            try? stdin.close()
            try? stdout.close()
        }
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        p.standardInput = input == nil ? FileHandle.nullDevice : stdin
        p.standardOutput = stdout
        switch errors {
        case .discarded: p.standardError = FileHandle.nullDevice
        case .merged: p.standardError = stdout
        case .inherited: break
        }
        try p.run()
        var watchdog: DispatchWorkItem? = nil
        if let timeout {
            let w = DispatchWorkItem { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: w)
            watchdog = w
        }
        p.waitUntilExit()
        watchdog?.cancel()
        let output = try Data(contentsOf: outURL)
        return Output(status: p.terminationStatus, stdout: output)
    }
}

/// python3 from PATH, the oracle several suites compare with.
public enum Python {
    /// Whether `python3` runs here; tests that need it are skipped (or fall back) without it.
    public static let available: Bool = (try? TestProcess.run(TestProcess.env, ["python3", "-c", "pass"]))?.status == 0

    /// Runs `python3 <arguments>` with `input` on its standard input.
    public static func run(_ arguments: [String], input: Data? = nil, errors: TestProcess.ErrorOutput = .discarded)
        throws -> TestProcess.Output
    {
        try TestProcess.run(TestProcess.env, ["python3"] + arguments, input: input, errors: errors)
    }

    /// The standard output of `python3 -c script`; nil when python3 is missing or the script fails.
    public static func output(_ script: String) -> String? {
        guard let r = try? run(["-c", script]), r.status == 0 else { return nil }
        return r.text
    }
}
