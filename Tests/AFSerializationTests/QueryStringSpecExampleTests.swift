import Testing
@testable import AFSerialization

/// The worked examples of SPEC §1.2, §2.3 and §2.5–2.7, verbatim (expected values are SPEC text).
@Suite struct SpecExampleTests {
    @Test func reservedCharacters() {
        #expect(PercentEscape.escape(":#[]@!$&'()*+,;=?/") == "%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D?/")
    }

    @Test func utf8Examples() {
        #expect(PercentEscape.escape("À") == "%C3%80")
        #expect(PercentEscape.escape("👴🏻") == "%F0%9F%91%B4%F0%9F%8F%BB")
        #expect(PercentEscape.escape("%20") == "%2520")
        #expect(PercentEscape.escape(" ") == "%20")
    }

    @Test func batchWidenedAroundEmojiModifier() throws {
        // 48 ASCII units, then 👴🏻 (4 units) covering units 48..<52: the 50th unit falls inside it.
        // SPEC §1.4's example: first batch [0, 53) — here we place the emoji so that it ends at 53.
        let s = String(repeating: "a", count: 49) + "👴🏻" + "tail"
        let batches = try PercentEscape.batches(of: s)
        #expect(batches.first == 0..<53)
        #expect(batches.last?.upperBound == s.utf16.count)
    }

    @Test func doubleDescriptions() {
        #expect(ValueDescription.double(1.0) == "1")
        #expect(ValueDescription.double(0.1) == "0.1")
        #expect(ValueDescription.double(1e100) == "1e+100")
        #expect(ValueDescription.double(1e-6) == "1e-06")
        #expect(ValueDescription.double(-0.0) == "-0")
        #expect(ValueDescription.double(.nan) == "nan")
        #expect(ValueDescription.double(-.nan) == "nan")
        #expect(ValueDescription.double(.infinity) == "inf")
    }

    @Test func keyOrder() throws {
        let keys = ["b", "ab", "a", "_", "B", "9", "10"]
        let p = ParameterValue.dictionary(keys.map { .init($0, .integer(1)) })
        #expect(try QueryString.pairs(p).map(\.field) == ["10", "9", "B", "_", "a", "ab", "b"])
    }

    @Test func pairEncodingExample() throws {
        let p = ParameterValue.dict(["foo": .string("bar"), "baz": .array([.integer(1), .integer(2), .integer(3)])])
        #expect(try QueryString.encode(p) == "baz%5B%5D=1&baz%5B%5D=2&baz%5B%5D=3&foo=bar")
    }

    @Test func topLevelQuirks() throws {
        #expect(try QueryString.encode(.string("s"), profile: .af4) == "=s")
        #expect(try QueryString.encode(.array([.integer(1)]), profile: .af3) == "%28null%29%5B%5D=1")
        #expect(throws: AFSError.self) { try QueryString.encode(.string("s"), profile: .strict) }
    }

    @Test func dataIsAnError() {
        #expect(throws: AFSError.self) { try QueryString.encode(.dict(["d": .data([1])])) }
    }
}
