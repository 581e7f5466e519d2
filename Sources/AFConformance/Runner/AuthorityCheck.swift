import AFSerialization
import AFVectorFormat

/// What `conformance coverage` checks of each vector's authority (VECTORS.md §1.3) and of the
/// citations in its comment: every run has a level; a `must`/`should` run cites a section of a
/// normative reference (SPEC §9) and its keyword; an `af` run cites a row of `Vectors/af-audit.json`
/// at its profile's tag whose claim AF's source bears out (`agrees`); a `decision` cites a SPEC (or VECTORS.md) section
/// that exists; a comment cites README only by a heading it has.
public struct AuthorityCheck: Sendable {
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        public var id: String
        public var message: String
        public var description: String { "\(id): \(message)" }
    }

    public static let keywords: [Level: Set<String>] = [
        .must: ["MUST", "MUST NOT", "REQUIRED", "SHALL", "SHALL NOT"],
        .should: ["SHOULD", "SHOULD NOT", "RECOMMENDED", "NOT RECOMMENDED"],
    ]

    public var audit: AFAudit
    public var spec: SpecSections
    public var vectorsDoc: SpecSections
    /// The documents SPEC §9 names (`RFC3986`, `WHATWG-URL`, `HTML`, `XML`, …).
    public var normativeDocuments: Set<String>
    /// README's headings, as `README "Heading"` cites them.
    public var readmeHeadings: Set<String>

    public init(audit: AFAudit, spec: SpecSections, vectorsDoc: SpecSections, specText: String, readmeText: String) {
        self.audit = audit
        self.spec = spec
        self.vectorsDoc = vectorsDoc
        normativeDocuments = Self.normativeDocuments(specText)
        readmeHeadings = Set(
            readmeText.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("#") else { return nil }
                return String(line.drop { $0 == "#" }.drop { $0 == " " })
            })
    }

    /// The documents of the refs in backticks under SPEC's `## 9.` heading: the part before `#`.
    static func normativeDocuments(_ specText: String) -> Set<String> {
        guard let start = specText.firstRange(of: "\n## 9.") else { return [] }
        var out: Set<String> = []
        for piece in specText[start.upperBound...].split(separator: "`").enumerated() where piece.offset % 2 == 1 {
            let ref = piece.element
            let document = ref.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            if !document.isEmpty, !document.contains(" ") { out.insert(document) }
        }
        return out
    }

    public func check(_ vectors: [Vector]) -> [Finding] {
        var out: [Finding] = []
        for v in vectors {
            let profiles = v.profiles ?? Vector.allProfiles
            if v.levels.isEmpty {
                out.append(Finding(id: v.id, message: "no level (VECTORS.md §1.3)"))
            } else {
                var said: Set<String> = []
                for p in profiles {
                    guard let level = v.levels[p] else {
                        out.append(
                            Finding(id: v.id, message: "[\(p)] level \"\(v.authorities[p] ?? "")\" is not a level"))
                        continue
                    }
                    if let problem = problem(level: level, authority: v.authorities[p] ?? "", profile: p),
                        said.insert(problem).inserted
                    {
                        out.append(Finding(id: v.id, message: (profiles.count > 1 ? "[\(p)] " : "") + problem))
                    }
                }
            }
            for problem in commentProblems(v.comment ?? "") { out.append(Finding(id: v.id, message: problem)) }
        }
        return out
    }

    /// What is wrong with one run's authority, or nil.
    public func problem(level: Level, authority: String, profile: String) -> String? {
        if authority == "unreviewed" { return "promoted vector awaiting review: give it a level and an authority" }
        switch level {
        case .must, .should:
            let words = authority.split(separator: " ", maxSplits: 1).map(String.init)
            guard words.count == 2, let keywords = Self.keywords[level], keywords.contains(words[1]) else {
                return
                    "a \(level.rawValue) authority is \"<ref> <keyword>\" with keyword one of "
                    + "\(Self.keywords[level]!.sorted().joined(separator: ", ")): \"\(authority)\""
            }
            return normativeProblem(words[0])
        case .af:
            guard let tag = AFAudit.tags[profile] else { return "no AFNetworking release for profile \(profile)" }
            let places = authority.split(separator: " ")
            if let wrong = places.first(where: { !$0.hasPrefix("AF-\(tag)/") }) {
                return "an af authority for \(profile) cites AF \(tag) (AF-\(tag)/File.m#L1-L2), not \"\(wrong)\""
            }
            guard let row = audit.row(citedBy: authority, profile: profile) else {
                return "\"\(authority)\" is not the citation of any row of Vectors/af-audit.json at \(tag)"
            }
            // Only a claim AF's source bears out decides a value: a deviation or an af-silent row
            // is SPEC's own choice.
            if row.verdict != "agrees" {
                return
                    "cites audit row \(row.id), whose verdict is \(row.verdict): AF's source "
                    + "does not decide this value (level decision, by \(row.spec))"
            }
            return nil
        case .decision:
            return sectionProblem(authority)
                ?? (authority.hasPrefix("SPEC§") || authority.hasPrefix("VECTORS.md§")
                    ? nil : "a decision cites its SPEC rule (SPEC§N.M), not \"\(authority)\"")
        case .implementationDefined:
            if authority.hasPrefix("SPEC§") || authority.hasPrefix("VECTORS.md§") { return sectionProblem(authority) }
            return normativeProblem(authority)
        }
    }

    /// `RFC2046#5.1.1`: a section of a document SPEC §9 names.
    func normativeProblem(_ ref: String) -> String? {
        let parts = ref.split(separator: "#", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[1].isEmpty else { return "\"\(ref)\" names no section (RFC3986#2.1)" }
        guard normativeDocuments.contains(parts[0]) else {
            return
                "\(parts[0]) is not a normative reference of SPEC §9 "
                + "(\(normativeDocuments.sorted().joined(separator: ", ")))"
        }
        return nil
    }

    func sectionProblem(_ ref: String) -> String? {
        for (doc, name) in [(spec, "SPEC"), (vectorsDoc, "VECTORS.md")] where ref.hasPrefix(name + "§") {
            let n = String(ref.dropFirst(name.count + 1))
            return doc.numbers.contains(n) ? nil : "\(name == "SPEC" ? "SPEC.md" : name) has no section \(n)"
        }
        return nil
    }

    /// README is cited by a heading it has (`README "Gating pull requests"`), never by a section number.
    func commentProblems(_ comment: String) -> [String] {
        var out: [String] = []
        var rest = Substring(comment)
        while let r = rest.firstRange(of: "README") {
            let after = rest[r.upperBound...]
            if after.hasPrefix(" \""), let close = after.dropFirst(2).firstIndex(of: "\"") {
                let heading = String(after.dropFirst(2)[..<close])
                if !readmeHeadings.contains(heading) {
                    out.append("cites README \"\(heading)\", a heading README does not have")
                }
            } else if !after.hasPrefix(".md") {
                let shown = String((rest[r.lowerBound...]).prefix(24))
                out.append(
                    "cites \"\(shown)…\": README has no numbered "
                        + "sections; cite SPEC§N.M or README \"Heading\"")
            }
            rest = after
        }
        return out
    }
}
