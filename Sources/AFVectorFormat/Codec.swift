import AFSerialization

/// The value encodings of VECTORS.md ("Value encodings"): bytes, headers and errors here; parameter
/// trees in Codec+Parameters.swift. One home for the wire format: the runner decodes with it, the
/// fuzz bodies encode their inputs as vector requests with it.
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

    // MARK: Headers — [[name, value], …]

    public static func decodeHeaders(_ v: JSONValue?, path: String) throws(HarnessError) -> [(String, String)] {
        guard let v, !v.isNull else { return [] }
        guard let rows = v.arrayValue else { throw HarnessError(path, "headers are an array of [name, value]") }
        var out: [(String, String)] = []
        for (i, r) in rows.enumerated() {
            guard let pair = r.arrayValue, pair.count == 2, let n = pair[0].stringValue, let val = pair[1].stringValue
            else {
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
        if let kind = e.kind {
            m.append(.init("kind", .string(kind.rawValue)))
        } else {
            m.append(.init("code", .int(e.code)))
        }
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
