import AFVectorFormat

/// One recorded corpus input: its path under `Corpus/<target>/`, the digest of the core's rendered
/// output, and a short escaped excerpt of that output (so `--check` can show what it was).
public struct SnapshotEntry: Sendable, Hashable {
    public var path: String
    public var digest: UInt64
    public var excerpt: String

    public init(path: String, digest: UInt64, excerpt: String) {
        self.path = path
        self.digest = digest
        self.excerpt = excerpt
    }

    /// The entry for `output`: digest of all its UTF-8 bytes; excerpt of its result, i.e. without
    /// the first line when there are several (renderers print the decoded options there).
    public init(path: String, output: String) {
        self.init(path: path, digest: FNV1a64.hash(output.utf8), excerpt: Self.excerpt(Self.result(output)))
    }

    /// `output` without its first line (the options) when it has more than one line.
    public static func result(_ output: String) -> String {
        guard let newline = output.firstIndex(of: "\n") else { return output }
        return String(output[output.index(after: newline)...])
    }

    /// Maximum excerpt length in Unicode scalars (keeps snapshot files small).
    public static let excerptLength = 48

    /// `output` on one line: `\`, tab, newline and other controls escaped; cut with `…`.
    public static func excerpt(_ output: String, limit: Int = excerptLength) -> String {
        var out = ""
        var count = 0
        for scalar in output.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}

/// The snapshot of one fuzz target: `Snapshots/<target>.snapshot`, a small sorted text file
///
///     # conformance snapshot v1: <target> (output|invariants)
///     <16 hex digest>\t<path under Corpus/<target>/>\t<excerpt>
///
/// `output` means the target renders the core's output; `invariants` means only its invariant
/// verdict is recorded (the target has no renderer yet, see `OutputDescribing`).
public struct Snapshot: Sendable, Equatable {
    public var target: String
    public var rendersOutput: Bool
    /// Sorted by path (byte order), paths unique.
    public var entries: [SnapshotEntry]

    public init(target: String, rendersOutput: Bool, entries: [SnapshotEntry]) {
        self.target = target
        self.rendersOutput = rendersOutput
        self.entries = entries.sorted { Array($0.path.utf8).lexicographicallyPrecedes(Array($1.path.utf8)) }
    }

    static let magic = "# conformance snapshot v1: "

    public var text: String {
        var s = Self.magic + "\(target) (\(rendersOutput ? "output" : "invariants"))\n"
        for e in entries {
            s += FNV1a64.hex(e.digest) + "\t" + e.path + "\t" + e.excerpt + "\n"
        }
        return s
    }

    public struct ParseError: Error, CustomStringConvertible {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func parse(_ text: String) throws(ParseError) -> Snapshot {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let header = lines.first, header.hasPrefix(magic) else {
            throw ParseError(line: 1, message: "missing header \"\(magic)<target> (output|invariants)\"")
        }
        let rest = header.dropFirst(magic.count)
        guard let open = rest.lastIndex(of: "("), rest.hasSuffix(")") else {
            throw ParseError(line: 1, message: "header has no (output|invariants)")
        }
        let target = String(rest[..<open].trimmingSuffix(" "))
        let mode = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
        guard mode == "output" || mode == "invariants" else {
            throw ParseError(line: 1, message: "unknown mode \(mode)")
        }
        var entries: [SnapshotEntry] = []
        var seen = Set<String>()
        for (i, line) in lines.enumerated().dropFirst() {
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0].count == 16, let digest = UInt64(fields[0], radix: 16),
                !fields[1].isEmpty
            else {
                throw ParseError(line: i + 1, message: "expected <16 hex digits>\\t<path>\\t<excerpt>")
            }
            let path = String(fields[1])
            guard seen.insert(path).inserted else { throw ParseError(line: i + 1, message: "duplicate path \(path)") }
            entries.append(SnapshotEntry(path: path, digest: digest, excerpt: String(fields[2])))
        }
        return Snapshot(target: target, rendersOutput: mode == "output", entries: entries)
    }
}

extension Substring {
    fileprivate func trimmingSuffix(_ c: Character) -> Substring {
        var s = self
        while s.last == c { s.removeLast() }
        return s
    }
}
