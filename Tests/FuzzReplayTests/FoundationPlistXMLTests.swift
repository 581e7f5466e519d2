@testable import AFFuzzBodies
import AFFoundationCompat
import AFSerialization
import Foundation
import Testing

/// fuzz-plist-request's oracle calls CoreFoundation's writer itself (``FoundationPlistXML``): its
/// bytes must be those `PropertyListSerialization` returns, for every kind of root, and it must
/// refuse what the method refuses; the object the oracle builds from Foundation's classes
/// (``ParameterValue/plistNSObject``) gets the bytes AF's object gets.
struct FoundationPlistXMLTests {
    static func method(_ object: Any) -> [UInt8]? {
        (try? PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)).map { Array($0) }
    }

    @Test func theBytesArePropertyListSerializations() throws {
        let leaves: [ParameterValue] = [
            .string("x<&>\u{1}é😀"), .integer(.min), .double(0.1), .double(-0.0), .double(.nan), .double(-.infinity),
            .bool(true), .data([0, 1, 2, 0xFF]), .data(Array(repeating: 7, count: 200)),
        ]
        var trees: [ParameterValue] =
            leaves + [
                .array(leaves), .dictionary(leaves.enumerated().map { .init("k\($0.offset)", $0.element) }),
                .dictionary([.init("b", .array([.integer(1), .dictionary([])])), .init("a", .array([]))]),
                .dictionary([.init("k", .integer(1)), .init("k", .string("v"))]),
            ]
        trees.append((0..<30).reduce(trees[trees.count - 2]) { t, i in i % 2 == 0 ? .array([t]) : .dict(["d": t]) })
        for tree in trees {
            let object = tree.foundationPlistObject
            #expect(object is NSObject, "\(tree)")
            let expected = try #require(Self.method(object), "\(tree)")
            #expect(FoundationPlistXML.bytes(object) == expected, "\(tree)")
            // The oracle's object, made from Foundation's classes directly: the same bytes.
            #expect(FoundationPlistXML.bytes(tree.plistNSObject) == expected, "\(tree)")
        }
    }

    @Test func whatTheMethodRefusesIsRefused() {
        for tree: ParameterValue in [.dict(["n": .null]), .array([.set([.string("a")])]), .null] {
            let object = tree.foundationPlistObject
            #expect(Self.method(object) == nil && FoundationPlistXML.bytes(object) == nil, "\(tree)")
            #expect(FoundationPlistXML.bytes(tree.plistNSObject) == nil, "\(tree)")
        }
    }
}
