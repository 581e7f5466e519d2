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
    /// `af3`/`af4`: a set of two or more members holding an array or a set, which AF's sort cannot
    /// order (SPEC §2.3, a Deviation: AF raises).
    public static let unsortableSetMember = Self("unsortableSetMember")
}

/// Query-string flattening and encoding (SPEC §2).
public enum QueryString {
    /// What AF's `%@` prints for a nil key: an array at top level is named `(null)[]` (SPEC §2.6).
    static let nullField = "(null)"

    /// Flattens `parameters` into pairs (SPEC §2.2–2.3, §2.6). Data leaves are kept (multipart
    /// sends them raw); ``encode(_:profile:options:)`` is the one that rejects them (§2.7).
    ///
    /// AF starts its recursion with a *nil* key, which is not the same as an empty one: a
    /// dictionary under a nil key names its children `key` (not `[key]`), an array names its
    /// field `(null)[]`, a set passes the nil key to its elements, and a leaf under a nil key is
    /// sent with an empty field (escaping nil yields `""`), so `"s"` → `=s`. `strict` refuses every
    /// top-level value that is not a dictionary.
    public static func pairs(
        _ parameters: ParameterValue, profile: Profile = .default, options: QueryStringOptions = .init()
    ) throws(AFSError) -> [QueryPair] {
        if !profile.isAF, !parameters.isQueryDictionary {
            throw AFSError(
                .topLevelNotDictionary, "top-level parameters must be a dictionary in the strict profile",
                context: ["type": parameters.queryTypeName])
        }
        let maxDepth = options.limits.maxParameterDepth
        var out: [QueryPair] = []
        // Explicit pre-order work stack (children pushed reversed): no recursion, so hostile depth
        // only meets the limit, never the thread's stack. `field == nil` is AF's nil key. `node`
        // locates the value in the rendering of an enclosing set, when one was made (see
        // ``sortedSet(_:node:renderings:boolStyle:)``).
        var stack: [(field: String?, value: ParameterValue, depth: Int, node: RenderedNode?)] = [
            (nil, parameters, 0, nil)
        ]
        var renderings: [ValueDescription.Rendering] = []
        while let (field, value, depth, node) = stack.popLast() {
            switch value {
            case .dictionary(let entries):
                try checkDepth(depth, maxDepth, field)
                let sorted = sortedEntries(entries)
                let nodes = node.map { children(of: $0, count: sorted.count, in: renderings) }
                for (i, e) in sorted.enumerated().reversed() {
                    stack.append((field.map { bracketed($0, e.key) } ?? e.key, e.value, depth + 1, nodes?[i]))
                }
            case .array(let items):
                try checkDepth(depth, maxDepth, field)
                let parent = field ?? nullField
                let nodes = node.map { children(of: $0, count: items.count, in: renderings) }
                // Every item but with indices has the same field: one string, shared.
                let shared: String? =
                    switch options.arrayStyle {
                    case .brackets: parent + "[]"
                    case .noBrackets: parent
                    case .indexInBrackets: nil
                    }
                for (i, item) in items.enumerated().reversed() {
                    stack.append((shared ?? bracketed(parent, String(i)), item, depth + 1, nodes?[i]))
                }
            case .set(let items):
                try checkDepth(depth, maxDepth, field)
                if profile.isAF {
                    for i in try afSortedSet(items, field: field, boolStyle: options.boolStyle).reversed() {
                        stack.append((field, items[i], depth + 1, nil))
                    }
                    continue
                }
                let sorted = sortedSet(items, node: node, renderings: &renderings, boolStyle: options.boolStyle)
                for (i, child) in sorted.reversed() {
                    stack.append((field, items[i], depth + 1, child))
                }
            default:
                out.append(QueryPair(field: field ?? "", value: value))
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

    /// Encodes already-flattened pairs. A data value is a typed error (SPEC §2.7).
    public static func encode(pairs: [QueryPair], options: QueryStringOptions = .init()) throws(AFSError) -> String {
        var out = EscapeSink(capacity: pairs.count * 24)
        let style = options.escapeStyle
        for i in pairs.indices {
            if i > 0 { out.append(UInt8(ascii: "&")) }
            out.appendEscaped(pairs[i].field, style: style)
            switch pairs[i].value {
            case .null:
                continue
            case .data(let bytes):
                throw AFSError(
                    .dataInQueryString, "data values cannot be sent in a query string",
                    context: ["field": pairs[i].field, "length": String(bytes.count)])
            case .string(let s):
                out.append(UInt8(ascii: "="))
                out.appendEscaped(s, style: style)
            case let value:
                out.append(UInt8(ascii: "="))
                out.appendEscaped(ValueDescription.of(value, boolStyle: options.boolStyle), style: style)
            }
        }
        return out.string()
    }

    @inline(__always)
    private static func bracketed(_ parent: String, _ key: String) -> String {
        var s = parent
        s.reserveCapacity(parent.utf8.count + key.utf8.count + 2)
        s += "["
        s += key
        s += "]"
        return s
    }

    private static func checkDepth(_ depth: Int, _ maxDepth: Int, _ field: String?) throws(AFSError) {
        if depth >= maxDepth {
            throw AFSError(
                .nestingTooDeep, "parameters nest deeper than \(maxDepth)",
                context: ["limit": String(maxDepth), "field": String((field ?? "").prefix(200))])
        }
    }

    /// Keys ascending by Swift `String` order; canonically-equal keys by UTF-8 bytes; identical
    /// keys keep input order (SPEC §2.3).
    static func sortedEntries(_ entries: [ParameterValue.Entry]) -> [ParameterValue.Entry] {
        if entries.count < 2 { return entries }
        let forms = entries.map { StringOrder.nfc($0.key) }
        return entries.indices.sorted { a, b in
            switch StringOrder.order(utf8: forms[a], forms[b]) {
            case .ascending: return true
            case .descending: return false
            case .equivalent:
                // Canonically equivalent: raw UTF-8 bytes, then input order.
                switch StringOrder.order(utf8: entries[a].key, entries[b].key) {
                case .ascending: return true
                case .descending: return false
                case .equivalent: return a < b
                }
            }
        }.map { entries[$0] }
    }

    /// A node of one of `pairs`' ``ValueDescription/Rendering``s.
    struct RenderedNode {
        let rendering: Int
        let id: Int
    }

    /// The rendered nodes of `node`'s children, in rendering order.
    private static func children(
        of node: RenderedNode, count: Int, in renderings: [ValueDescription.Rendering]
    ) -> [RenderedNode] {
        var out: [RenderedNode] = []
        out.reserveCapacity(count)
        var id = node.id + 1
        for _ in 0..<count {
            out.append(RenderedNode(rendering: node.rendering, id: id))
            id += renderings[node.rendering].size(id)
        }
        return out
    }

    /// `af3`/`af4` (SPEC §2.3): AF sorts a set with a sort descriptor on the key `description` and
    /// `compare:`. Key-value coding answers that key with a leaf's description, with a dictionary's
    /// own entry of that name, and with a collection for an array or a set, which `compare:` cannot
    /// take: AF raises, the core throws. A set of one member is never compared. Members whose key
    /// is not a string (a dictionary without such an entry) have no order in AF; they come first, in
    /// input order (Decision), and equal keys keep input order.
    static func afSortedSet(_ items: [ParameterValue], field: String?, boolStyle: BoolStyle) throws(AFSError) -> [Int] {
        if items.count < 2 { return Array(items.indices) }
        for item in items {
            switch item {
            case .array, .set:
                throw AFSError(
                    .unsortableSetMember, "AF cannot order a set holding an \(item.queryTypeName): its sort raises",
                    context: ["field": String((field ?? "").prefix(200)), "type": item.queryTypeName])
            default: continue
            }
        }
        let keys: [String?] = items.map { item in
            guard case .dictionary(let entries) = item else {
                return ValueDescription.sortKey(item, boolStyle: boolStyle)
            }
            guard let entry = entries.last(where: { $0.key.utf8.elementsEqual("description".utf8) }),
                case .string(let s) = entry.value
            else { return nil }
            return s
        }
        let forms = keys.map { $0.map(StringOrder.nfc) }
        // The standard library's sort is stable (documented), so members without a key, and members
        // with equal keys, keep their input order.
        return items.indices.sorted { a, b in
            guard let y = forms[b] else { return false }
            guard let x = forms[a] else { return true }
            return StringOrder.order(utf8: x, y) == .ascending
        }
    }

    /// `strict`: set element indices ascending by description (``ValueDescription/sortKey(_:boolStyle:)``),
    /// ties in input order (SPEC §2.2), each with its rendered node when there is one. A set with a
    /// container among its items is rendered once (unless an enclosing set's rendering already
    /// holds it): the sets nested in it then sort by slices of that text.
    static func sortedSet(
        _ items: [ParameterValue], node: RenderedNode?, renderings: inout [ValueDescription.Rendering],
        boolStyle: BoolStyle
    ) -> [(index: Int, node: RenderedNode?)] {
        var node = node
        if node == nil, items.count > 1, items.contains(where: \.isContainer) {
            renderings.append(ValueDescription.Rendering(.set(items), boolStyle: boolStyle))
            node = RenderedNode(rendering: renderings.count - 1, id: 0)
        }
        let nodes = node.map { children(of: $0, count: items.count, in: renderings) }
        if items.count < 2 { return items.indices.map { ($0, nodes?[$0]) } }
        let keys =
            nodes.map { $0.map { renderings[$0.rendering].key($0.id) } }
            ?? items.map { ValueDescription.sortKey($0, boolStyle: boolStyle) }
        assert(
            keys == items.map { ValueDescription.sortKey($0, boolStyle: boolStyle) },
            "a rendered slice is not the item's sort key")
        let forms = keys.map(StringOrder.nfc)
        return keys.indices.sorted { a, b in
            switch StringOrder.order(utf8: forms[a], forms[b]) {
            case .ascending: true
            case .descending: false
            case .equivalent: a < b
            }
        }.map { ($0, nodes?[$0]) }
    }
}

fileprivate extension ParameterValue {
    var isContainer: Bool {
        switch self {
        case .array, .set, .dictionary: true
        default: false
        }
    }

    var isQueryDictionary: Bool {
        if case .dictionary = self { return true }
        return false
    }

    /// Short type name for error context.
    var queryTypeName: String {
        switch self {
        case .string: "string"
        case .integer: "integer"
        case .double: "double"
        case .bool: "bool"
        case .null: "null"
        case .array: "array"
        case .set: "set"
        case .dictionary: "dictionary"
        case .data: "data"
        }
    }
}
