import AFSerialization
import AFVectorFormat

/// A validator for the subset of JSON Schema (draft 2020-12) that `Vectors/schema/` uses.
///
/// The schema file stays standard so outside tools can check vector files too; this type lets the
/// runner do the same without Python. A keyword outside the subset is rejected when the schema is
/// loaded, so the schema can never silently ask for a check this validator skips.
public struct JSONSchema: Sendable {
    public struct Violation: Sendable, Hashable, CustomStringConvertible {
        /// Instance path such as `vectors[3].expected.error.code` (empty for the document).
        public var path: String
        public var message: String
        public var description: String { path.isEmpty ? message : "\(path): \(message)" }
    }

    static let supportedKeywords: Set<String> = [
        "$schema", "$id", "$defs", "$ref", "$comment", "title", "description", "type", "enum", "const",
        "properties", "required", "additionalProperties", "items", "minItems", "maxItems", "uniqueItems",
        "minLength", "minimum", "minProperties", "maxProperties", "anyOf", "oneOf", "allOf", "not",
    ]

    public let root: JSONValue
    private let compiled: Node
    private let definitions: [String: Node]

    public init(_ root: JSONValue) throws(HarnessError) {
        self.root = root
        try Self.checkKeywords(root, path: "#")
        compiled = Node(root)
        var defs: [String: Node] = [:]
        for m in root["$defs"]?.objectValue ?? [] { defs[m.key] = Node(m.value) }
        definitions = defs
    }

    // MARK: Loading-time checks

    private static func checkKeywords(_ s: JSONValue, path: String) throws(HarnessError) {
        switch s {
        case .bool: return
        case .object(let members):
            for m in members {
                guard supportedKeywords.contains(m.key) else {
                    throw HarnessError(path, "schema keyword \"\(m.key)\" is not supported by the runner's validator")
                }
                switch m.key {
                case "properties", "$defs":
                    for sub in m.value.objectValue ?? [] {
                        try checkKeywords(sub.value, path: "\(path)/\(m.key)/\(sub.key)")
                    }
                case "items", "additionalProperties", "not":
                    try checkKeywords(m.value, path: "\(path)/\(m.key)")
                case "anyOf", "oneOf", "allOf":
                    for (i, sub) in (m.value.arrayValue ?? []).enumerated() {
                        try checkKeywords(sub, path: "\(path)/\(m.key)/\(i)")
                    }
                case "$ref":
                    guard let r = m.value.stringValue, r.hasPrefix("#/$defs/") else {
                        throw HarnessError("\(path)/$ref", "only local references (#/$defs/…) are supported")
                    }
                default: break
                }
            }
        default:
            throw HarnessError(path, "a schema is an object or a boolean")
        }
    }

    /// A schema object with its keywords decoded once (validation runs for every vector file).
    final class Node: Sendable {
        enum Additional: Sendable { case any, forbidden, schema(Node) }

        let rejectsAll: Bool
        let ref: String?
        let types: [String]?
        let enumValues: [JSONValue]?
        let constValue: JSONValue?
        let required: [String]
        let properties: [String: Node]
        let additional: Additional
        let items: Node?
        let minItems: Int?, maxItems: Int?, minLength: Int?, minProperties: Int?, maxProperties: Int?
        let uniqueItems: Bool
        let minimum: (text: String, value: Double)?
        let allOf: [Node], anyOf: [Node], oneOf: [Node]
        let not: Node?

        init(_ s: JSONValue) {
            rejectsAll = s == .bool(false)
            ref = s["$ref"]?.stringValue.map { String($0.dropFirst("#/$defs/".count)) }
            if let t = s["type"] {
                types = t.arrayValue?.compactMap(\.stringValue) ?? [t.stringValue ?? ""]
            } else {
                types = nil
            }
            enumValues = s["enum"]?.arrayValue
            constValue = s["const"]
            required = s["required"]?.arrayValue?.compactMap(\.stringValue) ?? []
            var props: [String: Node] = [:]
            for m in s["properties"]?.objectValue ?? [] { props[m.key] = Node(m.value) }
            properties = props
            switch s["additionalProperties"] {
            case nil, .bool(true)?: additional = .any
            case .bool(false)?: additional = .forbidden
            case let sub?: additional = .schema(Node(sub))
            }
            items = s["items"].map(Node.init)
            minItems = s["minItems"]?.intValue
            maxItems = s["maxItems"]?.intValue
            minLength = s["minLength"]?.intValue
            minProperties = s["minProperties"]?.intValue
            maxProperties = s["maxProperties"]?.intValue
            uniqueItems = s["uniqueItems"] == .bool(true)
            if case .number(let t)? = s["minimum"], let d = Double(t) { minimum = (t, d) } else { minimum = nil }
            allOf = (s["allOf"]?.arrayValue ?? []).map(Node.init)
            anyOf = (s["anyOf"]?.arrayValue ?? []).map(Node.init)
            oneOf = (s["oneOf"]?.arrayValue ?? []).map(Node.init)
            not = s["not"].map(Node.init)
        }
    }

    // MARK: Validation

    public func validate(_ instance: JSONValue) -> [Violation] {
        var out: [Violation] = []
        validate(instance, against: compiled, path: "", into: &out)
        return out
    }

