@testable import AFFuzzBodies
import AFCorpusFormat
import AFSerialization
import Testing

/// plist-request does not ask Foundation again about a tree and body it has already passed; any
/// other body for the same tree, or the same body for another tree, is compared again; the table
/// of digests starts over when half full.
@Suite(.serialized) struct FoundationVerdictsTests {
    static func passed(_ tree: [UInt8], _ body: [UInt8]) -> Bool {
        FoundationVerdicts.passed(FoundationVerdicts.digest(tree, body))
    }

    static func remember(_ tree: [UInt8], _ body: [UInt8]) {
        FoundationVerdicts.remember(FoundationVerdicts.digest(tree, body))
    }

    @Test func onlyTheSameTreeAndBodyAreReused() {
        let tree = TreeWire.encode(.dictionary([.init("k", .double(-0.0))]))
        let other = TreeWire.encode(.dictionary([.init("k", .double(0.0))]))
        let body = Array("<plist/>".utf8)
        #expect(tree != other)  // doubles by their bits
        #expect(!Self.passed(tree, body))
        Self.remember(tree, body)
        #expect(Self.passed(tree, body))
        #expect(!Self.passed(tree, body + [0x0A]))
        #expect(!Self.passed(other, body))
    }

    @Test func theTableStartsOverWhenHalfFull() {
        func tree(_ i: Int) -> [UInt8] { withUnsafeBytes(of: i) { Array($0) } + [0xA5] }
        let n = FoundationVerdicts.slots / 2 + 10
        for i in 0..<n { Self.remember(tree(i), []) }
        // The first pair went when the table started over; the last is kept.
        #expect(!Self.passed(tree(0), []))
        #expect(Self.passed(tree(n - 1), []))
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
