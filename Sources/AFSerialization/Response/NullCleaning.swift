/// AF's `AFJSONObjectByRemovingKeysWithNullValues` (SPEC §6.4), on ordered JSON values.
///
/// - `af4`/`strict`: drop object members whose value is null and null array elements.
/// - `af3`: drop object members only; arrays are recursed into but keep their nulls.
/// Emptied containers stay; a top-level scalar or null is returned unchanged.
///
/// Duplicate keys follow Foundation's dictionary semantics (the last member wins): a key whose
/// last value is null disappears entirely, as it would from the `NSDictionary` AF cleans.
public enum NullCleaning {
    /// What a profile removes: af3 object members only, af4 and strict array elements too.
    public enum Mode: Sendable, Hashable {
        case members
        case membersAndElements

        public init(_ profile: Profile) { self = profile == .af3 ? .members : .membersAndElements }
        var dropsArrayNulls: Bool { self == .membersAndElements }
    }

    public static func clean(_ value: JSONValue, profile: Profile, maxDepth: Int = Limits.default.maxJSONDepth)
        throws(AFSError) -> JSONValue
    {
        try clean(value, mode: Mode(profile), maxDepth: maxDepth)
    }

    public static func clean(_ value: JSONValue, mode: Mode, maxDepth: Int = Limits.default.maxJSONDepth)
        throws(AFSError) -> JSONValue
    {
        try clean(value, dropArrayNulls: mode.dropsArrayNulls, depth: 0, maxDepth: maxDepth)
    }

    private static func clean(_ value: JSONValue, dropArrayNulls: Bool, depth: Int, maxDepth: Int) throws(AFSError)
        -> JSONValue
    {
        switch value {
        case .array(let items):
            try check(depth, maxDepth)
            var out: [JSONValue] = []
            out.reserveCapacity(items.count)
            for item in items {
                switch item {
                case .null: if !dropArrayNulls { out.append(item) }
                case .array, .object:
                    out.append(try clean(item, dropArrayNulls: dropArrayNulls, depth: depth + 1, maxDepth: maxDepth))
                default: out.append(item)
                }
            }
            return .array(out)
        case .object(let members):
            try check(depth, maxDepth)
            let nullKeys = nullKeys(members)
            var out: [JSONValue.Member] = []
            out.reserveCapacity(members.count)
            for m in members {
                switch m.value {
                case .null: continue
                case .array, .object:
                    if !nullKeys.isEmpty, nullKeys.contains(m.key) { continue }
                    out.append(
                        .init(
                            m.key,
                            try clean(m.value, dropArrayNulls: dropArrayNulls, depth: depth + 1, maxDepth: maxDepth)))
                default:
                    if !nullKeys.isEmpty, nullKeys.contains(m.key) { continue }
                    out.append(m)
                }
            }
            return .object(out)
        default:
            return value
        }
    }

    /// Keys whose *last* member is null and that occur more than once (a lone null member is
    /// dropped anyway). Empty in the common case; small objects are scanned without hashing.
    /// (Also the parser's rule when it cleans while parsing, on its member stack.)
    static func nullKeys<C: RandomAccessCollection>(_ members: C) -> Set<String>
    where C.Element == JSONValue.Member, C.Index == Int {
        guard members.count > 1 else { return [] }
        var result = Set<String>()
        if members.count <= 32 {
            for i in members.indices where members[i].value.isNull {
                let m = members[i]
                // Is this the last member with its key, and does the key occur elsewhere?
                var later = false, earlier = false
                for j in members.indices where j != i && members[j].key == m.key {
                    if j > i { later = true; break }
                    earlier = true
                }
                if !later, earlier { result.insert(m.key) }
            }
            return result
        }
        guard members.contains(where: { $0.value.isNull }) else { return [] }
        var seen = Set<String>()
        for m in members.reversed() where seen.insert(m.key).inserted {
            if m.value.isNull { result.insert(m.key) }
        }
        return result
    }

    @inline(__always)
    private static func check(_ depth: Int, _ maxDepth: Int) throws(AFSError) {
        if depth >= maxDepth {
            throw AFSError(
                .nestingTooDeep, "JSON nesting deeper than \(maxDepth)", context: ["limit": String(maxDepth)])
        }
    }
}
