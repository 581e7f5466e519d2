import Foundation
import Testing
@testable import AFSerialization

/// SPEC §3.1–3.4, rule by rule. Expected values come from SPEC text, RFC 7617 (Basic auth), or
/// Foundation's own JSONSerialization / PropertyListSerialization output (the oracle for bodies).
@Suite struct RequestSerializerTests {
    static func text(_ r: Request) -> String? { r.body.bytes.map { String(decoding: $0, as: UTF8.self) } }
    static let a1 = ParameterValue.dict(["a": .integer(1)])

    // MARK: §3.1 model

    @Test func headersAreOrderedAndCaseInsensitive() {
        var h: HTTPHeaders = [("Accept", "x"), ("X-B", "1"), ("x-b", "2")]
        #expect(h["ACCEPT"] == "x")
        #expect(h["x-B"] == "1")
        h.set("X-b", "3")
        #expect(h.pairs.map(\.0) == ["Accept", "X-B"])
        #expect(h["x-b"] == "3")
        h.setIfAbsent("accept", "y")
        #expect(h["Accept"] == "x")
        h.remove("ACCEPT")
        #expect(h.pairs.map(\.0) == ["X-B"])
    }

    @Test func configuringReturnsANewSerializer() {
        let plain = HTTPRequestSerializer()
        let configured = plain.withUserAgent("A/1").withPreferredLanguages(["en"])
        #expect(plain.defaultHeaders.isEmpty)
        #expect(configured.defaultHeaders.pairs.map(\.0) == ["User-Agent", "Accept-Language"])
    }

    // MARK: §3.2 default headers

