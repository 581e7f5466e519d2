import Foundation
import PropertyBased
import Testing
@testable import AFSerialization

/// Flattening + encoding against AF's algorithm run on Foundation collections (NSDictionary,
/// NSArray, NSSet; `compare:` on descriptions; `addingPercentEncoding` with AF's set), on
/// generated trees. Keys and strings are ASCII here: for non-ASCII keys SPEC §2.3 *decides* on
/// Swift `String` order, which differs from NSString `compare:` (UTF-16 order) on purpose.
@Suite struct QueryStringDifferentialTests {
    /// Random trees: dictionaries, arrays, sets, strings, integers, bools, nulls; depth ≤ 4.
    static func tree(_ seed: [UInt32]) -> ParameterValue {
        var it = seed.makeIterator()
        func next() -> UInt32 { it.next() ?? 0 }
        let alphabet = Array("aB9_-. z~/?&=[]%+*")
        func text() -> String { String((0..<Int(next() % 5)).map { _ in alphabet[Int(next()) % alphabet.count] }) }
        func value(_ depth: Int) -> ParameterValue {
            switch next() % (depth >= 4 ? 4 : 7) {
            case 0: return .string(text())
            case 1: return .integer(Int64(Int32(bitPattern: next())))
            case 2: return .bool(next() % 2 == 0)
            case 3: return .null
            case 4: return .array((0..<Int(next() % 4)).map { _ in value(depth + 1) })
            case 5:
                // NSSet drops duplicates; keep elements distinct by description so both agree.
                var seen = Set<String>()
                var xs: [ParameterValue] = []
                for _ in 0..<Int(next() % 4) {
                    let x = ParameterValue.string(text())
                    if seen.insert(ValueDescription.sortKey(x)).inserted { xs.append(x) }
                }
                return .set(xs)
            default:
                var seen = Set<String>()
                var es: [ParameterValue.Entry] = []
                for _ in 0..<Int(next() % 4) {
                    let k = text()
                    if seen.insert(k).inserted { es.append(.init(k, value(depth + 1))) }
                }
                return .dictionary(es)
            }
        }
        var keys = Set<String>()
        var top: [ParameterValue.Entry] = []
        for _ in 0..<Int(next() % 6) {
            let k = text()
            if keys.insert(k).inserted { top.append(.init(k, value(1))) }
        }
        return .dictionary(top)
    }

    @Test func matchesAFOnFoundation() async throws {
        let seeds = Gen<UInt32>.value(in: 0...UInt32.max).array(of: 0...120)
        var nonEmpty = 0, withSetsOrNesting = 0
        await propertyCheck(count: 2000, input: seeds) { seed in
            let p = Self.tree(seed)
            let ours = try QueryString.encode(p)
            #expect(ours == Self.foundationQuery(p), "\(p)")
            if !ours.isEmpty { nonEmpty += 1 }
            if ours.contains("%5B") { withSetsOrNesting += 1 }
        }
        // Guard against a vacuous run: most trees must produce pairs, many nested ones.
        #expect(nonEmpty > 1000 && withSetsOrNesting > 300, "\(nonEmpty) non-empty, \(withSetsOrNesting) nested")
    }

    // MARK: The oracle: AF's recursion on Foundation objects (SPEC §2.2–2.5)

    static func foundationQuery(_ p: ParameterValue) -> String {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: ":#[]@!$&'()*+,;=")
        return pairs(nil, object(p)).map { field, value in
            let f = (field ?? "").addingPercentEncoding(withAllowedCharacters: set)!
            if value is NSNull { return f }
            return f + "=" + (value as! NSObject).description.addingPercentEncoding(withAllowedCharacters: set)!
        }.joined(separator: "&")
    }

    static func object(_ v: ParameterValue) -> NSObject {
        switch v {
        case .string(let s): NSString(string: s)
        case .integer(let i): NSNumber(value: i)
        case .bool(let b): NSNumber(value: b ? 1 : 0)  // Darwin's NSNumber(bool) prints 1/0
        case .null: NSNull()
        case .array(let xs): NSArray(array: xs.map(object))
        case .set(let xs): NSSet(array: xs.map(object))
        case .dictionary(let es):
            NSDictionary(objects: es.map { object($0.value) }, forKeys: es.map { NSString(string: $0.key) })
        case .double, .data: fatalError("not generated")
        }
    }

    static func pairs(_ key: String?, _ value: NSObject) -> [(String?, NSObject)] {
        let byDescription: (Any, Any) -> ComparisonResult = { a, b in
            ((a as! NSObject).description as NSString).compare((b as! NSObject).description)
        }
        if let d = value as? NSDictionary {
            return (d.allKeys as NSArray).sortedArray(comparator: byDescription).flatMap { k in
                let name = (k as! NSObject).description
                return pairs(key.map { "\($0)[\(name)]" } ?? name, d[k] as! NSObject)
            }
        }
        if let a = value as? NSArray { return a.flatMap { pairs("\(key ?? "(null)")[]", $0 as! NSObject) } }
        if let s = value as? NSSet {
            return (s.allObjects as NSArray).sortedArray(comparator: byDescription).flatMap {
                pairs(key, $0 as! NSObject)
            }
        }
        return [(key, value)]
    }
}
