@testable import AFFuzzBodies
import AFCorpusFormat
import AFSerialization
import Testing

/// plist-request does not ask Foundation again about a tree and body it has already passed; any
/// other body for the same tree, or the same body for another tree, is compared again.
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
}
