import AFSerialization

/// A problem with the *test input* (vector or eval line), as opposed to an error the core reports.
/// Names the field path so a vector author can find it (`input.parameters.$set`).
public struct HarnessError: Error, Sendable, CustomStringConvertible {
    public var field: String
    public var message: String
    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }
    public var description: String { field.isEmpty ? message : "\(field): \(message)" }
}

/// Typed access to a JSON object with field paths in every error.
public struct Fields: Sendable {
    public let value: JSONValue
    public let path: String

    public init(_ value: JSONValue?, path: String) throws(HarnessError) {
        let v = value ?? .object([])
        guard case .object = v else { throw HarnessError(path, "expected an object") }
        self.value = v
        self.path = path
    }

    public func sub(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    public func has(_ key: String) -> Bool { value[key] != nil }
    public func raw(_ key: String) -> JSONValue? { value[key] }

    public func object(_ key: String) throws(HarnessError) -> Fields { try Fields(value[key], path: sub(key)) }

    public func string(_ key: String) throws(HarnessError) -> String? {
        guard let v = value[key], !v.isNull else { return nil }
        guard let s = v.stringValue else { throw HarnessError(sub(key), "expected a string") }
        return s
    }
    public func requireString(_ key: String) throws(HarnessError) -> String {
        guard let s = try string(key) else { throw HarnessError(sub(key), "required string is missing") }
        return s
    }
    public func bool(_ key: String) throws(HarnessError) -> Bool? {
        guard let v = value[key], !v.isNull else { return nil }
        guard let b = v.boolValue else { throw HarnessError(sub(key), "expected true or false") }
        return b
    }
    public func int(_ key: String) throws(HarnessError) -> Int? {
        guard let v = value[key], !v.isNull else { return nil }
        guard let i = v.intValue else { throw HarnessError(sub(key), "expected an integer") }
        return i
    }
    /// A nesting limit option (`maxParameterDepth`, `maxJSONDepth`): 1 … ``VectorFormat/maxLineDepth``,
    /// so a component never allows more nesting than an eval line can carry.
    public func depthLimit(_ key: String) throws(HarnessError) -> Int? {
        guard let depth = try int(key) else { return nil }
        guard (1...VectorFormat.maxLineDepth).contains(depth) else {
            throw HarnessError(sub(key), "must be between 1 and \(VectorFormat.maxLineDepth)")
        }
        return depth
    }
    public func ints(_ key: String) throws(HarnessError) -> [Int]? {
        guard let v = value[key], !v.isNull else { return nil }
        guard let a = v.arrayValue else { throw HarnessError(sub(key), "expected an array of integers") }
        var out: [Int] = []
        for (i, x) in a.enumerated() {
            guard let n = x.intValue else { throw HarnessError("\(sub(key))[\(i)]", "expected an integer") }
            out.append(n)
        }
        return out
    }
    public func array(_ key: String) throws(HarnessError) -> [JSONValue]? {
        guard let v = value[key], !v.isNull else { return nil }
        guard let a = v.arrayValue else { throw HarnessError(sub(key), "expected an array") }
        return a
    }
    /// Decodes a string naming a case of a `RawRepresentable` enum, listing the allowed names on error.
    public func enumValue<E: RawRepresentable & CaseIterable>(_ key: String, _: E.Type) throws(HarnessError) -> E?
    where E.RawValue == String {
        guard let s = try string(key) else { return nil }
        guard let e = E(rawValue: s) else {
            throw HarnessError(
                sub(key),
                "unknown value \"\(s)\"; expected one of \(E.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return e
    }
}
