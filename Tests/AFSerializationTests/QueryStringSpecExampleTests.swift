import Testing
@testable import AFSerialization

/// Every worked example and enumerated rule of SPEC §1–2, verbatim: expected values are SPEC text
/// (or RFC 3986 / WHATWG text the SPEC cites), never our own output.
@Suite struct QueryStringSpecExampleTests {
    // MARK: §1.1 allowed set

    @Test func allowedSetIsExactlyTheSixtyEightCharacters() throws {
        // SPEC §1.1: `A–Z a–z 0–9 - . _ ~ / ?` (68 ASCII characters).
        let spec = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?".utf8))
        #expect(spec.count == 68)
        for b in UInt8(0)...UInt8(255) {
            let s = String(decoding: [b], as: UTF8.self)  // ≥ 0x80 becomes U+FFFD: escaped
            let unescaped = PercentEscape.escape(s) == s
            #expect(unescaped == spec.contains(b), "byte \(b)")
            #expect(EscapeStyle.afnetworking.allows(b) == spec.contains(b), "allows(\(b))")
        }
    }

    // MARK: §1.2 encoding

    @Test func reservedCharacters() throws {
        #expect(PercentEscape.escape(":#[]@!$&'()*+,;=?/") == "%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D?/")
        // VECTORS.md's sample vector percent-escape/reserved/001.
        #expect(PercentEscape.escape(":#[]@?/") == "%3A%23%5B%5D%40?/")
    }

    @Test func utf8Examples() throws {
        #expect(PercentEscape.escape("À") == "%C3%80")
        #expect(PercentEscape.escape("👴🏻") == "%F0%9F%91%B4%F0%9F%8F%BB")
        #expect(PercentEscape.escape("%") == "%25")
        #expect(PercentEscape.escape("%20") == "%2520")
        #expect(PercentEscape.escape(" ") == "%20")
        #expect(PercentEscape.escape("") == "")
    }

    // MARK: §1.3 styles

    @Test func whatwgFormStyle() throws {
        // SPEC §1.3 / WHATWG URL §5.2: `*-._` and alphanumerics kept, space → `+`.
        #expect(PercentEscape.escape("a b*-._", style: .whatwgForm) == "a+b*-._")
        #expect(PercentEscape.escape("~", style: .whatwgForm) == "%7E")
        #expect(PercentEscape.escape("/", style: .whatwgForm) == "%2F")
        #expect(PercentEscape.escape("?", style: .whatwgForm) == "%3F")
        #expect(PercentEscape.escape("+", style: .whatwgForm) == "%2B")
        #expect(PercentEscape.escape(" ", style: .whatwgForm) == "+")
    }

    @Test func rfc3986UnreservedStyle() throws {
        // RFC 3986 §2.3: ALPHA DIGIT - . _ ~ only.
        #expect(PercentEscape.escape("aZ09-._~", style: .rfc3986Unreserved) == "aZ09-._~")
        #expect(PercentEscape.escape("/?* ", style: .rfc3986Unreserved) == "%2F%3F%2A%20")
    }

    // MARK: §1.4 batching

    @Test func batchWidenedAroundEmojiModifier() throws {
        // 49 ASCII units (indices 0…48), then 👴🏻 at units 49..<53: the 50th unit (index 49)
        // falls inside it, so the first batch is widened to [0, 53) as SPEC §1.4 says.
        let s = String(repeating: "a", count: 49) + "👴🏻" + "tail"
        let result = try PercentEscape.escapeInBatches(s)
        #expect(result.batches == [0..<53, 53..<57])
        #expect(result.text == String(repeating: "a", count: 49) + "%F0%9F%91%B4%F0%9F%8F%BBtail")
    }

    @Test func batchSizeMustBePositive() throws {
        #expect(throws: AFSError.self) { try PercentEscape.batches(of: "a", batchSize: 0) }
        #expect(throws: AFSError.self) { try PercentEscape.escapeInBatches("a", batchSize: -1) }
    }

