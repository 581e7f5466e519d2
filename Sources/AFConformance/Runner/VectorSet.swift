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
    /// The level of each profile's run (VECTORS.md §1.3); empty when the vector gives none.
    public var levels: [String: Level] = [:]
    /// What each profile's level cites: `RFC2046#5.1.1 MUST NOT`, `AF-4.0.1/…#L1-L9`, `SPEC§2.3`.
    public var authorities: [String: String] = [:]
    /// implementation-defined runs: outcomes besides `expected` that pass.
    public var acceptable: [JSONValue] = []

    public func level(for profile: String) -> Level? { levels[profile] }

    /// `must`, or `af3, af4: af; strict: must` when the profiles differ, or `no level`.
    public var levelSummary: String {
        let profiles = self.profiles ?? Self.allProfiles
        var groups: [(level: String, profiles: [String])] = []
        for p in profiles {
            let name = levels[p]?.rawValue ?? "no level"
            if let i = groups.firstIndex(where: { $0.level == name }) {
                groups[i].profiles.append(p)
            } else {
                groups.append((name, [p]))
            }
        }
        if groups.count == 1 { return groups[0].level }
        return groups.map { "\($0.profiles.joined(separator: ", ")): \($0.level)" }.joined(separator: "; ")
    }

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
