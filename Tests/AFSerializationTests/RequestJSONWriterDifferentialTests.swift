import Foundation
import Testing
@testable import AFSerialization

/// Byte identity of ``FoundationJSONWriter`` with `JSONSerialization.data(withJSONObject:options:)`
/// on this platform (SPEC §3.3). The oracle is Foundation itself.
@Suite struct RequestJSONWriterDifferentialTests {
    static let optionSets: [JSONWritingOptions] = [
        [], [.prettyPrinted], [.withoutEscapingSlashes], [.prettyPrinted, .withoutEscapingSlashes],
    ]

    static func foundationOptions(_ o: JSONWritingOptions) -> JSONSerialization.WritingOptions {
        JSONSerialization.WritingOptions(rawValue: o.rawValue)
    }

    static func compare(_ tree: ParameterValue, _ options: JSONWritingOptions, keyOrder: JSONKeyOrder = .foundation)
        throws -> String?
    {
        let ours = try FoundationJSONWriter.write(tree, options: options, keyOrder: keyOrder)
        let theirs = [UInt8](
            try JSONSerialization.data(
                withJSONObject: RequestTrees.foundation(tree), options: foundationOptions(options)))
        return ours == theirs ? nil : RequestTrees.hexDiff(ours, theirs)
    }

    /// Hand-picked values from the brief: escapes, Int64 extremes, awkward doubles, empty containers.
    @Test(arguments: optionSets)
    func namedValues(_ options: JSONWritingOptions) throws {
        let strings = [
            "a/b", "\u{2028}\u{2029}", "\u{0}\u{1}\u{1F}\u{7F}\t\n\r\u{8}\u{C}\"\\", "😀👴🏻", "é e\u{301}", "",
            "\u{FEFF}\u{FFFE}",
        ]
        var items: [ParameterValue] = strings.map { .string($0) }
        items += RequestTrees.specialIntegers.map { .integer($0) }
        items += RequestTrees.specialDoubles.flatMap { [.double($0), .double(-$0)] }
        items += [
            .bool(true), .bool(false), .null, .array([]), .dictionary([]), .array([.array([])]),
            .dict(["k": .dictionary([])]),
        ]
        for item in items {
            for tree in [ParameterValue.array([item]), .dict(["k/": item])] {
                #expect(try Self.compare(tree, options) == nil, "\(tree)")
            }
        }
        #expect(try Self.compare(.array(items), options) == nil)
    }

    /// Top-level scalars: written like Foundation with `.fragmentsAllowed`, refused without it
    /// (Foundation traps there, so the oracle is only asked with the option).
    @Test func fragments() throws {
        let scalars: [ParameterValue] = [
            .string("a/\u{1}é"), .integer(.min), .double(0.1), .double(-0.0), .bool(true), .null,
        ]
        for v in scalars {
            #expect(try Self.compare(v, [.fragmentsAllowed]) == nil, "\(v)")
            #expect(throws: AFSError.self) { try FoundationJSONWriter.write(v, options: []) }
        }
    }

    /// Thousands of random trees whose dictionaries hold at most one key (model order = any order).
    @Test func randomTreesSingleKeyDictionaries() throws {
        var r = RequestTestRandom(seed: 0x5EED_0001)
        var compared = 0
        for i in 0..<4000 {
            let tree = RequestTrees.tree(&r, multiKeyDictionaries: false, asciiKeys: false, plist: false)
            let options = Self.optionSets[i % Self.optionSets.count]
            if let diff = try Self.compare(tree, options) {
                Issue.record("tree \(i) options \(options.rawValue): \(diff)")
                return
            }
            compared += 1
        }
        print("JSON differential (single-key dictionaries): \(compared) trees byte-identical to JSONSerialization")
    }

    /// Random doubles by bit pattern, one per array, compact.
    @Test func randomDoubles() throws {
        var r = RequestTestRandom(seed: 0x5EED_0002)
        var doubles: [ParameterValue] = []
        while doubles.count < 20_000 {
            let d = Double(bitPattern: r.next())
            if d.isFinite { doubles.append(.double(d)) }
        }
        for chunk in stride(from: 0, to: doubles.count, by: 1000) {
            #expect(try Self.compare(.array(Array(doubles[chunk..<chunk + 1000])), []) == nil)
        }
        print("JSON differential: \(doubles.count) random finite doubles byte-identical to JSONSerialization")
    }

