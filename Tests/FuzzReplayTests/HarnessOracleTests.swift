@testable import AFFuzzBodies
import AFFoundationCompat
import AFFuzzMultipartKitOracle
import AFSerialization
import Foundation
import Testing

/// Where a fuzz body models a known difference of its reference (Foundation, multipart-kit), the
/// model is checked here against the reference itself. Findings that were harness bugs; their
/// reproducers live in `Corpus/<target>/regressions/harness-*` and `foundation-*`.
@Suite struct HarnessOracleTests {
    /// plist-request: the tests link Foundation dynamically, which writes every array, so every tree the
    /// replay meets is compared byte for byte; only a static Foundation (OSS-Fuzz's builds) narrows the
    /// comparison (docs/matrix/FINDINGS.md F-5). The same objects in both spellings, as the body hands them.
    @Test func dynamicFoundationWritesArraysSoEveryPlistTreeIsCompared() throws {
        #expect(PlistRequestFuzz.foundationWritesArrays)
        let tree = ParameterValue.dictionary([.init("k", .array([.string("x"), .integer(2)]))])
        let swift = try PropertyListSerialization.data(
            fromPropertyList: tree.foundationBodyObject, format: .xml, options: 0)
        let ns = try PropertyListSerialization.data(
            fromPropertyList: tree.foundationPlistObject, format: .xml, options: 0)
        #expect(swift == ns && String(decoding: ns, as: UTF8.self).contains("<array>"))
    }

    /// json: Foundation drops a raw U+FEFF that starts a raw run of a string (after the quote or
    /// an escape). Each case: the string's JSON source, what it means (RFC 8259 §7, written by
    /// hand) and what Foundation reads (the same minus the U+FEFFs the model says it drops).
    static let bomCases: [(source: String, meaning: [UInt32], foundation: [UInt32])] = [
        ("\u{FEFF}a", [0xFEFF, 0x61], [0x61]),
        ("a\u{FEFF}b", [0x61, 0xFEFF, 0x62], [0x61, 0xFEFF, 0x62]),
        ("\\n\u{FEFF}b", [0x0A, 0xFEFF, 0x62], [0x0A, 0x62]),
        ("\\u0000\u{FEFF}b", [0x00, 0xFEFF, 0x62], [0x00, 0x62]),
        // Corpus/json/regressions/foundation-strips-raw-bom-after-escaped-backslash
        ("\\\\\u{FEFF}", [0x5C, 0xFEFF], [0x5C]),
        ("\u{FEFF}\u{FEFF}b", [0xFEFF, 0xFEFF, 0x62], [0xFEFF, 0x62]),
        ("\\uD83D\\uDE00\u{FEFF}x\u{FEFF}", [0x1F600, 0xFEFF, 0x78, 0xFEFF], [0x1F600, 0x78, 0xFEFF]),
        ("\\uFEFF", [0xFEFF], [0xFEFF]),
    ]

    static func foundationString(_ document: [UInt8]) -> [UInt32]? {
        guard let a = try? JSONSerialization.jsonObject(with: Data(document)) as? [Any], let s = a.first as? String
        else { return nil }
        return s.unicodeScalars.map(\.value)
    }

    @Test(arguments: 0..<bomCases.count)
    func droppedBOMModelMatchesFoundation(index: Int) throws {
        let c = Self.bomCases[index]
        let document = Array("[\"\(c.source)\"]".utf8)
        #expect(Self.foundationString(document) == c.foundation, "the model of what Foundation drops")
        let rewritten = JSONFuzz.escapingDroppedBOMs(document)
        #expect(Self.foundationString(rewritten) == c.meaning, "escaped, nothing is dropped")
        var parser = JSONParser()
        parser.dialect = .foundation
        guard case .array(let xs) = try parser.parse(document), case .string(let s)? = xs.first else {
            Issue.record("not an array of one string"); return
        }
        #expect(s.unicodeScalars.map(\.value) == c.meaning, "the core keeps every U+FEFF")
    }

