import AFSerialization
import AFVectorFormat

/// One difference between a vector's expected output and the actual output.
public struct Mismatch: Sendable, Hashable {
    /// Path into the output, e.g. `output.body` or `output.error.underlying.code`.
    public var path: String
    public var expected: JSONValue?
    public var actual: JSONValue?
    public var note: String

    public init(path: String, expected: JSONValue?, actual: JSONValue?, note: String) {
        self.path = path
        self.expected = expected
        self.actual = actual
        self.note = note
    }
}

/// Compares expected against actual outputs by the rules of VECTORS.md §4:
///
/// - an expected object is matched field by field for the fields it lists; the actual object may
///   have more (`batches` only when asked, an error's `description` only where the vector gives it);
/// - except inside JSON data values (the `json` and `object` fields of `null-clean` and `response`):
///   there objects must have exactly the expected members, in the expected order when the run is
///   judged at level `decision` or `implementation-defined` (``comparesMemberOrder(at:)``);
/// - a top-level output with an `error` member when the vector expects none is a mismatch;
/// - byte values (`{"text": …}` / `{"hex": …}`) compare as the bytes they decode to;
/// - numbers compare by value (`1.0` equals `1.00`), everything else exactly;
/// - `{"$unordered": [...]}` in an expected value matches an array holding the same items in any order
///   (request headers, whose order AFNetworking does not define); `{"$includes": [...]}` matches an
///   array that holds at least those items (headers a vector cannot fully determine);
/// - `{"$absent": true}` as a field's expected value means the actual output must not have that field;
///   `{"$any": true}` means it must have it, with any value.
public enum Matcher {
    /// `memberOrder`: whether objects inside `json`/`object` data must also list their members in the
    /// expected order. The order is this project's decision (SPEC §6.4: the core keeps the input's),
    /// not an RFC's or AF's (RFC 8259 §4; AF's NSDictionary has none), so a run judged at another
    /// level compares the members without it (VECTORS.md §4 rule 4).
    public static func compare(
        expected: JSONValue, actual: JSONValue, path: String = "output", memberOrder: Bool = true
    ) -> [Mismatch] {
        var out: [Mismatch] = []
        compare(expected, actual, path, exact: false, order: memberOrder, &out)
        return out
    }

    public static func matches(expected: JSONValue, actual: JSONValue, memberOrder: Bool = true) -> Bool {
        compare(expected: expected, actual: actual, memberOrder: memberOrder).isEmpty
    }

    /// Whether a run at `level` compares the member order of JSON data (no level: as before levels).
    public static func comparesMemberOrder(at level: Level?) -> Bool {
        switch level {
        case nil, .decision?, .implementationDefined?: true
        case .must?, .should?, .af?: false
        }
    }

    /// Fields whose values are JSON data, compared exactly rather than field by field.
    static let exactFields: Set<String> = ["json", "object"]

    private static func compare(
        _ e: JSONValue, _ a: JSONValue, _ path: String, exact: Bool, order: Bool, _ out: inout [Mismatch]
    ) {
        if isAnyMarker(e) { return }
        if let items = unorderedItems(e) {
            compareUnordered(items, a, path, allowExtra: false, order: order, &out)
            return
        }
        if let items = includedItems(e) {
            compareUnordered(items, a, path, allowExtra: true, order: order, &out)
            return
        }
        if let eb = bytesValue(e), let ab = bytesValue(a) {
            if eb != ab { out.append(Mismatch(path: path, expected: e, actual: a, note: "bytes differ")) }
            return
        }
        switch (e, a) {
        case (.object(let members), .object(let actualMembers)):
            if exact, !members.map(\.key).elementsEqual(actualMembers.map(\.key), by: Self.sameBytes) {
                let ek = members.map(\.key), ak = actualMembers.map(\.key)
                let sameNames =
                    ek.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
                    == ak.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
                if !order, sameNames {
                    // The same names in another order: each expected member against the actual one of
                    // its name, the n-th of a repeated name against the n-th.
                    for (name, expectedValues) in Self.byName(members) {
                        let actualValues =
                            Self.byName(actualMembers).first { Self.sameBytes($0.name, name) }?.values ?? []
                        for (x, y) in zip(expectedValues, actualValues) {
                            compare(x, y, "\(path).\(name)", exact: true, order: order, &out)
                        }
                    }
                    return
                }
                let note =
                    sameNames
                    ? "same members in a different order"
                    : "members differ: missing \(ek.filter { !ak.contains($0) }), "
                        + "unexpected \(ak.filter { !ek.contains($0) })"
                out.append(Mismatch(path: path, expected: e, actual: a, note: note))
                return
            }
            for m in members {
                if isAbsentMarker(m.value) {
                    if let av = Self.member(a, m.key) {
                        out.append(
                            Mismatch(
                                path: "\(path).\(m.key)", expected: nil, actual: av,
                                note: "expected no \"\(m.key)\" field"))
                    }
                    continue
                }
                guard let av = Self.member(a, m.key) else {
                    let note =
                        m.key == "error" ? "expected an error, the output has none" : "missing field \"\(m.key)\""
                    out.append(Mismatch(path: "\(path).\(m.key)", expected: m.value, actual: nil, note: note))
                    continue
                }
                compare(
                    m.value, av, "\(path).\(m.key)", exact: exact || exactFields.contains(m.key), order: order, &out)
            }
            if path == "output", e["error"] == nil, let err = a["error"] {
                out.append(Mismatch(path: "\(path).error", expected: nil, actual: err, note: "unexpected error"))
            }
        case (.array(let xs), .array(let ys)):
            if xs.count != ys.count {
                // Point at the first differing item; that is usually the interesting one.
                let firstDiff =
                    zip(xs, ys).enumerated().first {
                        !compare(expected: $0.element.0, actual: $0.element.1, memberOrder: order).isEmpty
                    }?.offset ?? min(xs.count, ys.count)
                out.append(
                    Mismatch(
                        path: path, expected: e, actual: a,
                        note: "expected \(xs.count) item(s), found \(ys.count); first difference at [\(firstDiff)]"))
                return
            }
            for (i, (x, y)) in zip(xs, ys).enumerated() {
                compare(x, y, "\(path)[\(i)]", exact: exact, order: order, &out)
            }
        case (.number(let x), .number(let y)):
            if !Self.sameNumber(x, y) {
                out.append(Mismatch(path: path, expected: e, actual: a, note: "numbers differ"))
            }
        case (.string(let x), .string(let y)):
            // Byte for byte: Swift's `==` would take canonically equivalent strings (é and e + U+0301)
            // as equal, and SPEC §2.3 tells such keys apart.
            if !Self.sameBytes(x, y) {
                out.append(Mismatch(path: path, expected: e, actual: a, note: "strings differ"))
            }
        default:
            if e != a {
                out.append(
                    Mismatch(
                        path: path, expected: e, actual: a,
                        note: "expected \(JSONSchema.typeName(e)), found \(JSONSchema.typeName(a))"))
            }
        }
    }

