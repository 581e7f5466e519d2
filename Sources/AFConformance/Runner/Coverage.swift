import AFSerialization
import AFVectorFormat

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
        guard let list = doc["required"]?.arrayValue else {
            throw HarnessError("\(path): required", "expected an array")
        }
        var out: [(String, String)] = []
        for (i, item) in list.enumerated() {
            guard let ref = item["ref"]?.stringValue else {
                throw HarnessError("\(path): required[\(i)].ref", "expected a string")
            }
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
            let sample =
                listIDs == 0
                ? "" : row.ids.prefix(listIDs).joined(separator: ", ") + (row.ids.count > listIDs ? ", …" : "")
            out.append(
                "\(mark) \(row.ref.padding(to: width))  \(String(row.ids.count).padding(to: 5)) "
                    + "\(row.ids.isEmpty ? "UNCOVERED  " + row.title : sample)"
            )
        }
        if !extraRefs.isEmpty {
            out.append("")
            out.append(
                "Other refs cited (not required): "
                    + extraRefs.map { "\($0.ref) (\($0.count))" }.joined(separator: ", "))
        }
        out.append("")
        let u = uncovered
        out.append(
            u.isEmpty
                ? "all \(rows.count) required references are covered"
                : "\(u.count) of \(rows.count) required references are "
                    + "uncovered: \(u.map(\.ref).joined(separator: ", "))"
        )
        return out.joined(separator: "\n")
    }
}

/// The sections a specification document has: `## N. Title` and `### N.M Title` headings (the
/// layout of SPEC.md and VECTORS.md in the repository root).
public struct SpecSections: Sendable {
    public var document: String
    public var numbers: Set<String>

    public init(document: String, text: String) {
        self.document = document
        var numbers: Set<String> = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("## ") || line.hasPrefix("### ") else { continue }
            let rest = line.drop { $0 == "#" }.drop { $0 == " " }
            var number = String(rest.prefix { $0.isNumber || $0 == "." })
            while number.hasSuffix(".") { number.removeLast() }
            if !number.isEmpty { numbers.insert(number) }
        }
        self.numbers = numbers
    }

    public static func load(_ path: String, name: String) throws(HarnessError) -> SpecSections {
        do {
            return SpecSections(document: name, text: String(decoding: try FileSystem.readFile(path), as: UTF8.self))
        } catch {
            throw HarnessError(path, "\(error.message) (\(name) is the contract the vectors cite)")
        }
    }

    /// Every `SPEC§N.M` / `SPEC §N.M` (for document "SPEC"; `VECTORS.md§N` for "VECTORS.md") in `text`.
    public func citations(in text: String) -> [String] {
        var out: [String] = []
        let marker = Array(document.utf8)
        let bytes = Array(text.utf8)
        var i = 0
        while i + marker.count < bytes.count {
            guard bytes[i..<i + marker.count].elementsEqual(marker) else { i += 1; continue }
            var j = i + marker.count
            while j < bytes.count, bytes[j] == 0x20 { j += 1 }
            // "§" is C2 A7 in UTF-8.
            guard j + 1 < bytes.count, bytes[j] == 0xC2, bytes[j + 1] == 0xA7 else { i += 1; continue }
            j += 2
            while j < bytes.count, bytes[j] == 0x20 { j += 1 }
            let start = j
            while j < bytes.count, (bytes[j] >= 0x30 && bytes[j] <= 0x39) || bytes[j] == 0x2E { j += 1 }
            var number = String(decoding: bytes[start..<j], as: UTF8.self)
            while number.hasSuffix(".") { number.removeLast() }
            if !number.isEmpty { out.append(number) }
            i = j
        }
        return out
    }

    /// Vectors (refs or comment) citing a section this document does not have: section → vector ids.
    public func unresolved(in vectors: [Vector]) -> [(section: String, ids: [String])] {
        var missing: [String: [String]] = [:]
        for v in vectors {
            let text = (v.refs + [v.comment ?? ""]).joined(separator: "\n")
            for n in Set(citations(in: text)) where !numbers.contains(n) { missing[n, default: []].append(v.id) }
        }
        return missing.keys.sorted().map { ($0, missing[$0]!) }
    }
}
