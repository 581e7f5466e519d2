import Testing
@testable import MutationKit

@Suite struct LiteralTests {
    @Test func integers() {
        let (switched, mutants) = run(
            """
            let a = 0
            let b = 1
            let c = 0x10
            let d = -0
            let e = -3
            let f = 1_000
            """, [IntegerLiteral()])
        #expect(
            described(mutants) == [
                "1:9 integer +1: 0 → 1",
                "2:9 integer +1: 1 → 2",
                "2:9 integer -1: 1 → 0",  // I2: id + 1 is 0, named -1
                "3:9 integer +1: 0x10 → 17",
                "3:9 integer -1: 0x10 → 15",
                "3:9 integer →0: 0x10 → 0",
                "4:9 integer +1: -0 → 1",
                // -3: no mutant (the sign is parsed with the digits; Tools/README.md, "Known gaps").
                "6:9 integer +1: 1_000 → 1001",
                "6:9 integer -1: 1_000 → 999",
                "6:9 integer →0: 1_000 → 0",
            ])
        #expect(
            switched == """
                let a = __afsI1(1, 0)
                let b = __afsI2(2, 1)
                let c = __afsI3(4, 0x10)
                let d = __afsI1(7, -0)
                let e = -3
                let f = __afsI3(8, 1_000)
                """)
    }

    @Test func booleansButNotWhileTrue() {
        let (switched, mutants) = run(
            """
            var done = false
            func f() -> Bool {
                while true { if done { return true } }
            }
            """, [BooleanLiteral()])
        #expect(
            described(mutants) == [
                "1:12 true↔false: false → true",
                "3:35 true↔false: true → false",
            ])
        #expect(
            switched == """
                var done = __afsBool(1, false)
                func f() -> Bool {
                    while true { if done { return __afsBool(2, true) } }
                }
                """)
    }

    @Test func strings() {
        let (switched, mutants) = run(
            #"""
            let a = ""
            let b = "x"
            let c = "a\n"
            let d = "n=\(1)"
            let e = #"raw"#
            func f() { g("ab", label: "\u{41}") }
            """#, [StringLiteral()])
        #expect(
            described(mutants) == [
                #"1:9 string literal: "" → "x""#,
                #"2:9 string literal: "x" → "y""#,
                #"3:9 string literal: "a\n" → "\n""#,
                #"6:14 string literal: "ab" → "b""#,
                #"6:27 string literal: "\u{41}" → "x""#,
            ])
        #expect(mutants.map(\.context) == ["", "", "", #"g#0:|first="ab""#, #"g#1:label|first="ab""#])
        #expect(
            switched.split(separator: "\n").last
                == #"func f() { g(__afsStr(4, "ab", "b"), label: __afsStr(5, "\u{41}", "x")) }"#)
    }
}
