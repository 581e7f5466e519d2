/// VECTORS.md §6 as Markdown, and the generated block's place in the document.
public enum ReferenceTable {
    public static let begin = "<!-- BEGIN GENERATED: error-reference -->"
    public static let end = "<!-- END GENERATED: error-reference -->"

    /// The SPEC section each folder of the core implements (README "The core, by SPEC section").
    static let sections: [(folder: String, sections: [String])] = [
        ("PercentEscaping/", ["§1"]), ("QueryString/", ["§2"]), ("Request/", ["§3"]), ("Multipart/", ["§5"]),
        ("Response/", ["§6"]), ("ContentEncoding/", ["§7"]), ("Limits/", ["§8"]), ("Values/", ["§3", "§6"]),
    ]

    public static func markdown(_ c: ErrorCatalog, stripPrefix: String = "") -> String {
        func file(_ p: String) -> String { p.hasPrefix(stripPrefix) ? String(p.dropFirst(stripPrefix.count)) : p }
        func section(_ p: String) -> [String] {
            let f = file(p)
            return sections.first { f.hasPrefix($0.folder) }?.sections ?? []
        }
        var out: [String] = []
        out.append("#### Core errors: domain `AFSerialization`, identified by `kind`")
        out.append("")
        out.append("| kind | SPEC | meaning | offset | context keys | thrown in |")
        out.append("|---|---|---|---|---|---|")
        for k in c.kinds.sorted(by: { $0.name < $1.name }) {
            let sites = c.sites.filter { $0.kinds.contains(k.name) }
            let files = ordered(sites.map { file($0.file) })
            let specs = ordered((sites.map(\.file) + [k.file]).flatMap(section)).sorted()
            let keys = ordered(sites.flatMap(\.contextKeys)).sorted()
            out.append(
                "| `\(k.name)` | \(specs.joined(separator: ", ")) | \(cell(k.doc)) | \(offset(sites)) | "
                    + "\(keys.map { "`\($0)`" }.joined(separator: ", ")) | \(files.joined(separator: ", ")) |"
            )
        }
        out.append("")
        out.append("#### AF-compatible errors: identified by `domain` and `code`")
        out.append("")
        out.append(
            "| domain | code | description (NSLocalizedDescription) | "
                + "failure reason | offset | context keys | thrown in |"
        )
        out.append("|---|---|---|---|---|---|---|")
        var groups: [(key: String, sites: [ErrorCatalog.Site])] = []
        for s in c.sites where !s.domains.isEmpty {
            let key = s.domains.joined(separator: " ") + " " + s.codes.joined(separator: " ")
            if let i = groups.firstIndex(where: { $0.key == key }) {
                groups[i].sites.append(s)
            } else {
                groups.append((key, [s]))
            }
        }
        for g in groups.sorted(by: { $0.key < $1.key }) {
            let s0 = g.sites[0]
            let messages = ordered(g.sites.flatMap(\.messages)).sorted().map { "`\(cell($0))`" }.joined(separator: "; ")
            let reasons = ordered(g.sites.flatMap(\.reasons)).sorted().map { "`\(cell($0))`" }.joined(separator: "; ")
            let keys = ordered(g.sites.flatMap(\.contextKeys)).sorted().map { "`\($0)`" }.joined(separator: ", ")
            let files = ordered(g.sites.map { file($0.file) }).joined(separator: ", ")
            out.append(
                "| `\(s0.domains.joined(separator: "`, `"))` | \(s0.codes.joined(separator: ", ")) | \(messages) "
                    + "| \(reasons.isEmpty ? "—" : reasons) | \(offset(g.sites)) | \(keys) | \(files) |"
            )
        }
        return out.joined(separator: "\n")
    }

    /// `always`, `sometimes` or `never`: whether the sites of a row give an offset.
    static func offset(_ sites: [ErrorCatalog.Site]) -> String {
        let some = sites.contains { $0.offset.some }, none = sites.contains { $0.offset.none }
        return some ? (none ? "sometimes" : "always") : "never"
    }

    static func ordered(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }

    static func cell(_ s: String) -> String {
        s.replacingOccurrences("|", "\\|").replacingOccurrences("\n", " ")
    }

    public enum BlockError: Error, CustomStringConvertible {
        case markersMissing(String)
        public var description: String {
            switch self {
            case .markersMissing(let doc): "\(doc) has no \(begin) … \(end) block"
            }
        }
    }

    /// `document` with the text between the markers replaced by `table` (plus a note on how it is made).
    public static func replacingBlock(in document: String, with table: String, docName: String) throws -> String {
        guard let b = document.range(of: begin), let e = document.range(of: end), b.upperBound <= e.lowerBound else {
            throw BlockError.markersMissing(docName)
        }
        let note =
            "<!-- Generated from the core's source by afs-errors (Tools/); do not edit by hand: "
            + "run\n     swift run --package-path Tools afs-errors --write \(docName) -->"
        return String(document[..<b.upperBound]) + "\n" + note + "\n\n" + table + "\n\n"
            + String(document[e.lowerBound...])
    }
}

extension String {
    func replacingOccurrences(_ a: String, _ b: String) -> String {
        guard !a.isEmpty, contains(a) else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: a) {
            out += rest[..<r.lowerBound] + b
            rest = rest[r.upperBound...]
        }
        return out + rest
    }

    func range(of needle: String) -> Range<String.Index>? {
        Substring(self).range(of: needle)
    }
}

extension Substring {
    func range(of needle: String) -> Range<String.Index>? {
        guard !needle.isEmpty else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) { return i..<index(i, offsetBy: needle.count) }
            i = index(after: i)
        }
        return nil
    }
}
