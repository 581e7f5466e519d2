import AFConformance
import AFSerialization
import AFVectorFormat
import Testing

/// `JSONValue.jsonText` / `prettyJSONText` (AFVectorFormat/JSONText.swift): the harness's own JSON text
/// writer (eval replies, vector files). It is not reachable from the in-process vectors, so these
/// tests pin it.
///
/// Expected strings come from Python 3's `json` module, not from this writer:
/// `json.dumps(v, separators=(",", ":"), ensure_ascii=False)` for `jsonText` and
/// `json.dumps(v, indent=2, ensure_ascii=False)` for `prettyJSONText` (two-space indent, one
/// member per line, `": "` after keys, empty containers as `[]`/`{}`, no trailing newline), for
/// the same values written as Python literals. Where the writer's documented rule differs from
/// Python, the test follows the writer's rule (source doc comment + VECTORS.md: number text is
/// kept verbatim; only `"` `\` LF CR TAB have short escapes, every other C0 control and DEL is
/// `\u00xx` lowercase; Python would write `\b` `\f` and a raw DEL) and says so.
@Suite struct JSONTextWriterTests {
    /// Python: {"a":[1,"x",None,True,False,0.5,-12],"b":{},"c":[],"d":{"e":{"f":[[2],[]]}},"g/h":"i/j"}
    static let sample: JSONValue = .obj([
        "a": .array([.int(1), .string("x"), .null, .bool(true), .bool(false), .number("0.5"), .number("-12")]),
        "b": .object([]),
        "c": .array([]),
        "d": .obj(["e": .obj(["f": .array([.array([.int(2)]), .array([])])])]),
        "g/h": .string("i/j"),
    ])

    @Test func compactTextMatchesPythonJSONDumps() {
        // '/' is not escaped (Python does not escape it either).
        #expect(
            Self.sample.jsonText
                == #"{"a":[1,"x",null,true,false,0.5,-12],"b":{},"c":[],"d":{"e":{"f":[[2],[]]}},"g/h":"i/j"}"#)
    }

    @Test func prettyTextMatchesPythonIndent2() {
        let expected = [
            #"{"#,
            #"  "a": ["#,
            #"    1,"#,
            #"    "x","#,
            #"    null,"#,
            #"    true,"#,
            #"    false,"#,
            #"    0.5,"#,
            #"    -12"#,
            #"  ],"#,
            #"  "b": {},"#,
            #"  "c": [],"#,
            #"  "d": {"#,
            #"    "e": {"#,
            #"      "f": ["#,
            #"        ["#,
            #"          2"#,
            #"        ],"#,
            #"        []"#,
            #"      ]"#,
            #"    }"#,
            #"  },"#,
            #"  "g/h": "i/j""#,
            #"}"#,
        ].joined(separator: "\n")
        #expect(Self.sample.prettyJSONText == expected)
    }

    /// Python: json.dumps([[1, {"a": []}], "s"], indent=2, ensure_ascii=False)
    @Test func prettyTopLevelArrayNestsByLevel() {
        let v: JSONValue = .array([.array([.int(1), .obj(["a": .array([])])]), .string("s")])
        let expected = [
            #"["#,
            #"  ["#,
            #"    1,"#,
            #"    {"#,
            #"      "a": []"#,
            #"    }"#,
            #"  ],"#,
            #"  "s""#,
            #"]"#,
        ].joined(separator: "\n")
        #expect(v.prettyJSONText == expected)
        #expect(v.jsonText == #"[[1,{"a":[]}],"s"]"#)
    }

    /// Python: json.dumps({"a": 1}, indent=2) and the compact form.
    @Test func oneMemberObject() {
        let v: JSONValue = .obj(["a": .int(1)])
        #expect(v.prettyJSONText == "{\n  \"a\": 1\n}")
        #expect(v.jsonText == #"{"a":1}"#)
    }

