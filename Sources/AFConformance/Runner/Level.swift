import AFVectorFormat

/// Who decides a vector's expected value (VECTORS.md §1.3), and so which authority a failing run
/// broke: an RFC's requirement, AFNetworking's own behaviour, or this project's choice.
public enum Level: String, Sendable, CaseIterable, Hashable, Comparable {
    /// An RFC or WHATWG requirement (MUST, MUST NOT, REQUIRED, SHALL).
    case must
    /// An RFC or WHATWG recommendation (SHOULD, RECOMMENDED).
    case should
    /// AFNetworking's observable behaviour, cited at a release tag and the lines that decide it.
    case af
    /// This project's own choice where neither says (a SPEC Decision or Deviation).
    case decision
    /// The text leaves the outcome open: the vector lists every acceptable outcome.
    case implementationDefined = "implementation-defined"

    public static func < (a: Level, b: Level) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// How a report names failures at this level: `3 RFC violations (must)`.
    public func failures(_ n: Int) -> String {
        let noun: String
        switch self {
        case .must: noun = n == 1 ? "RFC violation" : "RFC violations"
        case .should: noun = n == 1 ? "missed RFC recommendation" : "missed RFC recommendations"
        case .af: noun = n == 1 ? "difference from AFNetworking" : "differences from AFNetworking"
        case .decision:
            noun = n == 1 ? "difference from this project's decisions" : "differences from this project's decisions"
        case .implementationDefined:
            noun = n == 1 ? "outcome outside the acceptable ones" : "outcomes outside the acceptable ones"
        }
        return "\(n) \(noun) (\(rawValue))"
    }

    /// `must,should` → both; the names are the `level` values of VECTORS.md §1.3.
    public static func list(_ text: String) throws(HarnessError) -> Set<Level> {
        var out: Set<Level> = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = name.trimmingSpaces
            guard let level = Level(rawValue: trimmed) else {
                throw HarnessError(
                    "--level",
                    "unknown level \"\(trimmed)\"; expected a comma-separated list "
                        + "of \(allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            out.insert(level)
        }
        return out
    }
}

/// Per-level counts of a run, for every report.
public struct LevelCounts: Sendable, Hashable {
    /// nil: vectors that carry no level (a vector directory written before levels existed).
    public var level: Level?
    public var passed = 0
    public var failed = 0
    public var expectedFailures = 0
    public var notApplicable = 0
    /// Passed by an `acceptable` outcome other than `expected` (implementation-defined runs).
    public var acceptable = 0
    /// Failed runs that have no answer to judge (a harness error: bad input fields, or an
    /// implementation that did not reply): counted in `failed`, but they break no authority.
    public var unjudged = 0

    public var name: String { level?.rawValue ?? "no level" }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
