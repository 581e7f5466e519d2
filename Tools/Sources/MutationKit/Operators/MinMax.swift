// min↔max: two-argument free calls of the standard library's min and max.
import SwiftSyntax

/// `min(a, b)` ↔ `max(a, b)` (free calls with two unlabeled arguments and no trailing closure:
/// clamps and bounds). The callee is replaced by the helper: `__afsMin(id, a, b)`. The site is
/// registered before the arguments are rendered, so it has a lower id than the sites inside them.
public struct MinMax: MutationOperator {
    public init() {}

    public func rewrite(_ node: Syntax, _ m: Mutator) -> Piece? {
        guard let call = node.as(FunctionCallExprSyntax.self) else { return nil }
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            callee.baseName.text == "min" || callee.baseName.text == "max",
            call.arguments.count == 2, call.arguments.allSatisfy({ $0.label == nil }),
            let lp = call.leftParen, let rp = call.rightParen, call.trailingClosure == nil
        else { return nil }
        let name = callee.baseName.text
        let other = name == "min" ? "max" : "min"
        let args = src(call.arguments)
        guard
            let site = m.register(
                call, helper: name == "min" ? .min : .max,
                [Replacement("min↔max", "\(name)(\(args))", "\(other)(\(args))")])
        else { return nil }
        return Placer.call(
            site, callee: m.token(callee.baseName), leftParen: m.token(lp), args: m.render(call.arguments),
            rightParen: m.token(rp))
    }
}