    /// Empty containers and scalars at the top level (Python: [] {} null true false "x").
    @Test func topLevelScalarsAndEmptyContainers() {
        for pretty in [false, true] {
            func text(_ v: JSONValue) -> String { pretty ? v.prettyJSONText : v.jsonText }
            #expect(text(.array([])) == "[]")
            #expect(text(.object([])) == "{}")
            #expect(text(.null) == "null")
            #expect(text(.bool(true)) == "true")
            #expect(text(.bool(false)) == "false")
            #expect(text(.string("x")) == #""x""#)
            // Number text is written verbatim (writer's rule; Python would print 1000.0).
            #expect(text(.number("1e3")) == "1e3")
        }
    }

    /// Python: json.dumps("q\"b\\s/n\nr\rt\t\x00\x01\x10\x1f\x7f é日😀\u2028", ensure_ascii=False)
    /// gives "q\"b\\s/n\nr\rt\t\u0000\u0001\u0010\u001f<DEL> é日😀<U+2028>"; the writer's rule escapes
    /// DEL as \u007f (Python writes it raw). Non-ASCII and U+2028 are raw UTF-8 in both.
    @Test func stringEscapes() {
        let s = "q\"b\\s/n\nr\rt\t\u{00}\u{01}\u{10}\u{1F}\u{7F} é日😀\u{2028}"
        let expected = #""q\"b\\s/n\nr\rt\t\u0000\u0001\u0010\u001f\u007f é日😀"# + "\u{2028}" + "\""
        #expect(JSONValue.string(s).jsonText == expected)
        #expect(JSONValue.string(s).prettyJSONText == expected)
    }

    /// Backspace and form feed: Python writes \b and \f; the writer's rule (only " \ LF CR TAB have
    /// short escapes) writes \u0008 and \u000c. Each escape alone, between letters.
    @Test func otherControlsAreLowercaseUnicodeEscapes() {
        #expect(JSONValue.string("a\u{08}b\u{0C}c").jsonText == #""a\u0008b\u000cc""#)
        #expect(JSONValue.string("\u{1B}").jsonText == #""\u001b""#)
        #expect(JSONValue.string("\"").jsonText == "\"\\\"\"")
        #expect(JSONValue.string("\\").jsonText == #""\\""#)
        #expect(JSONValue.string("\n").jsonText == #""\n""#)
        #expect(JSONValue.string("\r").jsonText == #""\r""#)
        #expect(JSONValue.string("\t").jsonText == #""\t""#)
        #expect(JSONValue.string("").jsonText == "\"\"")
    }

    /// Keys are escaped like values. Python: json.dumps({"k\"\n": "v", "x": [True]}, separators=(",", ":"))
    @Test func keysAreEscapedLikeValues() {
        let v: JSONValue = .obj(["k\"\n": .string("v"), "x": .array([.bool(true)])])
        #expect(v.jsonText == #"{"k\"\n":"v","x":[true]}"#)
        #expect(v.prettyJSONText == "{\n  \"k\\\"\\n\": \"v\",\n  \"x\": [\n    true\n  ]\n}")
    }

    /// Duplicate members are kept in stored order (JSONValue keeps them; Python cannot build such a
    /// dict, so this one is from the doc comment: "members in stored order").
    @Test func duplicateMembersKeepStoredOrder() {
        let v: JSONValue = .object([.init("a", .int(1)), .init("a", .int(2))])
        #expect(v.jsonText == #"{"a":1,"a":2}"#)
    }

    /// JSONValue.isDoubleLiteral (VECTORS.md: a fraction or exponent makes a number a double).
    @Test func doubleLiteralsHaveAFractionOrAnExponent() {
        // RFC 8259 §6: frac = "." digits; exp = ("e" / "E") [sign] digits.
        #expect(JSONValue.number("1.5").isDoubleLiteral)
        #expect(JSONValue.number("1e5").isDoubleLiteral)
        #expect(JSONValue.number("1E5").isDoubleLiteral)
        #expect(JSONValue.number("-2.5E-3").isDoubleLiteral)
        #expect(!JSONValue.number("10").isDoubleLiteral)
        #expect(!JSONValue.number("-0").isDoubleLiteral)
        #expect(!JSONValue.string("1.5").isDoubleLiteral)
    }
}
