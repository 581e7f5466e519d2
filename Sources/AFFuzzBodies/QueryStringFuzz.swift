import AFCorpusFormat
import AFSerialization
import Foundation

/// SPEC §2 query-string flattening and encoding.
///
/// Input: ``QueryStringInput`` (the frozen option header and the payload).
///
/// Checks: determinism; dictionary entry order does not matter (distinct keys); the typed error is
/// raised exactly when the input has data, a too-deep container, (strict) a non-dictionary root or
/// (af3/af4) a set that AF's sort cannot order;
/// otherwise decoding the output back (split on `&`/`=`, percent-decoded)
/// gives exactly the leaves of the input with their bracketed fields, in SPEC §2.3 order,
/// computed here independently (see ``Leaves`` for the one case compared as a multiset).
public enum QueryStringFuzz: FuzzBody {
    public static var name: String { QueryStringInput.name }

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        let setup = QueryStringInput.setUp(&input)
        let (profile, options, tree) = (setup.profile, setup.options, setup.tree)
        let (escapeStyle, arrayStyle, boolStyle, limits) = (
            options.escapeStyle, options.arrayStyle, options.boolStyle, options.limits
        )

        let first = Result { () throws(AFSError) in try QueryString.encode(tree, profile: profile, options: options) }
        // Determinism: encoded again, the tree gives the same result. An accepted tree with
        // distinct keys is encoded again with its dictionaries reversed instead (below): that one
        // comparison checks determinism and key-order independence together (a third encoding
        // was a third of each execution).
        let reversed: ParameterValue? = if case .success = first { tree.reversedDictionaries() } else { nil }
        if reversed == nil {
            let second = Result { () throws(AFSError) in
                try QueryString.encode(tree, profile: profile, options: options)
            }
            try check(first == second, "not deterministic")
        }

        // Expected outcome, from SPEC §2.6–2.7 and §8, computed independently. AF starts with a
        // nil key (not an empty one): see ``Leaves/walk(_:field:level:)``.
        var expected = Leaves(arrayStyle: arrayStyle, boolStyle: boolStyle)
        expected.walk(tree, field: nil, level: 0)
        var isDictionary = false
        if case .dictionary = tree { isDictionary = true }
        var allowedErrors: [AFSError.Kind] = []
        if !isDictionary && profile == .strict { allowedErrors.append(.topLevelNotDictionary) }
        if expected.deepestContainer >= limits.maxParameterDepth { allowedErrors.append(.nestingTooDeep) }
        if expected.hasData { allowedErrors.append(.dataInQueryString) }
        if profile.isAF && expected.hasUnsortableSet { allowedErrors.append(.unsortableSetMember) }

