import AFSerialization
import Testing
@testable import AFConformance

/// Runs one eval request line and returns the parsed response.
fileprivate func evalLine(_ line: String) throws -> JSONValue {
    try JSONParser.parse(Evaluator.evaluateLine(line))
}

/// `percent-escape` over the eval contract (VECTORS.md); expected values are SPEC §1 text.
@Suite struct PercentEscapeComponentTests {
    @Test func textInput() throws {
        let out = try evalLine(#"{"id":1,"component":"percent-escape","input":{"text":":#[]@?/"}}"#)
        #expect(out["output"] == .obj(["text": .string("%3A%23%5B%5D%40?/")]))
    }

    @Test func styles() throws {
        let form = try evalLine(
            #"{"id":1,"component":"percent-escape","options":{"style":"whatwgForm"},"input":{"text":"a ~"}}"#)
        #expect(form["output"]?["text"] == .string("a+%7E"))
        let unreserved = try evalLine(
            #"{"id":1,"component":"percent-escape","options":{"style":"rfc3986Unreserved"},"input":{"text":"/?~"}}"#)
        #expect(unreserved["output"]?["text"] == .string("%2F%3F~"))
    }

    @Test func reportBatchesGivesSpecExample() throws {
        // SPEC §1.4: the 50th unit falls inside 👴🏻 → first batch [0, 53).
        let text = String(repeating: "a", count: 49) + "👴🏻tail"
        let out = try evalLine(
            #"{"id":1,"component":"percent-escape","options":{"reportBatches":true},"input":{"text":"\#(text)"}}"#)
        #expect(out["output"]?["batches"] == .array([.array([.int(0), .int(53)]), .array([.int(53), .int(57)])]))
        #expect(out["output"]?["text"] == .string(String(repeating: "a", count: 49) + "%F0%9F%91%B4%F0%9F%8F%BBtail"))
        let noReport = try evalLine(
            #"{"id":1,"component":"percent-escape","options":{"batchSize":3},"input":{"text":"ab c"}}"#)
        #expect(noReport["output"] == .obj(["text": .string("ab%20c")]))
    }

    @Test func utf16AndHexInputs() throws {
        let pair = try evalLine(#"{"id":1,"component":"percent-escape","input":{"utf16":[55357,56436,55356,57339]}}"#)
        #expect(pair["output"]?["text"] == .string("%F0%9F%91%B4%F0%9F%8F%BB"))
        let hex = try evalLine(#"{"id":1,"component":"percent-escape","input":{"hex":"c380"}}"#)
        #expect(hex["output"]?["text"] == .string("%C3%80"))
    }

    @Test func invalidRawInputIsACoreError() throws {
        let lone = try evalLine(#"{"id":1,"component":"percent-escape","input":{"utf16":[97,56436]}}"#)
        #expect(lone["output"]?["error"]?["kind"] == .string("unpairedSurrogate"))
        #expect(lone["output"]?["error"]?["offset"] == .int(1))
        let bad = try evalLine(#"{"id":1,"component":"percent-escape","input":{"hex":"61ff"}}"#)
        #expect(bad["output"]?["error"]?["kind"] == .string("invalidUTF8"))
        #expect(bad["output"]?["error"]?["offset"] == .int(1))
        let zero = try evalLine(
            #"{"id":1,"component":"percent-escape","options":{"batchSize":0},"input":{"text":"a"}}"#)
        #expect(zero["output"]?["error"]?["kind"] == .string("invalidOption"))
    }

    @Test(arguments: [
        (#"{"options":{"style":"rfc"},"input":{"text":"a"}}"#, "options.style"),
        (#"{"options":{"batchsize":3},"input":{"text":"a"}}"#, "options.batchsize"),
        (#"{"options":{"reportBatches":"yes"},"input":{"text":"a"}}"#, "options.reportBatches"),
        (#"{"input":{"text":"a","hex":"61"}}"#, "input"),
        (#"{"input":{}}"#, "input"),
        (#"{"input":{"utf16":[70000]}}"#, "input.utf16[0]"),
        (#"{"input":{"hex":"6"}}"#, "input.hex"),
    ])
    func badTestInputIsAHarnessErrorNamingTheField(body: String, field: String) throws {
        let line = #"{"id":1,"component":"percent-escape","# + body.dropFirst()
        let out = try evalLine(line)
        let message = out["harnessError"]?.stringValue ?? ""
        #expect(message.hasPrefix(field + ":"), "\(message)")
        #expect(out["output"] == nil)
    }
}
