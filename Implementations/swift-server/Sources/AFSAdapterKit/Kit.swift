// The eval loop (VECTORS.md §5, protocol 1.1) shared by the Swift server-side adapters, and the
// value helpers of VECTORS.md §2. Request lines are read with the project's ordered JSON reader
// (AFSerialization's JSONParser/JSONValue); every answer comes from the library an executable wraps.
//
// Nothing here models AFNetworking: this file only decodes the vectors' value encodings and frames
// replies.
import AFSerialization
import AFVectorFormat
import Foundation

public typealias JSON = JSONValue

/// The request is outside the library's model: the run is reported n/a (VECTORS.md §5.3).
public struct Unsupported: Error {
    public var why: String
    public init(_ why: String) { self.why = why }
}

/// The request could not be mapped (a bad field, VECTORS.md §3): the run fails.
public struct HarnessError: Error {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// What one executable wraps.
public struct Adapter {
    public var name: String
    public var version: String
    /// `supports` of the handshake (components with exactly one profile each, omits).
    public var supports: JSON
    /// component → handler(input, options) → output.
    public var components: [String: (JSON, JSON) throws -> JSON]

    public init(name: String, version: String, supports: JSON, components: [String: (JSON, JSON) throws -> JSON]) {
        self.name = name
        self.version = version
        self.supports = supports
        self.components = components
    }

    /// Reads request lines from stdin until it closes; one reply line per request, flushed.
    /// The loop runs on a thread with a 1 GiB stack (as `conformance eval` does), so deep
    /// parameter trees reach the library instead of overflowing the adapter's own stack.
    public func run() -> Never {
        Self.fixHashSeed()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            while let line = readLine(strippingNewline: true) {
                if line.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                let reply = self.reply(line)
                var text = reply.jsonText
                text.append("\n")
                text.utf8CString.withUnsafeBufferPointer { p in
                    _ = fwrite(p.baseAddress, 1, p.count - 1, stdout)
                }
                fflush(stdout)
            }
            done.signal()
        }
        thread.stackSize = 1 << 30
        thread.start()
        done.wait()
        exit(0)
    }

    /// Swift seeds `Hasher` per process, so a library that keeps keys in a `Dictionary` writes
    /// them in a different order in every process. The adapters run with
    /// `SWIFT_DETERMINISTIC_HASHING=1` (re-executing themselves once to set it: the runtime reads
    /// it at load time) so that a cell's result is the same in every run. README: projection.
    static func fixHashSeed() {
        guard getenv("SWIFT_DETERMINISTIC_HASHING") == nil else { return }
        setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // execv returned: keep going with the random seed.
        fputs("afs-adapter: could not re-execute with SWIFT_DETERMINISTIC_HASHING=1\n", stderr)
    }

    func reply(_ line: String) -> JSON {
        let request: JSON
        do {
            request = try JSONParser(maxDepth: 100_000, allowFragments: true).parse(Array(line.utf8))
        } catch {
            return .obj(["id": recoverID(line), "harnessError": .string("line is not JSON: \(error)")])
        }
        guard case .object = request else {
            return .obj(["id": .null, "harnessError": .string("line is not a JSON object")])
        }
        let id = request["id"] ?? .null
        if let s = id.stringValue, s.hasPrefix("handshake#") {
            return .obj([
                "id": id, "output": request["input"] ?? .obj([:]), "protocol": .string("1.1"),
                "implementation": .obj(["name": .string(name), "version": .string(version)]),
                "supports": supports,
            ])
        }
        guard let component = request["component"]?.stringValue else {
            return .obj(["id": id, "harnessError": .string("component: required field is missing")])
        }
        guard let handler = components[component] else {
            return .obj(["id": id, "unsupported": .string("component \(component): \(name) does not model it")])
        }
        let input = request["input"] ?? .obj([:])
        let options = request["options"] ?? .obj([:])
        guard case .object = input else {
            return .obj(["id": id, "harnessError": .string("input: expected an object")])
        }
        guard case .object = options else {
            return .obj(["id": id, "harnessError": .string("options: expected an object")])
        }
        do {
            return .obj(["id": id, "output": try handler(input, options)])
        } catch let u as Unsupported {
            return .obj(["id": id, "unsupported": .string(u.why)])
        } catch let h as HarnessError {
            return .obj(["id": id, "harnessError": .string(h.message)])
        } catch {
            // Anything the library throws outside a handler's own catch: surface it, named.
            return .obj(["id": id, "output": libraryError(name, error)])
        }
    }

