/// One flattened (field, value) pair. `value` is a leaf: never an array, set or dictionary.
public struct QueryPair: Sendable, Hashable {
    public var field: String
    public var value: ParameterValue
    public init(field: String, value: ParameterValue) {
        self.field = field
        self.value = value
    }
}

extension AFSError.Kind {
    /// `strict` refuses a top-level array or scalar (SPEC §2.6).
    public static let topLevelNotDictionary = Self("topLevelNotDictionary")
    /// Bytes cannot go in a query string (SPEC §2.7, a Deviation from AF).
    public static let dataInQueryString = Self("dataInQueryString")
}

/// Query-string flattening and encoding (SPEC §2).
public enum QueryString {
    /// AF's field for a top-level array: `[nil description]` (SPEC §2.6).
    static let nullField = "(null)"

    /// Flattens `parameters` into pairs (SPEC §2.2–2.3). Data leaves are kept (multipart sends them
    /// raw); ``encode(_:profile:options:)`` is the one that rejects them.
    public static func pairs(
        _ parameters: ParameterValue, profile: Profile = .default, options: QueryStringOptions = .init()
    ) throws(AFSError) -> [QueryPair] {
        // AF calls its flattener with a nil key: an array names its field `(null)[]`; a set or a
        // scalar gets an empty field (escaping nil gives ""), so `"s"` → `=s`.
        let root: (field: String, isTop: Bool)
        switch parameters {
        case .dictionary:
            root = ("", true)
        case _ where !profile.isAF:
            throw AFSError(.topLevelNotDictionary, "top-level parameters must be a dictionary in the strict profile")
        case .array:
            root = (nullField, false)
        default:
            root = ("", false)
        }

        let maxDepth = options.limits.maxParameterDepth
        var out: [QueryPair] = []
        // Explicit pre-order work stack (children pushed reversed): no recursion, so hostile depth
        // only meets the limit, never the thread's stack.
        var stack: [(field: String, value: ParameterValue, depth: Int, isTop: Bool)] = [(root.field, parameters, 0, root.isTop)]
        while let (field, value, depth, isTop) = stack.popLast() {
            switch value {
            case .dictionary(let entries):
                try checkDepth(depth, maxDepth, field)
                for e in sortedEntries(entries).reversed() {
                    stack.append((isTop ? e.key : "\(field)[\(e.key)]", e.value, depth + 1, false))
                }
            case .array(let items):
                try checkDepth(depth, maxDepth, field)
                for (i, item) in items.enumerated().reversed() {
                    let child: String
                    switch options.arrayStyle {
                    case .brackets: child = field + "[]"
                    case .noBrackets: child = field
                    case .indexInBrackets: child = "\(field)[\(i)]"
                    }
                    stack.append((child, item, depth + 1, false))
                }
            case .set(let items):
                try checkDepth(depth, maxDepth, field)
                for item in sortedSet(items, boolStyle: options.boolStyle).reversed() {
                    stack.append((field, item, depth + 1, false))
                }
            default:
                out.append(QueryPair(field: field, value: value))
            }
        }
        return out
    }

    /// The query string (SPEC §2.5): `escape(field)=escape(description)` joined by `&`; a null
    /// value gives the escaped field alone.
    public static func encode(
        _ parameters: ParameterValue, profile: Profile = .default, options: QueryStringOptions = .init()
    ) throws(AFSError) -> String {
        try encode(pairs: pairs(parameters, profile: profile, options: options), options: options)
    }

    /// Encodes already-flattened pairs.
    public static func encode(pairs: [QueryPair], options: QueryStringOptions = .init()) throws(AFSError) -> String {
        var result = ""
        for (i, pair) in pairs.enumerated() {
            if i > 0 { result += "&" }
            result += PercentEscape.escape(pair.field, style: options.escapeStyle)
            switch pair.value {
            case .null:
                continue
            case .data(let bytes):
                throw AFSError(
                    .dataInQueryString, "data values cannot be sent in a query string",
                    context: ["field": pair.field, "length": String(bytes.count)])
            default:
                result += "="
                result += PercentEscape.escape(ValueDescription.of(pair.value, boolStyle: options.boolStyle), style: options.escapeStyle)
            }
        }
        return result
    }

    private static func checkDepth(_ depth: Int, _ maxDepth: Int, _ field: String) throws(AFSError) {
        if depth >= maxDepth {
            throw AFSError(
                .nestingTooDeep, "parameters nest deeper than \(maxDepth)",
                context: ["limit": String(maxDepth), "field": String(field.prefix(200))])
        }
    }

    /// Keys ascending by Swift `String` order; canonically-equal keys by UTF-8 bytes; identical
    /// keys keep input order (SPEC §2.3).
    static func sortedEntries(_ entries: [ParameterValue.Entry]) -> [ParameterValue.Entry] {
        entries.enumerated().sorted { a, b in
            if a.element.key != b.element.key { return a.element.key < b.element.key }
            let ua = Array(a.element.key.utf8), ub = Array(b.element.key.utf8)
            if ua != ub { return ua.lexicographicallyPrecedes(ub) }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Set elements ascending by description; ties keep input order (SPEC §2.2).
    static func sortedSet(_ items: [ParameterValue], boolStyle: BoolStyle) -> [ParameterValue] {
        let keyed = items.enumerated().map { (ValueDescription.of($0.element, boolStyle: boolStyle), $0.offset, $0.element) }
        return keyed.sorted { a, b in
            if a.0 != b.0 { return a.0 < b.0 }
            return a.1 < b.1
        }.map(\.2)
    }
}
