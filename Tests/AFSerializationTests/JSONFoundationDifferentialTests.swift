import Foundation
import Testing
@testable import AFSerialization

/// Differential test (SPEC §6.4): the `foundation` dialect must accept exactly the documents
/// Foundation's `JSONSerialization` accepts on this platform, and read the same values.
/// Oracle: Foundation itself, run on thousands of generated and mutated documents.
@Suite struct JSONFoundationDifferentialTests {
    typealias RNG = RequestTestRandom  // SplitMix64, shared with the request differential tests

    static let numbers = [
        "0", "-0", "1", "-1", "12.5", "1e3", "1E+2", "-2.5e-3", "1e308", "1.7976931348623157e308",
        "1.7976931348623159e308", "1e309", "-1e400", "1e-400", "123456789012345678901234567890",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
        "0.000000000000000000000000000000000000001", "12345678901234567890e300", "1234567890123456789012e-10",
        String(repeating: "9", count: 310), "0." + String(repeating: "0", count: 320) + "1e330", "100e306",
    ]
    static let strings = [
        "", "a", "é", "😀", "\\u00e9", "\\ud83d\\ude00", "\\n\\t\\\"\\\\\\/", "\\u0000", "\u{7F}", "\u{FEFF}",
        "\u{FFFE}", "tab\\tq",
    ]

    static func generate(_ r: inout RNG, depth: Int) -> String {
        let k = depth > 4 ? r.below(5) : r.below(8)
        switch k {
        case 0: return r.pick(numbers)
        case 1: return "\"\(r.pick(strings))\""
        case 2: return r.pick(["true", "false", "null"])
        case 3: return r.pick(["0", "1", "\"x\""])
        case 4: return "\(r.below(100000) - 50000)"
        case 5, 6:
            let n = r.below(4)
            let ws = [" ", "", "\n", "\t", "\r\n"]
            return "[" + (0..<n).map { _ in r.pick(ws) + generate(&r, depth: depth + 1) }.joined(separator: ",")
                + r.pick(ws) + "]"
        default:
            let n = r.below(4)
            return "{"
                + (0..<n).map { _ in
                    "\"\(r.pick(["a", "b", "a", "ключ", "\\u0041"]))\" : " + generate(&r, depth: depth + 1)
                }.joined(separator: ",") + "}"
        }
    }

    static let interesting: [UInt8] =
        Array(",:[]{}\" \\-+.eE0123456789tfnu/".utf8) + [
            0x00, 0x09, 0x0A, 0x7F, 0x80, 0xBF, 0xC0, 0xE0, 0xED, 0xEF, 0xBB, 0xF0, 0xF4, 0xF5, 0xFE, 0xFF,
        ]

    static func mutate(_ doc: [UInt8], _ r: inout RNG) -> [UInt8] {
        var d = doc
        for _ in 0..<(1 + r.below(3)) {
            let i = d.isEmpty ? 0 : r.below(d.count + 1)
            switch r.below(8) {
            case 0 where !d.isEmpty: d.remove(at: min(i, d.count - 1))
            case 1: d.insert(r.pick(interesting), at: i)
            case 2 where !d.isEmpty: d[min(i, d.count - 1)] = r.pick(interesting)
            case 3: d = Array(d.prefix(i))
            case 4: d.insert(contentsOf: Array(",]".utf8), at: i)
            case 5: d.insert(contentsOf: Array(",}".utf8), at: i)
            case 6: d = [0xEF, 0xBB, 0xBF] + d
            // UTF-16LE
            default: d = String(decoding: d, as: UTF8.self).utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            }
        }
        return d
    }

    /// A canonical string for values from either side: objects keep the last duplicate (as an
    /// NSDictionary does), keys sorted; numbers compared as Doubles within 1e-12 relative.
    enum Canon: Equatable {
        case null, bool(Bool), number(Double), string(String), array([Canon]), object([String: Canon])
        static func == (a: Canon, b: Canon) -> Bool {
            switch (a, b) {
            case (.null, .null): return true
            case let (.bool(x), .bool(y)): return x == y
            case let (.number(x), .number(y)): return x == y || abs(x - y) <= 1e-12 * max(abs(x), abs(y))
            case let (.string(x), .string(y)): return x == y
            case let (.array(x), .array(y)): return x == y
            case let (.object(x), .object(y)): return x == y
            default: return false
            }
        }
    }

