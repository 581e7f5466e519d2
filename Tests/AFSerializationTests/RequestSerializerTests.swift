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
        #expect(AcceptLanguage.value(for: ["a", "b", "c", "d", "e", "f", "g", "h"]) == "a;q=1, b;q=0.9, c;q=0.8, d;q=0.7, e;q=0.6, f;q=0.5")
        #expect(AcceptLanguage.value(for: ["zh-Hans-CN"]) == "zh-Hans-CN;q=1")
        #expect(AcceptLanguage.value(for: []) == "")
    }

    @Test func userAgentAFLayout() {
        // The format string AF uses (seed 001): "%@/%@ (%@; iOS %@; Scale/%0.2f)".
        #expect(UserAgent.afStyle(executable: "App", version: "1.2", model: "iPhone", systemVersion: "17.0", scale: 2) == "App/1.2 (iPhone; iOS 17.0; Scale/2.00)")
    }

    @Test func basicAuthorization() throws {
        // RFC 7617 §2 example and §2.1 UTF-8 example.
        #expect(BasicAuthorization.value(user: "Aladdin", password: "open sesame") == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        #expect(BasicAuthorization.value(user: "test", password: "123£") == "Basic dGVzdDoxMjPCow==")
        let s = HTTPRequestSerializer().withAuthorization(user: "Aladdin", password: "open sesame")
        let r = try s.serialize(Request(method: "GET", url: "http://h/"), parameters: nil)
        #expect(r.headers["authorization"] == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        let cleared = try s.withoutAuthorization().serialize(Request(method: "GET", url: "http://h/"), parameters: nil)
        #expect(cleared.headers["Authorization"] == nil)
    }

    @Test func requestLevelHeadersWin() throws {
        let s = HTTPRequestSerializer().withPreferredLanguages(["en"]).withUserAgent("UA/1").withDefaultHeader("Content-Type", "text/plain")
        let r = try s.serialize(Request(method: "POST", url: "http://h/", headers: [("accept-language", "de")]), parameters: nil)
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
        #expect(try s.serialize(Request(method: "GET", url: "http://h/p?b=2"), parameters: Self.a1).url == "http://h/p?b=2&a=1")
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
        #expect(try strict.serialize(Request(method: "GET", url: "http://h/p#f"), parameters: Self.a1).url == "http://h/p?a=1#f")
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
        let r = try HTTPRequestSerializer().serialize(Request(method: "POST", url: "http://h/", headers: [("content-type", "text/x")]), parameters: Self.a1)
        #expect(r.headers.pairs.map(\.1) == ["text/x"])
    }

    // MARK: §3.2 custom query serialization

    @Test func customQuerySerializationReplacesDefault() throws {
        let s = HTTPRequestSerializer().withQueryStringSerialization { req, _ in QueryStringResult(query: "m=\(req.method)") }
        #expect(try s.serialize(Request(method: "GET", url: "http://h/"), parameters: Self.a1).url == "http://h/?m=GET")
        #expect(Self.text(try s.serialize(Request(method: "POST", url: "http://h/"), parameters: Self.a1)) == "m=POST")
    }

    @Test func customQueryErrorWinsOverReturnedString() {
        let failure = AFSError(domain: "custom", code: 42, message: "nope")
        let s = HTTPRequestSerializer().withQueryStringSerialization { _, _ in QueryStringResult(query: "a=1", error: failure) }
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
            try HTTPRequestSerializer().serialize(Request(method: "GET", url: "http://h/"), parameters: .dict(["d": .data([1])]))
        }
    }

    // MARK: §3.3 JSON

    static func foundationJSON(_ p: ParameterValue, _ o: JSONSerialization.WritingOptions = []) throws -> [UInt8] {
        [UInt8](try JSONSerialization.data(withJSONObject: RequestTrees.foundation(p), options: o))
    }

    @Test func jsonBody() throws {
        let p = ParameterValue.dict(["path": .string("a/b"), "n": .array([.integer(1), .double(0.5), .bool(true), .null])])
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
        #expect(Self.text(try JSONRequestSerializer().serialize(Request(method: "POST", url: "http://h/"), parameters: p)) == #"{"b":1,"a":2}"#)
    }

    @Test func jsonURIMethodsDelegateToForm() throws {
        let r = try JSONRequestSerializer().serialize(Request(method: "GET", url: "http://h/"), parameters: Self.a1)
        #expect(r.url == "http://h/?a=1")
        #expect(r.body.isNone)
        #expect(r.headers["Content-Type"] == nil)
    }

    @Test func jsonWithoutParametersHasNoBody() throws {
        let r = try JSONRequestSerializer(base: HTTPRequestSerializer().withUserAgent("UA")).serialize(Request(method: "POST", url: "http://h/"), parameters: nil)
        #expect(r.body.isNone)
        #expect(r.headers.pairs.map(\.0) == ["User-Agent"])
    }

    @Test func jsonExistingContentTypeIsKept() throws {
        let r = try JSONRequestSerializer().serialize(Request(method: "POST", url: "http://h/", headers: [("Content-Type", "text/json")]), parameters: Self.a1)
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
                _ = try JSONRequestSerializer(writingOptions: options).serialize(Request(method: "POST", url: "http://h/"), parameters: p)
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
        let expected = [UInt8](try PropertyListSerialization.data(fromPropertyList: RequestTrees.foundation(p), format: .xml, options: 0))
        #expect(r.body.bytes == expected)
        #expect(r.headers["Content-Type"] == "application/x-plist")
        let get = try PropertyListRequestSerializer().serialize(Request(method: "DELETE", url: "http://h/"), parameters: Self.a1)
        #expect(get.url == "http://h/?a=1")
        #expect(get.headers["Content-Type"] == nil)
        let none = try PropertyListRequestSerializer().serialize(Request(method: "POST", url: "http://h/"), parameters: nil)
        #expect(none.body.isNone)
        #expect(none.headers.isEmpty)
    }

    @Test func plistNullCarriesFoundationError() throws {
        var foundation: NSError?
        do { _ = try PropertyListSerialization.data(fromPropertyList: [NSNull()], format: .xml, options: 0) } catch { foundation = error as NSError }
        let expected = try #require(foundation)
        do {
            _ = try PropertyListRequestSerializer().serialize(Request(method: "POST", url: "http://h/"), parameters: .array([.null]))
            Issue.record("no error")
        } catch {
            #expect(error.domain == expected.domain)
            #expect(error.code == expected.code)
        }
    }
}

/// The stream case the multipart writer plugs in (SPEC §3.1): pulled to the end by `readAll`.
@Suite struct RequestBodyStreamTests {
    final class Chunks: RequestBodyStream, @unchecked Sendable {
        let data: [UInt8]
        var offset = 0
        let contentLength: Int
        init(_ data: [UInt8], declared: Int) { self.data = data; contentLength = declared }
        func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
            let n = min(buffer.count, data.count - offset, 3)
            for i in 0..<n { buffer[i] = data[offset + i] }
            offset += n
            return n
        }
    }

    @Test func readAllPullsEveryChunk() throws {
        let bytes = Array("0123456789".utf8)
        #expect(try Chunks(bytes, declared: 10).readAll(chunkSize: 4) == bytes)
        // A stream that overruns its declared length is cut just past it, not read without bound.
        #expect(try Chunks(bytes, declared: 4).readAll(chunkSize: 2).count == 6)
        let body = RequestBody.stream(Chunks(bytes, declared: 10))
        #expect(body.bytes == nil)
        #expect(!body.isNone)
    }
}
