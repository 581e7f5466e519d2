/// The parameter tree of SPEC §2.1: what a caller hands a request or multipart serializer.
///
/// Dictionaries keep their entries in the caller's order (JSON/plist bodies use it, SPEC §3.3);
/// query flattening sorts them itself. Duplicate keys are representable on purpose (vectors use
/// `$dict` to build them) and flattening keeps both.
public enum ParameterValue: Sendable, Hashable {
    case string(String)
    case integer(Int64)
    case double(Double)
    case bool(Bool)
    case null
    case array([ParameterValue])
    case set([ParameterValue])
    case dictionary([Entry])
    case data([UInt8])

    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: ParameterValue
        public init(_ key: String, _ value: ParameterValue) {
            self.key = key
            self.value = value
        }
    }

    /// Convenience for building a dictionary from pairs, in order.
    public static func dict(_ pairs: KeyValuePairs<String, ParameterValue>) -> ParameterValue {
        .dictionary(pairs.map { Entry($0.key, $0.value) })
    }
}
