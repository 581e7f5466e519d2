@testable import MutationKit

/// Runs `families` (default: every family) over one snippet, file name F.swift.
func run(_ source: String, _ families: [any MutationOperator] = Operators.all, excluded: Set<String> = [])
    -> (switched: String, mutants: [Mutant])
{
    let r = MutationRun(excludedKeys: excluded, operators: families).run([("F.swift", source)])
    return (r.files[0].switched, r.mutants)
}

/// The mutants as the tests state them: "line:column operator: original → mutated".
func described(_ mutants: [Mutant]) -> [String] {
    mutants.map { "\($0.line):\($0.column) \($0.op): \($0.original) → \($0.mutated)" }
}

/// Only the given binary operator families.
func binary(_ families: any BinaryOperatorFamily...) -> [any MutationOperator] {
    [BinaryOperators(families: families)]
}
