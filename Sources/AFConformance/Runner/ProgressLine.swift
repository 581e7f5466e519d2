import AFSerialization
import AFVectorFormat

/// The progress line of a long run (an outside implementation): redrawn in place on a terminal
/// (`\r`, erase line) every 100 ms, a line every 5 s otherwise (a CI log). Quiet for runs that
/// end quickly: nothing before 0.5 s on a terminal, 5 s otherwise. The clock and the sink are
/// injected, so its timing is tested without waiting.
public final class ProgressLine: RunProgress {
    private let terminal: Bool
    private let now: () -> UInt64
    private let write: (String) -> Void
    private let start: UInt64
    private var last: UInt64 = 0
    private var shown = false

    public init(terminal: Bool, now: @escaping () -> UInt64 = FileSystem.now, write: @escaping (String) -> Void) {
        self.terminal = terminal
        self.now = now
        self.write = write
        start = now()
    }

    public func update(done: Int, total: Int) {
        let t = now()
        let elapsed = t - start
        let (quiet, every): (UInt64, UInt64) = terminal ? (500_000_000, 100_000_000) : (5_000_000_000, 5_000_000_000)
        guard elapsed >= quiet, t - last >= every else { return }
        last = t
        let seconds = Double(elapsed) / 1e9
        var text = "running: \(done)/\(total) runs (\(total == 0 ? 100 : done * 100 / total) %), \(Int(seconds)) s"
        if done > 0 && done < total {
            text += ", about \(Int(seconds / Double(done) * Double(total - done)) + 1) s left"
        }
        write(terminal ? "\r\u{1B}[K" + text : text + "\n")
        shown = true
    }

    /// Clears a terminal's line before the report is printed.
    public func finish() {
        if terminal && shown { write("\r\u{1B}[K") }
    }
}
