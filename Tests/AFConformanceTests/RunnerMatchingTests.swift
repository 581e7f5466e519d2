import AFSerialization
import Foundation
import Testing
@testable import AFConformance

/// Comparison rules (VECTORS.md §4) and the failure diff.
@Suite struct RunnerMatchingTests {
    func j(_ s: String) throws -> JSONValue { try JSONParser.parse(s) }
    func match(_ e: String, _ a: String) throws -> [Mismatch] { Matcher.compare(expected: try j(e), actual: try j(a)) }

    @Test func outputObjectsMatchFieldByField() throws {
        #expect(try match(#"{"text":"a"}"#, #"{"text":"a","batches":[[0,1]]}"#).isEmpty)
        #expect(try match(#"{"text":"a","batches":[]}"#, #"{"text":"a"}"#).map(\.note) == [#"missing field "batches""#])
        #expect(
            try match(#"{"error":{"domain":"D","code":-1}}"#, #"{"error":{"domain":"D","code":-1,"description":"x"}}"#)
                .isEmpty)
        #expect(
            try match(#"{"error":{"domain":"D","code":-1}}"#, #"{"error":{"domain":"D","code":-2}}"#).map(\.path) == [
                "output.error.code"
            ])
        #expect(
            try match(
                #"{"error":{"domain":"D","kind":"k","underlying":{"domain":"E","code":1}}}"#,
                #"{"error":{"domain":"D","kind":"k","underlying":{"domain":"E","code":2}}}"#
            ).map(\.path) == ["output.error.underlying.code"])
        #expect(try match(#"{"text":"a"}"#, #"{"error":{"domain":"D"}}"#).map(\.path).contains("output.error"))
        #expect(
            try match(#"{"error":{"domain":"D"}}"#, #"{"text":"a"}"#).map(\.note) == [
                "expected an error, the output has none"
            ])
    }

    @Test func bytesCompareAfterDecoding() throws {
        #expect(try match(#"{"body":{"text":"AB"}}"#, #"{"body":{"hex":"4142"}}"#).isEmpty)
        #expect(try match(#"{"body":{"hex":"4142"}}"#, #"{"body":{"hex":"4143"}}"#).map(\.note) == ["bytes differ"])
    }

    @Test func numbersCompareByValue() throws {
        #expect(try match(#"{"n":1.0}"#, #"{"n":1.00}"#).isEmpty)
        #expect(try match(#"{"n":1e3}"#, #"{"n":1000}"#).isEmpty)
        #expect(try match(#"{"n":1}"#, #"{"n":2}"#).count == 1)
        #expect(try match(#"{"n":1}"#, #"{"n":"1"}"#).count == 1)
    }

    @Test func jsonDataValuesCompareExactly() throws {
        #expect(try match(#"{"json":{"a":1}}"#, #"{"json":{"a":1,"b":null}}"#).count == 1)
        #expect(
            try match(#"{"object":{"a":1,"b":2}}"#, #"{"object":{"b":2,"a":1}}"#).map(\.note) == [
                "same members in a different order"
            ])
        #expect(try match(#"{"json":[{"a":[]}]}"#, #"{"json":[{"a":[]}]}"#).isEmpty)
    }

    /// VECTORS.md §4 rule 4: member order is this project's decision (SPEC §6.4), compared only in
    /// runs judged at level decision or implementation-defined.
    @Test func memberOrderIsComparedOnlyAtTheProjectsOwnLevels() throws {
        let e = try j(#"{"object":{"a":1,"b":{"x":1,"y":2},"a":3}}"#)
        let reordered = try j(#"{"object":{"b":{"y":2,"x":1},"a":1,"a":3}}"#)
        #expect(Matcher.compare(expected: e, actual: reordered, memberOrder: false).isEmpty)
        #expect(Matcher.compare(expected: e, actual: reordered).map(\.note) == ["same members in a different order"])
        let wrongValue = try j(#"{"object":{"b":{"y":5,"x":1},"a":1,"a":3}}"#)
        #expect(
            Matcher.compare(expected: e, actual: wrongValue, memberOrder: false).map(\.path) == ["output.object.b.y"])
        let swappedRepeats = try j(#"{"object":{"b":{"x":1,"y":2},"a":3,"a":1}}"#)  // the n-th "a" against the n-th
        #expect(
            Matcher.compare(expected: e, actual: swappedRepeats, memberOrder: false).map(\.path) == [
                "output.object.a", "output.object.a",
            ])
        let missing = try j(#"{"object":{"b":{"x":1,"y":2},"a":1}}"#)
        #expect(Matcher.compare(expected: e, actual: missing, memberOrder: false).count == 1)
        #expect(Level.allCases.filter(Matcher.comparesMemberOrder) == [.decision, .implementationDefined])
        #expect(Matcher.comparesMemberOrder(at: nil))
    }

    @Test func unorderedIncludesAndAbsent() throws {
        #expect(try match(#"{"h":{"$unordered":[["A","1"],["B","2"]]}}"#, #"{"h":[["B","2"],["A","1"]]}"#).isEmpty)
        #expect(try match(#"{"h":{"$unordered":[["A","1"]]}}"#, #"{"h":[["B","2"],["A","1"]]}"#).count == 1)
        #expect(try match(#"{"h":{"$unordered":[["A","1"],["A","1"]]}}"#, #"{"h":[["A","1"]]}"#).count == 1)
        #expect(try match(#"{"h":{"$includes":[["A","1"]]}}"#, #"{"h":[["B","2"],["A","1"]]}"#).isEmpty)
        #expect(try match(#"{"h":{"$includes":[["C","3"]]}}"#, #"{"h":[["B","2"],["A","1"]]}"#).count == 1)
        #expect(try match(#"{"object":{"$absent":true}}"#, #"{"valid":true}"#).isEmpty)
        #expect(
            try match(#"{"object":{"$absent":true}}"#, #"{"object":null}"#).map(\.note) == [
                #"expected no "object" field"#
            ])
    }

    @Test func arraysReportLengthAndFirstDifference() throws {
        let m = try match(#"{"a":[1,2,3]}"#, #"{"a":[1,5]}"#)
        #expect(m.count == 1)
        #expect(m[0].note == "expected 3 item(s), found 2; first difference at [1]")
    }

    // MARK: Diff rendering

    @Test func textDiffMarksTheFirstDifferingByte() throws {
        let e = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n".utf8)
        let a = Array("--B\r\nContent-Disposition: form-data; name=\"b\"\r\n".utf8)
        #expect(DiffFormatter.firstDifference(e, a) == 43)
        let m = Mismatch(
            path: "output.body", expected: Codec.encodeBytes(e), actual: Codec.encodeBytes(a), note: "bytes differ")
        let lines = DiffFormatter.render(m)
        let expectedLine = try #require(lines.first { $0.contains("expected: ") })
        let caretLine = try #require(lines.first { $0.contains("^ offset 43") })
        // The caret sits under the differing character: `a` follows `name=\"`.
        let caret = caretLine.firstIndex(of: "^")!.utf16Offset(in: caretLine)
        let target = expectedLine.range(of: "name=\\\"a")!.upperBound.utf16Offset(in: expectedLine) - 1
        #expect(caret == target)
        #expect(lines.contains { $0.contains("\\r\\n") })  // CR LF shown escaped
    }

    @Test func binaryDiffIsHexWithCaret() throws {
        let m = Mismatch(
            path: "output.body", expected: .obj(["hex": .string("00fe10")]), actual: .obj(["hex": .string("00ff10")]),
            note: "bytes differ")
        let lines = DiffFormatter.render(m)
        let e = try #require(lines.first { $0.contains("expected:") })
        let c = try #require(lines.first { $0.contains("^") })
        #expect(e.hasSuffix("hex 00 fe 10 "))
        #expect(c.firstIndex(of: "^")!.utf16Offset(in: c) == e.range(of: "fe")!.lowerBound.utf16Offset(in: e))
    }

    @Test func longValuesAreWindowedAroundTheDifference() throws {
        let base = String(repeating: "x", count: 500)
        let m = Mismatch(
            path: "output.text", expected: .string(base + "A" + base), actual: .string(base + "B" + base),
            note: "strings differ")
        let lines = DiffFormatter.render(m)
        #expect(lines.allSatisfy { $0.count < 140 })
        #expect(lines.contains { $0.contains("offset 500") })
    }

    /// Strings and member names byte for byte; integers by their digits (VECTORS.md §4).
    @Test func stringsKeysAndIntegersCompareExactly() {
        let nfc = "\u{E9}", nfd = "e\u{301}"
        #expect(nfc == nfd)  // Swift's == is canonical equivalence: the matcher must not use it
        #expect(!Matcher.matches(expected: .string(nfc), actual: .string(nfd)))
        #expect(!Matcher.matches(expected: .obj([nfc: .int(1)]), actual: .obj([nfd: .int(1)])))
        #expect(
            !Matcher.matches(
                expected: .obj(["json": .obj([nfc: .int(1)])]), actual: .obj(["json": .obj([nfd: .int(1)])])))
        #expect(!Matcher.matches(expected: .number("9007199254740993"), actual: .number("9007199254740992")))
        #expect(Matcher.matches(expected: .number("1"), actual: .number("1.0")))
        #expect(Matcher.matches(expected: .number("1e0"), actual: .number("1.00")))
        #expect(Matcher.matches(expected: .number("-0"), actual: .number("0")))
        #expect(!Matcher.matches(expected: .number("1"), actual: .number("2")))
    }
}
