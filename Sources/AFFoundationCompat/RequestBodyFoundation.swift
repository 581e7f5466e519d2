import AFSerialization
import Foundation

extension ParameterValue {
    /// The Foundation object AF would hand `JSONSerialization` / `PropertyListSerialization` for
    /// this tree (SPEC §3.3–3.4): bools as `Bool` (JSON `true`, plist `<true/>`), integers and
    /// doubles as `NSNumber`, data as `Data`, null as `NSNull`. Duplicate keys collapse (last wins),
    /// as they must in an `NSDictionary`. For differential tests and benchmarks. Arrays are Swift
    /// arrays, which `JSONSerialization` takes in every build; `PropertyListSerialization` wants
    /// ``foundationPlistObject``.
    public var foundationBodyObject: Any { foundationObject(nsArrays: false) }

    /// ``foundationBodyObject`` with arrays as `NSArray`, for `PropertyListSerialization`. With
    /// Foundation linked statically (`-static-stdlib`, as OSS-Fuzz builds), swift-corelibs-foundation
    /// refuses a Swift array in a property list ("property lists cannot contain objects of type 'Not A
    /// Type'", code 3851) yet `JSONSerialization.isValidJSONObject` refuses an `NSArray`; linked
    /// dynamically, both take both (docs/matrix/FINDINGS.md F-5).
    public var foundationPlistObject: Any { foundationObject(nsArrays: true) }

    private func foundationObject(nsArrays: Bool) -> Any {
        switch self {
        case .string(let s): return s
        case .integer(let i): return NSNumber(value: i)
        case .double(let d): return NSNumber(value: d)
        case .bool(let b): return b
        case .null: return NSNull()
        case .array(let xs):
            let items = xs.map { $0.foundationObject(nsArrays: nsArrays) }
            return nsArrays ? NSArray(array: items) : items
        case .set(let xs): return NSSet(array: xs.map { $0.foundationObject(nsArrays: nsArrays) })
        case .data(let bytes): return Data(bytes)
        case .dictionary(let es):
            let d = NSMutableDictionary()
            for e in es { d[e.key as NSString] = e.value.foundationObject(nsArrays: nsArrays) }
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

    /// Whether the core's default order (``JSONKeyOrder/foundation``, i.e. ``FoundationKeyCollation``)
    /// is Foundation's for `key`: printable ASCII and the controls TAB–CR (none of them ignorable).
    /// `RequestJSONWriterDifferentialTests` checks the two orders agree on such keys.
    public static func isPlain(_ key: String) -> Bool {
        key.utf8.allSatisfy { (0x20..<0x7F).contains($0) || (0x09...0x0D).contains($0) }
    }

    /// ``foundationExact`` at a fraction of its cost: a pair of plain keys (``isPlain(_:)``) is
    /// compared by ``FoundationKeyCollation``, which orders such keys as Foundation does; any other
    /// pair by Foundation. Both agree wherever both are used, so this is Foundation's order, not a
    /// mix of two.
    public static let foundationExactFast = JSONKeyOrder { a, b in
        isPlain(a) && isPlain(b)
            ? FoundationKeyCollation.precedes(a, b) : foundationExact.areInIncreasingOrder(a, b)
    }
}
