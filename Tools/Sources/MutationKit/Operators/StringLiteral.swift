// string literal: a plain string literal replaced by a nearby one.
import SwiftSyntax

/// A one-unit literal becomes another single unit (`"a"` → `"x"`, `"x"` → `"y"`), so Character,
/// Unicode.Scalar and `UInt8(ascii:)` contexts still compile; a longer one loses its first unit
/// (`"abc"` → `"bc"`); `""` → `"x"`. A unit is a character or an escape sequence (`\n`,
/// `\u{1F600}`). Interpolated, multi-line and raw strings are left alone. Each mutant records the
/// call it is an argument of (`context`), so reports can tell error messages from data.
public struct StringLiteral: MutationOperator {
    public init() {}

    public func rewrite(_ node: Syntax, _ m: Mutator) -> Piece? {
        guard let lit = node.as(StringLiteralExprSyntax.self) else { return nil }
        let p = m.verbatim(lit)
        guard lit.openingPounds == nil, lit.openingQuote.tokenKind == .stringQuote,
            lit.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) })
        else { return p }
        let content = lit.segments.map { $0.as(StringSegmentSyntax.self)!.content.text }.joined()
        let mutated = Self.mutated(content)
        guard
            let site = m.register(
                lit, helper: .string, context: Self.callContext(Syntax(lit)),
                [Replacement("string literal", "\"\(content)\"", "\"\(mutated)\"")])
        else { return p }
        return Placer.wrap(site, p, args: "\(p.body), \"\(mutated)\"")
    }

    /// The mutated content (between the quotes).
    static func mutated(_ content: String) -> String {
        let us = units(content)
        if us.isEmpty { return "x" }
        if us.count == 1 { return us[0] == "x" ? "y" : "x" }
        return us.dropFirst().joined()
    }

    /// Source-level units of a string literal's content: an escape sequence or one character.
    static func units(_ s: String) -> [String] {
        var out: [String] = []
        let it = Array(s)
        var i = 0
        while i < it.count {
            if it[i] == "\\", i + 1 < it.count {
                if it[i + 1] == "u", i + 2 < it.count, it[i + 2] == "{", let close = it[(i + 2)...].firstIndex(of: "}")
                {
                    out.append(String(it[i...close]))
                    i = close + 1
                    continue
                }
                out.append(String(it[i...(i + 1)]))
                i += 2
                continue
            }
            out.append(String(it[i]))
            i += 1
        }
        return out
    }

    /// For an argument of a call: "callee#index:label|first=…" (callee as written, e.g. AFSError or
    /// Self.fail; `first` is the call's first argument, e.g. the error kind).
    static func callContext(_ node: Syntax) -> String {
        guard let arg = node.parent?.as(LabeledExprSyntax.self), let list = arg.parent?.as(LabeledExprListSyntax.self),
            let call = list.parent?.as(FunctionCallExprSyntax.self)
        else { return "" }
        let index =
            list.firstIndex(where: { $0.id == arg.id }).map { list.distance(from: list.startIndex, to: $0) } ?? -1
        let first = list.first.map { src($0.expression) } ?? ""
        return "\(src(call.calledExpression))#\(index):\(arg.label?.text ?? "")|first=\(first)"
    }
}