    /// The first top-level `"id": "…"` of a line that does not parse (VECTORS.md §5.5).
    func recoverID(_ line: String) -> JSON {
        guard let r = line.range(of: "\"id\"") else { return .null }
        var rest = line[r.upperBound...].drop(while: { $0 == " " || $0 == ":" })
        guard rest.first == "\"" else { return .null }
        rest = rest.dropFirst()
        var out = ""
        var escaped = false
        for c in rest {
            if escaped { out.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == "\"" { return .string(out) }
            out.append(c)
        }
        return .null
    }
}

/// `{"error": {"domain": <library>, "message": …}}` (Implementations/README.md).
public func libraryError(_ domain: String, _ error: Error) -> JSON {
    .obj([
        "error": .obj([
            "domain": .string(domain), "message": .string("\(type(of: error)): \(String(describing: error))"),
        ])
    ])
}

public func libraryError(_ domain: String, message: String) -> JSON {
    .obj(["error": .obj(["domain": .string(domain), "message": .string(message)])])
}

// MARK: - Options

/// Rejects options the handler does not read (a null value counts as absent).
public func onlyOptions(_ options: JSON, _ allowed: Set<String>, library: String) throws {
    for m in options.objectValue ?? [] where !m.value.isNull && !allowed.contains(m.key) {
        throw Unsupported("option \(m.key): \(library) has no counterpart")
    }
}

public func option(_ options: JSON, _ key: String) -> JSON? {
    guard let v = options[key], !v.isNull else { return nil }
    return v
}

public func stringOption(_ options: JSON, _ key: String, default d: String, allowed: [String]) throws -> String {
    guard let v = option(options, key) else { return d }
    guard let s = v.stringValue else { throw HarnessError("options.\(key): expected a string") }
    guard allowed.contains(s) else {
        throw HarnessError("options.\(key): unknown value \"\(s)\"; expected one of \(allowed.joined(separator: ", "))")
    }
    return s
}

/// `chunkSizes`: nil when absent or `[]` (one shot).
public func chunkSizes(_ options: JSON, message: String) throws -> [Int]? {
    guard let v = option(options, "chunkSizes") else { return nil }
    guard let items = v.arrayValue else { throw HarnessError("options.chunkSizes: \(message)") }
    if items.isEmpty { return nil }
    var sizes: [Int] = []
    for item in items {
        guard case .number(let t) = item, let n = Int(t), n >= 1 else {
            throw HarnessError("options.chunkSizes: \(message)")
        }
        sizes.append(n)
    }
    return sizes
}

/// The bytes cut into chunks of the given sizes, cycling.
public func chunks(_ bytes: [UInt8], _ sizes: [Int]?) -> [ArraySlice<UInt8>] {
    guard let sizes, !sizes.isEmpty else { return [bytes[...]] }
    var out: [ArraySlice<UInt8>] = []
    var offset = 0
    var i = 0
    while offset < bytes.count {
        let n = min(sizes[i % sizes.count], bytes.count - offset)
        out.append(bytes[offset..<offset + n])
        offset += n
        i += 1
    }
    return out
}

// MARK: - Bytes (VECTORS.md §2.1)

public func bytes(_ v: JSON?, _ path: String) throws -> [UInt8] {
    guard let v, case .object = v else { throw HarnessError("\(path): bytes need \"text\" or \"hex\"") }
    if let t = v["text"]?.stringValue { return Array(t.utf8) }
    if let h = v["hex"]?.stringValue {
        guard let b = hexBytes(h) else { throw HarnessError("\(path).hex: not a hex string") }
        return b
    }
    throw HarnessError("\(path): bytes need \"text\" or \"hex\"")
}

public func hexBytes(_ s: String) -> [UInt8]? {
    var out: [UInt8] = []
    var high: UInt8? = nil
    for c in s.utf8 {
        if c == 0x20 { continue }
        let n: UInt8
        switch c {
        case 0x30...0x39: n = c - 0x30
        case 0x41...0x46: n = c - 0x41 + 10
        case 0x61...0x66: n = c - 0x61 + 10
        default: return nil
        }
        if let h = high { out.append(h << 4 | n); high = nil } else { high = n }
    }
    return high == nil ? out : nil
}

/// `{"text": …}` when the bytes are UTF-8, else lowercase `{"hex": …}`.
public func bytesJSON<C: Collection>(_ b: C) -> JSON where C.Element == UInt8 {
    let array = Array(b)
    if let s = String(validating: array, as: UTF8.self) { return .obj(["text": .string(s)]) }
    let digits = Array("0123456789abcdef".utf8)
    var hex: [UInt8] = []
    hex.reserveCapacity(array.count * 2)
    for byte in array {
        hex.append(digits[Int(byte >> 4)])
        hex.append(digits[Int(byte & 15)])
    }
    return .obj(["hex": .string(String(decoding: hex, as: UTF8.self))])
}

// MARK: - Parameter trees (VECTORS.md §2.2)

public indirect enum Param {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case null
    case array([Param])
    case set([Param])
    case data([UInt8])
    case dict([(String, Param)])

    public var isDict: Bool { if case .dict = self { true } else { false } }
    public var isLeaf: Bool {
        switch self {
        case .string, .int, .double, .bool, .null, .data: true
        default: false
        }
    }

    /// True when `pred` holds for this value or any value inside it.
    public func contains(_ pred: (Param) -> Bool) -> Bool {
        var stack: [Param] = [self]
        while let p = stack.popLast() {
            if pred(p) { return true }
            switch p {
            case .array(let items), .set(let items): stack.append(contentsOf: items)
            case .dict(let members): stack.append(contentsOf: members.map(\.1))
            default: break
            }
        }
        return false
    }
}

public func param(_ v: JSON, _ path: String) throws -> Param {
    switch v {
    case .null: return .null
    case .bool(let b): return .bool(b)
    case .string(let s): return .string(s)
    case .number(let t):
        if !v.isDoubleLiteral, let i = Int64(t) { return .int(i) }
        guard let d = Double(t) else { throw HarnessError("\(path): number \(t) is not representable") }
        return .double(d)
    case .array(let items):
        return .array(try items.enumerated().map { try param($0.element, "\(path)[\($0.offset)]") })
    case .object(let members):
        if members.count == 1, members[0].key.hasPrefix("$") {
            let tag = members[0].key, body = members[0].value, at = "\(path).\(tag)"
            switch tag {
            case "$set":
                guard let items = body.arrayValue else { throw HarnessError("\(at): expected an array") }
                return .set(try items.enumerated().map { try param($0.element, "\(at)[\($0.offset)]") })
            case "$data":
                guard let s = body.stringValue, let b = hexBytes(s) else {
                    throw HarnessError("\(at): expected a hex string")
                }
                return .data(b)
            case "$double":
                if case .number(let t) = body, let d = Double(t) { return .double(d) }
                guard let s = body.stringValue else { throw HarnessError("\(at): expected a number") }
                switch s.lowercased() {
                case "nan": return .double(.nan)
                case "inf", "+inf": return .double(.infinity)
                case "-inf": return .double(-.infinity)
                default:
                    guard let d = Double(s) else { throw HarnessError("\(at): expected a number") }
                    return .double(d)
                }
            case "$dict":
                guard let pairs = body.arrayValue else {
                    throw HarnessError("\(at): expected an array of [\"key\", value]")
                }
                var out: [(String, Param)] = []
                for (i, pair) in pairs.enumerated() {
                    guard let kv = pair.arrayValue, kv.count == 2, let k = kv[0].stringValue else {
                        throw HarnessError("\(at)[\(i)]: expected [\"key\", value]")
                    }
                    out.append((k, try param(kv[1], "\(at)[\(i)]")))
                }
                return .dict(out)
            default:
                throw HarnessError("\(at): unknown tag; use $dict for a key that starts with $")
            }
        }
        return .dict(try members.map { ($0.key, try param($0.value, "\(path).\($0.key)")) })
    }
}

// MARK: - The parameter tree as an Encodable value

/// A `CodingKey` for the tree's dictionary keys, as a `[String: …]` or a struct with those
/// property names gives an encoder.
public struct DynamicKey: CodingKey {
    public var stringValue: String
    public var intValue: Int? { nil }
    public init(_ s: String) { stringValue = s }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}

/// The parameter tree as the `Encodable` value a developer hands to an encoder: a dictionary is a
/// keyed container (members in the vector's order, typed `encode(_:forKey:)` calls as synthesized
/// conformances make them, `encodeNil(forKey:)` for null), an array or set an unkeyed container
/// (a set in the vector's order), leaves `String`, `Int64`, `Double`, `Bool`, and `$data` a
/// Foundation `Data`.
public struct EncodableParam: Encodable {
    public var value: Param
    public init(_ value: Param) { self.value = value }