    private func validate(_ v: JSONValue, against n: Node, path: String, into out: inout [Violation]) {
        func fail(_ message: String) { out.append(.init(path: path, message: message)) }
        if n.rejectsAll { fail("no value is allowed here"); return }
        if let ref = n.ref {
            if let target = definitions[ref] {
                validate(v, against: target, path: path, into: &out)
            } else {
                fail("schema reference #/$defs/\(ref) does not resolve")
            }
        }
        if let types = n.types, !types.contains(where: { Self.hasType(v, $0) }) {
            fail("expected \(types.joined(separator: " or ")), found \(Self.typeName(v))")
            return  // other keywords would only repeat the type problem
        }
        if let allowed = n.enumValues, !allowed.contains(where: { Self.jsonEqual($0, v) }) {
            fail("\(Self.short(v)) is not one of \(allowed.map(Self.short).joined(separator: ", "))")
        }
        if let c = n.constValue, !Self.jsonEqual(c, v) { fail("expected \(Self.short(c)), found \(Self.short(v))") }
        switch v {
        case .object(let members):
            for name in n.required where v[name] == nil { fail("required field \"\(name)\" is missing") }
            for m in members {
                if let sub = n.properties[m.key] {
                    validate(m.value, against: sub, path: Self.child(path, m.key), into: &out)
                } else {
                    switch n.additional {
                    case .any: break
                    case .forbidden:
                        out.append(.init(path: Self.child(path, m.key), message: "unknown field \"\(m.key)\""))
                    case .schema(let sub): validate(m.value, against: sub, path: Self.child(path, m.key), into: &out)
                    }
                }
            }
            if let k = n.minProperties, members.count < k { fail("needs at least \(k) field(s)") }
            if let k = n.maxProperties, members.count > k { fail("allows at most \(k) field(s)") }
        case .array(let items):
            if let sub = n.items {
                for (i, x) in items.enumerated() { validate(x, against: sub, path: "\(path)[\(i)]", into: &out) }
            }
            if let k = n.minItems, items.count < k { fail("needs at least \(k) item(s)") }
            if let k = n.maxItems, items.count > k { fail("allows at most \(k) item(s)") }
            if n.uniqueItems {
                for i in items.indices where items[..<i].contains(where: { Self.jsonEqual($0, items[i]) }) {
                    fail("item \(i) (\(Self.short(items[i]))) repeats an earlier item")
                    break
                }
            }
        case .string(let str):
            if let k = n.minLength, str.unicodeScalars.count < k {
                fail(k == 1 ? "must not be empty" : "needs at least \(k) characters")
            }
        case .number(let t):
            if let m = n.minimum, let x = Double(t), x < m.value { fail("must be ≥ \(m.text)") }
        default:
            break
        }
        for sub in n.allOf { validate(v, against: sub, path: path, into: &out) }
        if !n.anyOf.isEmpty { alternatives(v, n.anyOf, exactlyOne: false, path: path, into: &out) }
        if !n.oneOf.isEmpty { alternatives(v, n.oneOf, exactlyOne: true, path: path, into: &out) }
        if let sub = n.not {
            var r: [Violation] = []
            validate(v, against: sub, path: path, into: &r)
            if r.isEmpty { fail("matches a shape that is not allowed here") }
        }
    }

    private func alternatives(
        _ v: JSONValue, _ branches: [Node], exactlyOne: Bool, path: String, into out: inout [Violation]
    ) {
        var results: [[Violation]] = []
        for sub in branches {
            var r: [Violation] = []
            validate(v, against: sub, path: path, into: &r)
            if r.isEmpty && !exactlyOne { return }
            results.append(r)
        }
        let matching = results.filter(\.isEmpty).count
        if matching == 0 {
            // Report the alternative that came closest: its violations are the useful ones.
            let best = results.min { $0.count < $1.count } ?? []
            if !best.isEmpty && best.count <= 3 {
                out.append(contentsOf: best)
            } else {
                out.append(.init(path: path, message: "matches none of the \(branches.count) allowed shapes"))
            }
        } else if exactlyOne && matching > 1 {
            out.append(.init(path: path, message: "matches \(matching) of the shapes where exactly one is allowed"))
        }
    }

    // MARK: Helpers

    static func child(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    static func hasType(_ v: JSONValue, _ name: String) -> Bool {
        switch (name, v) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
            ("number", .number):
            return true
        case ("integer", .number):
            return !v.isDoubleLiteral
        default:
            return false
        }
    }

    static func typeName(_ v: JSONValue) -> String {
        switch v {
        case .null: "null"
        case .bool: "boolean"
        case .number: v.isDoubleLiteral ? "number" : "integer"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    static func short(_ v: JSONValue) -> String {
        let t = v.jsonText
        return t.count > 60 ? String(t.prefix(57)) + "…" : t
    }

    /// JSON equality: numbers by value, objects ignoring member order (as JSON Schema requires).
    static func jsonEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y || (Double(x) != nil && Double(x) == Double(y))
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { jsonEqual($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count
                && x.allSatisfy { m in y.contains { $0.key == m.key && jsonEqual($0.value, m.value) } }
        default: return a == b
        }
    }
}
