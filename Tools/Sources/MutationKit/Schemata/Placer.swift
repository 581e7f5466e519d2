// The schemata placer: how a registered site is written as a runtime switch. Operators decide what
// to mutate and which helper selects it; the text of the call is written only here.

/// Writes the switched code of a site. Every form keeps the trivia (newlines, comments) of the
/// pieces it wraps where they were: code stays on its line.
enum Placer {
    /// `helper(id, args)` in place of `p`; `args` defaults to `p`'s own code.
    /// `x` → `__afsNot(3, x)`; `"ab"` → `__afsStr(4, "ab", "b")`.
    static func wrap(_ site: SiteRef, _ p: Piece, args: String? = nil) -> Piece {
        Piece(lead: p.lead, body: "\(site.helper.rawValue)(\(site.id), \(args ?? p.body))", trail: p.trail)
    }

    /// A binary operator as a call: `a < b` → `__afsLT(5, a, b)`. The operator's own text goes, its
    /// trivia (a newline before or after it) stays.
    static func binary(_ site: SiteRef, _ lhs: Piece, _ op: Piece, _ rhs: Piece) -> Piece {
        let body =
            "\(site.helper.rawValue)(\(site.id), " + lhs.body + "," + lhs.trail + op.lead + op.trail + rhs.lead
            + rhs.body + ")"
        return Piece(lead: lhs.lead, body: body, trail: rhs.trail)
    }

    /// A two-argument free call whose callee is replaced by the helper:
    /// `min(a, b)` → `__afsMin(6, a, b)`.
    static func call(_ site: SiteRef, callee: Piece, leftParen: Piece, args: Piece, rightParen: Piece) -> Piece {
        let body =
            "\(site.helper.rawValue)(\(site.id), " + callee.trail + leftParen.trail + args.text + rightParen.lead + ")"
        return Piece(lead: callee.lead, body: body, trail: rightParen.trail)
    }

    /// A deletable statement: `x.append(y)` → `if !__afsOn(7) { x.append(y) }`.
    static func statement(_ site: SiteRef, _ p: Piece) -> Piece {
        Piece(lead: p.lead, body: "if !\(site.helper.rawValue)(\(site.id)) { " + p.body + " }", trail: p.trail)
    }
}
