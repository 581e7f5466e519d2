import AFSerialization
import AFVectorFormat

/// `Vectors/af-audit.json`: every SPEC rule that claims AFNetworking behaviour, with the lines of AF's
/// source that decide it at each release tag and whether the claim holds. An `af` vector cites one
/// row's lines at its profile's tag (VECTORS.md §1.3).
public struct AFAudit: Sendable {
    public struct Row: Sendable {
        public var id: String
        public var spec: String
        /// Tag (`3.2.1`, `4.0.1`) → `File.m#L10-L20` places, space-separated; a tag without the
        /// behaviour is absent.
        public var lines: [String: String]
        public var verdict: String
    }

    /// The AFNetworking release a profile reproduces (SPEC §0); `strict` keeps 4.0.1's layout
    /// wherever it corrects nothing.
    public static let tags: [String: String] = ["af3": "3.2.1", "af4": "4.0.1", "strict": "4.0.1"]
    public static let verdicts: Set<String> = ["agrees", "deviation", "disagrees", "af-silent"]

    public var rows: [Row]

    public static func file(root: String) -> String { FileSystem.join(root, "af-audit.json") }

    public static func load(_ path: String) throws(HarnessError) -> AFAudit {
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(path) } catch { throw HarnessError(path, error.message) }
        let doc: JSONValue
        do { doc = try JSONParser().parse(bytes) } catch { throw HarnessError(path, "not valid JSON: \(error)") }
        guard let list = doc["rows"]?.arrayValue else { throw HarnessError("\(path): rows", "expected an array") }
        var rows: [Row] = []
        var seen: Set<String> = []
        for (i, item) in list.enumerated() {
            let at = "\(path): rows[\(i)]"
            guard let id = item["id"]?.stringValue, !id.isEmpty else {
                throw HarnessError("\(at).id", "expected a non-empty string")
            }
            guard seen.insert(id).inserted else { throw HarnessError("\(at).id", "duplicate row id \"\(id)\"") }
            guard let spec = item["spec"]?.stringValue else {
                throw HarnessError("\(at).spec", "expected a SPEC rule (SPEC§N.M)")
            }
            guard let verdict = item["verdict"]?.stringValue, verdicts.contains(verdict) else {
                throw HarnessError("\(at).verdict", "expected one of \(verdicts.sorted().joined(separator: ", "))")
            }
            guard let af = item["af"]?.objectValue else {
                throw HarnessError("\(at).af", "expected an object: tag → lines")
            }
            var lines: [String: String] = [:]
            for m in af {
                if m.value.isNull { continue }
                guard let where_ = m.value.stringValue, !where_.isEmpty else {
                    throw HarnessError("\(at).af.\(m.key)", "expected \"File.m#L1-L2\" or null")
                }
                lines[m.key] = where_
            }
            rows.append(Row(id: id, spec: spec, lines: lines, verdict: verdict))
        }
        return AFAudit(rows: rows)
    }

    /// `AF-<tag>/<File.m>#L<a>-L<b>` for each place the row names at `tag`: what an `af` vector's
    /// authority says (`Tools/vectorgen/levels.py` writes the same).
    public static func citation(_ row: Row, tag: String) -> String? {
        guard let where_ = row.lines[tag] else { return nil }
        return where_.split(separator: " ").map { "AF-\(tag)/\($0)" }.joined(separator: " ")
    }

    /// The row whose lines at the profile's tag are exactly `authority`.
    public func row(citedBy authority: String, profile: String) -> Row? {
        guard let tag = Self.tags[profile] else { return nil }
        return rows.first { Self.citation($0, tag: tag) == authority }
    }
}
