import AFSerialization
import Testing
@testable import AFConformance

fileprivate func evalLine(_ line: String) throws -> JSONValue {
    try JSONParser.parse(Evaluator.evaluateLine(line))
}

/// `query-string` over the eval contract (VECTORS.md); expected values are SPEC §2 text.
@Suite struct QueryStringComponentTests {
    @Test func specExampleWithPairs() throws {
        let out = try evalLine(
            #"{"id":1,"component":"query-string","input":{"parameters":{"foo":"bar","baz":[1,2,3],"n":null}}}"#)
        #expect(out["output"]?["text"] == .string("baz%5B%5D=1&baz%5B%5D=2&baz%5B%5D=3&foo=bar&n"))
        #expect(
            out["output"]?["pairs"]
                == .array([
                    .array([.string("baz[]"), .string("1")]), .array([.string("baz[]"), .string("2")]),
                    .array([.string("baz[]"), .string("3")]), .array([.string("foo"), .string("bar")]),
                    .array([.string("n"), .null]),
                ]))
    }

    @Test func optionsAndTags() throws {
        let out = try evalLine(
            #"{"id":1,"component":"query-string","options":{"arrayStyle":"indexInBrackets","boolStyle":"literal","#
                + #""style":"whatwgForm"},"input":{"parameters":{"a":[true,{"$double":"1.0"}],"s":{"$set":["b a"]}}}}"#
        )
        #expect(out["output"]?["text"] == .string("a%5B0%5D=true&a%5B1%5D=1&s=b+a"))
    }

    @Test func profilesAndErrors() throws {
        let af3 = try evalLine(#"{"id":1,"component":"query-string","profile":"af3","input":{"parameters":"s"}}"#)
        #expect(af3["output"]?["text"] == .string("=s"))
        let strict = try evalLine(#"{"id":1,"component":"query-string","profile":"strict","input":{"parameters":[1]}}"#)
        #expect(strict["output"]?["error"]?["kind"] == .string("topLevelNotDictionary"))
        // Decision: a data leaf makes the whole output an error; no `pairs` is reported.
        let data = try evalLine(#"{"id":1,"component":"query-string","input":{"parameters":{"d":{"$data":"00"}}}}"#)
        #expect(data["output"]?["error"]?["kind"] == .string("dataInQueryString"))
        #expect(data["output"]?["pairs"] == nil)
        let deep = try evalLine(
            #"{"id":1,"component":"query-string","options":{"maxParameterDepth":2},"input":{"parameters":{"a":[[1]]}}}"#
        )
        #expect(deep["output"]?["error"]?["kind"] == .string("nestingTooDeep"))
    }

    @Test(arguments: [
        (#"{"options":{"arrayStyle":"index"},"input":{"parameters":{}}}"#, "options.arrayStyle"),
        (#"{"options":{"boolStyle":"yes"},"input":{"parameters":{}}}"#, "options.boolStyle"),
        (#"{"options":{"style":"form"},"input":{"parameters":{}}}"#, "options.style"),
        (#"{"options":{"arraystyle":"brackets"},"input":{"parameters":{}}}"#, "options.arraystyle"),
        (#"{"input":{}}"#, "input.parameters"),
        (#"{"input":{"parameters":{"x":{"$nope":1}}}}"#, "input.parameters.x.$nope"),
    ])
    func badTestInputIsAHarnessErrorNamingTheField(body: String, field: String) throws {
        let out = try evalLine(#"{"id":1,"component":"query-string","# + body.dropFirst())
        let message = out["harnessError"]?.stringValue ?? ""
        #expect(message.hasPrefix(field + ":"), "\(message)")
    }
}
