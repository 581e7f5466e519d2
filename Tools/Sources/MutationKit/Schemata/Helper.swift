// The runtime helpers' names, in one place: the operators choose one, the placer writes the call,
// RuntimeTemplate defines it, and sites.json names it (so the Python pruning can tell which site a
// compiler error about a helper belongs to without restating the operator → helper mapping).

/// A runtime helper of the mutant switch (defined in `RuntimeTemplate.helpers`).
public enum Helper: String, CaseIterable, Sendable {
    /// Statement deletion: `if !__afsOn(id) { statement }`.
    case on = "__afsOn"
    /// Negation (conditions, `==`↔`!=`, where clauses): `__afsNot(id, cond)`.
    case not = "__afsNot"
    /// Guard deletion: each condition of the guard becomes `__afsPass(id, cond)`.
    case pass = "__afsPass"
    case bool = "__afsBool"
    case lt = "__afsLT", le = "__afsLE", gt = "__afsGT", ge = "__afsGE"
    case logicalAnd = "__afsLAnd", logicalOr = "__afsLOr"
    case add = "__afsAdd", sub = "__afsSub", mul = "__afsMul", div = "__afsDiv"
    case bitAnd = "__afsAnd", bitOr = "__afsOr", shl = "__afsShl", shr = "__afsShr"
    case halfOpen = "__afsHalfOpen", closed = "__afsClosed"
    case min = "__afsMin", max = "__afsMax"
    /// Integer literals with one, two or three mutants (+1; +1, →0; +1, −1, →0).
    case int1 = "__afsI1", int2 = "__afsI2", int3 = "__afsI3"
    case string = "__afsStr"

    /// The name as called from `@inlinable` code, which cannot use the fileprivate copies: the
    /// global copies in __AFSMutantSwitch.swift carry the prefix __afsG.
    public var inlinableName: String { "__afsG" + rawValue.dropFirst("__afs".count) }
}

/// A registered site as its helper call writes it: the id as it appears in code (a number, or a
/// placeholder for a later numbering tier) and the helper.
public struct SiteRef: Sendable {
    public var id: String
    public var helper: Helper
}
