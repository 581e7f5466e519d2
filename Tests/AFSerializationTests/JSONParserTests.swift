import Testing
@testable import AFSerialization
import AFVectorFormat

/// RFC 8259 grammar checks for the ordered parser; expected values are from the RFC text.
@Suite struct JSONParserTests {
    @Test func keepsMemberOrderAndNumberText() throws {
        let v = try JSONParser.parse(#"{"b":1.50,"a":[true,null,-0e+2],"b":"x"}"#)
        #expect(v.objectValue?.map(\.key) == ["b", "a", "b"])
        #expect(v["a"] == .array([.bool(true), .null, .number("-0e+2")]))
        #expect(v.objectValue?.first?.value == .number("1.50"))
        #expect(v["b"] == .string("x"), "duplicate keys: the last one wins on lookup")
    }

    @Test(arguments: ["01", "1.", ".5", "+1", "1e", "--1", "[1,]", "{\"a\"}", "{\"a\":1,}", "[", "\"\\x\"", "\"a\u{01}\"", "tru", "[] x", "\"\\ud800\""])
    func rejectsInvalid(_ text: String) {
        #expect(throws: AFSError.self) { try JSONParser.parse(text) }
    }

    @Test func errorCarriesDomainCodeAndOffset() {
        do {
            _ = try JSONParser.parse("[1, x]")
            Issue.record("expected an error")
        } catch {
            #expect(error.domain == "NSCocoaErrorDomain")
            #expect(error.code == 3840)
            #expect(error.offset == 4)
        }
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        #expect(try JSONParser.parse(#""\u00e9\ud83d\ude00\/\n""#) == .string("é😀/\n"))
    }

    @Test func rejectsInvalidUTF8InStrings() {
        #expect(throws: AFSError.self) { try JSONParser().parse([0x22, 0xC0, 0xAF, 0x22]) }
        #expect(throws: AFSError.self) { try JSONParser().parse([0x22, 0xED, 0xA0, 0x80, 0x22]) }
    }

    @Test func fragmentsNeedTheOption() throws {
        #expect(try JSONParser(allowFragments: true).parse(Array("42".utf8)) == .number("42"))
        #expect(throws: AFSError.self) { try JSONParser(allowFragments: false).parse(Array("42".utf8)) }
    }

    @Test func depthLimitIsATypedErrorNotAStackOverflow() {
        let deep = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
        do {
            _ = try JSONParser.parse(deep)
            Issue.record("expected nestingTooDeep")
        } catch {
            #expect(error.kind == .nestingTooDeep)
            #expect(error.offset == 512)
        }
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
    }

    @Test func writerRoundTrips() throws {
        let text = #"{"a":[1,2.5e3,"q\"\\\u0001é"],"b":{},"c":[]}"#
        let v = try JSONParser.parse(text)
        #expect(try JSONParser.parse(v.jsonText) == v)
        #expect(try JSONParser.parse(v.prettyJSONText) == v)
    }
}