    @Test func emptyStringHasNoBatches() throws {
        #expect(try PercentEscape.batches(of: "") == [])
    }

    @Test func hugeBatchSizeIsOneBatch() throws {
        // start + batchSize must not overflow.
        #expect(try PercentEscape.batches(of: "a👴🏻", batchSize: .max) == [0..<5])
    }

    // MARK: §1.5 invalid input

    @Test func unpairedSurrogatesAreTypedErrors() throws {
        for (units, offset) in [
            ([0xD83D], 0), ([0x61, 0xDC74], 1), ([0xD83D, 0x61], 0), ([0xD83D, 0xDC74, 0xDC74], 2),
        ] as [([UInt16], Int)] {
            #expect {
                try PercentEscape.escape(utf16: units)
            } throws: { e in
                (e as? AFSError)?.kind == .unpairedSurrogate && (e as? AFSError)?.offset == offset
            }
        }
        #expect(try PercentEscape.escape(utf16: [0xD83D, 0xDC74, 0xD83C, 0xDFFB]) == "%F0%9F%91%B4%F0%9F%8F%BB")
    }

    @Test func invalidUTF8IsATypedError() throws {
        // RFC 3629: lone continuation, overlong, encoded surrogate, above U+10FFFF, truncated.
        for (bytes, offset) in [
            ([0x80], 0), ([0x61, 0xC0, 0xAF], 1), ([0xED, 0xA0, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0),
            ([0x61, 0xE2, 0x82], 1), ([0xFF], 0),
        ] as [([UInt8], Int)] {
            #expect {
                try PercentEscape.escape(bytes: bytes)
            } throws: { e in
                (e as? AFSError)?.kind == .invalidUTF8 && (e as? AFSError)?.offset == offset
            }
        }
        #expect(try PercentEscape.escape(bytes: [0xC3, 0x80]) == "%C3%80")
    }

    // MARK: §2.2 flattening

    @Test func flatteningShapes() throws {
        let p = ParameterValue.dict([
            "d": .dict(["y": .integer(2), "x": .integer(1)]),
            "a": .array([.string("p"), .string("q")]),
            "s": .set([.string("b"), .string("a")]),
            "e": .dictionary([]),
            "f": .array([]),
        ])
        let pairs = try QueryString.pairs(p)
        #expect(pairs.map(\.field) == ["a[]", "a[]", "d[x]", "d[y]", "s", "s"])
        #expect(
            pairs.map(\.value) == [.string("p"), .string("q"), .integer(1), .integer(2), .string("a"), .string("b")])
    }

    // MARK: §2.3 descriptions and order

    @Test func doubleDescriptions() throws {
        #expect(ValueDescription.double(1.0) == "1")
        #expect(ValueDescription.double(0.1) == "0.1")
        #expect(ValueDescription.double(1e100) == "1e+100")
        #expect(ValueDescription.double(1e-6) == "1e-06")
        #expect(ValueDescription.double(-0.0) == "-0")
        #expect(ValueDescription.double(.nan) == "nan")
        #expect(ValueDescription.double(-.nan) == "nan")
        #expect(ValueDescription.double(.infinity) == "inf")
    }

    @Test func leafDescriptions() throws {
        let p = ParameterValue.dict(["b": .bool(true), "c": .bool(false), "i": .integer(-42), "s": .string("x")])
        #expect(try QueryString.encode(p) == "b=1&c=0&i=-42&s=x")
    }

    @Test func keyOrder() throws {
        let keys = ["b", "ab", "a", "_", "B", "9", "10"]
        let p = ParameterValue.dictionary(keys.map { .init($0, .integer(1)) })
        #expect(try QueryString.pairs(p).map(\.field) == ["10", "9", "B", "_", "a", "ab", "b"])
    }

    @Test func canonicallyEquivalentKeysTieBreakByUTF8() throws {
        // "é" precomposed (C3 A9) and decomposed (65 CC 81) compare equal as Swift Strings;
        // by UTF-8 bytes 0x65 < 0xC3, so the decomposed key comes first, whatever the input order.
        let pre = "\u{E9}", dec = "e\u{301}"
        for keys in [[pre, dec], [dec, pre]] {
            let p = ParameterValue.dictionary(
                keys.map { .init($0, .string($0.utf8.elementsEqual(pre.utf8) ? "pre" : "dec")) })
            #expect(try QueryString.encode(p) == "e%CC%81=dec&%C3%A9=pre")
        }
    }

    @Test func setTiesKeepInputOrder() throws {
        // "1" (string) and 1 (integer) have the same description: input order decides.
        let a = ParameterValue.dict(["s": .set([.string("1"), .integer(1), .string("0")])])
        #expect(try QueryString.pairs(a).map(\.value) == [.string("0"), .string("1"), .integer(1)])
        let b = ParameterValue.dict(["s": .set([.integer(1), .string("1"), .string("0")])])
        #expect(try QueryString.pairs(b).map(\.value) == [.string("0"), .integer(1), .string("1")])
    }

    // MARK: §2.4 styles

    @Test func arrayStyles() throws {
        let p = ParameterValue.dict(["a": .array([.integer(5), .integer(6)])])
        #expect(try QueryString.encode(p, options: .init(arrayStyle: .brackets)) == "a%5B%5D=5&a%5B%5D=6")
        #expect(try QueryString.encode(p, options: .init(arrayStyle: .noBrackets)) == "a=5&a=6")
        #expect(try QueryString.encode(p, options: .init(arrayStyle: .indexInBrackets)) == "a%5B0%5D=5&a%5B1%5D=6")
    }

    @Test func boolStyles() throws {
        let p = ParameterValue.dict(["t": .bool(true), "f": .bool(false)])
        #expect(try QueryString.encode(p, options: .init(boolStyle: .numeric)) == "f=0&t=1")
        #expect(try QueryString.encode(p, options: .init(boolStyle: .literal)) == "f=false&t=true")
    }

    // MARK: §2.5 pair encoding

    @Test func pairEncodingExample() throws {
        let p = ParameterValue.dict(["foo": .string("bar"), "baz": .array([.integer(1), .integer(2), .integer(3)])])
        #expect(try QueryString.encode(p) == "baz%5B%5D=1&baz%5B%5D=2&baz%5B%5D=3&foo=bar")
    }

    @Test func nullPairIsTheFieldAlone() throws {
        let p = ParameterValue.dict(["a b": .null, "c": .string("d")])
        #expect(try QueryString.encode(p) == "a%20b&c=d")
    }

    @Test func fieldsAndValuesAreEscaped() throws {
        let p = ParameterValue.dict(["k&=": .string("v&= /?")])
        #expect(try QueryString.encode(p) == "k%26%3D=v%26%3D%20/?")
        #expect(try QueryString.encode(p, options: .init(escapeStyle: .whatwgForm)) == "k%26%3D=v%26%3D+%2F%3F")
    }

    // MARK: §2.6 top-level quirks

    @Test func topLevelQuirks() throws {
        for profile in [Profile.af3, .af4] {
            #expect(try QueryString.encode(.string("s"), profile: profile) == "=s")
            #expect(try QueryString.encode(.array([.integer(1)]), profile: profile) == "%28null%29%5B%5D=1")
        }
        for p in [ParameterValue.string("s"), .array([.integer(1)]), .integer(1), .null, .set([])] {
            #expect { try QueryString.encode(p, profile: .strict) } throws: {
                ($0 as? AFSError)?.kind == .topLevelNotDictionary
            }
        }
        #expect(try QueryString.encode(.dict(["a": .integer(1)]), profile: .strict) == "a=1")
    }

    // MARK: §2.7 data

    @Test func dataIsAnErrorInEveryProfile() throws {
        for profile in Profile.allCases {
            #expect {
                try QueryString.encode(.dict(["d": .data([1])]), profile: profile)
            } throws: { ($0 as? AFSError)?.kind == .dataInQueryString && ($0 as? AFSError)?.context["field"] == "d" }
        }
    }
}
