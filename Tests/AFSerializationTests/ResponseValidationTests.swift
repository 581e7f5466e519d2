import Testing
@testable import AFSerialization

/// SPEC §6.2–6.3. Expected strings are quoted from SPEC text (descriptions, phrases) and
/// RFC 9110 §8.3.1 / §5.6.4 grammar (strict media types).
@Suite struct ResponseValidationTests {
    func response(_ status: Int, _ contentType: String?, url: String? = "http://example.com/a", body: [UInt8]?)
        -> HTTPResponse
    {
        HTTPResponse(
            statusCode: status, headers: contentType.map { [.init("Content-Type", $0)] } ?? [], url: url, body: body)
    }

    @Test func afMIMETypeCutsTrimsAndLowercases() {
        #expect(
            MediaType.mimeType(contentType: " Application/JSON ; charset=utf-8", profile: .af4) == "application/json")
        #expect(MediaType.mimeType(contentType: nil, profile: .af3) == nil)
        #expect(
            MediaType.mimeType(contentType: "text/html, application/json", profile: .af4)
                == "text/html, application/json", "no RFC parsing in AF")
        #expect(MediaType.mimeType(contentType: "garbage", profile: .af4) == "garbage")
        // SPEC §6.2 literally: nothing before the first `;` leaves the empty string, not "absent".
        #expect(MediaType.mimeType(contentType: " ; charset=utf-8", profile: .af4) == "")
    }

    @Test func strictMediaTypeFollowsRFC9110() throws {
        let m = try #require(MediaType.parse("Text/HTML ;Charset=\"utf\\-8\" ; ;q=1"))
        #expect(m.essence == "text/html")
        #expect(m.parameters == [.init("charset", "utf-8"), .init("q", "1")])
        for bad in [
            "text", "text/", "/html", "text/html;charset", "text/html; charset=\"open", "text /html", "text/html x",
            "tëxt/html", "text/html;a=\"\u{01}\"",
        ] {
            #expect(MediaType.parse(bad) == nil, "\(bad)")
            #expect(MediaType.mimeType(contentType: bad, profile: .strict) == nil)
        }
    }

    @Test func hostileContentTypeIsLinear() {
        let garbage = String(repeating: "a/b;c=\"\\", count: 120_000)  // ~1 MB
        #expect(MediaType.parse(garbage) == nil)
        #expect(MediaType.mimeType(contentType: garbage, profile: .af4)?.count == 3)
        let v = ResponseValidation(acceptableContentTypes: ["application/json"]).validate(
            response(200, garbage, body: [1]), profile: .strict)
        #expect(!v.valid)
        #expect(v.error?.message == "Request failed: unacceptable content-type: (null)")
    }

    @Test func contentTypeErrorNeedsBodyAndURL() {
        let v = ResponseValidation(acceptableContentTypes: ["application/json"])
        let withAll = v.validate(response(200, "text/html", body: Array("x".utf8)), profile: .af4)
        #expect(!withAll.valid)
        #expect(withAll.error?.domain == "com.alamofire.error.serialization.response")
        #expect(withAll.error?.code == -1016)
        #expect(withAll.error?.message == "Request failed: unacceptable content-type: text/html")
        #expect(withAll.error?.context["failingURL"] == "http://example.com/a")
        let noURL = v.validate(response(200, "text/html", url: nil, body: [1]), profile: .af4)
        #expect(!noURL.valid && noURL.error == nil)
        let emptyBody = v.validate(response(200, "text/html", body: []), profile: .af4)
        #expect(!emptyBody.valid && emptyBody.error == nil)
        // No MIME type and empty body passes; no MIME type with a body fails with "(null)".
        #expect(v.validate(response(200, nil, body: []), profile: .af4).valid)
        #expect(v.validate(response(200, nil, body: nil), profile: .af4).valid)
        #expect(
            v.validate(response(200, nil, body: [1]), profile: .af4).error?.message
                == "Request failed: unacceptable content-type: (null)")
    }

    @Test func statusCheckIsSkippedWithoutURL() {
        let v = ResponseValidation()
        #expect(v.validate(response(500, nil, url: nil, body: [1]), profile: .af4).valid)
        let e = v.validate(response(500, nil, body: [1]), profile: .af4)
        #expect(!e.valid)
        #expect(e.error?.code == -1011)
        #expect(e.error?.message == "Request failed: internal server error (500)")
    }

    @Test(arguments: [
        (404, "not found"), (422, "client error"), (205, "reset content"), (306, "redirected"), (199, "informational"),
        (418, "client error"), (299, "success"), (599, "server error"), (-1, "server error"), (99999, "server error"),
        (305, "needs proxy"), (406, "unacceptable"), (414, "requested URL too long"),
    ])
    func statusPhrases(_ code: Int, _ phrase: String) {
        let e = ResponseValidation(acceptableStatusCodes: [200...200]).validate(
            response(code, nil, body: nil), profile: .af4)
        #expect(e.error?.message == "Request failed: \(phrase) (\(code))")
    }

    @Test func bothFailuresChainStatusOutside() {
        let v = ResponseValidation(acceptableContentTypes: ["application/json"])
        let e = v.validate(response(500, "text/html", body: [1]), profile: .af4).error
        #expect(e?.code == -1011)
        #expect(e?.underlying?.code == -1016)
        #expect(e?.underlying?.underlying == nil)
    }

    @Test func afMatchingIsExactStrictIsCaseInsensitiveWithWildcards() {
        let v = ResponseValidation(acceptableContentTypes: ["application/json", "Text/JSON", "image/*"])
        #expect(!v.validate(response(200, "text/json", body: [1]), profile: .af4).valid, "AF: exact string match")
        #expect(v.validate(response(200, "TEXT/json; charset=x", body: [1]), profile: .strict).valid)
        #expect(v.validate(response(200, "image/png", body: [1]), profile: .strict).valid)
        #expect(!v.validate(response(200, "image/png", body: [1]), profile: .af4).valid)
        #expect(
            ResponseValidation(acceptableContentTypes: ["*/*"]).validate(
                response(200, "a/b", body: [1]), profile: .strict
            ).valid)
        #expect(
            !ResponseValidation(acceptableContentTypes: ["*/*"]).validate(
                response(200, nil, body: [1]), profile: .strict
            ).valid)
    }

    @Test func headersAreCaseInsensitiveAndCombined() {
        let r = HTTPResponse(
            statusCode: 200, headers: [.init("content-TYPE", "a/b"), .init("X", "1"), .init("x", "2")])
        #expect(r.headerValue("Content-Type") == "a/b")
        #expect(r.headerValue("X") == "1, 2")
        #expect(r.headerValue("Y") == nil)
    }

    /// strict matching never accepts a malformed MIME type, not even for the wildcard patterns SPEC §6.3
    /// allows. The response path only passes MIME types that `parse` produced, so only a direct call
    /// sees a malformed one. Expected: SPEC §6.2 (`strict`: a malformed value → no MIME type) and §6.3
    /// (no MIME type is never among the acceptable types).
    @Test func strictMatchingNeedsAWellFormedMimeType() {
        #expect(!MediaType.strictMatches(mimeType: "garbage", pattern: "text/html"))
        #expect(!MediaType.strictMatches(mimeType: "text", pattern: "*/*"))
        #expect(!MediaType.strictMatches(mimeType: "", pattern: "text/*"))
        #expect(MediaType.strictMatches(mimeType: "text/html", pattern: "text/*"))
    }
}
