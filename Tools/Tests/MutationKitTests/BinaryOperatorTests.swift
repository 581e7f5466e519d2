import Testing
@testable import MutationKit

/// The binary families: the site is at the operator; operands are rendered (and numbered) first;
/// `helper(id, lhs, rhs)` drops the operator's text and keeps its trivia (hence two spaces).
@Suite struct BinaryOperatorTests {
    @Test func relationalBoundaryThenNegation() {
        let (switched, mutants) = run(
            """
            func f(a: Int, b: Int) -> Bool {
                if a < b { return true }
                if a > b, a <= 2 { return false }
                return a >= b
            }
            """, binary(RelationalOperator()))
        #expect(
            described(mutants) == [
                "2:10 relational <→<=: a < b → a <= b",
                "2:10 relational <→>=: a < b → a >= b",
                "3:10 relational >→>=: a > b → a >= b",
                "3:10 relational >→<=: a > b → a <= b",
                "3:17 relational <=→<: a <= 2 → a < 2",
                "3:17 relational <=→>: a <= 2 → a > 2",
                "4:14 relational >=→>: a >= b → a > b",
                "4:14 relational >=→<: a >= b → a < b",
            ])
        #expect(mutants.map(\.id) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(mutants.map(\.group) == [1, 1, 2, 2, 3, 3, 4, 4])
        #expect(
            switched == """
                func f(a: Int, b: Int) -> Bool {
                    if __afsLT(1, a,  b) { return true }
                    if __afsGT(3, a,  b), __afsLE(5, a,  2) { return false }
                    return __afsGE(7, a,  b)
                }
                """)
    }

    @Test func equalityWrapsTheWholeComparison() {
        let (switched, mutants) = run(
            """
            func g(x: Int?) -> Bool {
                return x == nil || x != 0
            }
            """, binary(EqualityOperator()))
        #expect(
            described(mutants) == [
                "2:14 equality ==→!=: x == nil → x != nil",
                "2:26 equality !=→==: x != 0 → x == 0",
            ])
        #expect(switched.split(separator: "\n")[1] == "    return __afsNot(1, x == nil) || __afsNot(2, x != 0)")
    }

    @Test func arithmeticInnerOperandFirst() {
        let (switched, mutants) = run(
            """
            func h(a: Int, b: Int) -> Int {
                let s = a + b * 2
                return s - a / b
            }
            """, binary(ArithmeticOperator()))
        #expect(
            described(mutants) == [
                "2:19 arith *↔/: b * 2 → b / 2",
                "2:15 arith +↔-: a + b * 2 → a - b * 2",
                "3:18 arith *↔/: a / b → a * b",
                "3:14 arith +↔-: s - a / b → s + a / b",
            ])
        #expect(
            switched == """
                func h(a: Int, b: Int) -> Int {
                    let s = __afsAdd(2, a,  __afsMul(1, b,  2))
                    return __afsSub(4, s,  __afsDiv(3, a,  b))
                }
                """)
    }

    @Test func bitwiseAndShifts() {
        let (_, mutants) = run(
            """
            func k(x: UInt8) -> UInt8 {
                let lo = x & 0x0F
                let hi = x >> 4
                return lo | hi << 1
            }
            """, binary(BitwiseOperator()))
        #expect(
            described(mutants) == [
                "2:16 bitwise and↔or: x & 0x0F → x | 0x0F",
                "3:16 shift <<↔>>: x >> 4 → x << 4",
                "4:20 shift <<↔>>: hi << 1 → hi >> 1",
                "4:15 bitwise and↔or: lo | hi << 1 → lo & hi << 1",
            ])
    }

    @Test func logicalKeepsTheRightOperandAnArgument() {
        let (switched, mutants) = run(
            """
            func l(a: Bool, b: Bool, c: Bool) -> Bool {
                return a && b || c
            }
            """, binary(LogicalOperator()))
        #expect(
            described(mutants) == [
                "2:14 logical and↔or: a && b → a || b",
                "2:19 logical and↔or: a && b || c → a && b && c",
            ])
        #expect(switched.split(separator: "\n")[1] == "    return __afsLOr(2, __afsLAnd(1, a,  b),  c)")
    }

    @Test func rangesWithoutSpaces() {
        let (switched, mutants) = run(
            """
            func r(n: Int) -> Int {
                var t = 0
                for i in 0..<n { t += i }
                for j in 1...n { t -= j }
                return t
            }
            """, binary(RangeOperator()))
        #expect(
            described(mutants) == [
                "3:15 range ..<↔...: 0..<n → 0...n",
                "4:15 range ..<↔...: 1...n → 1..<n",
            ])
        let lines = switched.split(separator: "\n")
        #expect(lines[2] == "    for i in __afsHalfOpen(1, 0,n) { t += i }")
        #expect(lines[3] == "    for j in __afsClosed(2, 1,n) { t -= j }")
    }

    @Test func operatorOnItsOwnLineStaysThere() {
        // The operator's text goes, the newline before it stays: every line keeps its code.
        let (switched, _) = run(
            """
            let x = a
                + b
            """, binary(ArithmeticOperator()))
        #expect(switched == "let x = __afsAdd(1, a,\n     b)")
    }
}
