import AFFoundationCompat
import Testing
@testable import AFSerialization

/// SPEC §6.4–6.5 serializers and their defaults, including the AF examples SPEC names (J13-style null
/// cleaning per profile, 205 with and without body, 404 with a JSON body, compound fallback).
@Suite struct ResponseSerializerTests {
    func response(_ status: Int, _ contentType: String?, _ body: String?, url: String? = "http://example.com/r")
        -> HTTPResponse
    {
        HTTPResponse(
            statusCode: status, headers: contentType.map { [.init("Content-Type", $0)] } ?? [], url: url,
            body: body.map { Array($0.utf8) })
    }

    @Test func notFoundWithJSONBodyReturnsObjectAndError() throws {
        let r = JSONResponseSerializer().serialize(
            response(404, "application/json", #"{"message":"missing"}"#), profile: .af4)
        #expect(r.object == .json(.obj(["message": .string("missing")])))
        #expect(r.error?.code == -1011 && r.error?.domain == AFSError.responseDomain)
        #expect(!r.valid)
    }

    @Test func resetContentWithAndWithoutBody() {
        let s = JSONResponseSerializer()
        let empty = s.serialize(response(205, nil, ""), profile: .af4)
        #expect(
            empty.valid && empty.object == nil && empty.error == nil, "205, no body, no Content-Type: valid, nothing")
        let body = s.serialize(response(205, nil, "{}"), profile: .af4)
        #expect(body.object == nil, "content-type failure returns nothing")
        #expect(body.error?.code == -1016)
        #expect(body.error?.message == "Request failed: unacceptable content-type: (null)")
    }

    @Test func singleSpaceAndEmptyBodiesGiveNoObjectAndNoExtraError() {
        let s = JSONResponseSerializer()
        for b in [" ", ""] {
            let r = s.serialize(response(200, "application/json", b), profile: .af4)
            #expect(r.valid && r.object == nil && r.error == nil)
        }
        #expect(
            s.serialize(response(200, "application/json", "  "), profile: .af4).error?.code == 3840,
            "two spaces are parsed (and fail)")
    }

    @Test func parseErrorIsOuterAndStatusErrorUnderlying() {
        let r = JSONResponseSerializer().serialize(response(500, "application/json", "{bad"), profile: .af4)
        #expect(r.object == nil)
        #expect(r.error?.domain == "NSCocoaErrorDomain" && r.error?.code == 3840)
        #expect(r.error?.offset == 1)
        #expect(r.error?.underlying?.code == -1011)
    }

    @Test func invalidWithoutErrorStillParses() {
        // AF only skips parsing when a −1016 error exists; without a URL there is none.
        let r = JSONResponseSerializer().serialize(response(200, "text/html", "[1]", url: nil), profile: .af4)
        #expect(!r.valid && r.error == nil)
        #expect(r.object == .json(.array([.number("1")])))
    }

    @Test func fragmentsNeedTheReadingOption() {
        var s = JSONResponseSerializer()
        #expect(s.serialize(response(200, "application/json", "42"), profile: .af4).error?.code == 3840)
        s.allowFragments = true
        #expect(s.serialize(response(200, "application/json", "42"), profile: .af4).object == .json(.number("42")))
    }

