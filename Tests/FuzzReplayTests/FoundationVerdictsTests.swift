@testable import AFFuzzBodies
import AFCorpusFormat
import AFSerialization
import Testing

/// plist-request does not ask Foundation again about a tree and body it has already passed; any
/// other body for the same tree, or the same body for another tree, is compared again; the table
/// of digests starts over when half full.
@Suite(.serialized) struct FoundationVerdictsTests {
    @Test func onlyTheSameTreeAndBodyAreReused() {
        let tree = TreeWire.encode(.dictionary([.init("k", .double(-0.0))]))
        let other = TreeWire.encode(.dictionary([.init("k", .double(0.0))]))
        let body = Array("<plist/>".utf8)
        #expect(tree != other)  // doubles by their bits
        #expect(!FoundationVerdicts.passed(tree, body))
        FoundationVerdicts.remember(tree, body)
        #expect(FoundationVerdicts.passed(tree, body))
        #expect(!FoundationVerdicts.passed(tree, body + [0x0A]))
        #expect(!FoundationVerdicts.passed(other, body))
    }

    @Test func theTableStartsOverWhenHalfFull() {
        func tree(_ i: Int) -> [UInt8] { withUnsafeBytes(of: i) { Array($0) } + [0xA5] }
        let n = FoundationVerdicts.slots / 2 + 10
        for i in 0..<n { FoundationVerdicts.remember(tree(i), []) }
        // The first pair went when the table started over; the last is kept.
        #expect(!FoundationVerdicts.passed(tree(0), []))
        #expect(FoundationVerdicts.passed(tree(n - 1), []))
    }

    @Test func digestsThatShareASlotIndexBothStay() {
        typealias D = FoundationVerdicts.Digest
        var table = [D](repeating: .empty, count: FoundationVerdicts.slots)
        let x = D(a: 5, b: 1), y = D(a: 5 + UInt64(FoundationVerdicts.slots), b: 2)
        table[FoundationVerdicts.slot(x, in: table)] = x
        table[FoundationVerdicts.slot(y, in: table)] = y
        #expect(FoundationVerdicts.slot(x, in: table) == 5 && FoundationVerdicts.slot(y, in: table) == 6)
        #expect(table[5] == x && table[6] == y)
    }
}
