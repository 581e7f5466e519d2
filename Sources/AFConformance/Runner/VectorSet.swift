import AFSerialization
import AFVectorFormat

/// One golden vector as loaded from a file (VECTORS.md "Files").
public struct Vector: Sendable {
    public var id: String
    public var component: String
    /// Profiles the vector applies to; `nil` means all of them.
    public var profiles: [String]?
    public var options: JSONValue?
    public var input: JSONValue
    public var expected: JSONValue
    public var comment: String?
    /// The vector's own `refs` followed by its file's.
    public var refs: [String]
    /// Set by `promote`: the expected value is the implementation's output and needs a human check.
    public var review: Bool
    public var file: String
    /// Position in the file's `vectors` array (used by `update` to rewrite it in place).
    public var index: Int

    public static let allProfiles = Profile.allCases.map(\.rawValue)

    /// The profiles this vector runs under, narrowed by `only` when given.
    public func runProfiles(only: String?) -> [String] {
        let all = profiles ?? Self.allProfiles
        guard let only else { return all }
        return all.contains(only) ? [only] : []
    }
}

/// A problem with the vector files themselves, located by file, vector id and field.
public struct VectorProblem: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var id: String?
    public var field: String?
    public var message: String

    public init(file: String, id: String? = nil, field: String? = nil, message: String) {
        self.file = file
        self.id = id
        self.field = field
        self.message = message
    }

    public var description: String {
        var s = file
        if let id { s += ": \(id)" }
        if let field, !field.isEmpty { s += ": \(field)" }
        return s + ": " + message
    }
}

/// Everything loaded from one or more vector directories.
public struct VectorSet: Sendable {
    public var vectors: [Vector] = []
    public var problems: [VectorProblem] = []
    public var files: [String] = []
    /// The component each file declares (also for files whose vectors were all rejected).
    public var fileComponents: [String: String] = [:]

    public init() {}

    public func vector(id: String) -> Vector? { vectors.first { $0.id == id } }
}
