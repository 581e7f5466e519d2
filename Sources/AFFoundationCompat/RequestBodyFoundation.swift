import AFSerialization
import Foundation

extension ParameterValue {
    /// The Foundation object AF would hand `JSONSerialization` / `PropertyListSerialization` for
    /// this tree (SPEC §3.3–3.4): bools as `Bool` (JSON `true`, plist `<true/>`), integers and
    /// doubles as `NSNumber`, data as `Data`, null as `NSNull`. Duplicate keys collapse (last wins),
    /// as they must in an `NSDictionary`. For differential tests and benchmarks.
    public var foundationBodyObject: Any {
        switch self {
        case .string(let s): return s
        case .integer(let i): return NSNumber(value: i)
        case .double(let d): return NSNumber(value: d)
        case .bool(let b): return b
        case .null: return NSNull()
        case .array(let xs): return xs.map(\.foundationBodyObject)
        case .set(let xs): return NSSet(array: xs.map(\.foundationBodyObject))
        case .data(let bytes): return Data(bytes)
        case .dictionary(let es):
            let d = NSMutableDictionary()
            for e in es { d[e.key as NSString] = e.value.foundationBodyObject }
            return d
        }
    }
}

extension JSONKeyOrder {
    /// Foundation's exact `.sortedKeys` order: `compare(_:options: [.numeric, .caseInsensitive,
    /// .forcedOrdering], locale: system)`, ICU collation included. The core's default
    /// (``JSONKeyOrder/foundation``) matches it for ASCII keys only; inject this one for others.
    public static let foundationExact = JSONKeyOrder { a, b in
        a.compare(
            b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex,
            locale: NSLocale.system) == .orderedAscending
    }
}
