import AFSerialization
import AFVectorFormat

/// Reads a reply line as RFC 8259 JSON (VECTORS.md §5.3).
///
/// RFC 8259's grammar admits a `\uD800`–`\uDFFF` escape that is not half of a pair (§8.2), and Java
/// and JavaScript libraries write such strings naturally; a Swift `String` cannot hold one. A string
/// (or member name) that held one is therefore kept visibly apart: each lone surrogate reads as
/// U+FFFD, and the value becomes `{"$loneSurrogates": <the string>}` (for a member name, the object
/// holding it becomes `{"$loneSurrogates": <the object>}`). No expected value has that tag, so such
/// a value never matches an expected string, while the rest of the output is compared as usual and
/// the diff shows what was received.
public enum ReplyJSON {
    /// The member that marks a value read from lone surrogates.
    public static let loneSurrogateTag = "$loneSurrogates"

    public struct NotJSON: Error, Sendable, CustomStringConvertible {
        /// Bytes into the line.
        public var offset: Int?
        public var reason: String
        public var description: String { (offset.map { "at byte \($0): " } ?? "") + reason }
    }

    public static func read(_ line: [UInt8]) throws(NotJSON) -> JSONValue {
        var bytes = line
        let marker = mayHoldSurrogateEscape(line) ? unusedNoncharacter(line) : nil
        let marked = marker.map { markLoneSurrogates(&bytes, with: $0) } ?? false
        let value: JSONValue
        do {
            value = try JSONParser(maxDepth: 1 << 20, allowFragments: true).parse(bytes)
        } catch {
            var reason = error.context["debugDescription"] ?? error.message
            if reason.hasSuffix(".") { reason.removeLast() }
            throw NotJSON(offset: error.offset, reason: reason)
        }
        guard marked, let marker else { return value }
        return tagged(value, marker: marker)
    }

    /// A `\uD` or `\ud` somewhere: most lines have none and skip the rest.
    static func mayHoldSurrogateEscape(_ line: [UInt8]) -> Bool {
        var i = 0
        while i + 2 < line.count {
            if line[i] == 0x5C, line[i + 1] == 0x75, line[i + 2] | 0x20 == 0x64 { return true }
            i += 1
        }
        return false
    }

    /// A noncharacter (U+FDD0…U+FDEF) that the line holds neither as UTF-8 nor as an escape: it stands
    /// in for each lone surrogate until the parsed value is tagged. nil when the line holds all 32.
    static func unusedNoncharacter(_ line: [UInt8]) -> Unicode.Scalar? {
        let text = String(decoding: line, as: UTF8.self).uppercased()
        for v in UInt32(0xFDD0)...0xFDEF {
            let scalar = Unicode.Scalar(v)!
            let escape = "\\U" + String(v, radix: 16).uppercased()
            if !text.unicodeScalars.contains(scalar), !text.contains(escape) { return scalar }
        }
        return nil
    }

    /// Rewrites each lone surrogate escape inside a string token to the marker's escape, which has
    /// the same length (offsets in errors stay the line's). True when it rewrote one.
    static func markLoneSurrogates(_ b: inout [UInt8], with marker: Unicode.Scalar) -> Bool {
        let replacement = Array("\\u\(String(marker.value, radix: 16).uppercased())".utf8)
        var changed = false
        var i = 0
        var inString = false
        func unit(at j: Int) -> UInt32? {
            guard j + 6 <= b.count, b[j] == 0x5C, b[j + 1] == 0x75 else { return nil }
            return UInt32(String(decoding: b[j + 2..<j + 6], as: UTF8.self), radix: 16)
        }
        while i < b.count {
            let c = b[i]
            if !inString {
                if c == 0x22 { inString = true }
                i += 1
                continue
            }
            if c == 0x22 { inString = false; i += 1; continue }
            guard c == 0x5C else { i += 1; continue }
            guard let u = unit(at: i) else { i += 2; continue }  // \" \\ \n …, or a malformed \u the parser reports
            if (0xD800...0xDBFF).contains(u), let next = unit(at: i + 6), (0xDC00...0xDFFF).contains(next) {
                i += 12
                continue
            }
            if (0xD800...0xDFFF).contains(u) {
                b.replaceSubrange(i..<i + 6, with: replacement)
                changed = true
            }
            i += 6
        }
        return changed
    }

    static func tagged(_ v: JSONValue, marker: Unicode.Scalar) -> JSONValue {
        func clean(_ s: String) -> String? {
            guard s.unicodeScalars.contains(marker) else { return nil }
            var view = String.UnicodeScalarView()
            for u in s.unicodeScalars { view.append(u == marker ? "\u{FFFD}" : u) }
            return String(view)
        }
        switch v {
        case .string(let s):
            guard let c = clean(s) else { return v }
            return .obj([loneSurrogateTag: .string(c)])
        case .array(let items):
            return .array(items.map { tagged($0, marker: marker) })
        case .object(let members):
            var keyTainted = false
            let out: [JSONValue.Member] = members.map { m in
                if let c = clean(m.key) {
                    keyTainted = true
                    return .init(c, tagged(m.value, marker: marker))
                }
                return .init(m.key, tagged(m.value, marker: marker))
            }
            return keyTainted ? .obj([loneSurrogateTag: .object(out)]) : .object(out)
        default:
            return v
        }
    }
}