        switch first {
        case .failure(let e):
            try check(
                e.kind.map(allowedErrors.contains) ?? false, "unexpected error \(e); expected one of \(allowedErrors)")
        case .success(let text):
            try check(allowedErrors.isEmpty, "no error, expected one of \(allowedErrors)")
            // (field, value) pairs as the output reads back, compared with the input's leaves by their
            // UTF-8 bytes (a canonically equivalent but different key is a different key, SPEC §2.3).
            // Flat tuples, not an array per pair: allocation is most of an execution under ASan.
            var decoded: [Pair] = []
            // "" is both no pairs and one null pair with an empty field (a top-level null in af).
            if text.isEmpty && expected.pairs.count == 1 && expected.pairs[0] == ("", nil) {
                decoded = [("", nil)]
            } else if !text.isEmpty {
                // Split on '&', then the first '=', scanning the output's contiguous UTF-8 bytes (it
                // is ASCII): Character-wise splitting, then the generic `split` over UTF-8 views, were
                // each about a sixth of an execution (callgrind).
                var text = text, unescapable: String? = nil
                text.withUTF8 { bytes in
                    var start = 0
                    while start <= bytes.count, unescapable == nil {
                        var end = start
                        while end < bytes.count, bytes[end] != UInt8(ascii: "&") { end += 1 }
                        let pair = UnsafeBufferPointer(rebasing: bytes[start..<end])
                        let eq = pair.firstIndex(of: UInt8(ascii: "="))
                        let field = unescape(UnsafeBufferPointer(rebasing: pair[..<(eq ?? pair.count)]), escapeStyle)
                        let value = eq.map { unescape(UnsafeBufferPointer(rebasing: pair[($0 + 1)...]), escapeStyle) }
                        if let field, value != .some(nil) {
                            decoded.append((field, value ?? nil))
                        } else {
                            unescapable = String(decoding: pair, as: UTF8.self)
                        }
                        start = end + 1
                    }
                }
                try check(unescapable == nil, "pair \(unescapable ?? "") does not unescape")
            }
            if expected.orderKnown {
                // SPEC §2.2–2.3 order, exactly: any ordering bug fails here.
                try check(
                    sameBytes(decoded, expected.pairs),
                    "decoded pairs differ from the input's leaves in SPEC §2.3 order: \(decoded) vs \(expected.pairs)")
            } else {
                try check(
                    sameBytes(sortedByBytes(decoded), sortedByBytes(expected.pairs)),
                    "decoded pairs differ from the input's leaves: \(decoded) vs \(expected.pairs)")
            }

            // Reordering dictionary entries changes nothing when keys are distinct (sorted, §2.3);
            // a tree without such dictionaries comes back unchanged and this is the determinism check.
            if let reversed {
                let again = Result { () throws(AFSError) in
                    try QueryString.encode(reversed, profile: profile, options: options)
                }
                try check(again == first, "not deterministic, or dictionary entry order changes the output")
            }
        }
    }

    static func unescape<C: Collection<UInt8>>(_ bytes: C, _ style: EscapeStyle) -> String? {
        PercentDecoding.decode(bytes, plusIsSpace: style == .whatwgForm).flatMap {
            String(validating: $0, as: UTF8.self)
        }
    }

    typealias Pair = (field: String, value: String?)

    /// The same pairs, field and value compared by their UTF-8 bytes.
    static func sameBytes(_ a: [Pair], _ b: [Pair]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { x, y in
                compareBytes(x.field, y.field) == 0
                    && (x.value.flatMap { v in y.value.map { compareBytes(v, $0) == 0 } }
                        ?? (x.value == nil && y.value == nil))
            }
    }

    /// Sorted by field bytes, then value bytes (no value first): the multiset comparison's order.
    static func sortedByBytes(_ pairs: [Pair]) -> [Pair] {
        pairs.sorted { a, b in
            let f = compareBytes(a.field, b.field)
            if f != 0 { return f < 0 }
            switch (a.value, b.value) {
            case (nil, nil), (_, nil): return false
            case (nil, _): return true
            case (let x?, let y?): return compareBytes(x, y) < 0
            }
        }
    }

    /// SPEC §2.3's Swift String order, computed here from its definition: the Unicode scalars of the
    /// NFC forms, lexicographically. Not Swift's own `<`: in Swift 6.3 it answers false both ways for
    /// some pairs, a decomposed string whose NFC form is a prefix of the other (`e` + U+0301 against
    /// `é]`), so a sort by it depends on the algorithm. A key's NFC form is computed once per sort
    /// (Foundation's normalization is costly under ASan); ASCII is its own NFC form.
    /// (UTF-8 byte order is scalar order, so the NFC forms compare by their bytes.)
    struct NFCKey: Comparable {
        let nfc: String
        init(_ s: String) { nfc = s.utf8.allSatisfy({ $0 < 0x80 }) ? s : s.precomposedStringWithCanonicalMapping }
        static func == (a: NFCKey, b: NFCKey) -> Bool { compareBytes(a.nfc, b.nfc) == 0 }
        static func < (a: NFCKey, b: NFCKey) -> Bool { compareBytes(a.nfc, b.nfc) < 0 }
    }

    /// The order of the two strings' UTF-8 bytes (memcmp, then length): < 0, 0 or > 0. The generic
    /// `elementsEqual`/`lexicographicallyPrecedes` over UTF-8 views cost a sixth of an execution.
    static func compareBytes(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let n = min(x.count, y.count)
                let c = n == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, n))
                return c != 0 ? c : x.count - y.count
            }
        }
    }

    /// The (field, description) pairs SPEC §2.2–2.5 asks for, in SPEC §2.3 order: dictionary keys
    /// ascending by Swift `String` order, canonically equal keys by UTF-8 bytes, identical keys and
    /// set elements with equal descriptions in input order. SPEC does not spell out how a
    /// container is described, so a set holding a container leaves `orderKnown` false (its
    /// elements stay in input order here and the pairs are compared as a multiset).
    struct Leaves {
        let arrayStyle: ArrayStyle
        let boolStyle: BoolStyle
        var pairs: [(field: String, value: String?)] = []
        var hasData = false
        /// A set of two or more members holding an array or a set: AF's sort cannot order it
        /// (SPEC §2.3), so the af profiles refuse the tree.
        var hasUnsortableSet = false
        var deepestContainer = -1
        var orderKnown = true

        /// `field[inner]`, built in one string: interpolation and chained `+` each cost allocations,
        /// and this runs for every container's every child.
        static func bracketed(_ field: String, _ inner: String) -> String {
            var s = field
            s.reserveCapacity(field.utf8.count + inner.utf8.count + 2)
            s += "["
            s += inner
            s += "]"
            return s
        }

        /// `level` is the nesting depth of `value` (the root is 0). `field == nil` is AF's nil
        /// key (SPEC §2.6): a dictionary under it names its children by their bare keys, an array
        /// names its field `(null)` (what `%@` prints for nil), a set passes it on, a leaf under
        /// it gets the empty field.
        mutating func walk(_ value: ParameterValue, field: String?, level: Int) {
            switch value {
            case .dictionary(let es):
                deepestContainer = max(deepestContainer, level)
                let nfc = es.map { QueryStringFuzz.NFCKey($0.key) }
                let order = es.indices.sorted { a, b in
                    if nfc[a] != nfc[b] { return nfc[a] < nfc[b] }
                    let c = QueryStringFuzz.compareBytes(es[a].key, es[b].key)
                    return c != 0 ? c < 0 : a < b
                }
                for e in order.map({ es[$0] }) {
                    walk(e.value, field: field.map { Self.bracketed($0, e.key) } ?? e.key, level: level + 1)
                }
            case .array(let xs):
                deepestContainer = max(deepestContainer, level)
                let parent = field ?? "(null)"
                let shared: String? =
                    switch arrayStyle {
                    case .brackets: parent + "[]"
                    case .noBrackets: parent
                    case .indexInBrackets: nil
                    }
                for (i, x) in xs.enumerated() {
                    walk(x, field: shared ?? Self.bracketed(parent, String(i)), level: level + 1)
                }
            case .set(let xs):
                deepestContainer = max(deepestContainer, level)
                if xs.count > 1,
                    xs.contains(where: { if case .array = $0 { true } else if case .set = $0 { true } else { false } })
                {
                    hasUnsortableSet = true
                }
                let keys = xs.map(setSortKey)
                if keys.contains(nil) { orderKnown = false }
                let nfc = keys.map { $0.map(QueryStringFuzz.NFCKey.init) }
                let order =
                    keys.contains(nil)
                    ? Array(xs.indices)
                    : xs.indices.sorted { a, b in
                        nfc[a]! != nfc[b]! ? nfc[a]! < nfc[b]! : a < b
                    }
                for i in order { walk(xs[i], field: field, level: level + 1) }
            case .null: pairs.append((field ?? "", nil))
            case .string(let s): pairs.append((field ?? "", s))
            case .integer(let i): pairs.append((field ?? "", String(i)))
            case .bool(let b):
                pairs.append((field ?? "", boolStyle == .literal ? (b ? "true" : "false") : (b ? "1" : "0")))
            case .double(let d): pairs.append((field ?? "", darwinDouble(d)))
            case .data: hasData = true
            }
        }

        /// A set element's description for sorting (SPEC §2.2–2.3; null is NSNull's `<null>`),
        /// nil for a container. Data makes the output an error, so its key does not matter.
        func setSortKey(_ value: ParameterValue) -> String? {
            switch value {
            case .array, .set, .dictionary: nil
            case .null: "<null>"
            case .string(let s): s
            case .integer(let i): String(i)
            case .bool(let b): boolStyle == .literal ? (b ? "true" : "false") : (b ? "1" : "0")
            case .double(let d): darwinDouble(d)
            case .data: ""
            }
        }
    }

    /// SPEC §2.3: `%.16g` via Foundation's formatter, with Darwin's spellings of NaN and ∞.
    static func darwinDouble(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        return String(format: "%.16g", d)
    }
}

