import AFSerialization
import Testing
@testable import AFConformance

/// The JSON-lines framing of VECTORS.md: every line gets exactly one answer line.
@Suite struct EvaluatorTests {
    @Test func malformedLinesGetHarnessErrors() throws {
        for line in [
            "not json", "[1]", #"{"id":7}"#, #"{"id":7,"component":"nope"}"#,
            #"{"id":7,"component":"echo","profile":"af9"}"#,
        ] {
            let out = try JSONParser.parse(Evaluator.evaluateLine(line))
            #expect(out["harnessError"]?.stringValue != nil, "\(line)")
            #expect(out["output"] == nil)
        }
    }

    /// A misspelt input or option field is a harness error naming it, in every component but echo
    /// (whose input is anything): an adapter author finds the typo instead of a silent default.
    @Test(arguments: Components.names.filter { $0 != "echo" })
    func unknownFieldsAreNamed(component: String) throws {
        for (field, line) in [
            ("input.tpyo", #"{"id":1,"component":"\#(component)","input":{"tpyo":1}}"#),
            ("options.tpyo", #"{"id":1,"component":"\#(component)","options":{"tpyo":1},"input":{}}"#),
        ] {
            let message = try JSONParser.parse(Evaluator.evaluateLine(line))["harnessError"]?.stringValue
            #expect(
                message?.hasPrefix("\(field): unknown field") == true, "\(component): \(message ?? "no harness error")")
        }
    }

    @Test func idIsEchoedVerbatim() throws {
        let out = try JSONParser.parse(
            Evaluator.evaluateLine(#"{"id":{"n":[1]},"component":"echo","input":{"k":"v"}}"#))
        #expect(out["id"] == .obj(["n": .array([.number("1")])]))
        #expect(out["output"] == .obj(["k": .string("v")]))
    }

    @Test func parameterTagsDecode() throws {
        let v = try JSONParser.parse(
            #"{"s":{"$set":[2,1]},"d":{"$data":"00ff"},"x":{"$double":"nan"},"#
                + #""k":{"$dict":[["$a",1],["$a",2]]},"f":1.0,"i":3}"#
        )
        let p = try Codec.decodeParameters(v, path: "input.parameters")
        guard case .dictionary(let es) = p else { Issue.record("not a dictionary"); return }
        #expect(es[0].value == .set([.integer(2), .integer(1)]))
        #expect(es[1].value == .data([0, 255]))
        if case .double(let d) = es[2].value { #expect(d.isNaN) } else { Issue.record("not a double") }
        #expect(es[3].value == .dictionary([.init("$a", .integer(1)), .init("$a", .integer(2))]))
        #expect(es[4].value == .double(1.0))
        #expect(es[5].value == .integer(3))
        #expect(throws: HarnessError.self) { try Codec.decodeParameters(.obj(["$nope": .null]), path: "p") }
    }

    @Test func bytesPreferTextAndFallBackToHex() throws {
        #expect(Codec.encodeBytes(Array("hé".utf8)) == .obj(["text": .string("hé")]))
        #expect(Codec.encodeBytes([0xFF, 0x00]) == .obj(["hex": .string("ff00")]))
        #expect(try Codec.decodeBytes(.obj(["hex": .string("FF00")]), path: "b") == [0xFF, 0])
    }
}
