/// A JSON document as written: objects keep member order (and duplicates), numbers keep their text.
///
/// Used for vector files, the `eval` protocol and the JSON response serializer, where Foundation's
/// unordered, lossy `Any` would hide exactly the differences the harness exists to find.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// The number's exact source text (RFC 8259 §6 grammar).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])

    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public static func int<I: BinaryInteger>(_ i: I) -> JSONValue { .number(String(i)) }

    /// Builds an object from pairs, in order.
    public static func obj(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { Member($0.key, $0.value) })
    }

    /// The last member named `key` (Foundation's rule for duplicates), if this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    public var objectValue: [Member]? { if case .object(let o) = self { o } else { nil } }
    public var isNull: Bool { if case .null = self { true } else { false } }
    /// The number as an `Int`, when its text is an integer literal in range.
    public var intValue: Int? { if case .number(let t) = self { Int(t) } else { nil } }
}