    @Test func droppedBOMModelCoversKeysAndSkipsUTF16() throws {
        let document = Array("{\"\u{FEFF}k\":1}".utf8)
        let rewritten = JSONFuzz.escapingDroppedBOMs(document)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(rewritten)) as? [String: Any])
        #expect(object.keys.map { Array($0.unicodeScalars.map(\.value)) } == [[0xFEFF, 0x6B]])
    }

    /// The same model on UTF-16/32 input: Foundation reads it as the UTF-8 text `foundationUTF8`
    /// finds, and the document passes the exact comparison of the json body.
    @Test(arguments: [false, true])
    func droppedBOMModelOnUTF16And32(bom: Bool) throws {
        let text = "[\"\u{FEFF}x\\n\u{FEFF}y\u{FEFF}\"]"
        let documents: [[UInt8]] = [
            (bom ? [0xFF, 0xFE] : []) + Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
            (bom ? [0xFE, 0xFF] : []) + Array(text.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] },
            (bom ? [0, 0, 0xFE, 0xFF] : [])
                + text.unicodeScalars.flatMap { s in
                    (0..<4).reversed().map { UInt8((s.value >> (8 * UInt32($0))) & 0xFF) }
                },
        ]
        for document in documents {
            let f = try #require(try JSONSerialization.jsonObject(with: Data(document)) as? [Any])
            #expect(
                (f.first as? String)?.unicodeScalars.map(\.value) == [0x78, 0x0A, 0x79, 0xFEFF],
                "Foundation drops the run-leading U+FEFFs")
            let utf8 = try #require(JSONFuzz.foundationUTF8(document, value: f, options: []))
            #expect(
                utf8 == Array(text.utf8) || utf8 == [0xEF, 0xBB, 0xBF] + Array(text.utf8),
                "the text, or it after a document BOM")
            for flags: UInt8 in [0, 2] {
                #expect(throws: Never.self) { try JSONFuzz.run(bytes: [flags, 0] + document) }
            }
        }
    }

    /// The exact comparison fails when a U+FEFF goes missing (as it would if the core dropped it).
    @Test func exactComparisonSeesAMissingBOM() throws {
        let f = try JSONSerialization.jsonObject(
            with: Data(JSONFuzz.escapingDroppedBOMs(Array("[\"\u{FEFF}a\"]".utf8))))
        #expect(throws: FuzzFailure.self) { try JSONFuzz.agree(.array([.string("a")]), f, path: "$", exact: true) }
        #expect(throws: Never.self) { try JSONFuzz.agree(.array([.string("\u{FEFF}a")]), f, path: "$", exact: true) }
    }

    /// Foundation checks numbers only in each key's last member and drops a run-starting U+FEFF
    /// from keys; the core keeps it (SPEC §6.4), so `{"a": 1e400, "<FEFF>a": 0}` is one key for
    /// Foundation (accepted) and two for the core (rejected), and a raw and an escaped U+FEFF are
    /// one key for the core and two for Foundation. The json body accepts exactly these (found by
    /// fuzz-json, Corpus/json/regressions/bom-key-shadows-unrepresentable-number); a disagreement
    /// without a dropped U+FEFF is left unexplained (nil).
    @Test func bomMergedKeysDecideWhichNumberIsChecked() throws {
        var parser = JSONParser()
        parser.dialect = .foundation
        let merged = Array("{\"a\": 1e400, \"\u{FEFF}a\": 0}".utf8)
        let f = try #require(try JSONSerialization.jsonObject(with: Data(merged)) as? [String: Any])
        #expect(f.count == 1)
        #expect(throws: AFSError.self) { try parser.parse(merged) }
        #expect(throws: Never.self) { try JSONFuzz.run(bytes: [2, 0] + merged) }
        let split = Array("{\"\u{FEFF}a\": 1e400, \"\\uFEFFa\": 0}".utf8)
        #expect((try? JSONSerialization.jsonObject(with: Data(split))) == nil)
        #expect(throws: Never.self) { try parser.parse(split) }
        #expect(throws: Never.self) { try JSONFuzz.run(bytes: [2, 0] + split) }
        #expect(JSONFuzz.verdictAsFoundationKeysRead(Array("{\"a\": 1e400, \"a\": 0}".utf8), parser) == nil)
    }

    /// request: Foundation is asked about the top level's kind and each leaf
    /// (``RequestFuzz/foundationAccepts(_:)``), which must be its verdict on the whole tree. Checked
    /// on every kind of leaf, valid and not: as the top level, alone in an array or a dictionary,
    /// beside a valid sibling, in empty and mixed containers, and nested just past
    /// ``RequestFuzz/foundationDepth``.
    @Test func foundationVerdictLeafByLeafIsTheWholeTreeVerdict() {
        let leaves: [ParameterValue] = [
            .string("s"), .string(""), .integer(-3), .integer(.max), .double(1.5), .double(-0.0), .double(.nan),
            .double(.infinity), .double(-.infinity), .bool(true), .bool(false), .null,
        ]
        var trees: [ParameterValue] = [.array([]), .dictionary([]), .array([.array([]), .dictionary([])])]
        for leaf in leaves {
            trees += [
                leaf, .array([leaf]), .dictionary([.init("k", leaf)]),
                .array([.string("a"), .dictionary([.init("x", .integer(1)), .init("y", .array([leaf, .null]))])]),
                .dictionary([.init("k", .array([.array([leaf])])), .init("l", .dictionary([]))]),
            ]
            for wrapInArray in [false, true] {
                var tree: ParameterValue = .dictionary([.init("x", .integer(1)), .init("leaf", leaf)])
                for level in 0..<(RequestFuzz.foundationDepth + 2) {
                    tree =
                        wrapInArray && level % 2 == 0 ? .array([.string("a"), tree]) : .dictionary([.init("k", tree)])
                }
                #expect(tree.depth > RequestFuzz.foundationDepth)
                var finite = true
                if case .double(let d) = leaf { finite = d.isFinite }
                #expect(RequestFuzz.foundationAccepts(tree) == finite, "\(leaf): RFC 8259 §6 has no NaN or infinity")
                trees.append(tree)
            }
        }
        var invalid = 0
        for tree in trees {
            let whole = JSONSerialization.isValidJSONObject(tree.foundationBodyObject)
            #expect(RequestFuzz.foundationAccepts(tree) == whole, "\(String(describing: tree).prefix(200))")
            if !whole { invalid += 1 }
        }
        // Both verdicts occur: invalid leaves (NaN, ±∞) and leaves at the top level.
        #expect(invalid > 20 && invalid < trees.count - 20, "\(invalid) of \(trees.count) invalid")
    }

    /// request: SPEC §3.3 judges the model, which keeps both entries of a duplicate key, so data
    /// shadowed by a later valid value is still invalid (Corpus/request/regressions/
    /// harness-duplicate-key-data-then-*); an NSDictionary keeps only the last entry.
    @Test func duplicateKeyValidityJudgesEveryEntry() throws {
        let shadowed: ParameterValue = .dictionary([.init("", .data([])), .init("", .string(""))])
        #expect(JSONSerialization.isValidJSONObject(shadowed.foundationBodyObject))
        #expect(!RequestFuzz.foundationAccepts(shadowed))
        let nan: ParameterValue = .dictionary([.init("a", .double(.nan)), .init("a", .integer(1))])
        #expect(JSONSerialization.isValidJSONObject(nan.foundationBodyObject))
        #expect(!RequestFuzz.foundationAccepts(nan))
        let fine: ParameterValue = .dictionary([.init("a", .integer(1)), .init("a", .dictionary([.init("b", .null)]))])
        #expect(RequestFuzz.foundationAccepts(fine))

        let request = Request(method: "POST", url: "http://h/p")
        #expect(throws: AFSError.self) { try JSONRequestSerializer().serialize(request, parameters: shadowed) }
        do { _ = try JSONRequestSerializer().serialize(request, parameters: shadowed) } catch {
            #expect(error.domain == AFSError.requestDomain && error.code == -1016)
        }
    }

    /// request: where key order may differ, the JSON bodies are compared as the values Foundation
    /// reads. The same value in another key order is equal; every other difference JSON text can
    /// show is not (each pair written by hand, read by Foundation).
    @Test func sameJSONIgnoresOnlyKeyOrder() throws {
        func same(_ a: String, _ b: String) throws -> Bool {
            let read = { (s: String) in
                try JSONSerialization.jsonObject(with: Data(s.utf8), options: [.fragmentsAllowed])
            }
            return RequestFuzz.sameJSON(try read(a), try read(b))
        }
        #expect(try same(#"{"a":1,"b":[true,null,"x",{"c":2.5}]}"#, #"{"b":[true,null,"x",{"c":2.5}],"a":1}"#))
        #expect(try same(#"{"a":1.0}"#, #"{"a":1}"#), "numbers by value")
        let differ: [(String, String)] = [
            (#"{"a":1}"#, #"{"a":true}"#), (#"{"a":0}"#, #"{"a":false}"#), (#"{"a":1}"#, #"{"a":2}"#),
            (#"{"a":1}"#, #"{"b":1}"#), (#"{"a":1}"#, #"{"a":1,"b":1}"#), (#"[1,2]"#, #"[2,1]"#),
            (#"[1]"#, #"[1,1]"#), (#"{"a":null}"#, #"{"a":"null"}"#), (#"{"a":"1"}"#, #"{"a":1}"#),
            (#"{"a":[]}"#, #"{"a":{}}"#), (#"{"é":1}"#, #"{"e\u0301":1}"#), (#"["é"]"#, #"["e\u0301"]"#),
        ]
        for (a, b) in differ {
            #expect(try !same(a, b), "\(a) vs \(b)")
            #expect(try !same(b, a), "\(b) vs \(a)")
        }
    }

    /// multipart-parser: multipart-kit 4.7.1 traps on a header-name byte ≥ 0x80
    /// (Corpus/multipart-parser/regressions/harness-multipart-kit-traps-on-non-ascii-header-name);
    /// through `kitSafe` it rejects such a name and still reports body bytes (as 0x7F).
    @Test func multipartKitGetsNonASCIIAsDEL() throws {
        MultipartKitOracle.install()
        let kit = try #require(FuzzOracles.installed.multipartReference)
        let badName = Array("--b\r\n".utf8) + [0x98] + Array(": x\r\n\r\nv\r\n--b--\r\n".utf8)
        #expect(kit(MultipartParserFuzz.kitSafe(badName), "b") == nil)
        let body =
            Array("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n".utf8) + [0xC3, 0xA9]
            + Array("\r\n--b--\r\n".utf8)
        let parts = kit(MultipartParserFuzz.kitSafe(body), "b")
        #expect(parts?.count == 1 && parts?.first?.body == [0x7F, 0x7F])
    }

    /// multipart-parser: multipart-kit takes `x--b` in the preamble as the first delimiter; RFC 2046
    /// §5.1.1 says a delimiter starts a line, so the first part here is `c`
    /// (Corpus/multipart-parser/regressions/harness-multipart-kit-delimiter-mid-line-in-preamble).
    @Test func multipartKitGetsTheBodyFromTheFirstDelimiterLine() throws {
        MultipartKitOracle.install()
        let kit = try #require(FuzzOracles.installed.multipartReference)
        let body = Array(
            ("x--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv\r\n--b\r\n"
                + "Content-Disposition: form-data; name=\"c\"\r\n\r\nw\r\n--b--\r\n")
                .utf8)
        #expect(kit(body, "b")?.count == 2)
        let start = try #require(MultipartParserFuzz.firstDelimiterLine(body, boundary: "b"))
        #expect(start == 53)  // 6 + 40 + 4 + 1 + 2 bytes of the literal
        #expect(kit(Array(body[start...]), "b")?.map(\.body) == [[0x77]])
        #expect(try MultipartParser.parse(body, boundary: "b").map(\.name) == ["c"])
        #expect(MultipartParserFuzz.firstDelimiterLine(Array("--b\r\n".utf8), boundary: "b") == 0)
        #expect(MultipartParserFuzz.firstDelimiterLine(Array("--b--".utf8), boundary: "b") == 0)
        #expect(MultipartParserFuzz.firstDelimiterLine(Array("--b".utf8), boundary: "b") == nil)  // not known yet
        #expect(MultipartParserFuzz.firstDelimiterLine(Array("\r--b\r\n".utf8), boundary: "b") == nil)
        #expect(MultipartParserFuzz.firstDelimiterLine(Array("--bx\r\n\r\n--b \t\r\n".utf8), boundary: "b") == 8)
    }

    /// multipart-parser: SPEC §5.7 reads a `--boundary` line that goes on with other bytes as data;
    /// multipart-kit does not, so such bodies are not compared with it (``hasDelimiterLookalike``).
    @Test func delimiterLookalikesAreNotComparedWithMultipartKit() throws {
        MultipartKitOracle.install()
        let kit = try #require(FuzzOracles.installed.multipartReference)
        let head = "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nv"
        for tail in ["\r\n--bQ", "\r\n--b-Q", "\r\n--b\rQ", "\r\n--b \tQ"] {
            let body = Array((head + tail + "\r\n--b--\r\n").utf8)
            #expect(MultipartParserFuzz.hasDelimiterLookalike(body, boundary: "b"), "\(tail.debugDescription)")
            let ours = try MultipartParser.parse(body, boundary: "b")
            #expect(ours.map(\.body) == [Array(("v" + tail).utf8)])
            #expect(
                kit(body, "b")?.map(\.body) != ours.map(\.body),
                "multipart-kit agrees on \(tail.debugDescription): compare it again")
        }
        #expect(
            !MultipartParserFuzz.hasDelimiterLookalike(
                Array((head + "\r\n--b \r\n" + head + "\r\n--b--").utf8), boundary: "b"))
    }

    /// ParameterValue.depth, the request oracles' nesting count (doc: a leaf has depth 0, `[1]` depth 1).
    @Test func depthCountsNestingLevels() {
        #expect(ParameterValue.string("x").depth == 0)
        #expect(ParameterValue.null.depth == 0)
        #expect(ParameterValue.array([.integer(1)]).depth == 1)
        #expect(ParameterValue.array([.integer(1), .array([.array([.integer(2)])])]).depth == 3)
        #expect(ParameterValue.dict(["a": .integer(1)]).depth == 1)
        #expect(ParameterValue.dict(["a": .dict(["b": .null])]).depth == 2)
        #expect(ParameterValue.set([.integer(1), .set([.bool(true)])]).depth == 2)
        #expect(ParameterValue.array([.dict(["a": .array([.integer(1)])])]).depth == 3)
    }
}
