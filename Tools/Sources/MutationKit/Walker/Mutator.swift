// The walk over one file: renders every node back to text, asking the operator families to switch
// the nodes they mutate, and registers their sites (ids, keys, locations).
import SwiftSyntax

/// Source text of a node without its outer trivia, on one line: how sites.json shows code.
func src(_ node: some SyntaxProtocol) -> String { oneLine(node.trimmedDescription) }

/// Walks one parsed (and operator-folded) file. Operators call back into `render` for the code
/// they contain and `register` for their own site; everything not mutated comes out byte for byte.
public final class Mutator {
    let file: String
    let converter: SourceLocationConverter
    let numbering: Numbering
    let excludedKeys: Set<String>
    let operators: [any MutationOperator]
    /// The mutants registered so far (excluded groups are not listed, but use up their ids).
    var mutants: [Mutant] = []
    /// Names declared `let/var x: T` without a value (assigned later): see StatementDeletion.
    let lateInit: Set<String>
    var declStack: [String] = []
    var declSpans: [(Int, Int)] = []
    /// How many enclosing declarations are `@inlinable` (their code calls the __afsG helpers).
    var inlinableDepth = 0
    var occurrences: [String: Int] = [:]

    init(
        file: String, tree: SourceFileSyntax, numbering: Numbering, excludedKeys: Set<String>,
        operators: [any MutationOperator]
    ) {
        self.file = file
        self.converter = SourceLocationConverter(fileName: file, tree: tree)
        self.numbering = numbering
        self.excludedKeys = excludedKeys
        self.operators = operators
        self.lateInit = Scope.lateInitialized(tree)
    }

    /// The enclosing declarations, as keys and reports name them.
    var function: String { declStack.isEmpty ? "<file>" : declStack.joined(separator: ".") }

    /// Registers one site: the mutants one `helper` call switches, ids `first`, `first + 1`, …
    /// Located at `anchor` (default: the node's first token) through the node's last line. Returns
    /// nil when a mutant of the group is excluded (--exclude-keys: it did not compile); then the
    /// code is left as it is, but the ids stay used, so the other sites keep theirs.
    func register(
        _ node: some SyntaxProtocol, anchor: AbsolutePosition? = nil, tier: Int = 0, helper: Helper,
        context: String = "", _ items: [Replacement]
    ) -> SiteRef? {
        let start = converter.location(for: anchor ?? node.positionAfterSkippingLeadingTrivia)
        let end = converter.location(for: node.endPositionBeforeTrailingTrivia)
        let (first, g) = numbering.take(items.count, tier: tier)
        var excluded = false
        var made: [Mutant] = []
        for (i, item) in items.enumerated() {
            let base =
                "\(file)|\(function)|\(item.op)|\(oneLine(item.original, limit: 100))"
                + "→\(oneLine(item.mutated, limit: 100))"
            let n = occurrences[base, default: 0]
            occurrences[base] = n + 1
            let key = "\(base)|#\(n)"
            if excludedKeys.contains(key) { excluded = true }
            made.append(
                Mutant(
                    id: first + i, group: g, key: key, file: file, line: start.line, column: start.column,
                    endLine: end.line, op: item.op, original: oneLine(item.original), mutated: oneLine(item.mutated),
                    function: function, declStart: declSpans.last?.0 ?? 1, declEnd: declSpans.last?.1 ?? Int.max,
                    context: context, helper: inlinableDepth > 0 ? helper.inlinableName : helper.rawValue, tier: tier))
        }
        if excluded { return nil }
        mutants += made
        return SiteRef(id: numbering.text(first, tier: tier), helper: helper)
    }

    // MARK: rendering

    func token(_ t: TokenSyntax) -> Piece {
        Piece(lead: t.leadingTrivia.description, body: t.text, trail: t.trailingTrivia.description)
    }

    /// The node's code as written.
    func verbatim(_ node: some SyntaxProtocol) -> Piece {
        let toks = Array(node.tokens(viewMode: .sourceAccurate))
        guard let first = toks.first, let last = toks.last else { return .empty }
        let lead = first.leadingTrivia.description
        let trail = last.trailingTrivia.description
        let all = node.description
        let body = String(
            decoding: Array(all.utf8.dropFirst(lead.utf8.count).dropLast(trail.utf8.count)), as: UTF8.self)
        return Piece(lead: lead, body: body, trail: trail)
    }

    /// The node's children rendered, one after the other (the node itself not mutated).
    func children(_ node: Syntax) -> Piece {
        concat(node.children(viewMode: .sourceAccurate).map { render($0) })
    }

    func render(_ node: some SyntaxProtocol) -> Piece { render(Syntax(node)) }

    func render(_ node: Syntax) -> Piece {
        if let t = node.as(TokenSyntax.self) { return token(t) }
        if let p = Skips.render(node, self) { return p }
        if let name = Scope.name(node) { return declaration(node, name) }
        for op in operators {
            if let p = op.rewrite(node, self) { return p }
        }
        return children(node)
    }

    /// A declaration opens a scope (keys and reports name sites by it). In `@inlinable` code the
    /// helpers are the global __afsG copies: fileprivate ones cannot be called from there.
    func declaration(_ node: Syntax, _ name: String) -> Piece {
        declStack.append(name)
        declSpans.append(
            (
                converter.location(for: node.positionAfterSkippingLeadingTrivia).line,
                converter.location(for: node.endPositionBeforeTrailingTrivia).line
            ))
        let inlinable =
            node.asProtocol(WithAttributesSyntax.self)?.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "inlinable"
            } ?? false
        if inlinable { inlinableDepth += 1 }
        defer {
            declStack.removeLast()
            declSpans.removeLast()
            if inlinable { inlinableDepth -= 1 }
        }
        var p = children(node)
        if inlinable { p.body = p.body.replacingAll("__afs", with: "__afsG") }
        return p
    }
}
