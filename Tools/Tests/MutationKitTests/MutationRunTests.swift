import Testing
@testable import MutationKit

/// Every family together, exclusion, @inlinable code, numbering and the sites.json text.
@Suite struct MutationRunTests {
    static let loop = """
        func f(a: [Int]) -> Int {
            var s = 0
            for x in a where x > 1 { s += x }
            return s
        }
        """

    @Test func allFamiliesInSourceOrder() {
        let (switched, mutants) = run(Self.loop)
        #expect(
            described(mutants) == [
                "2:13 integer +1: 0 → 1",
                "3:26 integer +1: 1 → 2",
                "3:26 integer -1: 1 → 0",
                "3:24 relational >→>=: x > 1 → x >= 1",
                "3:24 relational >→<=: x > 1 → x <= 1",
                "3:30 delete statement: s += x → /* deleted */",
            ])
        #expect(mutants.map(\.function) == Array(repeating: "f(a:)", count: 6))
        #expect(mutants.map(\.helper) == ["__afsI1", "__afsI2", "__afsI2", "__afsGT", "__afsGT", "__afsOn"])
        #expect(
            switched.split(separator: "\n")[2]
                == "    for x in a where __afsGT(4, x,  __afsI2(2, 1)) { if !__afsOn(6) { s += x } }")
    }

    @Test func anExcludedKeyLeavesItsSiteButNotItsIds() {
        let key = "F.swift|f(a:)|relational >→<=|x > 1→x <= 1|#0"
        let (switched, mutants) = run(Self.loop, excluded: [key])
        #expect(mutants.map(\.id) == [1, 2, 3, 6])
        #expect(
            switched.split(separator: "\n")[2] == "    for x in a where x > __afsI2(2, 1) { if !__afsOn(6) { s += x } }"
        )
    }

    @Test func inlinableCodeCallsTheGlobalCopies() {
        let (switched, mutants) = run(
            """
            @inlinable func f(_ a: Int) -> Int { a + 1 }
            func g(_ a: Int) -> Int { a + 1 }
            """, binary(ArithmeticOperator()))
        #expect(
            switched == """
                @inlinable func f(_ a: Int) -> Int { __afsGAdd(1, a,  1) }
                func g(_ a: Int) -> Int { __afsAdd(2, a,  1) }
                """)
        #expect(mutants.map(\.helper) == ["__afsGAdd", "__afsAdd"])
    }

    @Test func idsRunAcrossFiles() {
        let r = MutationRun(operators: [BooleanLiteral()]).run([
            ("A.swift", "let a = true\n"), ("B/C.swift", "let b = false\n"),
        ])
        #expect(r.mutants.map { "\($0.id) \($0.file)" } == ["1 A.swift", "2 B/C.swift"])
        #expect(r.files.map(\.switched) == ["let a = __afsBool(1, true)\n", "let b = __afsBool(2, false)\n"])
        #expect(
            r.files[0].text.hasPrefix(
                "let a = __afsBool(1, true)\n// afs-mutate: mutant switch helpers (fileprivate copies)\n"))
    }

    @Test func aLaterTierIsNumberedAfterEveryFile() {
        let n = Numbering()
        #expect(n.take(2, tier: 0) == (1, 1))
        #expect(n.take(1, tier: 1) == (1, 1))
        #expect(n.take(3, tier: 0) == (3, 2))
        let placeholder = n.text(1, tier: 1)
        #expect(placeholder != "1")
        // Tier 0 used ids 1...5 and groups 1...2: tier 1's first id is 6, its first group 3.
        #expect(n.resolve("f(\(placeholder), x)") == "f(6, x)")
        var m = Mutant(
            id: 1, group: 1, key: "", file: "", line: 1, column: 1, endLine: 1, op: "", original: "", mutated: "",
            function: "")
        m.tier = 1
        #expect(n.resolve(m).id == 6)
        #expect(n.resolve(m).group == 3)
    }

    /// A file-level constant is a scope of its own ("var s").
    @Test func sitesJSONLine() {
        let (_, mutants) = run("let s = \"a\\tb\"\n", [StringLiteral()])
        #expect(
            sitesJSON(mutants) == """
                [
                  {"id": 1, "group": 1, "key": "F.swift|var s|string \
                literal|\\"a\\\\tb\\"→\\"\\\\tb\\"|#0", "file": "F.swift", \
                "line": 1, "column": 9, "end_line": 1, "operator": "string literal", "original": "\\"a\\\\tb\\"", \
                "mutated": "\\"\\\\tb\\"", "function": "var s", "decl_lines": [1, 1], "context": "", \
                "helper": "__afsStr"}
                ]

                """)
    }
}
