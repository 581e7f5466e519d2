// delete statement: a call, an assignment or a compound assignment standing as a statement.
import SwiftSyntax

/// `x.append(y)` → nothing, switched as `if !__afsOn(id) { x.append(y) }`. Only statements whose
/// deletion compiles: not a lone expression that is the value of a closure, getter, function or
/// `if`/`switch` expression; not the assignment that initializes a constant or a stored property
/// in an initializer (definite initialization); `_ = x` only when `x` is a call.
public struct StatementDeletion: MutationOperator {
    /// Compound assignments (always deletable: the variable already has a value).
    static let assignmentOps: Set<String> = [
        "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "&+=", "&-=", "&*=", "&<<=", "&>>=",
    ]

    public init() {}

    public func rewrite(_ node: Syntax, _ m: Mutator) -> Piece? {
        guard let item = node.as(CodeBlockItemSyntax.self) else { return nil }
        guard case .expr(let expr) = item.item, deletable(expr, m), !isImplicitReturn(item) else { return nil }
        let rendered = m.render(expr)
        let semi = item.semicolon.map { m.token($0) }
        guard let site = m.register(item, helper: .on, [Replacement("delete statement", src(expr), "/* deleted */")])
        else {
            return semi.map { concat([rendered, $0]) } ?? rendered
        }
        let wrapped = Placer.statement(site, rendered)
        return semi.map { concat([wrapped, $0]) } ?? wrapped
    }

    func deletable(_ expr: ExprSyntax, _ m: Mutator) -> Bool {
        var e = expr
        if let t = e.as(TryExprSyntax.self) { e = t.expression }
        if let a = e.as(AwaitExprSyntax.self) { e = a.expression }
        if let call = e.as(FunctionCallExprSyntax.self) {
            if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                Skips.calls.contains(callee.baseName.text)
            {
                return false
            }
            return true
        }
        if let i = e.as(InfixOperatorExprSyntax.self) {
            if i.operator.is(AssignmentExprSyntax.self) {
                // Deleting the assignment that initializes a constant, or a stored property in an
                // initializer, does not compile (definite initialization): not a site.
                if m.declStack.last?.hasPrefix("init(") == true
                    && (i.leftOperand.is(DeclReferenceExprSyntax.self)
                        || i.leftOperand.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription == "self")
                {
                    return false
                }
                let names = i.leftOperand.tokens(viewMode: .sourceAccurate).filter {
                    if case .identifier = $0.tokenKind { return true } else { return false }
                }
                if i.leftOperand.is(DeclReferenceExprSyntax.self) || i.leftOperand.is(TupleExprSyntax.self),
                    names.contains(where: { m.lateInit.contains($0.text) })
                {
                    return false
                }
                // `_ = x` discards a value; deleting it only matters if x is a call.
                if i.leftOperand.is(DiscardAssignmentExprSyntax.self) {
                    return i.rightOperand.is(FunctionCallExprSyntax.self) || i.rightOperand.is(TryExprSyntax.self)
                }
                return true
            }
            if let op = i.operator.as(BinaryOperatorExprSyntax.self), Self.assignmentOps.contains(op.operator.text) {
                return true
            }
        }
        return false
    }

    /// A lone expression in a closure, getter or value-returning function body is its value; so is
    /// one in a branch of an `if`/`switch` that is itself a value.
    func isImplicitReturn(_ item: CodeBlockItemSyntax) -> Bool {
        guard let list = item.parent?.as(CodeBlockItemListSyntax.self), list.count == 1 else { return false }
        guard let owner = list.parent else { return false }
        if owner.is(ClosureExprSyntax.self) || owner.is(AccessorBlockSyntax.self) { return true }
        if let sc = owner.as(SwitchCaseSyntax.self), let sw = sc.parent?.parent?.as(SwitchExprSyntax.self) {
            return isValue(Syntax(sw))
        }
        if let block = owner.as(CodeBlockSyntax.self), let p = block.parent {
            if let f = p.as(FunctionDeclSyntax.self) { return f.signature.returnClause != nil }
            if p.is(AccessorDeclSyntax.self) || p.is(SubscriptDeclSyntax.self) { return true }
            if var ifx = p.as(IfExprSyntax.self) {
                while let outer = ifx.parent?.as(IfExprSyntax.self) { ifx = outer }
                return isValue(Syntax(ifx))
            }
        }
        return false
    }

    /// An if/switch expression used as a value (not as a statement).
    func isValue(_ node: Syntax) -> Bool {
        guard let parent = node.parent else { return false }
        if let stmt = parent.as(ExpressionStmtSyntax.self), let item = stmt.parent?.as(CodeBlockItemSyntax.self) {
            return isImplicitReturn(item)
        }
        if let item = parent.as(CodeBlockItemSyntax.self) { return isImplicitReturn(item) }
        return true
    }
}
