import Foundation
import Testing
@testable import AFSerialization

/// Byte identity of ``PlistXMLWriter`` with `PropertyListSerialization.data(fromPropertyList:format: .xml,
/// options: 0)` on this platform (SPEC §3.4). The oracle is Foundation itself.
@Suite struct RequestPlistWriterDifferentialTests {
    static func foundationBytes(_ tree: ParameterValue) throws -> [UInt8] {
        [UInt8](
            try PropertyListSerialization.data(
                fromPropertyList: RequestTrees.foundation(tree), format: .xml, options: 0))
    }

    static func compare(_ tree: ParameterValue) throws -> String? {
        let ours = try PlistXMLWriter.write(tree)
        let theirs = try foundationBytes(tree)
        return ours == theirs ? nil : RequestTrees.hexDiff(ours, theirs)
    }

    @Test func namedValues() throws {
        var items: [ParameterValue] = [
            "a/b", "x<>&'\"]]>", "\u{0}\u{1}\u{1F}\u{7F}\t\n\r", "😀é e\u{301}", "", "\u{FEFF}\u{FFFE}",
        ].map { .string($0) }
        items += RequestTrees.specialIntegers.map { .integer($0) }
        items += (RequestTrees.specialDoubles + [.nan, .infinity]).flatMap { [.double($0), .double(-$0)] }
        items += [
            .bool(true), .bool(false), .array([]), .dictionary([]), .data([]), .data([0xFF]), .data(Array(0..<200)),
        ]
        for item in items {
            // Top level, in an array, in a dictionary: the property list accepts scalars at the top.
            for tree in [item, .array([item]), .dict(["k": item])] {
                #expect(try Self.compare(tree) == nil, "\(tree)")
            }
        }
    }

    /// Data line breaking depends on the indent (76 − 8·indent, indent capped at 8): every length
    /// from 0 to 120 bytes at every depth from 0 to 11.
    @Test func dataLinesAtEveryDepth() throws {
        var compared = 0
        for depth in 0...11 {
            for length in 0...120 {
                var tree = ParameterValue.data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37) })
                for _ in 0..<depth { tree = .array([tree]) }
                #expect(try Self.compare(tree) == nil, "depth \(depth) length \(length)")
                compared += 1
            }
        }
        print("Plist differential: \(compared) data layouts byte-identical to PropertyListSerialization")
    }

    /// Indents past the writer's run of 32 tabs (copied in pieces): every depth from 28 to 70, each
    /// container holding a string, so every line is indented by its own depth.
    @Test func deepIndentsAcrossTheTabRun() throws {
        for depth in 28...70 {
            var tree = ParameterValue.string("leaf")
            for level in 0..<depth {
                tree = level % 2 == 0 ? .array([tree, .string("s")]) : .dict(["k": tree, "j": .integer(1)])
            }
            #expect(try Self.compare(tree) == nil, "depth \(depth)")
        }
    }

    /// Random trees with multi-key dictionaries and arbitrary (non-ASCII, control) keys.
    @Test func randomTrees() throws {
        var r = RequestTestRandom(seed: 0x5EED_0101)
        var compared = 0
        for i in 0..<3000 {
            let tree = RequestTrees.tree(&r, multiKeyDictionaries: true, asciiKeys: i % 2 == 0, plist: true)
            guard RequestJSONWriterDifferentialTests.keysDistinctForFoundation(tree) else { continue }
            if let diff = try Self.compare(tree) {
                Issue.record("tree \(i): \(diff)")
                return
            }
            compared += 1
        }
        #expect(compared > 2500)
        print("Plist differential: \(compared) random trees byte-identical to PropertyListSerialization")
    }

    /// Null and sets are not property-list types: Foundation's error domain and code (the oracle),
    /// wherever the value sits.
    @Test func invalidValuesCarryFoundationsError() throws {
        for tree in [
            ParameterValue.null, .array([.null]), .dict(["k": .set([.integer(1)])]), .array([.array([.set([])])]),
        ] {
            var foundationError: NSError?
            do { _ = try Self.foundationBytes(tree) } catch { foundationError = error as NSError }
            let expected = try #require(foundationError)
            #expect(throws: AFSError.self) { try PlistXMLWriter.write(tree) }
            do {
                _ = try PlistXMLWriter.write(tree)
            } catch {
                #expect(error.domain == expected.domain)
                #expect(error.code == expected.code)
                #expect(error.message == expected.localizedDescription)
                #expect(error.context["debugDescription"] == expected.userInfo[NSDebugDescriptionErrorKey] as? String)
            }
        }
    }
}
