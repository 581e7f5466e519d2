/// Ordered HTTP header fields with case-insensitive lookup (SPEC §3.1).
///
/// Order is kept because it is observable (eval output, wire order); lookup ignores ASCII case
/// because field names are case-insensitive (RFC 9110 §5.1). Setting a field that is present
/// replaces the first occurrence in place (keeping its position and spelling) and drops later
/// duplicates, as `NSMutableURLRequest.setValue(_:forHTTPHeaderField:)` does.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral {
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    public init(_ fields: [Field] = []) { self.fields = fields }
    public init(_ pairs: [(String, String)]) { self.fields = pairs.map { Field($0.0, $0.1) } }
    public init(arrayLiteral elements: (String, String)...) { self.init(elements) }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The fields as `(name, value)` tuples, in order.
    public var pairs: [(String, String)] { fields.map { ($0.name, $0.value) } }

    /// The value of the first field named `name`, compared ASCII case-insensitively.
    public subscript(name: String) -> String? {
        fields.first { Self.namesEqual($0.name, name) }?.value
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    /// Sets `name` to `value`: replaces the first match in place, removes other matches, or appends.
    public mutating func set(_ name: String, _ value: String) {
        guard let i = fields.firstIndex(where: { Self.namesEqual($0.name, name) }) else {
            fields.append(Field(name, value))
            return
        }
        fields[i].value = value
        var j = fields.count - 1
        while j > i {
            if Self.namesEqual(fields[j].name, name) { fields.remove(at: j) }
            j -= 1
        }
    }

    /// Sets `name` only when the headers lack it (the "request-level wins" rule of SPEC §3.2).
    public mutating func setIfAbsent(_ name: String, _ value: String) {
        if !contains(name) { fields.append(Field(name, value)) }
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesEqual($0.name, name) }
    }

    /// ASCII case-insensitive equality (field names are tokens; non-ASCII bytes compare exactly).
    public static func namesEqual(_ a: String, _ b: String) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) where p != q {
            guard Self.lower(p) == Self.lower(q) else { return false }
        }
        return true
    }

    @inline(__always) static func lower(_ b: UInt8) -> UInt8 {
        (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b
    }
}
