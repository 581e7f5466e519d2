import Testing
@testable import MutationKit

/// The families that switch conditions, statements and calls.
@Suite struct StatementTests {
    @Test func conditionNegation() {
        let (switched, mutants) = run(
            """
            func c(a: Bool, n: Int) throws -> Int {
                if a, n > 0 { return 1 }
                if try p() { return 0 }
                while !a { break }
                repeat { } while a
                return a ? 2 : 3
            }
            """, [ConditionNegation()])
        // `n > 0` is a comparison: its negation is a relational mutant already.
        #expect(
            described(mutants) == [
                "2:8 negate condition: a → !(a)",
                "3:8 negate condition: try p() → !(try p())",
                "4:11 negate condition: !a → !(!a)",
                "5:22 negate condition: a → !(a)",
                "6:12 negate condition: a → !(a)",
            ])
        #expect(
            switched == """
                func c(a: Bool, n: Int) throws -> Int {
                    if __afsNot(1, a), n > 0 { return 1 }
                    if try __afsNot(2, p()) { return 0 }
                    while __afsNot(3, !a) { break }
                    repeat { } while __afsNot(4, a)
                    return __afsNot(5, a) ? 2 : 3
                }
                """)
    }

    @Test func guardDeletionComesBeforeItsConditions() {
        let (switched, mutants) = run(
            """
            func g(a: Bool, b: Int?) {
                guard a, !a else { return }
                guard let b else { return }
            }
            """, [ConditionNegation(), GuardDeletion()])
        #expect(
            described(mutants) == [
                "2:5 delete guard: guard a, !a else → guard true else",
                "2:11 negate condition: a → !(a)",
                "2:14 negate condition: !a → !(!a)",
            ])
        #expect(mutants.map(\.helper) == ["__afsPass", "__afsNot", "__afsNot"])
        #expect(
            switched.split(separator: "\n")[1]
                == "    guard __afsPass(1, __afsNot(2, a)), __afsPass(1, __afsNot(3, !a)) else { return }")
        #expect(switched.split(separator: "\n")[2] == "    guard let b else { return }")
    }

    @Test func statementDeletion() {
        let (switched, mutants) = run(
            """
            var log: [Int] = []
            func s(n: Int) -> Int {
                let k: Int
                k = n
                log.append(n)
                log[0] += 1
                _ = log.count
                _ = log.popLast()
                print(n)
                return k
            }
            func t() -> Int? { log.popLast() }
            struct S {
                var x: Int
                init(x: Int) { self.x = x; log.append(x) }
            }
            """, [StatementDeletion()])
        // Not `k = n` (k is declared without a value), `_ = log.count` (no call), `print`, the
        // implicit return of t(), `self.x = x` in an initializer.
        #expect(
            described(mutants) == [
                "5:5 delete statement: log.append(n) → /* deleted */",
                "6:5 delete statement: log[0] += 1 → /* deleted */",
                "8:5 delete statement: _ = log.popLast() → /* deleted */",
                "15:32 delete statement: log.append(x) → /* deleted */",
            ])
        #expect(mutants.last?.key == "F.swift|S.init(x:)|delete statement|log.append(x)→/* deleted */|#0")
        let lines = switched.split(separator: "\n")
        #expect(lines[4] == "    if !__afsOn(1) { log.append(n) }")
        #expect(lines[5] == "    if !__afsOn(2) { log[0] += 1 }")
        #expect(lines[7] == "    if !__afsOn(3) { _ = log.popLast() }")
        #expect(lines[14] == "    init(x: Int) { self.x = x; if !__afsOn(4) { log.append(x) } }")
    }

    @Test func minMaxOuterCallFirst() {
        let (switched, mutants) = run(
            """
            func m(a: Int, b: Int) -> Int {
                min(a, max(b, 0)) + Swift.min(a, b)
            }
            """, [MinMax()])
        #expect(
            described(mutants) == [
                "2:5 min↔max: min(a, max(b, 0)) → max(a, max(b, 0))",
                "2:12 min↔max: max(b, 0) → min(b, 0)",
            ])
        #expect(switched.split(separator: "\n")[1] == "    __afsMin(1, a, __afsMax(2, b, 0)) + Swift.min(a, b)")
    }
}