    @Test func acceptLanguageExamples() {
        // SPEC §3.2: `en;q=1, fr;q=0.9`.
        #expect(AcceptLanguage.value(for: ["en", "fr"]) == "en;q=1, fr;q=0.9")
        // SPEC §3.2: stop after the entry whose q ≤ 0.5, so at most 6.
        #expect(
            AcceptLanguage.value(for: ["a", "b", "c", "d", "e", "f", "g", "h"])
                == "a;q=1, b;q=0.9, c;q=0.8, d;q=0.7, e;q=0.6, f;q=0.5")
        #expect(AcceptLanguage.value(for: ["zh-Hans-CN"]) == "zh-Hans-CN;q=1")
        #expect(AcceptLanguage.value(for: []) == "")
    }

    @Test func userAgentAFLayout() {
        // The format string AF uses (seed 001): "%@/%@ (%@; iOS %@; Scale/%0.2f)".
        #expect(
            UserAgent.afStyle(executable: "App", version: "1.2", model: "iPhone", systemVersion: "17.0", scale: 2)
                == "App/1.2 (iPhone; iOS 17.0; Scale/2.00)")
    }

    @Test func basicAuthorization() throws {
        // RFC 7617 §2 example and §2.1 UTF-8 example.
        #expect(
            BasicAuthorization.value(user: "Aladdin", password: "open sesame") == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(BasicAuthorization.value(user: "test", password: "123£") == "Basic dGVzdDoxMjPCow==")
        let s = HTTPRequestSerializer().withAuthorization(user: "Aladdin", password: "open sesame")
        let r = try s.serialize(Request(method: "GET", url: "http://h/"), parameters: nil)
        #expect(r.headers["authorization"] == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        let cleared = try s.withoutAuthorization().serialize(Request(method: "GET", url: "http://h/"), parameters: nil)
        #expect(cleared.headers["Authorization"] == nil)
    }

    @Test func requestLevelHeadersWin() throws {
        let s = HTTPRequestSerializer().withPreferredLanguages(["en"]).withUserAgent("UA/1").withDefaultHeader(
            "Content-Type", "text/plain")
        let r = try s.serialize(
            Request(method: "POST", url: "http://h/", headers: [("accept-language", "de")]), parameters: nil)
        #expect(r.headers.pairs.map(\.0) == ["accept-language", "User-Agent", "Content-Type"])
        #expect(r.headers["Accept-Language"] == "de")
        #expect(r.headers["User-Agent"] == "UA/1")
        // A default Content-Type counts as "the request has one": no form Content-Type on top.
        #expect(r.headers["content-type"] == "text/plain")
    }

    // MARK: §3.2 URL-encoded methods

    @Test(arguments: ["GET", "HEAD", "DELETE", "get", "Delete"])
    func uriMethodsAppendQuery(_ method: String) throws {
        let r = try HTTPRequestSerializer().serialize(Request(method: method, url: "http://h/p"), parameters: Self.a1)
        #expect(r.url == "http://h/p?a=1")
        #expect(r.body.isNone)
        #expect(r.headers["Content-Type"] == nil)
        #expect(r.method == method)
    }

    @Test func existingQueryGetsAmpersand() throws {
        let s = HTTPRequestSerializer()
        #expect(
            try s.serialize(Request(method: "GET", url: "http://h/p?b=2"), parameters: Self.a1).url
                == "http://h/p?b=2&a=1")
        // SPEC §3.2: an empty query component counts (`http://x/?`).
        #expect(try s.serialize(Request(method: "GET", url: "http://x/?"), parameters: Self.a1).url == "http://x/?&a=1")
    }

    @Test func emptyQueryLeavesURLUnchanged() throws {
        let s = HTTPRequestSerializer()
        for p: ParameterValue? in [nil, .dictionary([]), .dict(["a": .array([])])] {
            #expect(try s.serialize(Request(method: "GET", url: "http://h/p"), parameters: p).url == "http://h/p")
        }
    }

    @Test func fragmentPlacementPerProfile() throws {
        // SPEC §3.2: AF appends after the fragment; strict inserts before it.
        for profile in [Profile.af3, .af4] {
            #expect(URLQueryAppending.appending("a=1", to: "http://h/p#f", profile: profile) == "http://h/p#f?a=1")
        }
        #expect(URLQueryAppending.appending("a=1", to: "http://h/p#f", profile: .strict) == "http://h/p?a=1#f")
        // A `?` inside the fragment is not a query component (RFC 3986 §3.5).
        #expect(URLQueryAppending.appending("a=1", to: "http://h/p#f?x", profile: .af4) == "http://h/p#f?x?a=1")
        #expect(URLQueryAppending.appending("a=1", to: "http://h/p?q#f", profile: .strict) == "http://h/p?q&a=1#f")
        let strict = HTTPRequestSerializer(profile: .strict)
        #expect(
            try strict.serialize(Request(method: "GET", url: "http://h/p#f"), parameters: Self.a1).url
                == "http://h/p?a=1#f")
    }

    @Test func methodsEncodingParametersInURIIsConfigurable() throws {
        let s = HTTPRequestSerializer().withMethodsEncodingParametersInURI(["POST"])
        #expect(try s.serialize(Request(method: "post", url: "http://h/"), parameters: Self.a1).url == "http://h/?a=1")
        let get = try s.serialize(Request(method: "GET", url: "http://h/"), parameters: Self.a1)
        #expect(get.url == "http://h/")
        #expect(Self.text(get) == "a=1")
    }

    // MARK: §3.2 body methods

    @Test func bodyMethodsSendForm() throws {
        // SPEC §2.5 example as a POST body.
        let p = ParameterValue.dict(["foo": .string("bar"), "baz": .array([.integer(1), .integer(2), .integer(3)])])
        let r = try HTTPRequestSerializer().serialize(Request(method: "POST", url: "http://h/"), parameters: p)
        #expect(Self.text(r) == "baz%5B%5D=1&baz%5B%5D=2&baz%5B%5D=3&foo=bar")
        #expect(r.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(r.url == "http://h/")
    }

    @Test func bodyMethodWithoutParametersSendsEmptyBody() throws {
        // AF #2864: an empty string is a valid x-www-form-urlencoded payload.
        let r = try HTTPRequestSerializer().serialize(Request(method: "PUT", url: "http://h/"), parameters: nil)
        #expect(r.body.bytes == [])
        #expect(r.headers["Content-Type"] == "application/x-www-form-urlencoded")
    }

    @Test func existingContentTypeIsKept() throws {
        let r = try HTTPRequestSerializer().serialize(
            Request(method: "POST", url: "http://h/", headers: [("content-type", "text/x")]), parameters: Self.a1)
        #expect(r.headers.pairs.map(\.1) == ["text/x"])
    }

    // MARK: §3.2 custom query serialization

    @Test func customQuerySerializationReplacesDefault() throws {
        let s = HTTPRequestSerializer().withQueryStringSerialization { req, _ in
            QueryStringResult(query: "m=\(req.method)")
        }
        #expect(try s.serialize(Request(method: "GET", url: "http://h/"), parameters: Self.a1).url == "http://h/?m=GET")
        #expect(Self.text(try s.serialize(Request(method: "POST", url: "http://h/"), parameters: Self.a1)) == "m=POST")
    }

    @Test func customQueryErrorWinsOverReturnedString() {
        let failure = AFSError(domain: "custom", code: 42, message: "nope")
        let s = HTTPRequestSerializer().withQueryStringSerialization { _, _ in
            QueryStringResult(query: "a=1", error: failure)
        }
        for method in ["GET", "POST"] {
            #expect(throws: failure) { try s.serialize(Request(method: method, url: "http://h/"), parameters: Self.a1) }
        }
    }

    @Test func customQueryNilMeansNoQuery() throws {
        let s = HTTPRequestSerializer().withQueryStringSerialization { _, _ in QueryStringResult(query: nil) }
        #expect(try s.serialize(Request(method: "GET", url: "http://h/"), parameters: Self.a1).url == "http://h/")
        #expect(Self.text(try s.serialize(Request(method: "POST", url: "http://h/"), parameters: Self.a1)) == "")
    }

    @Test func queryErrorsPropagate() {
        // SPEC §2.7: data in a query string is a typed error.
        #expect(throws: AFSError.self) {
            try HTTPRequestSerializer().serialize(
                Request(method: "GET", url: "http://h/"), parameters: .dict(["d": .data([1])]))
        }
    }

    // MARK: §3.3 JSON

    static func foundationJSON(_ p: ParameterValue, _ o: JSONSerialization.WritingOptions = []) throws -> [UInt8] {
        [UInt8](try JSONSerialization.data(withJSONObject: RequestTrees.foundation(p), options: o))
    }

    @Test func jsonBody() throws {
        let p = ParameterValue.dict([
            "path": .string("a/b"), "n": .array([.integer(1), .double(0.5), .bool(true), .null]),
        ])
        let s = JSONRequestSerializer(base: HTTPRequestSerializer().withUserAgent("UA"), writingOptions: [.sortedKeys])
        let r = try s.serialize(Request(method: "POST", url: "http://h/"), parameters: p)
        let expected = try Self.foundationJSON(p, .sortedKeys)
        #expect(r.body.bytes == expected)
        #expect(Self.text(r)?.contains(#"a\/b"#) == true)  // SPEC §3.3: `/` escaped
        #expect(r.headers.pairs.map(\.0) == ["User-Agent", "Content-Type"])
        #expect(r.headers["Content-Type"] == "application/json")
    }

    @Test func jsonKeepsModelOrderWithoutSortedKeys() throws {
        let p = ParameterValue.dict(["b": .integer(1), "a": .integer(2)])
        #expect(
            Self.text(try JSONRequestSerializer().serialize(Request(method: "POST", url: "http://h/"), parameters: p))
                == #"{"b":1,"a":2}"#)
    }

    @Test func jsonURIMethodsDelegateToForm() throws {
        let r = try JSONRequestSerializer().serialize(Request(method: "GET", url: "http://h/"), parameters: Self.a1)
        #expect(r.url == "http://h/?a=1")
        #expect(r.body.isNone)
        #expect(r.headers["Content-Type"] == nil)
    }

    @Test func jsonWithoutParametersHasNoBody() throws {
        let r = try JSONRequestSerializer(base: HTTPRequestSerializer().withUserAgent("UA")).serialize(
            Request(method: "POST", url: "http://h/"), parameters: nil)
        #expect(r.body.isNone)
        #expect(r.headers.pairs.map(\.0) == ["User-Agent"])
    }

    @Test func jsonExistingContentTypeIsKept() throws {
        let r = try JSONRequestSerializer().serialize(
            Request(method: "POST", url: "http://h/", headers: [("Content-Type", "text/json")]), parameters: Self.a1)
        #expect(r.headers.pairs.map(\.1) == ["text/json"])
    }

    @Test(arguments: [
        ParameterValue.dict(["x": .double(.nan)]), .array([.double(.infinity)]), .array([.double(-.infinity)]),
        .dict(["s": .set([.integer(1)])]), .array([.data([1])]), .string("top"), .integer(1), .null,
    ])
    func invalidJSONIsError1016(_ p: ParameterValue) {
        // SPEC §3.3: exact domain, code and failure reason; top-level scalars fail even with
        // fragmentsAllowed (AF checks isValidJSONObject without options).
        for options: JSONWritingOptions in [[], [.fragmentsAllowed]] {
            do {
                _ = try JSONRequestSerializer(writingOptions: options).serialize(
                    Request(method: "POST", url: "http://h/"), parameters: p)
                Issue.record("no error for \(p)")
            } catch {
                #expect(error.domain == "com.alamofire.error.serialization.request")
                #expect(error.code == -1016)
                #expect(error.failureReason == "The `parameters` argument is not valid JSON.")
            }
        }
        // Foundation agrees that these are not valid JSON objects (the oracle).
        #expect(!JSONSerialization.isValidJSONObject(RequestTrees.foundation(p)))
    }

    // MARK: §3.4 property list

    @Test func plistBody() throws {
        let p = ParameterValue.dict(["b": .string("x<y"), "a": .array([.integer(1), .double(0.1), .data([0, 1])])])
        let r = try PropertyListRequestSerializer().serialize(Request(method: "PATCH", url: "http://h/"), parameters: p)
        let expected = [UInt8](
            try PropertyListSerialization.data(fromPropertyList: RequestTrees.foundation(p), format: .xml, options: 0))
        #expect(r.body.bytes == expected)
        #expect(r.headers["Content-Type"] == "application/x-plist")
        let get = try PropertyListRequestSerializer().serialize(
            Request(method: "DELETE", url: "http://h/"), parameters: Self.a1)
        #expect(get.url == "http://h/?a=1")
        #expect(get.headers["Content-Type"] == nil)
        let none = try PropertyListRequestSerializer().serialize(
            Request(method: "POST", url: "http://h/"), parameters: nil)
        #expect(none.body.isNone)
        #expect(none.headers.isEmpty)
    }

    @Test func plistNullCarriesFoundationError() throws {
        var foundation: NSError?
        do { _ = try PropertyListSerialization.data(fromPropertyList: [NSNull()], format: .xml, options: 0) } catch {
            foundation = error as NSError
        }
        let expected = try #require(foundation)
        do {
            _ = try PropertyListRequestSerializer().serialize(
                Request(method: "POST", url: "http://h/"), parameters: .array([.null]))
            Issue.record("no error")
        } catch {
            #expect(error.domain == expected.domain)
            #expect(error.code == expected.code)
        }
    }

    // MARK: §3.1 HTTPHeaders: one field per case-insensitive name (RFC 9110 §5.1)

    @Test func setReplacesEverySpellingOfTheName() {
        // NSMutableURLRequest.setValue(_:forHTTPHeaderField:): one field per case-insensitive name;
        // the first keeps its position and spelling, later spellings go, others stay in order.
        var h: HTTPHeaders = [("Accept", "a"), ("X", "x"), ("ACCEPT", "b"), ("accept", "c")]
        h.set("aCCept", "z")
        #expect(h.fields == [HTTPHeaders.Field("Accept", "z"), HTTPHeaders.Field("X", "x")])
        var adjacent: HTTPHeaders = [("Y", "y"), ("a-b", "1"), ("A-B", "2"), ("a-B", "3")]
        adjacent.set("A-b", "4")
        #expect(adjacent.fields == [HTTPHeaders.Field("Y", "y"), HTTPHeaders.Field("a-b", "4")])
    }

    @Test func removeDropsEverySpellingOfTheName() {
        var h: HTTPHeaders = [("Content-Type", "a"), ("Y", "y"), ("content-type", "b"), ("CONTENT-TYPE", "c")]
        h.remove("Content-type")
        #expect(h.fields == [HTTPHeaders.Field("Y", "y")])
        #expect(h["content-type"] == nil)
    }

    // MARK: §3.2 configuration and default headers

    @Test func nilDefaultHeaderRemovesIt() throws {
        let base = HTTPRequestSerializer().withDefaultHeader("X-Test", "1").withUserAgent("UA/1")
        #expect(base.defaultHeaders["x-test"] == "1")
        let cleared = base.withDefaultHeader("x-TEST", nil).withUserAgent(nil)
        #expect(cleared.defaultHeaders.isEmpty)
        let out = try cleared.serialize(Request(method: "GET", url: "http://h/p"), parameters: nil)
        #expect(out.headers["X-Test"] == nil)
        #expect(out.headers["User-Agent"] == nil)
    }

    @Test func clearingAuthorizationRemovesIt() throws {
        // RFC 7617: Basic base64("u:p") = "dTpw" (0x75 0x3A 0x70 → 011101 010011 101001 110000).
        let auth = HTTPRequestSerializer().withAuthorization(user: "u", password: "p")
        #expect(auth.defaultHeaders["Authorization"] == "Basic dTpw")
        let cleared = auth.withoutAuthorization()
        #expect(cleared.defaultHeaders["Authorization"] == nil)
        let out = try cleared.serialize(Request(method: "GET", url: "http://h/p"), parameters: nil)
        #expect(out.headers["Authorization"] == nil)
    }

    @Test func queryOptionsAndProfileAreApplied() throws {
        let get = Request(method: "GET", url: "http://h/p#f")
        let params = ParameterValue.dict(["b": .bool(true)])
        // SPEC §2.4: bool style numeric by default, literal on request; §3.2: af4 appends after the
        // fragment, strict inserts before it.
        let plain = HTTPRequestSerializer()
        #expect(try plain.serialize(get, parameters: params).url == "http://h/p#f?b=1")
        let literal = plain.withQueryOptions(QueryStringOptions(boolStyle: .literal))
        #expect(literal.queryOptions.boolStyle == .literal)
        #expect(try literal.serialize(get, parameters: params).url == "http://h/p#f?b=true")
        let strict = plain.withProfile(.strict)
        #expect(strict.profile == .strict)
        #expect(try strict.serialize(get, parameters: params).url == "http://h/p?b=1#f")
    }

    /// The User-Agent's `Scale/%0.2f` (AF's layout, SPEC §3.2) is never cut, however long the number:
    /// `%0.2f` of 1e60 is 63 characters and of 1e61 64, so a buffer sized for less would lose the last
    /// digit. Expected texts from Python's `'%0.2f' % x` (C printf).
    @Test func longFormatsAreNeverCut() {
        let ua = { (scale: Double) in
            UserAgent.afStyle(executable: "App", version: "1", model: "iPhone", systemVersion: "17.0", scale: scale)
        }
        #expect(
            ua(1e60)
                == "App/1 (iPhone; iOS 17.0; Scale/999999999999999949387135297074018866963645011013410073083904.00)")
        #expect(
            ua(1e61)
                == "App/1 (iPhone; iOS 17.0; Scale/9999999999999999493871352970740188669636450110134100730839040.00)")
        #expect(ua(2) == "App/1 (iPhone; iOS 17.0; Scale/2.00)")
        #expect(CFormat.double("%.17g", 0.1) == "0.10000000000000001")
        // 31, 32 and 33 characters: either side of the 32-byte stack buffer, whose last byte takes
        // the NUL (expected: Python's '%0.2f' % x, the same C formatting).
        #expect(CFormat.double("%0.2f", 1e28) == "9999999999999999583119736832.00")
        #expect(CFormat.double("%0.2f", 1e29) == "99999999999999991433150857216.00")
        #expect(CFormat.double("%0.2f", 5e29) == "500000000000000009942312419328.00")
        #expect(CFormat.double("%.17g", 1) == "1")  // one character, as Foundation's <real>1</real>
    }

    // MARK: §3.3 the JSON writer called directly

    @Test func jsonWritingOptionRawValuesAreFoundations() {
        // JSONSerialization.WritingOptions: prettyPrinted 1, sortedKeys 2, fragmentsAllowed 4,
        // withoutEscapingSlashes 8; checked against Foundation itself too.
        #expect(JSONWritingOptions.prettyPrinted.rawValue == 1)
        #expect(JSONWritingOptions.sortedKeys.rawValue == 2)
        #expect(JSONWritingOptions.fragmentsAllowed.rawValue == 4)
        #expect(JSONWritingOptions.withoutEscapingSlashes.rawValue == 8)
        #expect(JSONWritingOptions.prettyPrinted.rawValue == JSONSerialization.WritingOptions.prettyPrinted.rawValue)
        #expect(JSONWritingOptions.sortedKeys.rawValue == JSONSerialization.WritingOptions.sortedKeys.rawValue)
        #expect(
            JSONWritingOptions.fragmentsAllowed.rawValue == JSONSerialization.WritingOptions.fragmentsAllowed.rawValue)
        #expect(
            JSONWritingOptions.withoutEscapingSlashes.rawValue
                == JSONSerialization.WritingOptions.withoutEscapingSlashes.rawValue)
    }

    @Test func topLevelScalarNeedsFragmentsAllowed() throws {
        // Foundation: a top-level scalar is refused unless .fragmentsAllowed; other options do not allow it.
        let refused = MP.error { () throws(AFSError) in try FoundationJSONWriter.write(.string("a/b")) }
        #expect(refused?.kind == .invalidJSONValue)
        #expect(refused?.domain == AFSError.coreDomain)
        let stillRefused = MP.error { () throws(AFSError) in
            try FoundationJSONWriter.write(
                .integer(1), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        }
        #expect(stillRefused?.kind == .invalidJSONValue)
        // With it, the scalar is written; `/` is escaped as `\/` unless .withoutEscapingSlashes (SPEC §3.3).
        #expect(try FoundationJSONWriter.write(.string("a/b"), options: .fragmentsAllowed) == Array(#""a\/b""#.utf8))
        #expect(
            try FoundationJSONWriter.write(.string("a/b"), options: [.fragmentsAllowed, .withoutEscapingSlashes])
                == Array(#""a/b""#.utf8))
        #expect(try FoundationJSONWriter.write(.null, options: .fragmentsAllowed) == Array("null".utf8))
    }

    @Test func writerRejectsNonFiniteNumbersAndSetsWhenCalledDirectly() {
        // SPEC §3.3: only finite numbers are valid JSON (Foundation throws on NaN/inf).
        #expect(
            MP.error { () throws(AFSError) in try FoundationJSONWriter.write(.array([.double(.nan)])) }?.kind
                == .invalidJSONValue)
        #expect(
            MP.error { () throws(AFSError) in try FoundationJSONWriter.write(.array([.double(-.infinity)])) }?.kind
                == .invalidJSONValue)
        #expect(
            MP.error { () throws(AFSError) in try FoundationJSONWriter.write(.dict(["s": .set([])])) }?.kind
                == .invalidJSONValue)
    }

    @Test func writerAndValidatorDepthLimitCountsContainers() throws {
        // Two nested containers: a limit of 1 must refuse them (SPEC §8), a limit of 2 accept them.
        let dicts = ParameterValue.dict(["a": .dict(["b": .integer(1)])])
        let arrays = ParameterValue.array([.array([.integer(1)])])
        #expect(
            MP.error { () throws(AFSError) in try FoundationJSONWriter.write(dicts, maxDepth: 1) }?.kind
                == .nestingTooDeep)
        #expect(
            MP.error { () throws(AFSError) in try FoundationJSONWriter.write(arrays, maxDepth: 1) }?.kind
                == .nestingTooDeep)
        #expect(try FoundationJSONWriter.write(dicts, maxDepth: 2) == Array(#"{"a":{"b":1}}"#.utf8))
        #expect(try FoundationJSONWriter.write(arrays, maxDepth: 2) == Array("[[1]]".utf8))
        #expect(
            MP.error { () throws(AFSError) in try FoundationJSONWriter.firstInvalidPath(dicts, maxDepth: 1) }?.kind
                == .nestingTooDeep)
        #expect(
            MP.error { () throws(AFSError) in try FoundationJSONWriter.firstInvalidPath(arrays, maxDepth: 1) }?.kind
                == .nestingTooDeep)
        #expect(try FoundationJSONWriter.firstInvalidPath(dicts, maxDepth: 2) == nil)
        #expect(try FoundationJSONWriter.firstInvalidPath(arrays, maxDepth: 2) == nil)
    }

    @Test func firstInvalidPathNamesTheRootAndTheChild() throws {
        // isValidJSONObject: a top-level scalar is invalid at the root, `$` (ContainerFrame path style
        // `$[0].key[2]`); a set inside an array is invalid at its index.
        #expect(try FoundationJSONWriter.firstInvalidPath(.string("x"), maxDepth: 8) == "$")
        #expect(try FoundationJSONWriter.firstInvalidPath(.array([.integer(1), .set([])]), maxDepth: 8) == "$[1]")
        #expect(try FoundationJSONWriter.firstInvalidPath(.dict(["k": .data([1])]), maxDepth: 8) == "$.k")
    }

    /// A body writer's depth error and a property list's invalid value name the field where they
    /// happened (SPEC §3.3, §3.4, §8), in the path format of `ContainerFrame.path`'s doc comment
    /// ("`$[0].key[2]`-style path of the child each frame visited last"), the format `firstInvalidPath`
    /// reports too (firstInvalidPathNamesTheRootAndTheChild: `$.k`, `$[1]`): the nested container that
    /// crosses maxDepth 1 is the root's child `a` (`$.a`) or its element 0 (`$[0]`); the set that a
    /// property list cannot hold sits under key `k` (`$.k`).
    @Test func writerDepthErrorsNameTheField() {
        let dicts = ParameterValue.dict(["a": .dict(["b": .integer(1)])])
        let arrays = ParameterValue.array([.array([.integer(1)])])
        let json = MP.error { () throws(AFSError) in try FoundationJSONWriter.write(dicts, maxDepth: 1) }
        #expect(json?.kind == .nestingTooDeep)
        #expect(json?.context["field"] == "$.a")
        #expect(json?.context["limit"] == "1")
        let jsonArrays = MP.error { () throws(AFSError) in try FoundationJSONWriter.write(arrays, maxDepth: 1) }
        #expect(jsonArrays?.context["field"] == "$[0]")
        let plist = MP.error { () throws(AFSError) in try PlistXMLWriter.write(dicts, maxDepth: 1) }
        #expect(plist?.kind == .nestingTooDeep)
        #expect(plist?.context["field"] == "$.a")
        let set = MP.error { () throws(AFSError) in try PlistXMLWriter.write(.dict(["k": .set([.integer(1)])])) }
        #expect(set?.context["field"] == "$.k")
    }

    @Test func sortedKeysOrdersKeysAndKeepsDuplicatesStable() throws {
        // .sortedKeys: ascending keys; equal keys keep model order (FoundationJSONWriter doc: "stable").
        #expect(
            try FoundationJSONWriter.write(.dict(["b": .integer(1), "a": .integer(2)]), options: .sortedKeys)
                == Array(#"{"a":2,"b":1}"#.utf8))
        #expect(
            try FoundationJSONWriter.write(.dict(["b": .integer(1), "a": .integer(2)])) == Array(#"{"b":1,"a":2}"#.utf8)
        )
        let dup = ParameterValue.dictionary([.init("k", .integer(1)), .init("k", .integer(2)), .init("a", .integer(0))])
        #expect(try FoundationJSONWriter.write(dup, options: .sortedKeys) == Array(#"{"a":0,"k":1,"k":2}"#.utf8))
        // prettyPrinted: two-space indent, " : " after keys, no trailing newline (Foundation's layout).
        #expect(
            try FoundationJSONWriter.write(.dict(["a": .array([.integer(1)])]), options: [.prettyPrinted, .sortedKeys])
                == Array("{\n  \"a\" : [\n    1\n  ]\n}".utf8))
    }

    @Test func escapesAtTheStartOfAnEightByteRun() throws {
        // Foundation escapes C0 controls as \u00xx (lowercase hex) and `\` as `\\` (RFC 8259 §7);
        // the special byte sits in the first 8-byte word with no other special byte in it.
        #expect(
            try FoundationJSONWriter.write(.array([.string("\u{1F}abcdefghijklmno")]))
                == Array(#"["\u001fabcdefghijklmno"]"#.utf8))
        #expect(
            try FoundationJSONWriter.write(.array([.string("\\abcdefghijklmno")]))
                == Array(#"["\\abcdefghijklmno"]"#.utf8))
        #expect(
            try FoundationJSONWriter.write(.array([.string("abcdefgh\"ijklmnop")]))
                == Array(#"["abcdefgh\"ijklmnop"]"#.utf8))
    }

    // MARK: §3.3 `.sortedKeys` order: FoundationKeyCollation's three-way comparison

    /// `FoundationKeyCollation.compare`, the public three-way comparison behind `.sortedKeys`, answers
    /// −1, 0 or 1 on each tie rule: digits compared one by one, a case tie, a leading-zero tie, equal
    /// strings, the UTF-16 tie-break. `precedes` (what the sort asks) only looks at `< 0`, so only the
    /// public value shows these. Expected: its doc ("Three-way comparison, Foundation's
    /// `compare(_:options:…)`": NSComparisonResult's −1, 0, 1) and the order rules in the type's doc
    /// comment; the orders `a` < `A`, `a1` < `a2`, `a1` < `a01` are also in FOUNDATION_KEY_ORDER
    /// (Tools/vectorgen/oracles/s3_requests.py), recorded from Foundation's JSONSerialization.
    @Test func foundationCollationCompareAnswersMinusOneZeroOrOne() {
        #expect(FoundationKeyCollation.compare("a2", "a1") == 1)  // digit runs 2 > 1 (rule 2)
        #expect(FoundationKeyCollation.compare("a1", "a2") == -1)
        #expect(FoundationKeyCollation.compare("A", "a") == 1)  // case tie, lowercase first (rule 3)
        #expect(FoundationKeyCollation.compare("a", "A") == -1)
        #expect(FoundationKeyCollation.compare("a01", "a1") == 1)  // leading zeros, fewer first (rule 3)
        #expect(FoundationKeyCollation.compare("a1", "a01") == -1)
        #expect(FoundationKeyCollation.compare("ab", "ab") == 0)
        #expect(FoundationKeyCollation.compare("", "") == 0)
        #expect(FoundationKeyCollation.compare("a\u{1}", "a") == 1)  // U+0001 is ignored, then UTF-16 units (rule 4)
        #expect(FoundationKeyCollation.compare("a", "a\u{1}") == -1)
    }

    /// The same three-way value on the primary rules: ranks that differ, digit runs of different
    /// length, and one key with more units. Expected: NSComparisonResult's −1 / 1 and the orders of the
    /// type's doc comment: letters by the table (`a` < `b`), a digit run compared by value (rule 2:
    /// 9 < 10), a proper prefix first (`a` < `ab`, as `compare(_:options:)` orders them).
    @Test func foundationCollationCompareIsMinusOneOrOneOnEveryRule() {
        #expect(FoundationKeyCollation.compare("b", "a") == 1)
        #expect(FoundationKeyCollation.compare("a", "b") == -1)
        #expect(FoundationKeyCollation.compare("a10", "a9") == 1)
        #expect(FoundationKeyCollation.compare("a9", "a10") == -1)
        #expect(FoundationKeyCollation.compare("ab", "a") == 1)
        #expect(FoundationKeyCollation.compare("a", "ab") == -1)
    }
}