    @Test func foundationDialectInAFProfilesRFCInStrict() {
        let s = JSONResponseSerializer()
        #expect(
            s.serialize(response(200, "application/json", "[1,]"), profile: .af4).object != nil,
            "Foundation on Linux accepts a trailing comma")
        #expect(s.serialize(response(200, "application/json", "[1,]"), profile: .strict).error?.code == 3840)
        #expect(s.serialize(response(200, "application/json", "[1e400]"), profile: .af4).error?.code == 3840)
        #expect(s.serialize(response(200, "application/json", "[1, 2e400]"), profile: .af4).error?.offset == 4)
        // Foundation drops an overwritten duplicate before converting numbers (seen in the differential test).
        #expect(s.serialize(response(200, "application/json", #"{"a":1e400,"a":1}"#), profile: .af4).object != nil)
        #expect(
            s.serialize(response(200, "application/json", "[1e400]"), profile: .strict).object
                == .json(.array([.number("1e400")])))
    }

    @Test func hostileJSONBodiesGetTypedErrors() {
        let s = JSONResponseSerializer()
        let deep = String(repeating: "[", count: 1_000_000)
        #expect(s.serialize(response(200, "application/json", deep), profile: .af4).error?.kind == .nestingTooDeep)
        let bad = HTTPResponse(
            statusCode: 200, headers: [.init("Content-Type", "application/json")], url: "u",
            body: [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])
        #expect(s.serialize(bad, profile: .af4).error?.code == 3840)
    }

    // J13-style: SPEC §6.4's rules applied to one document in each profile.
    static let j13 = #"{"a":null,"b":[1,null,{"c":null,"d":[null]}],"e":{"f":null},"g":[null],"h":"x"}"#

    @Test func nullCleaningAF4AndStrictDropDictionaryAndArrayNulls() throws {
        var s = JSONResponseSerializer()
        s.removesKeysWithNullValues = true
        let expected = try JSONParser.parse(#"{"b":[1,{"d":[]}],"e":{},"g":[],"h":"x"}"#)
        for p in [Profile.af4, .strict] {
            #expect(s.serialize(response(200, "application/json", Self.j13), profile: p).object == .json(expected))
        }
    }

    @Test func nullCleaningAF3KeepsArrayNulls() throws {
        var s = JSONResponseSerializer()
        s.removesKeysWithNullValues = true
        let expected = try JSONParser.parse(#"{"b":[1,null,{"d":[null]}],"e":{},"g":[null],"h":"x"}"#)
        #expect(s.serialize(response(200, "application/json", Self.j13), profile: .af3).object == .json(expected))
    }

    @Test func nullCleaningEdgeCases() throws {
        #expect(try NullCleaning.clean(.null, profile: .af4) == .null, "top-level null unchanged")
        #expect(try NullCleaning.clean(.number("1"), profile: .af4) == .number("1"))
        #expect(try NullCleaning.clean(JSONParser.parse("[null]"), profile: .af4) == .array([]))
        #expect(try NullCleaning.clean(JSONParser.parse("[null]"), profile: .af3) == .array([.null]))
        // Duplicate keys as an NSDictionary sees them: the last value decides.
        #expect(
            try NullCleaning.clean(JSONParser.parse(#"{"a":1,"a":null,"b":2}"#), profile: .af4)
                == .obj(["b": .number("2")]))
        #expect(
            try NullCleaning.clean(JSONParser.parse(#"{"a":null,"a":1}"#), profile: .af4) == .obj(["a": .number("1")]))
        // The same rule for large objects (a different code path).
        let many = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let big = try NullCleaning.clean(JSONParser.parse("{\(many),\"k3\":null,\"z\":null}"), profile: .af4)
        #expect(big.objectValue?.count == 39)
        #expect(big["k3"] == nil && big["k4"] == .number("4"))
        let deep = try JSONParser(maxDepth: 2000).parse(
            Array((String(repeating: "[", count: 600) + String(repeating: "]", count: 600)).utf8))
        #expect(throws: AFSError.self) { try NullCleaning.clean(deep, profile: .af4) }
    }

    @Test func compoundFirstObjectWinsElseHTTP() {
        var json = JSONResponseSerializer()
        json.removesKeysWithNullValues = true
        let c = CompoundResponseSerializer(serializers: [json, XMLResponseSerializer()])
        let j = c.serialize(response(404, "application/json", #"{"a":null}"#), profile: .af4)
        #expect(j.object == .json(.obj([:])))
        #expect(j.error?.code == -1011, "the winner's error comes along")
        let x = c.serialize(response(200, "text/xml", "<a/>"), profile: .af4)
        #expect(x.object == .data(Array("<a/>".utf8)))
        let fallback = c.serialize(response(200, "text/plain", "hi"), profile: .af4)
        #expect(
            fallback.valid && fallback.object == .data(Array("hi".utf8)) && fallback.error == nil,
            "plain HTTP behaviour")
    }

    @Test func xmlReturnsBytesAndStrictChecksWellFormedness() {
        let s = XMLResponseSerializer()
        #expect(
            s.serialize(response(200, "application/xml", "<a><b></a>"), profile: .af4).object
                == .data(Array("<a><b></a>".utf8)), "AF never parses")
        #expect(
            s.serialize(response(200, "application/xml", "<a><b></a>"), profile: .strict).error?.kind == .malformedXML)
        #expect(
            s.serialize(
                response(
                    200, "text/xml",
                    #"<?xml version="1.0"?><!-- c --><a "#
                        + #"x='1' y="&amp;&#x41;"><![CDATA[<]]>t<b/></a>"#),
                profile: .strict
            ).object != nil)
        #expect(s.serialize(response(200, "text/json", "<a/>"), profile: .af4).object == nil, "content-type failure")
    }

    @Test(arguments: [
        "", "<a>", "<a></b>", "<a/><b/>", "<a x=1/>", "<a x='1' x='2'/>", "<a>&nope;</a>", "<a>]]></a>",
        "<a><!-- -- --></a>", "text", "<a>\u{01}</a>", "<?xml version='1.0'?>",
    ])
    func malformedXML(_ doc: String) {
        #expect(throws: AFSError.self) { try XMLWellFormedness.check(Array(doc.utf8)) }
    }

    @Test func xmlManyAttributesStayLinear() throws {
        let attrs = (0..<20_000).map { " a\($0)='v'" }.joined()
        try XMLWellFormedness.check(Array("<r\(attrs)/>".utf8))
        #expect(throws: AFSError.self) { try XMLWellFormedness.check(Array("<r\(attrs) a7='x'/>".utf8)) }
    }

    @Test func xmlDepthIsBounded() {
        let deep = String(repeating: "<a>", count: 100_000)
        #expect { try XMLWellFormedness.check(Array(deep.utf8)) } throws: { ($0 as? AFSError)?.kind == .nestingTooDeep }
    }

    @Test func propertyListParsesWithFoundation() {
        let xml =
            #"<?xml version="1.0" encoding="UTF-8"?><plist "#
            + #"version="1.0"><dict><key>b</key><true/><key>a</key><array><integer>1"#
            + #"</integer><real>1.5</real><string>s</string></array></dict></plist>"#
        let s = PropertyListResponseSerializer()
        let r = s.serialize(response(200, "application/x-plist", xml), profile: .af4)
        #expect(
            r.object
                == .propertyList(.obj(["a": .array([.number("1"), .number("1.5"), .string("s")]), "b": .bool(true)])))
        #expect(
            s.serialize(response(200, "application/x-plist", nil), profile: .af4).object == nil,
            "no body → no object")
        let bad = s.serialize(response(500, "application/x-plist", "garbage<"), profile: .af4)
        #expect(bad.error?.domain == "NSCocoaErrorDomain" && bad.error?.underlying?.code == -1011)
    }

    // MARK: Defaults (SPEC §6.4)

    @Test func jsonResponseSerializerDefaultsRejectFragmentsAndKeepNulls() {
        // AF: readingOptions 0 (no NSJSONReadingFragmentsAllowed), removesKeysWithNullValues NO
        // (SPEC §6.4 "default off").
        let s = JSONResponseSerializer()
        #expect(s.allowFragments == false)
        #expect(s.removesKeysWithNullValues == false)
        let json = [HTTPResponse.Header("Content-Type", "application/json")]
        // A top-level scalar without allowFragments is a parse error: NSCocoaErrorDomain 3840 (SPEC §6.4).
        let fragment = s.serialize(
            HTTPResponse(statusCode: 200, headers: json, url: "http://h/", body: Array("1".utf8)), profile: .af4)
        #expect(fragment.object == nil)
        #expect(fragment.error?.domain == AFSError.cocoaDomain)
        #expect(fragment.error?.code == 3840)
        // Without null cleaning the null member stays.
        let nulls = s.serialize(
            HTTPResponse(statusCode: 200, headers: json, url: "http://h/", body: Array(#"{"a":null}"#.utf8)),
            profile: .af4)
        #expect(nulls.object == .json(.obj(["a": .null])))
        #expect(nulls.error == nil)
    }
}
