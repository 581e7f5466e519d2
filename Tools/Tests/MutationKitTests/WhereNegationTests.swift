import Testing
@testable import MutationKit

@Suite struct WhereNegationTests {
    @Test func forCaseAndCatchClauses() {
        let (switched, mutants) = run(
            """
            func w(xs: [Int?], flag: Bool) throws {
                for case let x? in xs where x.isMultiple(of: 2) { _ = x }
                switch xs.first {
                case .some(let v) where v != nil && flag: break
                case .some(let v) where v == nil: break
                default: break
                }
                do { try f() } catch let e as E where e.isFatal { throw e }
            }
            """, [WhereNegation()])
        // `where v == nil` is a comparison: its equality mutant is already the negation.
        #expect(
            described(mutants) == [
                "2:33 negate where: x.isMultiple(of: 2) → !(x.isMultiple(of: 2))",
                "4:29 negate where: v != nil && flag → !(v != nil && flag)",
                "8:43 negate where: e.isFatal → !(e.isFatal)",
            ])
        #expect(mutants.allSatisfy { $0.helper == "__afsNot" })
        #expect(
            switched == """
                func w(xs: [Int?], flag: Bool) throws {
                    for case let x? in xs where __afsNot(1, x.isMultiple(of: 2)) { _ = x }
                    switch xs.first {
                    case .some(let v) where __afsNot(2, v != nil && flag): break
                    case .some(let v) where v == nil: break
                    default: break
                    }
                    do { try f() } catch let e as E where __afsNot(3, e.isFatal) { throw e }
                }
                """)
    }

    @Test func notAGenericWhereClause() {
        let (_, mutants) = run(
            """
            func f<T>(_ t: T) -> Bool where T: Equatable { true }
            extension Array where Element == Int {}
            """, [WhereNegation()])
        #expect(mutants.isEmpty)
    }

    /// Tier 1: numbered after every mutant of the first families, in every file; the code inside
    /// the clause keeps its tier-0 sites.
    @Test func numberedAfterTheFirstFamilies() {
        let r = MutationRun().run([
            (
                "F.swift",
                """
                func f(a: [Int], ok: Bool) -> Int {
                    var s = 0
                    for x in a where ok && s < 9 { s += x }
                    return s
                }
                """
            ), ("G.swift", "let t = true\n"),
        ])
        #expect(
            r.mutants.map { "\($0.id) \($0.group) \($0.file) \($0.line):\($0.column) \($0.op)" } == [
                "1 1 F.swift 2:13 integer +1",
                "2 2 F.swift 3:32 integer +1",
                "3 2 F.swift 3:32 integer -1",
                "4 2 F.swift 3:32 integer →0",
                "5 3 F.swift 3:30 relational <→<=",
                "6 3 F.swift 3:30 relational <→>=",
                "7 4 F.swift 3:25 logical and↔or",
                "8 5 F.swift 3:36 delete statement",
                "9 6 G.swift 1:9 true↔false",
                "10 7 F.swift 3:22 negate where",
            ])
        #expect(
            r.files[0].switched.split(separator: "\n")[2]
                == "    for x in a where __afsNot(10, __afsLAnd(7, ok,  __afsLT(5, "
                + "s,  __afsI3(2, 9)))) { if !__afsOn(8) { s += x } }"
        )
    }
}
