import AFSerialization

/// Maps the required references of `Vectors/coverage.json` (SPEC rules and RFC sections) onto the
/// `refs` of the vectors that cite them.
///
/// `coverage.json`: `{"required": [{"ref": "SPEC§1.4", "title": "…"}, …]}`. A ref is covered by a
/// vector whose own or file-level `refs` contain it exactly.
public struct CoverageReport: Sendable {
    public struct Row: Sendable {
        public var ref: String
        public var title: String
        public var ids: [String]
    }

    public var rows: [Row]
    /// Refs cited by vectors that the required list does not mention (e.g. `AF:…` pointers).
    public var extraRefs: [(ref: String, count: Int)]

    public var uncovered: [Row] { rows.filter { $0.ids.isEmpty } }

    public static func load(requirements path: String) throws(HarnessError) -> [(ref: String, title: String)] {
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(path) } catch { throw HarnessError(path, error.message) }
        let doc: JSONValue
        do { doc = try JSONParser().parse(bytes) } catch { throw HarnessError(path, "not valid JSON: \(error)") }
        guard let list = doc["required"]?.arrayValue else { throw HarnessError("\(path): required", "expected an array") }
        var out: [(String, String)] = []
        for (i, item) in list.enumerated() {
            guard let ref = item["ref"]?.stringValue else { throw HarnessError("\(path): required[\(i)].ref", "expected a string") }
            out.append((ref, item["title"]?.stringValue ?? ""))
        }
        return out
    }

    public init(requirements: [(ref: String, title: String)], vectors: [Vector]) {
        var ids: [String: [String]] = [:]
        for v in vectors {
            for r in v.refs { ids[r, default: []].append(v.id) }
        }
        rows = requirements.map { Row(ref: $0.ref, title: $0.title, ids: ids[$0.ref] ?? []) }
        let required = Set(requirements.map(\.ref))
        extraRefs = ids.keys.filter { !required.contains($0) }.sorted().map { ($0, ids[$0]!.count) }
    }

    public func text(listIDs: Int = 3) -> String {
        var out: [String] = []
        let width = rows.map(\.ref.count).max() ?? 10
        for row in rows {
            let mark = row.ids.isEmpty ? "✗" : "✓"
            let sample = listIDs == 0 ? "" : row.ids.prefix(listIDs).joined(separator: ", ") + (row.ids.count > listIDs ? ", …" : "")
            out.append("\(mark) \(row.ref.padding(to: width))  \(String(row.ids.count).padding(to: 5)) \(row.ids.isEmpty ? "UNCOVERED  " + row.title : sample)")
        }
        if !extraRefs.isEmpty {
            out.append("")
            out.append("Other refs cited (not required): " + extraRefs.map { "\($0.ref) (\($0.count))" }.joined(separator: ", "))
        }
        out.append("")
        let u = uncovered
        out.append(u.isEmpty
            ? "all \(rows.count) required references are covered"
            : "\(u.count) of \(rows.count) required references are uncovered: \(u.map(\.ref).joined(separator: ", "))")
        return out.joined(separator: "\n")
    }
}
