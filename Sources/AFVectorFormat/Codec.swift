import AFSerialization

/// The value encodings of VECTORS.md ("Value encodings").
public enum Codec {
    // MARK: Bytes — {"text": …} or {"hex": …}

    public static func decodeBytes(_ v: JSONValue?, path: String) throws(HarnessError) -> [UInt8] {
        let f = try Fields(v, path: path)
        if let t = try f.string("text") { return Array(t.utf8) }
        if let h = try f.string("hex") { return try decodeHex(h, path: f.sub("hex")) }
        throw HarnessError(path, "bytes need \"text\" or \"hex\"")
    }

    public static func encodeBytes(_ bytes: [UInt8]) -> JSONValue {
        if UTF8Validation.firstInvalidOffset(bytes) == nil {
            return .obj(["text": .string(String(decoding: bytes, as: UTF8.self))])
        }
        return .obj(["hex": .string(hex(bytes))])
    }

    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func decodeHex(_ s: String, path: String) throws(HarnessError) -> [UInt8] {
        var out: [UInt8] = []
        var pending: UInt8? = nil
        for (i, c) in s.utf8.enumerated() {
            let d: UInt8
            switch c {
            case 0x30...0x39: d = c - 0x30
            case 0x61...0x66: d = c - 0x61 + 10
            case 0x41...0x46: d = c - 0x41 + 10
            case 0x20: continue
            default: throw HarnessError(path, "not a hex digit at character \(i)")
            }
            if let hi = pending {
                out.append(hi << 4 | d)
                pending = nil
            } else {
                pending = d
            }
        }
        if pending != nil { throw HarnessError(path, "odd number of hex digits") }
        return out
    }

    // MARK: Parameter trees

    /// JSON → ``ParameterValue`` with the `$set`, `$data`, `$double`, `$dict` tags.
    ///
    /// Error paths are rendered only when an error is thrown: an eval line may nest up to
    /// ``Evaluator/maxLineDepth`` levels, and a path string per node would be depth² bytes.
    public static func decodeParameters(_ v: JSONValue, path: String) throws(HarnessError) -> ParameterValue {
        var segments: [String] = []
        return try decodeParameters(v, root: path, segments: &segments)
    }

    private static func decodeParameters(_ v: JSONValue, root: String, segments: inout [String]) throws(HarnessError) -> ParameterValue {
        func here(_ extra: String...) -> String {
            let full = root + segments.joined() + extra.joined()
            return full.utf8.count > 300 ? String(full.prefix(150)) + "…" + String(full.suffix(150)) : full
        }
        func child(_ segment: String, _ x: JSONValue, _ segments: inout [String]) throws(HarnessError) -> ParameterValue {
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
                    guard let pairs = body.arrayValue else { throw HarnessError(here(".\(tag)"), "expected [[key, value], …]") }
                    var out: [ParameterValue.Entry] = []
                    for (i, p) in pairs.enumerated() {
                        guard let kv = p.arrayValue, kv.count == 2, let k = kv[0].stringValue else {
                            throw HarnessError(here(".\(tag)[\(i)]"), "expected [\"key\", value]")
                        }
                        out.append(.init(k, try child(".\(tag)[\(i)][1]", kv[1], &segments)))
                    }
                    return .dictionary(out)
                default:
                    throw HarnessError(here(".\(tag)"), "unknown tag \(tag); use {\"$dict\": [[\"\(tag)\", …]]} for a key starting with $")
                }
            }
            var out: [ParameterValue.Entry] = []
            out.reserveCapacity(members.count)
            for m in members { out.append(.init(m.key, try child(".\(m.key)", m.value, &segments))) }
            return .dictionary(out)
        }
    }

    // MARK: Headers — [[name, value], …]

    public static func decodeHeaders(_ v: JSONValue?, path: String) throws(HarnessError) -> [(String, String)] {
        guard let v, !v.isNull else { return [] }
        guard let rows = v.arrayValue else { throw HarnessError(path, "headers are an array of [name, value]") }
        var out: [(String, String)] = []
        for (i, r) in rows.enumerated() {
            guard let pair = r.arrayValue, pair.count == 2, let n = pair[0].stringValue, let val = pair[1].stringValue else {
                throw HarnessError("\(path)[\(i)]", "expected [name, value] strings")
            }
            out.append((n, val))
        }
        return out
    }

    public static func encodeHeaders<S: Sequence>(_ headers: S) -> JSONValue where S.Element == (String, String) {
        .array(headers.map { .array([.string($0.0), .string($0.1)]) })
    }

    // MARK: Errors

    public static func encodeError(_ e: AFSError) -> JSONValue {
        var m: [JSONValue.Member] = [.init("domain", .string(e.domain))]
        if let kind = e.kind { m.append(.init("kind", .string(kind.rawValue))) } else { m.append(.init("code", .int(e.code))) }
        m.append(.init("description", .string(e.message)))
        if let r = e.failureReason { m.append(.init("reason", .string(r))) }
        if let o = e.offset { m.append(.init("offset", .int(o))) }
        if !e.context.isEmpty {
            m.append(.init("context", .object(e.context.keys.sorted().map { .init($0, .string(e.context[$0]!)) })))
        }
        if let u = e.underlying { m.append(.init("underlying", encodeError(u))) }
        return .object(m)
    }
}
