import AFSerialization
import Foundation

/// SPEC §2: flatten + encode a 10,000-leaf nested tree, ours vs AF's AFQueryStringPairsFromKeyAndValue
/// ported to Foundation collections (baseline).
let queryBenchmark = Benchmark(name: "query") {
    let tree = queryTree()
    let objects = foundationObject(tree)
    let set = afAllowedCharacterSet()

    let ours = try! QueryString.encode(tree)
    let theirs = afQueryStringOnFoundation(objects as! NSDictionary, allowed: set)
    // Orders and descriptions can differ only where Linux Foundation prints doubles as "1.0"
    // (SPEC §2.3 Decision); the tree has none, so the strings must match.
    precondition(ours == theirs, "AF-on-Foundation port disagrees")
    let bytes = ours.utf8.count

    let af = Timing(repeats: 3) { afQueryStringOnFoundation(objects as! NSDictionary, allowed: set) }
    let core = Timing(repeats: 50) { try! QueryString.encode(tree) }
    let flattenOnly = Timing(repeats: 50) { try! QueryString.pairs(tree) }
    reportComparison(
        input: "10,000 leaves (dictionaries, arrays, sets; strings, integers, bools, nulls); output \(bytes) bytes",
        bytes: bytes, baseline: ("AF pairs + escaping on Foundation (baseline)", af),
        rows: [("QueryString.encode (flatten + encode)", core), ("QueryString.pairs (flatten only)", flattenOnly)])
}

/// 100 top-level keys × 10 sub-dictionaries × (8-element array + 2-element set) = 10,000 leaves.
func queryTree() -> ParameterValue {
    var top: [ParameterValue.Entry] = []
    for i in 0..<100 {
        var sub: [ParameterValue.Entry] = []
        for j in 0..<10 {
            var items: [ParameterValue] = []
            for k in 0..<8 {
                switch k % 4 {
                case 0: items.append(.string("value \(i)-\(j)-\(k) & more/ü"))
                case 1: items.append(.integer(Int64(i * 100 + j * 10 + k)))
                case 2: items.append(.bool(k % 3 == 0))
                default: items.append(k == 7 ? .null : .string("中文\(k)"))
                }
            }
            sub.append(.init("field\(j)", .array(items)))
            sub.append(.init("tags\(j)", .set([.string("t\(j)b"), .string("t\(j)a")])))
        }
        top.append(.init("user\(i)", .dictionary(sub)))
    }
    return .dictionary(top)
}

/// The same tree as Foundation objects: NSDictionary / NSArray / NSSet / NSNumber / NSString / NSNull.
func foundationObject(_ v: ParameterValue) -> Any {
    switch v {
    case .string(let s): return NSString(string: s)
    case .integer(let i): return NSNumber(value: i)
    case .double(let d): return NSNumber(value: d)
    case .bool(let b): return NSNumber(value: b ? 1 : 0)  // NSNumber(bool) prints "true" on Linux
    case .null: return NSNull()
    case .data(let bytes): return NSData(bytes: bytes, length: bytes.count)
    case .array(let xs): return NSArray(array: xs.map(foundationObject))
    case .set(let xs): return NSSet(array: xs.map(foundationObject))
    case .dictionary(let es):
        let d = NSMutableDictionary()
        for e in es { d[NSString(string: e.key)] = foundationObject(e.value) }
        return d
    }
}

/// AFQueryStringFromParameters on Foundation, from SPEC §2.2–2.5: recursive pairs with keys and
/// set elements sorted by `description` using `compare:`, then `escape(field)=escape(description)`
/// (AF's batched escaping above) joined by `&`.
func afQueryStringOnFoundation(_ parameters: NSDictionary, allowed: CharacterSet) -> String {
    var components: [String] = []
    for (field, value) in afQueryStringPairs(nil, parameters) {
        let f = afPercentEscapedOnFoundation(field ?? "", allowed: allowed)
        if value is NSNull {
            components.append(f)
        } else {
            components.append(
                f + "=" + afPercentEscapedOnFoundation((value as! NSObject).description, allowed: allowed))
        }
    }
    return components.joined(separator: "&")
}

private func afQueryStringPairs(_ key: String?, _ value: Any) -> [(String?, Any)] {
    // `sortedArrayUsingDescriptors:@[description, compare:]` — no selectors on Linux, so a comparator.
    let byDescription: (Any, Any) -> ComparisonResult = { a, b in
        ((a as! NSObject).description as NSString).compare((b as! NSObject).description)
    }
    var out: [(String?, Any)] = []
    if let dictionary = value as? NSDictionary {
        for nestedKey in (dictionary.allKeys as NSArray).sortedArray(comparator: byDescription) {
            let nested = dictionary[nestedKey]!
            let k = (nestedKey as! NSObject).description
            out += afQueryStringPairs(key.map { "\($0)[\(k)]" } ?? k, nested)
        }
    } else if let array = value as? NSArray {
        for nested in array { out += afQueryStringPairs("\(key ?? "(null)")[]", nested) }
    } else if let set = value as? NSSet {
        for obj in (set.allObjects as NSArray).sortedArray(comparator: byDescription) {
            out += afQueryStringPairs(key, obj)
        }
    } else {
        out.append((key, value))
    }
    return out
}
