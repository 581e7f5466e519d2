// Rendered code and the text helpers the operators share.

/// Rendered code: the leading trivia of the first token, the text in between, the trailing trivia
/// of the last token. Text is only ever inserted inside `body`, before a trailing trivia (which may
/// hold a `//` comment), never after one; and no newline is ever added or removed, so every piece
/// of code stays on its original line and a compiler error maps back to the sites on that line.
public struct Piece: Equatable, Sendable {
    public var lead: String
    public var body: String
    public var trail: String
    public var text: String { lead + body + trail }

    public init(lead: String, body: String, trail: String) {
        self.lead = lead
        self.body = body
        self.trail = trail
    }

    static let empty = Piece(lead: "", body: "", trail: "")
}

/// The pieces one after the other: the inner trivia moves into `body`.
func concat(_ pieces: [Piece]) -> Piece {
    let ps = pieces.filter { !($0.lead.isEmpty && $0.body.isEmpty && $0.trail.isEmpty) }
    guard let first = ps.first, let last = ps.last else { return .empty }
    if ps.count == 1 { return first }
    var body = first.body + first.trail
    for p in ps.dropFirst().dropLast() { body += p.text }
    body += last.lead + last.body
    return Piece(lead: first.lead, body: body, trail: last.trail)
}

/// Whitespace runs as one space, cut at `limit` characters: how sites.json shows source text.
func oneLine(_ s: String, limit: Int = 160) -> String {
    var out = ""
    var space = false
    for c in s {
        if c == " " || c == "\n" || c == "\t" || c == "\r" {
            space = true
        } else {
            if space && !out.isEmpty { out += " " }
            space = false
            out.append(c)
        }
    }
    if out.count > limit { out = String(out.prefix(limit - 1)) + "…" }
    return out
}

extension String {
    /// Every occurrence of `a` replaced, left to right (no Foundation in this package's library).
    func replacingAll(_ a: String, with b: String) -> String {
        var out = ""
        var rest = Substring(self)
        while let r = rest.firstRange(of: a) {
            out += rest[..<r.lowerBound]
            out += b
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