    private static func compareUnordered(
        _ items: [JSONValue], _ a: JSONValue, _ path: String, allowExtra: Bool, order: Bool, _ out: inout [Mismatch]
    ) {
        guard var remaining = a.arrayValue else {
            out.append(Mismatch(path: path, expected: .array(items), actual: a, note: "expected an array (any order)"))
            return
        }
        var missing: [JSONValue] = []
        for item in items {
            if let i = remaining.firstIndex(where: { matches(expected: item, actual: $0, memberOrder: order) }) {
                remaining.remove(at: i)
            } else {
                missing.append(item)
            }
        }
        if allowExtra { remaining = [] }
        if !missing.isEmpty || !remaining.isEmpty {
            var parts: [String] = []
            if !missing.isEmpty { parts.append("missing \(JSONValue.array(missing).jsonText)") }
            if !remaining.isEmpty { parts.append("unexpected \(JSONValue.array(remaining).jsonText)") }
            out.append(
                Mismatch(
                    path: path, expected: .array(items), actual: a,
                    note: (allowExtra ? "(includes) " : "(any order) ") + parts.joined(separator: "; ")))
        }
    }

    /// Members grouped by name (bytes), names in first-appearance order, values in order.
    static func byName(_ members: [JSONValue.Member]) -> [(name: String, values: [JSONValue])] {
        var out: [(name: String, values: [JSONValue])] = []
        for m in members {
            if let i = out.firstIndex(where: { sameBytes($0.name, m.key) }) {
                out[i].values.append(m.value)
            } else {
                out.append((m.key, [m.value]))
            }
        }
        return out
    }

    /// The items of `{"$unordered": [...]}`.
    static func unorderedItems(_ v: JSONValue) -> [JSONValue]? {
        guard case .object(let m) = v, m.count == 1, m[0].key == "$unordered" else { return nil }
        return m[0].value.arrayValue
    }

    /// `{"$absent": true}`: the field must not be there (e.g. "no object" in a response).
    static func isAbsentMarker(_ v: JSONValue) -> Bool {
        guard case .object(let m) = v, m.count == 1, m[0].key == "$absent" else { return false }
        return m[0].value == .bool(true)
    }

    /// `{"$any": true}`: any value, as long as the field is there (an `acceptable` outcome that is
    /// any error at all).
    static func isAnyMarker(_ v: JSONValue) -> Bool {
        guard case .object(let m) = v, m.count == 1, m[0].key == "$any" else { return false }
        return m[0].value == .bool(true)
    }

    /// The items of `{"$includes": [...]}`.
    static func includedItems(_ v: JSONValue) -> [JSONValue]? {
        guard case .object(let m) = v, m.count == 1, m[0].key == "$includes" else { return nil }
        return m[0].value.arrayValue
    }

    /// The bytes of `{"text": …}` or `{"hex": …}` (exactly one member).
    static func sameBytes(_ x: String, _ y: String) -> Bool { x.utf8.elementsEqual(y.utf8) }

    /// The last member whose key has exactly `key`'s bytes (JSONValue's subscript compares keys as
    /// Swift strings, i.e. up to canonical equivalence).
    static func member(_ v: JSONValue, _ key: String) -> JSONValue? {
        v.objectValue?.last { sameBytes($0.key, key) }?.value
    }

    /// Numbers by value: two integers (no `.`, `e`, `E`) by their digits, so 2^53 + 1 is not 2^53;
    /// anything else as doubles (`1.0` = `1` = `1e0`).
    static func sameNumber(_ x: String, _ y: String) -> Bool {
        if x == y { return true }
        func integer(_ s: String) -> Bool { !s.isEmpty && !s.contains { $0 == "." || $0 == "e" || $0 == "E" } }
        if integer(x) && integer(y) {
            func canonical(_ s: String) -> String { s == "-0" ? "0" : s }
            return canonical(x) == canonical(y)
        }
        guard let a = Double(x), let b = Double(y) else { return false }
        return a == b
    }

    public static func bytesValue(_ v: JSONValue) -> [UInt8]? {
        guard case .object(let m) = v, m.count == 1, let s = m[0].value.stringValue else { return nil }
        switch m[0].key {
        case "text": return Array(s.utf8)
        case "hex": return try? Codec.decodeHex(s, path: "")
        default: return nil
        }
    }
}