    static func canon(_ v: JSONValue) -> Canon {
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let t): return .number(Double(t)!)
        case .string(let s): return .string(stripBOM(s))
        case .array(let xs): return .array(xs.map(canon))
        case .object(let ms):
            var d: [String: Canon] = [:]
            for m in ms { d[stripBOM(m.key)] = canon(m.value) }
            return .object(d)
        }
    }

    /// Foundation's string bridging drops a leading U+FEFF from every string (CFString treats it
    /// as a BOM). We keep the character (no data loss, **Decision**), so compare without it.
    static func stripBOM(_ s: String) -> String { s.hasPrefix("\u{FEFF}") ? String(s.unicodeScalars.dropFirst()) : s }

    static func canon(_ x: Any) -> Canon {
        if x is NSNull { return .null }
        if let s = x as? String { return .string(stripBOM(s)) }
        if let n = x as? NSNumber {
            if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }
            return .number(n.doubleValue)
        }
        if let a = x as? [Any] { return .array(a.map(canon)) }
        if let d = x as? [String: Any] {
            var out: [String: Canon] = [:]
            for (k, v) in d { out[stripBOM(k)] = canon(v) }
            return .object(out)
        }
        return .string("<unknown \(type(of: x))>")
    }

    func compare(
        _ doc: [UInt8], fragments: Bool, stats: inout (accepted: Int, rejected: Int), mismatches: inout [String]
    ) {
        var parser = JSONParser(allowFragments: fragments)
        parser.dialect = .foundation
        let ourResult = Result { () throws(AFSError) in try parser.parse(doc) }
        let ours = try? ourResult.get()
        var theirError: NSError?
        let theirs: Any?
        do {
            theirs = try JSONSerialization.jsonObject(with: Data(doc), options: fragments ? [.fragmentsAllowed] : [])
        } catch {
            theirs = nil
            theirError = error as NSError
        }
        let text = String(decoding: doc.prefix(120), as: UTF8.self).debugDescription
        switch (ours, theirs) {
        case (nil, nil):
            stats.rejected += 1
            // What AF users read (SPEC §6.4): Foundation's localized description and its NSDebugDescription.
            // Foundation's own depth limit (513 containers) is the core's nestingTooDeep, not a 3840.
            guard case .failure(let e) = ourResult, e.domain == AFSError.cocoaDomain, let theirError else { return }
            let theirDebug = theirError.userInfo[NSDebugDescriptionErrorKey] as? String
            // With several overflowing numbers Foundation names the one its unordered dictionaries
            // reach first (hash order); the core names the first in the document (SPEC §6.4).
            let suffix = " is not representable in Swift."
            let bothNumbers =
                e.context["debugDescription"]?.hasSuffix(suffix) == true && theirDebug?.hasSuffix(suffix) == true
            if e.message != theirError.localizedDescription
                || (e.context["debugDescription"] != theirDebug && !bothNumbers)
            {
                mismatches.append(
                    "texts differ: \(text) [\(hexString(doc.prefix(60)))]\n ours "
                        + "\(e.message) / \(e.context["debugDescription"] ?? "-")\n theirs "
                        + "\(theirError.localizedDescription) / \(theirDebug ?? "-")"
                )
            }
        case let (o?, t?):
            stats.accepted += 1
            if Self.canon(o) != Self.canon(t) {
                mismatches.append(
                    "value differs: \(text) [\(hexString(doc.prefix(60)))]\n "
                        + "ours \(Self.canon(o))\n theirs \(Self.canon(t))"
                )
            }
        case (_?, nil): mismatches.append("we accept, Foundation rejects: \(text) [\(hexString(doc.prefix(60)))]")
        case (nil, _?): mismatches.append("we reject, Foundation accepts: \(text) [\(hexString(doc.prefix(60)))]")
        }
    }

    @Test func generatedAndMutatedDocumentsMatchFoundation() {
        var r = RNG(seed: 0xAF5E_2026)
        var stats = (accepted: 0, rejected: 0)
        var mismatches: [String] = []
        for n in 0..<20000 {
            let doc = Array(Self.generate(&r, depth: 0).utf8)
            let candidate = n % 3 == 0 ? doc : Self.mutate(doc, &r)
            compare(candidate, fragments: n % 2 == 0, stats: &stats, mismatches: &mismatches)
        }
        print(
            "JSON differential vs Foundation: \(stats.accepted) accepted, "
                + "\(stats.rejected) rejected by both, \(mismatches.count) mismatches"
        )
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10).joined(separator: "\n"))")
        // Both outcomes must be well represented, or the test proves little.
        #expect(stats.accepted > 3000)
        #expect(stats.rejected > 3000)
    }

    /// Encoding detection: UTF-16/32 with and without BOM, odd lengths, BOM-only inputs.
    @Test func textEncodingsMatchFoundation() {
        func utf16(_ s: String, big: Bool) -> [UInt8] {
            s.utf16.flatMap { big ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        func utf32(_ s: String, big: Bool) -> [UInt8] {
            s.unicodeScalars.flatMap { u -> [UInt8] in
                let v = u.value;
                let le = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)];
                return big ? le.reversed() : le
            }
        }
        var docs: [[UInt8]] = []
        for s in ["[1]", "{\"é\":\"😀\"}", "1", "12", "\"a\"", " [ ] ", "[1,]"] {
            for big in [true, false] {
                docs.append(utf16(s, big: big)); docs.append(utf32(s, big: big))
                docs.append((big ? [0xFE, 0xFF] : [0xFF, 0xFE]) + utf16(s, big: big))
                docs.append((big ? [0, 0, 0xFE, 0xFF] : [0xFF, 0xFE, 0, 0]) + utf32(s, big: big))
                docs.append(utf16(s, big: big) + [0x31])
            }
            docs.append([0xEF, 0xBB, 0xBF] + Array(s.utf8))
        }
        docs += [
            [0x31, 0x00, 0x32], [0x5B, 0x00, 0x5D], [0xEF, 0xBB, 0xBF], [0xEF, 0xBB], [0x00],
            [0x22, 0x00, 0x00, 0xD8, 0x22, 0x00],
            [0x31, 0, 0, 0, 0, 0, 0x11, 0], [0xFF, 0xFE, 0xFF, 0xFE, 0x5B, 0, 0x5D, 0], [0x22, 0x00, 0x22],
            [0x20, 0x00],
        ]
        var stats = (accepted: 0, rejected: 0)
        var mismatches: [String] = []
        for d in docs { for f in [true, false] { compare(d, fragments: f, stats: &stats, mismatches: &mismatches) } }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
        #expect(stats.accepted > 20 && stats.rejected > 10)
    }
}

func hexString(_ b: some Sequence<UInt8>) -> String {
    b.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
}
