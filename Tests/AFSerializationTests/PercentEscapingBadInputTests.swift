#if canImport(Glibc)
    import Glibc
#endif
import Testing
@testable import AFSerialization

/// SPEC §8 for escaping: huge input works in memory proportional to it; raw input errors are
/// typed and say where.
@Suite(.serialized) struct PercentEscapingBadInputTests {
    /// Peak resident set size in bytes (Linux reports ru_maxrss in KiB).
    static func peakRSS() -> Int {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return u.ru_maxrss * 1024
    }

    /// 100 MB of text escapes correctly and the process peak grows by less than 6× the input
    /// (input copy excluded: the output is at most 3× the input, allocated at its exact size).
    /// The peak is a process-wide high-water mark, so this can only under-report; it still
    /// fails if escaping keeps several output-sized buffers alive at once.
    @Test func hundredMegabyteString() throws {
        let unit = "abc/? é"  // 7 scalars, 8 UTF-8 bytes: 4 allowed, 1 space, 1 é
        let count = 100_000_000 / 8
        let s = String(repeating: unit, count: count)
        #expect(s.utf8.count == 100_000_000)
        let before = Self.peakRSS()
        let out = PercentEscape.escape(s)
        let grown = Self.peakRSS() - before
        // Per unit: "abc/?" + "%20" + "%C3%A9" = 5 + 3 + 6 = 14 bytes (SPEC §1.1–1.2).
        #expect(out.utf8.count == count * 14)
        #expect(out.utf8.prefix(28).elementsEqual("abc/?%20%C3%A9abc/?%20%C3%A9".utf8))
        #expect(grown < 6 * 100_000_000, "peak grew by \(grown) bytes")
    }

    /// Large, mostly-unescaped input takes the shrink-to-fit copy path; the text must not change.
    @Test func largeMostlyUnescapedInput() {
        let s = String(repeating: "a", count: 200_000) + " ~"
        #expect(PercentEscape.escape(s) == String(repeating: "a", count: 200_000) + "%20~")
        #expect(PercentEscape.escape(s, style: .whatwgForm) == String(repeating: "a", count: 200_000) + "+%7E")
    }

    @Test func batchedEscapeOfAMegabyte() throws {
        let s = String(repeating: "a👨‍👩‍👧‍👦b€", count: 60_000)
        let r = try PercentEscape.escapeInBatches(s)
        #expect(r.text == PercentEscape.escape(s))
        #expect(r.batches.count >= s.utf16.count / 61)
        #expect(r.batches.last?.upperBound == s.utf16.count)
    }

    @Test func loneSurrogatesAnywhere() {
        // A lead surrogate at the very end, a trail at the very start, and one deep inside.
        let cases: [([UInt16], Int, String)] = [
            (Array("abc".utf16) + [0xD800], 3, "U+D800"),
            ([0xDFFF] + Array("abc".utf16), 0, "U+DFFF"),
            (Array(String(repeating: "x", count: 1000).utf16) + [0xDBFF, 0x41], 1000, "U+DBFF"),
        ]
        for (units, offset, unit) in cases {
            #expect {
                try PercentEscape.escape(utf16: units)
            } throws: { e in
                guard let e = e as? AFSError else { return false }
                return e.kind == .unpairedSurrogate && e.offset == offset && e.context["codeUnit"] == unit
            }
        }
    }

    @Test func invalidUTF8Anywhere() {
        var bytes = Array(String(repeating: "€", count: 1000).utf8)
        bytes.insert(0xC3, at: 1500)  // a lead byte in front of another lead byte
        #expect {
            try PercentEscape.escape(bytes: bytes)
        } throws: { ($0 as? AFSError)?.kind == .invalidUTF8 && ($0 as? AFSError)?.offset == 1500 }
    }

    @Test func escapeBytesRejectsInvalidUTF8() throws {
        // SPEC §1.5: raw bytes must be UTF-8; 0xFF never occurs in UTF-8 (RFC 3629 §1).
        let e = MP.error { () throws(AFSError) in try PercentEscape.escape(bytes: [0x61, 0xFF]) }
        #expect(e?.kind == .invalidUTF8)
        #expect(e?.offset == 1)
        #expect(
            MP.error { () throws(AFSError) in try PercentEscape.escape(bytes: [0xE2, 0x82]) }?.kind == .invalidUTF8)
        // SPEC §1.2: À = C3 80 → %C3%80.
        #expect(try PercentEscape.escape(bytes: [0xC3, 0x80]) == "%C3%80")
    }
}