extension ParameterValue {
    /// The same tree with every dictionary's entries reversed, or nil when some dictionary has two
    /// keys with the same UTF-8 bytes (their relative order is then significant). Recursion depth
    /// is bounded by the depth limit the caller already enforced (it only runs on accepted trees).
    /// Keys with equal bytes are canonically equal (String ==), so only such pairs need the byte
    /// check; a small dictionary is checked pairwise, without building a set.
    static func noKeysWithEqualBytes(_ es: [Entry]) -> Bool {
        if es.count > 16 {
            return Set(es.map(\.key)).count == es.count || Set(es.map { Array($0.key.utf8) }).count == es.count
        }
        for i in es.indices {
            for j in es.indices
            where j > i && es[i].key == es[j].key && QueryStringFuzz.compareBytes(es[i].key, es[j].key) == 0 {
                return false
            }
        }
        return true
    }

    func reversedDictionaries() -> ParameterValue? {
        switch self {
        case .dictionary(let es):
            guard Self.noKeysWithEqualBytes(es) else { return nil }
            var out: [Entry] = []
            out.reserveCapacity(es.count)
            for e in es.reversed() {
                guard let v = e.value.reversedDictionaries() else { return nil }
                out.append(.init(e.key, v))
            }
            return .dictionary(out)
        case .array(let xs), .set(let xs):
            var out: [ParameterValue] = []
            out.reserveCapacity(xs.count)
            for x in xs {
                guard let v = x.reversedDictionaries() else { return nil }
                out.append(v)
            }
            if case .set = self { return .set(out) }
            return .array(out)
        default:
            return self
        }
    }
}
