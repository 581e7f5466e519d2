import AFSerialization
import Foundation

/// SPEC §1: our escape vs Foundation's `addingPercentEncoding` vs AF's batched algorithm
/// written on Foundation, on 1 MB of mixed text. Baseline: the AF-on-Foundation port.
let escapingBenchmark = Benchmark(name: "escaping") {
    let text = mixedText(bytes: 1 << 20)
    let bytes = text.utf8.count
    let set = afAllowedCharacterSet()

    // Same output from all three before anything is timed.
    let ours = PercentEscape.escape(text)
    precondition(ours == text.addingPercentEncoding(withAllowedCharacters: set), "Foundation disagrees")
    precondition(ours == afPercentEscapedOnFoundation(text, allowed: set), "AF-on-Foundation port disagrees")

    let af = Timing(repeats: 3) { afPercentEscapedOnFoundation(text, allowed: set) }
    let foundation = Timing(repeats: 3) { text.addingPercentEncoding(withAllowedCharacters: set) }
    let core = Timing(repeats: 200) { PercentEscape.escape(text) }
    let batched = Timing(repeats: 3) { try! PercentEscape.escapeInBatches(text) }
    reportComparison(
        input: "\(bytes) bytes of mixed text (ASCII, reserved, CJK, emoji); output \(ours.utf8.count) bytes",
        bytes: bytes, baseline: ("AF batched algorithm on Foundation (baseline)", af),
        rows: [
            ("Foundation addingPercentEncoding", foundation), ("PercentEscape.escape", core),
            ("PercentEscape.escapeInBatches (50, ranges)", batched),
        ])
    print(
        String(
            format: "  PercentEscape.escape vs Foundation addingPercentEncoding: ×%.1f wall, ×%.1f CPU",
            foundation.wall / core.wall, foundation.cpu / core.cpu))
}

/// ~`bytes` of text cycling through ASCII words, reserved characters, CJK and emoji (with
/// modifiers, ZWJ sequences and flags).
func mixedText(bytes: Int) -> String {
    let pieces = [
        "The quick brown fox jumps over the lazy dog ", "path/to/resource?x=1&y=2 ", "key[sub]=a+b;c,d!e*f ",
        "中文字符与日本語のテキスト ", "한국어 텍스트 ", "👴🏻👮🏽‍♀️ ",
        "👨‍👩‍👧‍👦 ", "🇫🇷🇯🇵 ", "café naïve ", "#@$%^'() ",
    ]
    var s = ""
    var i = 0
    while s.utf8.count < bytes {
        s += pieces[i % pieces.count]
        i += 1
    }
    return s
}

/// AF's allowed set, built as AF builds it (SPEC §1.1).
func afAllowedCharacterSet() -> CharacterSet {
    var set = CharacterSet.urlQueryAllowed
    set.remove(charactersIn: ":#[]@!$&'()*+,;=")
    return set
}

/// AF's AFPercentEscapedStringFromString, written on Foundation from SPEC §1.4: 50-unit windows
/// widened with `rangeOfComposedCharacterSequences(for:)`, each escaped with
/// `addingPercentEncoding`, appended to a mutable string.
func afPercentEscapedOnFoundation(_ string: String, allowed: CharacterSet) -> String {
    let ns = string as NSString
    let escaped = NSMutableString(string: "")  // AF: @"".mutableCopy
    var index = 0
    while index < ns.length {
        let window = NSRange(location: index, length: min(ns.length - index, 50))
        let range = ns.rangeOfComposedCharacterSequences(for: window)
        let substring = ns.substring(with: range)
        escaped.append(substring.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        index += range.length
    }
    return escaped as String
}

/// Best-of-`repeats` wall time (the Harness's `measure`) and, separately, best thread CPU time:
/// on 2 shared cores the wall figure swings with other work; CPU time much less so.
struct Timing {
    let wall: Double
    let cpu: Double
    init<T>(repeats: Int, _ body: () -> T) {
        wall = measure(repeats: repeats, body)
        var best = Double.infinity
        for _ in 0..<repeats {
            let start = threadCPUTime()
            blackHole(body())
            best = min(best, threadCPUTime() - start)
        }
        cpu = best
    }
}

func threadCPUTime() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Prints the run's context, the baseline row, then every row with its ratio to the baseline
/// (wall clock via `report`, then the same from thread CPU time).
func reportComparison(input: String, bytes: Int, baseline: (String, Timing), rows: [(String, Timing)]) {
    print("  load average: \(loadAverage()) (2 shared cores: wall-clock figures vary with other work)")
    print("  input: \(input)")
    report(baseline.0, bytes: bytes, seconds: baseline.1.wall)
    for (label, t) in rows { report(label, bytes: bytes, seconds: t.wall, baseline: baseline.1.wall) }
    print("  by thread CPU time:")
    report(baseline.0, bytes: bytes, seconds: baseline.1.cpu)
    for (label, t) in rows { report(label, bytes: bytes, seconds: t.cpu, baseline: baseline.1.cpu) }
}

/// `/proc/loadavg`'s first three fields, so a reader can judge how contended the run was.
func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "unknown"
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}