    public func encode(to encoder: Encoder) throws {
        switch value {
        case .dict(let members):
            var c = encoder.container(keyedBy: DynamicKey.self)
            for (k, v) in members {
                let key = DynamicKey(k)
                switch v {
                case .string(let s): try c.encode(s, forKey: key)
                case .int(let i): try c.encode(i, forKey: key)
                case .double(let d): try c.encode(d, forKey: key)
                case .bool(let b): try c.encode(b, forKey: key)
                case .null: try c.encodeNil(forKey: key)
                case .data(let b): try c.encode(Data(b), forKey: key)
                default: try c.encode(EncodableParam(v), forKey: key)
                }
            }
        case .array(let items), .set(let items):
            var c = encoder.unkeyedContainer()
            for v in items {
                switch v {
                case .string(let s): try c.encode(s)
                case .int(let i): try c.encode(i)
                case .double(let d): try c.encode(d)
                case .bool(let b): try c.encode(b)
                case .null: try c.encodeNil()
                case .data(let b): try c.encode(Data(b))
                default: try c.encode(EncodableParam(v))
                }
            }
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .int(let i): var c = encoder.singleValueContainer(); try c.encode(i)
        case .double(let d): var c = encoder.singleValueContainer(); try c.encode(d)
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .data(let b): var c = encoder.singleValueContainer(); try c.encode(Data(b))
        }
    }
}

/// Reads `input.parameters` (required) for the query-string component.
public func queryParameters(_ input: JSON) throws -> Param {
    for m in input.objectValue ?? [] where m.key != "parameters" {
        throw HarnessError("input.\(m.key): unknown field; expected one of parameters")
    }
    guard let p = input["parameters"] else { throw HarnessError("input.parameters: required field is missing") }
    return try param(p, "input.parameters")
}
