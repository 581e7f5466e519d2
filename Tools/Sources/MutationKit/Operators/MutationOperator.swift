// What an operator family is, and the list of them. One family per file in this folder (as
// stryker's mutators): a family recognizes its nodes, proposes the mutants (`Replacement`s) and
// picks the helper and the `Placer` form that switch them.
import SwiftSyntax

/// An operator family that rewrites whole nodes.
public protocol MutationOperator: Sendable {
    /// The switched code for `node`, or nil when the node is not this family's (then the next
    /// family is asked, and at last the node's children are rendered as they are). A family renders
    /// the code inside the node through `m.render`, so nested sites are switched too.
    func rewrite(_ node: Syntax, _ m: Mutator) -> Piece?
}

/// An operator family over binary operators (`a OP b`): the shared `BinaryOperators` walk renders
/// both operands and asks each family in turn.
public protocol BinaryOperatorFamily: Sendable {
    /// The site for `lhs OP rhs` (operands as one-line source text), or nil when `op` is not this
    /// family's.
    func mutants(op: String, lhs: String, rhs: String) -> BinarySite?
}

/// How a binary site is switched.
public struct BinarySite: Sendable {
    public enum Form: Sendable {
        /// `helper(id, lhs, rhs)` in place of the operator.
        case call
        /// `helper(id, lhs OP rhs)` around the whole expression.
        case wrap
    }
    public var helper: Helper
    public var form: Form
    public var mutants: [Replacement]
}

public enum Operators {
    /// The families of numbering tier 0 (see `Numbering`), in the order they are asked.
    public static let standard: [any MutationOperator] = [
        StatementDeletion(),
        BinaryOperators(families: [
            RelationalOperator(), EqualityOperator(), ArithmeticOperator(),
            BitwiseOperator(), LogicalOperator(), RangeOperator(),
        ]),
        IntegerLiteral(),
        BooleanLiteral(),
        StringLiteral(),
        MinMax(),
        ConditionNegation(),
        GuardDeletion(),
    ]

    /// Families added since, each numbered after the tiers before it (see `Numbering`).
    public static let later: [any MutationOperator] = [
        WhereNegation()  // tier 1
    ]

    /// Every family afs-mutate applies.
    public static let all: [any MutationOperator] = standard + later
}

/// A comparison (possibly parenthesized): negating it would repeat the relational or equality
/// mutant that already negates it. (`===` and `!==` count too, though no family mutates them.)
func isComparison(_ e: ExprSyntax) -> Bool {
    var e = e
    while let t = e.as(TupleExprSyntax.self), t.elements.count == 1, let inner = t.elements.first, inner.label == nil {
        e = inner.expression
    }
    if let i = e.as(InfixOperatorExprSyntax.self), let op = i.operator.as(BinaryOperatorExprSyntax.self) {
        return ["<", "<=", ">", ">=", "==", "!=", "===", "!=="].contains(op.operator.text)
    }
    return false
}

/// Binary operator expressions: the operands are rendered first (their sites get the lower ids),
/// then the first family that knows the operator registers the site, located at the operator.
public struct BinaryOperators: MutationOperator {
    public var families: [any BinaryOperatorFamily]

    public init(families: [any BinaryOperatorFamily]) { self.families = families }

    public func rewrite(_ node: Syntax, _ m: Mutator) -> Piece? {
        guard let e = node.as(InfixOperatorExprSyntax.self) else { return nil }
        let lhs = m.render(e.leftOperand)
        let opPiece = m.render(e.operator)
        let rhs = m.render(e.rightOperand)
        guard let opNode = e.operator.as(BinaryOperatorExprSyntax.self) else { return concat([lhs, opPiece, rhs]) }
        let op = opNode.operator.text
        for family in families {
            guard let site = family.mutants(op: op, lhs: src(e.leftOperand), rhs: src(e.rightOperand)) else { continue }
            guard
                let ref = m.register(
                    e, anchor: opNode.operator.positionAfterSkippingLeadingTrivia, helper: site.helper, site.mutants)
            else { break }
            switch site.form {
            case .call: return Placer.binary(ref, lhs, opPiece, rhs)
            case .wrap: return Placer.wrap(ref, concat([lhs, opPiece, rhs]))
            }
        }
        return concat([lhs, opPiece, rhs])
    }
}
