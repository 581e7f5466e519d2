import Testing
@testable import AFSerialization

/// The error model (SPEC §6.3, §8): kind names, domains and codes, chaining, and what a description
/// shows. Expected values come from SPEC text and the doc comments of `AFSError`.
@Suite struct AFSErrorTests {
    @Test func invalidJSONValueKindKeepsItsName() {
        // Kind raw values are the stable names eval/vectors print (AFSError.Kind doc): the identifier itself.
        #expect(AFSError.Kind.invalidJSONValue.rawValue == "invalidJSONValue")
    }

    @Test func coreErrorsHaveCodeZero() {
        // AFSError.code doc: "`0` for core errors (their identity is `kind`)".
        let e = AFSError(.invalidOption, "x")
        #expect(e.code == 0)
        #expect(e.domain == AFSError.coreDomain)
        #expect(e.kind == .invalidOption)
    }

    @Test func chainingAppendsAtTheEndOfTheChain() {
        // SPEC §6.3: attaching an underlying error never replaces an existing one.
        let a = AFSError(domain: AFSError.responseDomain, code: -1011, message: "a")
        let b = AFSError(domain: AFSError.responseDomain, code: -1016, message: "b")
        let c = AFSError(domain: AFSError.cocoaDomain, code: 3840, message: "c")
        let abc = a.chaining(b).chaining(c)
        #expect(abc.chain.map(\.code) == [-1011, -1016, 3840])
        #expect(abc.underlying?.underlying?.message == "c")
        #expect(abc.chaining(nil) == abc)
        let d = AFSError(.invalidOption, "d")
        #expect(abc.chaining(d).chain.map(\.message) == ["a", "b", "c", "d"])
    }

    @Test func descriptionMentionsEveryPart() {
        // AFSError doc: message, failure reason, offset, context ("Printed in `description`") and
        // the underlying error all identify an error, so a log line must show each.
        let inner = AFSError(.invalidOption, "inner-message")
        let e = AFSError(
            domain: AFSError.requestDomain, code: -1016, message: "outer-message", failureReason: "reason-text",
            offset: 4321, context: ["field": "ctx-value"], underlying: inner)
        let d = e.description
        #expect(d.contains("outer-message"))
        #expect(d.contains("reason-text"))
        #expect(d.contains("4321"))
        #expect(d.contains("ctx-value"))
        #expect(d.contains("inner-message"))
        #expect(d.contains("-1016"))
    }
}
