import AFSerialization

/// VECTORS.md parameter trees: JSON with the `$set`, `$data`, `$double` and `$dict` tags.
extension Codec {
    /// JSON → ``ParameterValue`` with the `$set`, `$data`, `$double`, `$dict` tags.
    ///
    /// Error paths are rendered only when an error is thrown: an eval line may nest up to
    /// ``VectorFormat/maxLineDepth`` levels, and a path string per node would be depth² bytes.
    public static func decodeParameters(_ v: JSONValue, path: String) throws(HarnessError) -> ParameterValue {
        var segments: [String] = []
        return try decodeParameters(v, root: path, segments: &segments)
    }

    private static func decodeParameters(_ v: JSONValue, root: String, segments: inout [String]) throws(HarnessError)
        -> ParameterValue
    {
        func here(_ extra: String...) -> String {
            let full = root + segments.joined() + extra.joined()
            return full.utf8.count > 300 ? String(full.prefix(150)) + "…" + String(full.suffix(150)) : full
        }
        func child(_ segment: String, _ x: JSONValue, _ segments: inout [String]) throws(HarnessError) -> ParameterValue
        {
            segments.append(segment)
            defer { segments.removeLast() }
            return try decodeParameters(x, root: root, segments: &segments)
        }
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .number(let t):
            if !v.isDoubleLiteral, let i = Int64(t) { return .integer(i) }
            guard let d = Double(t) else { throw HarnessError(here(), "number \(t) is not representable") }
            return .double(d)
        case .array(let xs):
            var out: [ParameterValue] = []
            out.reserveCapacity(xs.count)
            for (i, x) in xs.enumerated() { out.append(try child("[\(i)]", x, &segments)) }
            return .array(out)
        case .object(let members):
            if members.count == 1, members[0].key.hasPrefix("$") {
                let tag = members[0].key, body = members[0].value
                switch tag {
                case "$set":
                    guard let xs = body.arrayValue else { throw HarnessError(here(".\(tag)"), "expected an array") }
                    var out: [ParameterValue] = []
                    for (i, x) in xs.enumerated() { out.append(try child(".\(tag)[\(i)]", x, &segments)) }
                    return .set(out)
                case "$data":
                    guard let h = body.stringValue else { throw HarnessError(here(".\(tag)"), "expected a hex string") }
                    return .data(try decodeHex(h, path: here(".\(tag)")))
                case "$double":
                    guard let s = body.stringValue else { throw HarnessError(here(".\(tag)"), "expected a string") }
                    switch s {
                    case "nan": return .double(.nan)
                    case "inf": return .double(.infinity)
                    case "-inf": return .double(-.infinity)
                    default:
                        guard let d = Double(s) else { throw HarnessError(here(".\(tag)"), "not a double: \(s)") }
                        return .double(d)
                    }
                case "$dict":
                    guard let pairs = body.arrayValue else {
                        throw HarnessError(here(".\(tag)"), "expected [[key, value], …]")
                    }
                    var out: [ParameterValue.Entry] = []
                    for (i, p) in pairs.enumerated() {
                        guard let kv = p.arrayValue, kv.count == 2, let k = kv[0].stringValue else {
                            throw HarnessError(here(".\(tag)[\(i)]"), "expected [\"key\", value]")
                        }
                        out.append(.init(k, try child(".\(tag)[\(i)][1]", kv[1], &segments)))
                    }
                    return .dictionary(out)
                default:
                    throw HarnessError(
                        here(".\(tag)"),
                        "unknown tag \(tag); use {\"$dict\": [[\"\(tag)\", …]]} for a key starting with $")
                }
            }
            var out: [ParameterValue.Entry] = []
            out.reserveCapacity(members.count)
            for m in members { out.append(.init(m.key, try child(".\(m.key)", m.value, &segments))) }
            return .dictionary(out)
        }
    }

    /// ``ParameterValue`` → JSON with the same tags (the inverse of ``decodeParameters(_:path:)``):
    /// a dictionary whose keys are distinct and none starts with `$` is a plain object, any other
    /// one a `$dict`; nil past `maxDepth` levels (the encoder recurses).
    public static func encodeParameters(_ v: ParameterValue, maxDepth: Int = 256) -> JSONValue? {
        encodeParameters(v, depth: 0, maxDepth: maxDepth)
    }

    private static func encodeParameters(_ v: ParameterValue, depth: Int, maxDepth: Int) -> JSONValue? {
        guard depth <= maxDepth else { return nil }
        func all(_ xs: [ParameterValue]) -> [JSONValue]? {
            var out: [JSONValue] = []
            for x in xs {
                guard let j = encodeParameters(x, depth: depth + 1, maxDepth: maxDepth) else { return nil }
                out.append(j)
            }
            return out
        }
        switch v {
        case .string(let s): return .string(s)
        case .integer(let i): return .number(String(i))
        case .bool(let b): return .bool(b)
        case .null: return .null
        case .data(let d): return .object([.init("$data", .string(hex(d)))])
        case .double(let d):
            if d.isNaN { return .object([.init("$double", .string("nan"))]) }
            if d.isInfinite { return .object([.init("$double", .string(d < 0 ? "-inf" : "inf"))]) }
            return .number("\(d)")  // Swift's shortest round-trip text always has "." or "e"
        case .array(let xs): return all(xs).map { .array($0) }
        case .set(let xs): return all(xs).map { .object([.init("$set", .array($0))]) }
        case .dictionary(let es):
            guard let values = all(es.map(\.value)) else { return nil }
            let keys = es.map(\.key)
            if Set(keys).count == keys.count && !keys.contains(where: { $0.hasPrefix("$") }) {
                return .object(zip(keys, values).map { .init($0, $1) })
            }
            return .object([.init("$dict", .array(zip(keys, values).map { .array([.string($0), $1]) }))])
        }
    }
}
