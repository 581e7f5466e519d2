import AFSerialization

/// A fuzz target that can restate an input (option header + payload) as a golden-vector request,
/// `{"input": {…}, "options": {…}}` in VECTORS.md's encodings, so a minimized crash can become a
/// vector with `conformance promote FILE --component C --profile P` (issue 7). The header is read
/// exactly as the body reads it.
public protocol VectorRequesting: FuzzBody {
    /// The component, profile and request for `input`, or nil when it cannot be expressed.
    static func vectorRequest(_ input: inout FuzzInput) -> VectorRequest?
}

public struct VectorRequest: Sendable {
    public var component: String
    public var profile: Profile
    public var input: JSONValue
    public var options: JSONValue
    /// What the vector cannot express (e.g. a fuzz-only limit); empty when exact.
    public var notes: [String]

    /// `{"input": …, "options": …}`, the file `conformance promote` reads.
    public var requestText: String {
        JSONValue.object([.init("input", input), .init("options", options)]).jsonText
    }

    public static func of(_ body: any FuzzBody.Type, _ bytes: [UInt8]) -> VectorRequest? {
        guard let b = body as? any VectorRequesting.Type else { return nil }
        var input = FuzzInput(bytes)
        return b.vectorRequest(&input)
    }

    /// VECTORS.md bytes: `{"text"}` for valid UTF-8, else `{"hex"}`.
    static func bytes(_ b: [UInt8]) -> JSONValue {
        if let s = String(validating: b, as: UTF8.self) { return .object([.init("text", .string(s))]) }
        return .object([.init("hex", .string(hex(b)))])
    }

    static func hex(_ b: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count * 2)
        for x in b { out.append(digits[Int(x >> 4)]); out.append(digits[Int(x & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// VECTORS.md parameter-tree encoding; nil past `maxDepth` (bounded recursion).
    static func parameters(_ v: ParameterValue, depth: Int = 0, maxDepth: Int = 256) -> JSONValue? {
        guard depth <= maxDepth else { return nil }
        func all(_ xs: [ParameterValue]) -> [JSONValue]? {
            var out: [JSONValue] = []
            for x in xs {
                guard let j = parameters(x, depth: depth + 1, maxDepth: maxDepth) else { return nil }
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

extension PercentEscapeFuzz: VectorRequesting {
    public static func vectorRequest(_ input: inout FuzzInput) -> VectorRequest? {
        let style = input.pick(EscapeStyle.self)
        let batchSize = Int(input.option()) + 1
        let utf16Mode = input.option() & 1 == 1
        let payload = Array(input.rest())
        let value: JSONValue
        if utf16Mode {
            var units: [JSONValue] = []
            var i = 0
            while i + 1 < payload.count {
                units.append(.number(String(UInt16(payload[i]) | UInt16(payload[i + 1]) << 8)))
                i += 2
            }
            value = .object([.init("utf16", .array(units))])
        } else {
            value = VectorRequest.bytes(payload)
        }
        return VectorRequest(component: "percent-escape", profile: .default, input: value,
                             options: .object([.init("style", .string(style.rawValue)), .init("batchSize", .number(String(batchSize))),
                                               .init("reportBatches", .bool(true))]),
                             notes: [])
    }
}

extension QueryStringFuzz: VectorRequesting {
    public static func vectorRequest(_ input: inout FuzzInput) -> VectorRequest? {
        let s = setUp(&input)
        let o = s.options
        guard let tree = VectorRequest.parameters(s.tree) else { return nil }
        return VectorRequest(component: "query-string", profile: s.profile, input: .object([.init("parameters", tree)]),
                             options: .object([.init("style", .string(o.escapeStyle.rawValue)), .init("arrayStyle", .string(o.arrayStyle.rawValue)),
                                               .init("boolStyle", .string(o.boolStyle.rawValue))]),
                             notes: s.depthByte == 0 ? [] : ["the fuzz input sets the parameter depth limit to \(s.depthByte % 32), which a vector cannot; the vector uses the default"])
    }
}

extension JSONFuzz: VectorRequesting {
    /// JSON parsing is reached through the `response` component's JSON serializer.
    public static func vectorRequest(_ input: inout FuzzInput) -> VectorRequest? {
        let allowFragments = input.option() & 1 == 1
        _ = input.option()
        let payload = Array(input.rest())
        return VectorRequest(component: "response", profile: .default,
                             input: .object([.init("serializer", .string("json")), .init("statusCode", .number("200")),
                                             .init("headers", .array([.array([.string("Content-Type"), .string("application/json")])])),
                                             .init("body", VectorRequest.bytes(payload))]),
                             options: .object([.init("readingOptions", .object([.init("allowFragments", .bool(allowFragments))]))]),
                             notes: ["through the response serializer: status, Content-Type and empty-body rules apply before parsing"])
    }
}