    /// `.sortedKeys` with multi-key dictionaries of ASCII keys: our own collation must give
    /// Foundation's order.
    @Test func randomTreesSortedASCIIKeys() throws {
        var r = RequestTestRandom(seed: 0x5EED_0003)
        var compared = 0
        for i in 0..<3000 {
            let tree = RequestTrees.tree(&r, multiKeyDictionaries: true, asciiKeys: true, plist: false)
            let options: JSONWritingOptions = i % 2 == 0 ? [.sortedKeys] : [.sortedKeys, .prettyPrinted]
            if let diff = try Self.compare(tree, options) {
                Issue.record("tree \(i): \(diff)")
                return
            }
            compared += 1
        }
        print("JSON differential (sortedKeys, ASCII keys): \(compared) trees byte-identical to JSONSerialization")
    }

    /// Our collation against Foundation's comparison on random ASCII key pairs.
    @Test func asciiKeyCollationMatchesFoundation() {
        var r = RequestTestRandom(seed: 0x5EED_0004)
        var mismatches: [String] = []
        let n = 50_000
        for _ in 0..<n {
            let a = RequestTrees.asciiKey(&r),
                b = r.chance(0.3) ? RequestTrees.asciiKey(&r).uppercased() : RequestTrees.asciiKey(&r)
            if FoundationKeyCollation.precedes(a, b) != RequestTrees.foundationPrecedes(a, b) {
                mismatches.append("\(a.debugDescription) vs \(b.debugDescription)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(10))")
        print("Key collation: \(n) random ASCII pairs compared with NSString.compare, \(mismatches.count) mismatches")
    }

    /// Near-ties, where the tie-break rules decide: a key against a copy with one letter's case
    /// flipped, a zero inserted, or an ignorable control inserted (one or two such edits).
    @Test(arguments: [false, true])
    func asciiKeyCollationNearTiesMatchFoundation(insertControls: Bool) {
        var r = RequestTestRandom(seed: 0x5EED_0006)
        var mismatches: [String] = [], outsideDeviation: [String] = []
        let n = 30_000
        for _ in 0..<n {
            let a = RequestTrees.asciiKey(&r) + RequestTrees.asciiKey(&r)
            var b = Array(a.unicodeScalars)
            for _ in 0..<(1 + r.below(2)) {
                let i = r.below(b.count)
                switch r.below(insertControls ? 3 : 2) {
                case 0:
                    let v = b[i].value
                    if v >= 0x61 && v <= 0x7A {
                        b[i] = Unicode.Scalar(v - 0x20)!
                    } else if v >= 0x41 && v <= 0x5A {
                        b[i] = Unicode.Scalar(v + 0x20)!
                    }
                case 1: b.insert("0", at: i)
                default: b.insert(r.pick([Unicode.Scalar(0x01), Unicode.Scalar(0x7F), Unicode.Scalar(0x1F)]), at: i)
                }
            }
            let bs = String(String.UnicodeScalarView(b))
            for (x, y) in [(a, bs), (bs, a)]
            where FoundationKeyCollation.precedes(x, y) != RequestTrees.foundationPrecedes(x, y) {
                mismatches.append("\(x.debugDescription) vs \(y.debugDescription)")
                let ignorable = { (s: String) in
                    s.unicodeScalars.contains {
                        $0.value < 0x09 || (0x0E..<0x20).contains($0.value) || $0.value == 0x7F
                    }
                }
                if !ignorable(x) && !ignorable(y) {
                    outsideDeviation.append("\(x.debugDescription) vs \(y.debugDescription)")
                }
            }
        }
        if insertControls {
            // The documented Deviation: disagreements only where a key holds an ignorable control
            // character (Foundation's tie-breaks around those are not reproduced).
            let count = outsideDeviation.count
            #expect(
                outsideDeviation.isEmpty,
                "\(count) mismatches outside the documented deviation, e.g. \(outsideDeviation.prefix(10))")
        } else {
            #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(10))")
        }
        print(
            "Key collation near-ties (controls inserted: \(insertControls)): \(2 * n) ordered "
                + "pairs compared with NSString.compare, \(mismatches.count) mismatches"
        )
    }

    /// The documented Deviation's scope: with non-ASCII keys our order may differ from Foundation's,
    /// but only for pairs where a key holds a non-ASCII scalar or an ignorable control.
    @Test func nonASCIIKeyCollationDeviationIsScoped() {
        var r = RequestTestRandom(seed: 0x5EED_0007)
        var mismatches = 0, outside: [String] = []
        let n = 20_000
        let special = { (s: String) in
            s.unicodeScalars.contains {
                $0.value >= 0x80 || $0.value < 0x09 || (0x0E..<0x20).contains($0.value) || $0.value == 0x7F
            }
        }
        for _ in 0..<n {
            let a = RequestTrees.string(&r, maxLength: 4), b = RequestTrees.string(&r, maxLength: 4)
            guard FoundationKeyCollation.precedes(a, b) != RequestTrees.foundationPrecedes(a, b) else { continue }
            mismatches += 1
            if !special(a) && !special(b) { outside.append("\(a.debugDescription) vs \(b.debugDescription)") }
        }
        #expect(outside.isEmpty, "\(outside.count) ASCII-only mismatches, e.g. \(outside.prefix(10))")
        print(
            "Key collation, mixed keys: \(n) random pairs, \(mismatches) disagree "
                + "with Foundation (all involve non-ASCII or ignorable controls)"
        )
    }

    /// With Foundation's comparator injected, non-ASCII keys also match: the writer itself is exact.
    @Test func randomTreesSortedAnyKeysWithInjectedOrder() throws {
        var r = RequestTestRandom(seed: 0x5EED_0005)
        let order = JSONKeyOrder.foundationExact
        var compared = 0
        for i in 0..<1000 {
            let tree = RequestTrees.tree(&r, multiKeyDictionaries: true, asciiKeys: false, plist: false)
            // Foundation's dictionary may merge keys it considers equal; skip such trees.
            guard Self.keysDistinctForFoundation(tree) else { continue }
            if let diff = try Self.compare(tree, [.sortedKeys], keyOrder: order) {
                Issue.record("tree \(i): \(diff)")
                return
            }
            compared += 1
        }
        #expect(compared > 500)
        print(
            "JSON differential (sortedKeys, any keys, Foundation comparator injected): \(compared) trees byte-identical"
        )
    }

    /// The fuzz harness's order, ``JSONKeyOrder/foundationExactFast``, is Foundation's own: random
    /// pairs of plain, non-ASCII and control-holding keys, and near-ties of plain keys.
    @Test func fastExactOrderIsFoundations() {
        var r = RequestTestRandom(seed: 0x5EED_0008)
        let fast = JSONKeyOrder.foundationExactFast.areInIncreasingOrder
        var mismatches: [String] = [], plainPairs = 0
        let n = 20_000
        for i in 0..<n {
            let a: String, b: String
            if i.isMultiple(of: 2) {
                (a, b) = (RequestTrees.string(&r, maxLength: 4), RequestTrees.string(&r, maxLength: 4))
            } else {
                a = RequestTrees.asciiKey(&r)
                b = r.chance(0.5) ? a.uppercased() + RequestTrees.asciiKey(&r) : "0" + a
            }
            if JSONKeyOrder.isPlain(a) && JSONKeyOrder.isPlain(b) { plainPairs += 1 }
            for (x, y) in [(a, b), (b, a)] where fast(x, y) != RequestTrees.foundationPrecedes(x, y) {
                mismatches.append("\(x.debugDescription) vs \(y.debugDescription)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(10))")
        #expect(plainPairs > n / 3 && plainPairs < n, "both kinds of pair: \(plainPairs) plain of \(n)")
        print(
            "foundationExactFast: \(2 * n) ordered pairs (\(plainPairs) of \(n) pairs plain) "
                + "compared with NSString.compare"
        )
        #expect(!JSONKeyOrder.isPlain("a\u{1}") && !JSONKeyOrder.isPlain("\u{7F}") && !JSONKeyOrder.isPlain("é"))
        #expect(JSONKeyOrder.isPlain("a\tb\r ~"))
    }

    static func keysDistinctForFoundation(_ tree: ParameterValue) -> Bool {
        var stack = [tree]
        while let v = stack.popLast() {
            switch v {
            case .array(let xs), .set(let xs): stack += xs
            case .dictionary(let es):
                if NSDictionary(objects: es.map { _ in 0 }, forKeys: es.map { $0.key as NSString }).count != es.count {
                    return false
                }
                stack += es.map(\.value)
            default: break
            }
        }
        return true
    }
}
