import AFSerialization
import AFVectorFormat

/// Renders a ``Mismatch`` for people: strings and bytes are shown escaped (hex for non-text) in a
/// window around the first differing offset, which a caret marks.
public enum DiffFormatter {
    /// Bytes shown on either side of the first difference.
    static let window = 48

    /// `labels` name the two sides (`update` shows old/new).
    public static func render(_ m: Mismatch, indent: String = "    ", labels: (String, String) = ("expected", "actual"))
        -> [String]
    {
        var lines = ["\(indent)at \(m.path): \(m.note)"]
        let l0 = (labels.0 + ":").padding(to: 10), l1 = (labels.1 + ":").padding(to: 10)
        let eb = m.expected.flatMap(byteView), ab = m.actual.flatMap(byteView)
        if let eb, let ab {
            lines += renderBytes(eb, ab, indent: indent + "  ", labels: (l0, l1))
        } else {
            lines.append("\(indent)  \(l0)\(m.expected.map(shortJSON) ?? "(nothing)")")
            lines.append("\(indent)  \(l1)\(m.actual.map(shortJSON) ?? "(nothing)")")
        }
        return lines
    }

    /// Strings and `{"text"}`/`{"hex"}` values as bytes.
    static func byteView(_ v: JSONValue) -> [UInt8]? {
        if let s = v.stringValue { return Array(s.utf8) }
        return Matcher.bytesValue(v)
    }

    public static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
        let n = min(a.count, b.count)
        for i in 0..<n where a[i] != b[i] { return i }
        return a.count == b.count ? nil : n
    }

    static func renderBytes(_ e: [UInt8], _ a: [UInt8], indent: String, labels: (String, String)) -> [String] {
        let offset = firstDifference(e, a) ?? 0
        let text = UTF8Validation.firstInvalidOffset(e) == nil && UTF8Validation.firstInvalidOffset(a) == nil
        let start = max(0, offset - window)
        var lines = [
            "\(indent)first difference at byte offset \(offset) (expected \(e.count) bytes, actual \(a.count) bytes)"
        ]
        let (es, ecol) = text ? escaped(e, from: start, mark: offset) : hexed(e, from: start, mark: offset)
        let (as_, _) = text ? escaped(a, from: start, mark: offset) : hexed(a, from: start, mark: offset)
        lines.append("\(indent)\(labels.0)\(es)")
        lines.append("\(indent)\(labels.1)\(as_)")
        lines.append("\(indent)          " + String(repeating: " ", count: ecol) + "^ offset \(offset)")
        return lines
    }

    /// Escaped text of `bytes[from…]` (clipped to a window past `mark`) and the display column of `mark`.
    static func escaped(_ bytes: [UInt8], from start: Int, mark: Int) -> (String, Int) {
        var out = start > 0 ? "…\"" : "\""
        var column = out.count
        var markColumn = column
        let end = min(bytes.count, mark + window)
        let scalars = decodeScalars(bytes)
        for (pos, scalar, width) in scalars where pos >= start && pos < end {
            if pos <= mark { markColumn = column }
            let piece: String
            switch scalar.value {
            case 0x22: piece = "\\\""
            case 0x5C: piece = "\\\\"
            case 0x0A: piece = "\\n"
            case 0x0D: piece = "\\r"
            case 0x09: piece = "\\t"
            case 0..<0x20, 0x7F: piece = "\\x" + Codec.hex([UInt8(scalar.value)])
            default: piece = String(Character(scalar))
            }
            out += piece
            column += scalar.value < 0x80 ? piece.count : width
        }
        if mark >= bytes.count { markColumn = column }
        out += "\""
        if end < bytes.count { out += "…" }
        return (out, markColumn)
    }

    /// Hex of `bytes[from…]` in pairs, and the column of `mark`.
    static func hexed(_ bytes: [UInt8], from start: Int, mark: Int) -> (String, Int) {
        var out = start > 0 ? "… hex " : "hex "
        var markColumn = out.count
        let end = min(bytes.count, mark + window)
        for i in start..<max(start, end) {
            if i == mark { markColumn = out.count }
            out += Codec.hex([bytes[i]]) + " "
        }
        if mark >= bytes.count { markColumn = out.count }
        if end < bytes.count { out += "…" }
        return (out, markColumn)
    }

    /// (byte offset, scalar, display width) for valid UTF-8 (the caller checked validity).
    static func decodeScalars(_ bytes: [UInt8]) -> [(Int, Unicode.Scalar, Int)] {
        var out: [(Int, Unicode.Scalar, Int)] = []
        var it = bytes.makeIterator()
        var decoder = UTF8()
        var pos = 0
        while case .scalarValue(let s) = decoder.decode(&it) {
            let len = UTF8.width(s)
            // East Asian wide and emoji are two columns on a terminal; good enough for a caret.
            let wide =
                (0x1100...0x115F).contains(s.value) || (0x2E80...0xA4CF).contains(s.value)
                || (0xAC00...0xD7A3).contains(s.value) || (0xF900...0xFAFF).contains(s.value)
                || (0xFF00...0xFF60).contains(s.value) || (0x1F300...0x1FAFF).contains(s.value)
            let combining =
                (0x0300...0x036F).contains(s.value) || (0xFE00...0xFE0F).contains(s.value) || s.value == 0x200D
            out.append((pos, s, combining ? 0 : (wide ? 2 : 1)))
            pos += len
        }
        return out
    }

    public static func shortJSON(_ v: JSONValue) -> String {
        let t = v.jsonText
        return t.unicodeScalars.count > 240 ? String(String.UnicodeScalarView(t.unicodeScalars.prefix(237))) + "…" : t
    }
}
