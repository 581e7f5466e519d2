import AFSerialization

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

    public init(_ root: JSONValue) throws(HarnessError) {
        self.root = root
        try Self.checkKeywords(root, path: "#")
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
                    for sub in m.value.objectValue ?? [] { try checkKeywords(sub.value, path: "\(path)/\(m.key)/\(sub.key)") }
                case "items", "additionalProperties", "not":
                    try checkKeywords(m.value, path: "\(path)/\(m.key)")
                case "anyOf", "oneOf", "allOf":
                    for (i, sub) in (m.value.arrayValue ?? []).enumerated() { try checkKeywords(sub, path: "\(path)/\(m.key)/\(i)") }
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

    // MARK: Validation

    public func validate(_ instance: JSONValue) -> [Violation] {
        var out: [Violation] = []
        validate(instance, against: root, path: "", into: &out)
        return out
    }

    private func resolve(_ ref: String) -> JSONValue? {
        let name = String(ref.dropFirst("#/$defs/".count))
        return root["$defs"]?[name]
    }

    private func validate(_ v: JSONValue, against s: JSONValue, path: String, into out: inout [Violation]) {
        if case .bool(let b) = s {
            if !b { out.append(.init(path: path, message: "no value is allowed here")) }
            return
        }
        guard case .object(let keywords) = s else { return }
        func fail(_ message: String) { out.append(.init(path: path, message: message)) }

        for k in keywords {
            switch k.key {
            case "$ref":
                if let target = resolve(k.value.stringValue ?? "") {
                    validate(v, against: target, path: path, into: &out)
                } else {
                    fail("schema reference \(k.value.stringValue ?? "") does not resolve")
                }
            case "type":
                let names = k.value.arrayValue?.compactMap(\.stringValue) ?? [k.value.stringValue ?? ""]
                if !names.contains(where: { Self.hasType(v, $0) }) {
                    fail("expected \(names.joined(separator: " or ")), found \(Self.typeName(v))")
                    return  // other keywords would only repeat the type problem
                }
            case "enum":
                let allowed = k.value.arrayValue ?? []
                if !allowed.contains(where: { Self.jsonEqual($0, v) }) {
                    fail("\(Self.short(v)) is not one of \(allowed.map(Self.short).joined(separator: ", "))")
                }
            case "const":
                if !Self.jsonEqual(k.value, v) { fail("expected \(Self.short(k.value)), found \(Self.short(v))") }
            case "required":
                if case .object = v {
                    for name in k.value.arrayValue?.compactMap(\.stringValue) ?? [] where v[name] == nil {
                        fail("required field \"\(name)\" is missing")
                    }
                }
            case "properties":
                if case .object(let members) = v, let props = k.value.objectValue {
                    for m in members {
                        if let sub = props.first(where: { $0.key == m.key }) {
                            validate(m.value, against: sub.value, path: Self.child(path, m.key), into: &out)
                        }
                    }
                }
            case "additionalProperties":
                if case .object(let members) = v {
                    let known = Set((s["properties"]?.objectValue ?? []).map(\.key))
                    for m in members where !known.contains(m.key) {
                        if case .bool(false) = k.value {
                            out.append(.init(path: Self.child(path, m.key), message: "unknown field \"\(m.key)\""))
                        } else {
                            validate(m.value, against: k.value, path: Self.child(path, m.key), into: &out)
                        }
                    }
                }
            case "minProperties":
                if let o = v.objectValue, let n = k.value.intValue, o.count < n { fail("needs at least \(n) field(s)") }
            case "maxProperties":
                if let o = v.objectValue, let n = k.value.intValue, o.count > n { fail("allows at most \(n) field(s)") }
            case "items":
                if let items = v.arrayValue {
                    for (i, x) in items.enumerated() { validate(x, against: k.value, path: "\(path)[\(i)]", into: &out) }
                }
            case "minItems":
                if let a = v.arrayValue, let n = k.value.intValue, a.count < n { fail("needs at least \(n) item(s)") }
            case "maxItems":
                if let a = v.arrayValue, let n = k.value.intValue, a.count > n { fail("allows at most \(n) item(s)") }
            case "uniqueItems":
                if case .bool(true) = k.value, let a = v.arrayValue {
                    for i in a.indices {
                        if a[..<i].contains(where: { Self.jsonEqual($0, a[i]) }) {
                            fail("item \(i) (\(Self.short(a[i]))) repeats an earlier item")
                            break
                        }
                    }
                }
            case "minLength":
                if let str = v.stringValue, let n = k.value.intValue, str.unicodeScalars.count < n {
                    fail(n == 1 ? "must not be empty" : "needs at least \(n) characters")
                }
            case "minimum":
                if case .number(let t) = v, let x = Double(t), let m = k.value.numberDouble, x < m { fail("must be ≥ \(Self.short(k.value))") }
            case "allOf":
                for sub in k.value.arrayValue ?? [] { validate(v, against: sub, path: path, into: &out) }
            case "anyOf", "oneOf":
                let branches = k.value.arrayValue ?? []
                var results: [[Violation]] = []
                for sub in branches {
                    var r: [Violation] = []
                    validate(v, against: sub, path: path, into: &r)
                    results.append(r)
                }
                let matching = results.filter(\.isEmpty).count
                if matching == 0 {
                    // Report the alternative that came closest: its violations are the useful ones.
                    let best = results.min { $0.count < $1.count } ?? []
                    if !best.isEmpty && best.count <= 3 {
                        out.append(contentsOf: best)
                    } else {
                        fail("matches none of the \(branches.count) allowed shapes")
                    }
                } else if k.key == "oneOf" && matching > 1 {
                    fail("matches \(matching) of the shapes where exactly one is allowed")
                }
            case "not":
                var r: [Violation] = []
                validate(v, against: k.value, path: path, into: &r)
                if r.isEmpty { fail("matches a shape that is not allowed here") }
            default:
                break  // annotations ($schema, title, description, $comment, $defs, $id)
            }
        }
    }

    // MARK: Helpers

    static func child(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    static func hasType(_ v: JSONValue, _ name: String) -> Bool {
        switch (name, v) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number):
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
            return x.count == y.count && x.allSatisfy { m in y.contains { $0.key == m.key && jsonEqual($0.value, m.value) } }
        default: return a == b
        }
    }
}

extension JSONValue {
    var numberDouble: Double? { if case .number(let t) = self { Double(t) } else { nil } }
}
