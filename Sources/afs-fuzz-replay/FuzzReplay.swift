import AFFuzzBodies
import ArgumentParser
import Foundation

/// `afs-fuzz-replay --target T FILE…`: corpus inputs through a fuzz target's body (its invariants
/// and oracles), one line per input, without libFuzzer. The overnight driver runs it from a
/// coverage-instrumented build (Tools/afstools/overnight/replay.py): each input is announced
/// *before* it runs, so when one traps ("Index out of range") the driver knows which, skips it and
/// replays the rest in a new process; only that process's profile is lost.
@main
struct FuzzReplay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afs-fuzz-replay",
        abstract: "Run corpus inputs through a fuzz target's body (its invariants and oracles) without libFuzzer.",
        discussion: """
            Prints `start <file>` before each input and `ok <file>` or `fail <file>: <message>` after \
            it (unbuffered), so a caller can tell which input crashed the process. Exits 1 when an \
            invariant is broken, 0 otherwise. With AFS_REPLAY_TRAP=<suffix>, an input whose path ends \
            with it traps like a core crash would (for testing callers).
            """
    )

    @Option(help: "The fuzz target (its corpus directory name).")
    var target: String

    @Option(help: ArgumentHelp("Read more input paths from this file, one per line.", valueName: "FILE"))
    var list: String?

    @Argument(help: "Input files.")
    var files: [String] = []

    func run() throws {
        guard let body = FuzzTargets.all.first(where: { $0.name == target }) else {
            throw ValidationError(
                "unknown target \(target); known: \(FuzzTargets.all.map { $0.name }.joined(separator: ", "))")
        }
        var paths = files
        if let list {
            let text: String
            do { text = try String(contentsOfFile: list, encoding: .utf8) } catch {
                throw ValidationError("cannot read the list \(list): \(error.localizedDescription)")
            }
            paths += text.split(separator: "\n").filter { !$0.isEmpty }.map(String.init)
        }
        let marker = ProcessInfo.processInfo.environment["AFS_REPLAY_TRAP"].flatMap { $0.isEmpty ? nil : $0 }
        var failed = false
        for path in paths {
            emit("start \(path)")
            guard let data = FileManager.default.contents(atPath: path) else {
                throw ValidationError("cannot read the input \(path)")
            }
            if let marker, path.hasSuffix(marker) {
                fatalError("AFS_REPLAY_TRAP: deliberate trap on \(path)")
            }
            let message: String?
            do { try body.run(bytes: [UInt8](data)); message = nil } catch { message = error.message }
            if message != nil { failed = true }
            emit(message.map { "fail \(path): \($0)" } ?? "ok \(path)")
        }
        if failed { throw ExitCode.failure }
    }

    /// Unbuffered, so the line is out before a trap in the next input.
    func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
