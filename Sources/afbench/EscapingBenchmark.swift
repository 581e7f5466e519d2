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

    let af = measure(repeats: 3) { afPercentEscapedOnFoundation(text, allowed: set) }
    let foundation = measure(repeats: 3) { text.addingPercentEncoding(withAllowedCharacters: set) }
    let core = measure(repeats: 200) { PercentEscape.escape(text) }
    let batched = measure(repeats: 3) { try! PercentEscape.escapeInBatches(text) }
    print("  load average: \(loadAverage()) (2 shared cores: wall-clock figures vary with other work)")
    print("  input: \(bytes) bytes of mixed text (ASCII, reserved, CJK, emoji); output \(ours.utf8.count) bytes")
    report("AF batched algorithm on Foundation (baseline)", bytes: bytes, seconds: af)
    report("Foundation addingPercentEncoding", bytes: bytes, seconds: foundation, baseline: af)
    report("PercentEscape.escape", bytes: bytes, seconds: core, baseline: af)
    report("PercentEscape.escapeInBatches (50, ranges)", bytes: bytes, seconds: batched, baseline: af)
    print(String(format: "  PercentEscape.escape vs Foundation addingPercentEncoding: ×%.1f", foundation / core))
}

/// ~`bytes` of text cycling through ASCII words, reserved characters, CJK and emoji (with
/// modifiers, ZWJ sequences and flags).
func mixedText(bytes: Int) -> String {
    let pieces = [
        "The quick brown fox jumps over the lazy dog ", "path/to/resource?x=1&y=2 ", "key[sub]=a+b;c,d!e*f ",
        "中文字符与日本語のテキスト ", "한국어 텍스트 ", "👴🏻👮🏽‍♀️ ", "👨‍👩‍👧‍👦 ", "🇫🇷🇯🇵 ", "café naïve ", "#@$%^'() ",
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

/// `/proc/loadavg`'s first three fields, so a reader can judge how contended the run was.
func loadAverage() -> String {
    let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "unknown"
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}
