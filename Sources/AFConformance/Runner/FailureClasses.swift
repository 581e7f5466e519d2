import AFSerialization
import AFVectorFormat

/// Failing runs grouped for people: runs of one component and level that fail at the same place in
/// the same way are one class, so 700 failures read as a few dozen causes (console and `--json`).
public struct FailureClass: Sendable {
    public var component: String
    public var level: Level?
    /// The first difference's path with item indexes dropped (`output.parts[].body`), or `harness
    /// error` / `expected-failures`.
    public var path: String
    /// What differs there, numbers replaced by `N`; for a harness error, its message without
    /// request ids or quoted text.
    public var note: String
    public var runs: [RunResult]

    public var example: RunResult { runs[0] }

    /// `request [af] output.headers: (any order) missing […]`.
    public var title: String { "\(component) [\(level?.rawValue ?? "no level")] \(path): \(note)" }
}

extension RunReport {
    /// The failing runs (mismatches, harness errors, unexpected passes) by class, most runs first;
    /// classes of equal size keep the order their first run had.
    public func failureClasses() -> [FailureClass] {
        var classes: [FailureClass] = []
        var index: [String: Int] = [:]
        for r in results where r.isFailure {
            let (path, note) = FailureText.classOf(r)
            let key = "\(r.vector.component)\u{0}\(r.level?.rawValue ?? "")\u{0}\(path)\u{0}\(note)"
            if let i = index[key] {
                classes[i].runs.append(r)
            } else {
                index[key] = classes.count
                classes.append(
                    FailureClass(component: r.vector.component, level: r.level, path: path, note: note, runs: [r]))
            }
        }
        return classes.enumerated().sorted { a, b in
            a.element.runs.count != b.element.runs.count
                ? a.element.runs.count > b.element.runs.count : a.offset < b.offset
        }.map(\.element)
    }

    /// Protocol errors by what happened, request ids, quoted reply and stderr text and numbers
    /// stripped: one line per cause, most frequent first.
    public func protocolErrorClasses() -> [(key: String, errors: [ProtocolError])] {
        var groups: [(key: String, errors: [ProtocolError])] = []
        for p in protocolErrors {
            let key = FailureText.generalised(p.message)
            if let i = groups.firstIndex(where: { $0.key == key }) {
                groups[i].errors.append(p)
            } else {
                groups.append((key, [p]))
            }
        }
        return groups.enumerated().sorted { a, b in
            a.element.errors.count != b.element.errors.count
                ? a.element.errors.count > b.element.errors.count : a.offset < b.offset
        }.map(\.element)
    }
}

/// How a failing run's cause is written when runs are grouped.
enum FailureText {
    static let harnessPath = "harness error"

    static func classOf(_ r: RunResult) -> (path: String, note: String) {
        switch r.status {
        case .harnessError(let m): return (harnessPath, generalised(m))
        case .unexpectedPass: return ("expected-failures", "passed, but listed as an expected failure")
        default:
            guard let m = r.mismatches.first else { return ("output", "failed") }
            var note = digitsGeneralised(m.note)
            if m.note == "unexpected error", let e = m.actual {
                let parts = [e["domain"]?.stringValue, e["kind"]?.stringValue, e["code"].map(\.jsonText)].compactMap {
                    $0
                }
                if !parts.isEmpty { note += " " + parts.joined(separator: " ") }
            }
            return (indexesDropped(m.path), note)
        }
    }

    /// `output.parts[3].body` → `output.parts[].body`.
    static func indexesDropped(_ path: String) -> String {
        var out = ""
        var inIndex = false
        for c in path {
            if c == "[" { inIndex = true; out.append(c); continue }
            if c == "]" { inIndex = false; out.append(c); continue }
            if inIndex, c.isNumber { continue }
            out.append(c)
        }
        return out
    }

    /// A message with request ids, quoted text (replies, stderr) and numbers taken out.
    static func generalised(_ message: String) -> String {
        digitsGeneralised(quotesDropped(RequestIDs.stripped(message)))
    }

    /// Each `"…"` JSON-style quotation (backslash escapes honoured) becomes `"…"`, and the byte count
    /// an excerpt appends (`… (812 bytes)`) goes.
    static func quotesDropped(_ text: String) -> String {
        var out: [Character] = []
        var inQuote = false
        var escaped = false
        for c in text {
            if inQuote {
                if escaped {
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == "\"" {
                    inQuote = false; out += ["…", "\""]
                }
                continue
            }
            out.append(c)
            if c == "\"" { inQuote = true }
        }
        if inQuote { out += ["…", "\""] }
        var s = String(out)
        var from = s.startIndex
        while let r = s[from...].firstRange(of: "\"… (") {
            let rest = s[r.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(" bytes)") {
                let end = s.index(r.upperBound, offsetBy: digits.count + " bytes)".count)
                s.replaceSubrange(s.index(after: r.lowerBound)..<end, with: "")
                from = s.index(after: r.lowerBound)
            } else {
                from = r.upperBound
            }
        }
        return s
    }

    /// Runs of digits become `N`: counts, offsets and item numbers differ between runs of one cause.
    static func digitsGeneralised(_ text: String) -> String {
        var out = ""
        var lastWasDigit = false
        for c in text {
            if c.isASCII, c.isNumber {
                if !lastWasDigit { out.append("N") }
                lastWasDigit = true
            } else {
                out.append(c)
                lastWasDigit = false
            }
        }
        return out
    }
}
