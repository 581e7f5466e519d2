import Testing
@testable import AFSerialization

/// Issue 26's JSON fast paths checked against their references: cleaning fused into the parse
/// against `NullCleaning.clean` after a plain parse, and the 8-byte string scan against strings
/// whose special byte sits at every offset of a word.
@Suite struct JSONParserFastPathTests {
    /// Seeded documents rich in what the cleaning rule cares about: nulls in arrays and objects,
    /// duplicate keys whose last member is or is not null, nesting, and (Foundation dialect) numbers
    /// that overflow a Double, which make the parser fall back to parse, check, then clean.
    @Test func fusedCleaningEqualsTheReference() throws {
        var rng = SplitMix64(seed: 26)
        var compared = 0, cleanedSomething = 0
        for n in 0..<4000 {
            let text = Array(randomDocument(&rng, depth: 0).utf8)
            for dialect in [JSONParser.Dialect.rfc8259, .foundation] {
                var plain = JSONParser(allowFragments: true)
                plain.dialect = dialect
                for mode in [NullCleaning.Mode.members, .membersAndElements] {
                    var fused = plain
                    fused.nullCleaning = mode
                    let reference = Result { () throws(AFSError) in try NullCleaning.clean(plain.parse(text), mode: mode) }
                    let ours = Result { () throws(AFSError) in try fused.parse(text) }
                    #expect(ours == reference, "document \(n) (\(dialect), \(mode)): \(String(decoding: text, as: UTF8.self))")
                    if case .success(let cleaned) = reference, cleaned != (try? plain.parse(text)) { cleanedSomething += 1 }
                    compared += 1
                }
            }
            // A cut document: the same error with and without cleaning.
            let cut = Array(text.prefix(Int(rng.next() % UInt64(text.count + 1))))
            var fused = JSONParser(allowFragments: true)
            fused.nullCleaning = .membersAndElements
            let a = Result { () throws(AFSError) in try fused.parse(cut) }
            let b = Result { () throws(AFSError) in try NullCleaning.clean(JSONParser(allowFragments: true).parse(cut), mode: .membersAndElements) }
            #expect(a == b, "cut document \(n)")
        }
        #expect(compared == 16000)
        #expect(cleanedSomething > 3000, "the documents must exercise the cleaning (\(cleanedSomething))")
    }

    @Test func fusedCleaningKeepsTheNumberRuleOrder() throws {
        var p = JSONParser(allowFragments: true)
        p.dialect = .foundation
        p.nullCleaning = .membersAndElements
        // Foundation drops the overwritten 1e400 before converting numbers: accepted, then cleaned.
        #expect(try p.parse(Array(#"{"a":1e400,"a":null,"b":[null,1]}"#.utf8)) == .obj(["b": .array([.number("1")])]))
        // The last member is the number: rejected, at its offset, cleaning or not.
        let e = #expect(throws: AFSError.self) { try p.parse(Array(#"{"a":null,"a":1e400}"#.utf8)) }
        #expect(e?.offset == 14)
        #expect(e?.message == AFSError.jsonReadingDescription)
        #expect(e?.context["debugDescription"] == "Number 1e400 is not representable in Swift.")
    }

    /// A special byte at every offset 0..<24 of a string (so at every position of the 8-byte scan
    /// and in its byte-wise tail), with 0..<10 plain bytes after it. Expected values are built here
    /// from the RFC 8259 rules, not read from the parser.
    @Test func stringScanFindsEverySpecialByte() throws {
        let parser = JSONParser(allowFragments: true)
        for k in 0..<24 {
            for tail in 0..<10 {
                let before = String(repeating: "a", count: k), after = String(repeating: "z", count: tail)
                // `["` + before + X + after + `"]`: the string starts at offset 1, X sits at 2 + k.
                func doc(_ x: [UInt8]) -> [UInt8] { Array("[\"\(before)".utf8) + x + Array("\(after)\"]".utf8) }
                #expect(try parser.parse(doc(Array("\\n".utf8))) == .array([.string(before + "\n" + after)]))
                #expect(try parser.parse(doc(Array("é".utf8))) == .array([.string(before + "é" + after)]))
                #expect(try parser.parse(doc(Array("\\\"".utf8))) == .array([.string(before + "\"" + after)]))
                #expect(try parser.parse(doc([0x7F])) == .array([.string(before + "\u{7F}" + after)]), "DEL is not a control character in JSON")
                for (bad, message) in [([UInt8(0x1F)], "Unescaped control character"), ([0xFF], "Invalid UTF-8"), ([0xC3], "Invalid UTF-8")] {
                    let e = #expect(throws: AFSError.self) { try parser.parse(doc(bad)) }
                    #expect(e?.offset == 2 + k, "\(bad) at \(k), tail \(tail)")
                    #expect(e?.context["debugDescription"]?.hasPrefix(message) == true, "\(e?.context["debugDescription"] ?? "")")
                }
                // Unterminated: the error points at the opening quote.
                let open = #expect(throws: AFSError.self) { try parser.parse(Array("[\"\(before)\(after)".utf8)) }
                #expect(open?.offset == 1)
            }
        }
    }

    private func randomDocument(_ rng: inout SplitMix64, depth: Int) -> String {
        let pick = rng.next() % (depth > 3 ? 4 : 7)
        switch pick {
        case 0: return "null"
        case 1: return ["1", "-0.5", "2e3", "1e400", "true", "false"][Int(rng.next() % 6)]
        case 2: return ["\"x\"", "\"é\"", "\"a\\u0000b\"", "\"\""][Int(rng.next() % 4)]
        case 3: return rng.next() % 2 == 0 ? "null" : "[]"
        case 4, 5:
            let n = Int(rng.next() % 6)
            let members = (0..<n).map { _ in "\"\(["a", "b", "c", "e\u{301}", "é"][Int(rng.next() % 5)])\":\(randomDocument(&rng, depth: depth + 1))" }
            return "{" + members.joined(separator: ",") + "}"
        default:
            let n = Int(rng.next() % 6)
            return "[" + (0..<n).map { _ in randomDocument(&rng, depth: depth + 1) }.joined(separator: ",") + "]"
        }
    }
}
