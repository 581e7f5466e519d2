/// The text AF sends for a leaf value: its `description` (SPEC §2.3).
public enum ValueDescription {
    /// Description of a value as it is *sent*: string → itself, integer → decimal, bool → `1`/`0`
    /// (or `true`/`false`), double → ``double(_:)``, null → `""` (a null pair sends no value;
    /// multipart sends an empty body). Containers and data get the deterministic rendering of
    /// ``sortKey(_:boolStyle:)``; they are never sent as a description.
    public static func of(_ value: ParameterValue, boolStyle: BoolStyle = .numeric) -> String {
        switch value {
        case .string(let s): return s
        case .integer(let i): return String(i)
        case .bool(let b): return bool(b, boolStyle)
        case .double(let d): return double(d)
        case .null: return ""
        case .data, .array, .set, .dictionary: return sortKey(value, boolStyle: boolStyle)
        }
    }

    /// The text a set element is sorted by (SPEC §2.2–2.3): AF sorts by `-description`.
    ///
    /// Leaves are their ``of(_:boolStyle:)`` text, except null, which is NSNull's `<null>`.
    /// **Decision** (SPEC is silent): containers and data inside a set sort by a compact,
    /// deterministic rendering — `(a, b)`, `{k = v; …}` (keys sorted), `{length = n}` — not Foundation's
    /// multi-line, quote-as-needed plist text. Rendering is iterative (no recursion on depth).
    public static func sortKey(_ value: ParameterValue, boolStyle: BoolStyle = .numeric) -> String {
        switch value {
        case .array, .set, .dictionary: break
        case .null: return "<null>"
        case .data(let bytes): return "{length = \(bytes.count)}"
        default: return of(value, boolStyle: boolStyle)  // most set items: no work stack
        }
        return String(decoding: Rendering(value, boolStyle: boolStyle).text, as: UTF8.self)
    }

    /// The sort-key text of a whole subtree, rendered once, with every node's byte range: a set
    /// nested in a set sorts by slices of its ancestor's rendering instead of rendering its
    /// subtree again at every level (depth × size). The text is ``sortKey(_:boolStyle:)``'s.
    /// Nodes are numbered in rendering order (pre-order; dictionary entries in
    /// ``QueryString/sortedEntries(_:)`` order, array and set items in input order): the root is
    /// 0, a container's first child is its number + 1, each next child the previous one's number
    /// + its ``size(_:)``.
    struct Rendering {
        private(set) var text: [UInt8] = []
        private var ranges: [Range<Int>] = []
        private var sizes: [Int] = []

        init(_ root: ParameterValue, boolStyle: BoolStyle) {
            // Separators are static text and a dictionary key is pushed as it is (no string is
            // concatenated per entry: the renderer runs on every set that holds a container).
            enum Work {
                case enter(ParameterValue)
                case text(StaticString)
                case key(String, first: Bool)
                case exit(Int)
            }
            var work: [Work] = [.enter(root)]
            while let item = work.popLast() {
                switch item {
                case .text(let t):
                    text.append(contentsOf: UnsafeBufferPointer(start: t.utf8Start, count: t.utf8CodeUnitCount))
                case .key(let k, let first):
                    if !first { text.append(contentsOf: "; ".utf8) }
                    text.append(contentsOf: k.utf8)
                    text.append(contentsOf: " = ".utf8)
                case .exit(let id):
                    ranges[id] = ranges[id].lowerBound..<text.count
                    sizes[id] = ranges.count - id
                case .enter(let v):
                    let id = ranges.count
                    let start = text.count
                    ranges.append(start..<start)
                    sizes.append(1)
                    switch v {
                    case .array(let xs), .set(let xs):
                        work.append(.exit(id))
                        work.append(.text(")"))
                        for (i, x) in xs.enumerated().reversed() {
                            work.append(.enter(x))
                            if i > 0 { work.append(.text(", ")) }
                        }
                        text.append(UInt8(ascii: "("))
                    case .dictionary(let es):
                        work.append(.exit(id))
                        work.append(.text("}"))
                        for (i, e) in QueryString.sortedEntries(es).enumerated().reversed() {
                            work.append(.enter(e.value))
                            work.append(.key(e.key, first: i == 0))
                        }
                        text.append(UInt8(ascii: "{"))
                    default:
                        text.append(contentsOf: sortKey(v, boolStyle: boolStyle).utf8)
                        ranges[id] = start..<text.count
                    }
                }
            }
        }

        /// Node `id`'s sort key.
        func key(_ id: Int) -> String { String(decoding: text[ranges[id]], as: UTF8.self) }

        /// How many nodes node `id`'s subtree has, itself included.
        func size(_ id: Int) -> Int { sizes[id] }
    }

    @inline(__always)
    static func bool(_ b: Bool, _ style: BoolStyle) -> String {
        switch style {
        case .numeric: b ? "1" : "0"
        case .literal: b ? "true" : "false"
        }
    }

    /// Darwin NSNumber's `%.16g` (SPEC §2.3): `1.0` → `1`, `1e100` → `1e+100`, `-0.0` → `-0`,
    /// NaN → `nan` (any sign or payload), ±∞ → `inf`/`-inf`. **Decision**: Darwin, not Linux
    /// Foundation (which prints `1.0`).
    public static func double(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        // Fast path: an integral value below 1e15 has ≤ 15 digits, which %.16g prints as an integer.
        if d == d.rounded(.towardZero), abs(d) < 1e15, !(d == 0 && d.sign == .minus) {
            return String(Int64(d))
        }
        return CFormat.double("%.16g", d)
    }
}
