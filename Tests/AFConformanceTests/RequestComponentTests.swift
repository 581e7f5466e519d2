import AFSerialization
import AFVectorFormat
import Foundation
import Testing
@testable import AFConformance

/// The `request` eval component (VECTORS.md). Expected values: SPEC §3 text, RFC 7617, and
/// Foundation's JSONSerialization output for JSON bodies.
@Suite struct RequestComponentTests {
    static func eval(_ input: JSONValue, options: JSONValue = .obj([:]), profile: String? = nil) -> Evaluator.Outcome {
        Evaluator.evaluate(component: "request", profile: profile, options: options, input: input)
    }

    static func output(_ input: JSONValue, options: JSONValue = .obj([:]), profile: String? = nil) throws -> JSONValue {
        guard case .output(let o) = eval(input, options: options, profile: profile) else {
            Issue.record("harness error for \(input.jsonText)")
            return .null
        }
        return o
    }

    static func request(
        _ serializer: String, _ method: String, _ url: String, parameters: JSONValue? = nil, headers: JSONValue? = nil
    ) -> JSONValue {
        var m: [JSONValue.Member] = [
            .init("serializer", .string(serializer)), .init("method", .string(method)), .init("url", .string(url)),
        ]
        if let headers { m.append(.init("headers", headers)) }
        if let parameters { m.append(.init("parameters", parameters)) }
        return .object(m)
    }

    static let a1 = JSONValue.obj(["a": .int(1)])

    @Test func getAppendsQueryPerProfile() throws {
        // SPEC §3.2: AF appends after the fragment, strict before it.
        let af = try Self.output(Self.request("http", "GET", "http://h/p#f", parameters: Self.a1))
        #expect(af["url"] == .string("http://h/p#f?a=1"))
        #expect(af["body"] == .null)
        #expect(af["headers"] == .array([]))
        let strict = try Self.output(
            Self.request("http", "GET", "http://h/p#f", parameters: Self.a1), profile: "strict")
        #expect(strict["url"] == .string("http://h/p?a=1#f"))
    }

    @Test func defaultHeaderOptionsInOrder() throws {
        let options = JSONValue.obj([
            "preferredLanguages": .array([.string("en"), .string("fr")]),
            "userAgent": .string("App/1.0 (iPhone; iOS 17.0; Scale/2.00)"),
            "basicAuth": .obj(["user": .string("Aladdin"), "password": .string("open sesame")]),
            "defaultHeaders": .array([
                .array([.string("user-agent"), .string("Override")]), .array([.string("X-A"), .string("1")]),
            ]),
        ])
        let out = try Self.output(
            Self.request("http", "GET", "http://h/", headers: .array([.array([.string("X-A"), .string("mine")])])),
            options: options)
        #expect(
            out["headers"]
                == .array([
                    .array([.string("X-A"), .string("mine")]),  // request-level wins
                    .array([.string("Accept-Language"), .string("en;q=1, fr;q=0.9")]),  // SPEC §3.2
                    .array([.string("User-Agent"), .string("Override")]),  // defaultHeaders set last, name kept
                    .array([.string("Authorization"), .string("Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")]),  // RFC 7617 §2
                ]))
    }

    @Test func absentParametersDifferFromEmpty() throws {
        // SPEC §3.2 / AF #2864: a form POST without parameters sends an empty body.
        let form = try Self.output(Self.request("http", "POST", "http://h/"))
        #expect(form["body"] == .obj(["text": .string("")]))
        // SPEC §3.3: JSON without parameters: no body, no Content-Type; with {}: "{}".
        let none = try Self.output(Self.request("json", "POST", "http://h/"))
        #expect(none["body"] == .null)
        #expect(none["headers"] == .array([]))
        let empty = try Self.output(Self.request("json", "POST", "http://h/", parameters: .obj([:])))
        #expect(empty["body"] == .obj(["text": .string("{}")]))
        #expect(empty["headers"] == .array([.array([.string("Content-Type"), .string("application/json")])]))
    }

    @Test func jsonBodyMatchesFoundation() throws {
        let params = try JSONParser.parse(#"{"z":"a/b","A":[1,2.5,true,null],"a":{"$double":"1e100"}}"#)
        let out = try Self.output(
            Self.request("json", "PUT", "http://h/", parameters: params),
            options: .obj(["jsonWritingOptions": .array([.string("sortedKeys"), .string("prettyPrinted")])]))
        let foundation: [String: Any] = ["z": "a/b", "A": [1, 2.5, true, NSNull()] as [Any], "a": 1e100]
        let expected = try JSONSerialization.data(withJSONObject: foundation, options: [.sortedKeys, .prettyPrinted])
        #expect(out["body"] == .obj(["text": .string(String(decoding: expected, as: UTF8.self))]))
    }

    @Test func invalidJSONError() throws {
        let out = try Self.output(
            Self.request("json", "POST", "http://h/", parameters: .array([.obj(["$double": .string("nan")])])))
        let error = try #require(out["error"])
        #expect(error["domain"] == .string("com.alamofire.error.serialization.request"))
        #expect(error["code"] == .int(-1016))
        #expect(error["reason"] == .string("The `parameters` argument is not valid JSON."))
    }

    @Test func plistNullError() throws {
        // NSPropertyListWriteInvalidError (3851), what PropertyListSerialization reports for NSNull.
        let out = try Self.output(Self.request("plist", "POST", "http://h/", parameters: .obj(["n": .null])))
        #expect(out["error"]?["domain"] == .string("NSCocoaErrorDomain"))
        #expect(out["error"]?["code"] == .int(3851))
    }

    @Test func methodsEncodingParametersInURIOption() throws {
        let out = try Self.output(
            Self.request("http", "GET", "http://h/", parameters: Self.a1),
            options: .obj(["methodsEncodingParametersInURI": .array([.string("HEAD")])]))
        #expect(out["url"] == .string("http://h/"))
        #expect(out["body"] == .obj(["text": .string("a=1")]))
    }

    @Test func badInputIsAHarnessError() {
        let cases: [(JSONValue, JSONValue)] = [
            (Self.request("soap", "GET", "http://h/"), .obj([:])),
            (.obj(["serializer": .string("http"), "url": .string("http://h/")]), .obj([:])),
            (Self.request("json", "POST", "http://h/"), .obj(["jsonWritingOptions": .array([.string("bogus")])])),
            (Self.request("http", "GET", "http://h/"), .obj(["typo": .bool(true)])),
            (Self.request("http", "GET", "http://h/"), .obj(["basicAuth": .obj(["user": .string("u")])])),
        ]
        for (input, options) in cases {
            guard case .harnessError = Self.eval(input, options: options) else {
                Issue.record("expected a harness error for \(input.jsonText) \(options.jsonText)")
                continue
            }
        }
    }
}
