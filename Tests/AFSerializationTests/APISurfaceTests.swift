import Foundation
import Testing
@testable import AFSerialization

/// Behaviour reachable only through the Swift API (defaults, API-only helpers, direct calls that the
/// request path never makes), so the golden vectors cannot pin it (docs/mutation, issue 13).
/// Every expected value below names its source: SPEC.md, an RFC, AFNetworking/Foundation, a doc
/// comment of the API under test, or bytes derived by hand from a format's rules.

/// A body stream with a scripted yield: at most `maxPerRead` bytes per call (short reads), possibly
/// more bytes than it declares; it records the buffer size of every call.
private final class APISurfaceStream: RequestBodyStream, @unchecked Sendable {
    let bytes: [UInt8]
    let contentLength: Int
    let maxPerRead: Int
    var position = 0
    var bufferSizes: [Int] = []

    init(_ bytes: [UInt8], contentLength: Int? = nil, maxPerRead: Int = Int.max) {
        self.bytes = bytes
        self.contentLength = contentLength ?? bytes.count
        self.maxPerRead = maxPerRead
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
        bufferSizes.append(buffer.count)
        let n = min(buffer.count, maxPerRead, bytes.count - position)
        var k = 0
        while k < n {
            buffer[k] = bytes[position + k]
            k += 1
        }
        position += n
        return n
    }
}

@Suite struct APISurfaceTests {
    /// 20 distinct bytes, so a dropped, repeated or stale byte changes the result.
    static let twenty: [UInt8] = Array(1...20)

    // MARK: Limits (SPEC §8, README "The core, by SPEC section")

    @Test func limitDefaultsAreTheDocumentedOnes() {
        let l = Limits()
        #expect(l.maxParameterDepth == 512)  // SPEC §8
        #expect(l.maxJSONDepth == 512)  // SPEC §8
        #expect(l.maxMultipartParts == 10_000)  // README: multipart parts 10,000
        #expect(l.maxPartHeaderBytes == 16_384)  // README: part header bytes 16 KiB
        #expect(l.maxMultipartBytes == 1_073_741_824)  // README: parsed multipart size 1 GiB
        #expect(l.maxDecodedSize == 67_108_864)  // SPEC §7/§8: 64 MiB
        #expect(l.maxImagePixels == 100_000_000)  // README: image pixels 10^8
        #expect(Limits.default == l)
    }

    // MARK: Response serializer defaults (SPEC §6.4, §6.5)

    @Test func jsonResponseSerializerDefaultsRejectFragmentsAndKeepNulls() {
        // AF: readingOptions 0 (no NSJSONReadingFragmentsAllowed), removesKeysWithNullValues NO
        // (SPEC §6.4 "default off").
        let s = JSONResponseSerializer()
        #expect(s.allowFragments == false)
        #expect(s.removesKeysWithNullValues == false)
        let json = [HTTPResponse.Header("Content-Type", "application/json")]
        // A top-level scalar without allowFragments is a parse error: NSCocoaErrorDomain 3840 (SPEC §6.4).
        let fragment = s.serialize(HTTPResponse(statusCode: 200, headers: json, url: "http://h/", body: Array("1".utf8)), profile: .af4)
        #expect(fragment.object == nil)
        #expect(fragment.error?.domain == AFSError.cocoaDomain)
        #expect(fragment.error?.code == 3840)
        // Without null cleaning the null member stays.
        let nulls = s.serialize(HTTPResponse(statusCode: 200, headers: json, url: "http://h/", body: Array(#"{"a":null}"#.utf8)), profile: .af4)
        #expect(nulls.object == .json(.obj(["a": .null])))
        #expect(nulls.error == nil)
    }

    @Test func imageResponseSerializerInflatesByDefault() {
        // AFImageResponseSerializer sets automaticallyInflatesResponseImage = YES (SPEC §6.5).
        #expect(ImageResponseSerializer().inflatesResponseImage == true)
    }

    // MARK: FoundationJSONWriter called directly (SPEC §3.3)

    @Test func jsonWritingOptionRawValuesAreFoundations() {
        // JSONSerialization.WritingOptions: prettyPrinted 1, sortedKeys 2, fragmentsAllowed 4,
        // withoutEscapingSlashes 8; checked against Foundation itself too.
        #expect(JSONWritingOptions.prettyPrinted.rawValue == 1)
        #expect(JSONWritingOptions.sortedKeys.rawValue == 2)
        #expect(JSONWritingOptions.fragmentsAllowed.rawValue == 4)
        #expect(JSONWritingOptions.withoutEscapingSlashes.rawValue == 8)
        #expect(JSONWritingOptions.prettyPrinted.rawValue == JSONSerialization.WritingOptions.prettyPrinted.rawValue)
        #expect(JSONWritingOptions.sortedKeys.rawValue == JSONSerialization.WritingOptions.sortedKeys.rawValue)
        #expect(JSONWritingOptions.fragmentsAllowed.rawValue == JSONSerialization.WritingOptions.fragmentsAllowed.rawValue)
        #expect(JSONWritingOptions.withoutEscapingSlashes.rawValue == JSONSerialization.WritingOptions.withoutEscapingSlashes.rawValue)
    }

    @Test func topLevelScalarNeedsFragmentsAllowed() throws {
        // Foundation: a top-level scalar is refused unless .fragmentsAllowed; other options do not allow it.
        let refused = MP.error { () throws(AFSError) in try FoundationJSONWriter.write(.string("a/b")) }
        #expect(refused?.kind == .invalidJSONValue)
        #expect(refused?.domain == AFSError.coreDomain)
        let stillRefused = MP.error { () throws(AFSError) in
            try FoundationJSONWriter.write(.integer(1), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        }
        #expect(stillRefused?.kind == .invalidJSONValue)
        // With it, the scalar is written; `/` is escaped as `\/` unless .withoutEscapingSlashes (SPEC §3.3).
        #expect(try FoundationJSONWriter.write(.string("a/b"), options: .fragmentsAllowed) == Array(#""a\/b""#.utf8))
        #expect(try FoundationJSONWriter.write(.string("a/b"), options: [.fragmentsAllowed, .withoutEscapingSlashes]) == Array(#""a/b""#.utf8))
        #expect(try FoundationJSONWriter.write(.null, options: .fragmentsAllowed) == Array("null".utf8))
    }

    @Test func invalidJSONValueKindKeepsItsName() {
        // Kind raw values are the stable names eval/vectors print (AFSError.Kind doc): the identifier itself.
        #expect(AFSError.Kind.invalidJSONValue.rawValue == "invalidJSONValue")
    }

    @Test func writerRejectsNonFiniteNumbersAndSetsWhenCalledDirectly() {
        // SPEC §3.3: only finite numbers are valid JSON (Foundation throws on NaN/inf).
        #expect(MP.error { () throws(AFSError) in try FoundationJSONWriter.write(.array([.double(.nan)])) }?.kind == .invalidJSONValue)
        #expect(MP.error { () throws(AFSError) in try FoundationJSONWriter.write(.array([.double(-.infinity)])) }?.kind == .invalidJSONValue)
        #expect(MP.error { () throws(AFSError) in try FoundationJSONWriter.write(.dict(["s": .set([])])) }?.kind == .invalidJSONValue)
    }

    @Test func writerAndValidatorDepthLimitCountsContainers() throws {
        // Two nested containers: a limit of 1 must refuse them (SPEC §8), a limit of 2 accept them.
        let dicts = ParameterValue.dict(["a": .dict(["b": .integer(1)])])
        let arrays = ParameterValue.array([.array([.integer(1)])])
        #expect(MP.error { () throws(AFSError) in try FoundationJSONWriter.write(dicts, maxDepth: 1) }?.kind == .nestingTooDeep)
        #expect(MP.error { () throws(AFSError) in try FoundationJSONWriter.write(arrays, maxDepth: 1) }?.kind == .nestingTooDeep)
        #expect(try FoundationJSONWriter.write(dicts, maxDepth: 2) == Array(#"{"a":{"b":1}}"#.utf8))
        #expect(try FoundationJSONWriter.write(arrays, maxDepth: 2) == Array("[[1]]".utf8))
        #expect(MP.error { () throws(AFSError) in try FoundationJSONWriter.firstInvalidPath(dicts, maxDepth: 1) }?.kind == .nestingTooDeep)
        #expect(MP.error { () throws(AFSError) in try FoundationJSONWriter.firstInvalidPath(arrays, maxDepth: 1) }?.kind == .nestingTooDeep)
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

    @Test func sortedKeysOrdersKeysAndKeepsDuplicatesStable() throws {
        // .sortedKeys: ascending keys; equal keys keep model order (FoundationJSONWriter doc: "stable").
        #expect(try FoundationJSONWriter.write(.dict(["b": .integer(1), "a": .integer(2)]), options: .sortedKeys) == Array(#"{"a":2,"b":1}"#.utf8))
        #expect(try FoundationJSONWriter.write(.dict(["b": .integer(1), "a": .integer(2)])) == Array(#"{"b":1,"a":2}"#.utf8))
        let dup = ParameterValue.dictionary([.init("k", .integer(1)), .init("k", .integer(2)), .init("a", .integer(0))])
        #expect(try FoundationJSONWriter.write(dup, options: .sortedKeys) == Array(#"{"a":0,"k":1,"k":2}"#.utf8))
        // prettyPrinted: two-space indent, " : " after keys, no trailing newline (Foundation's layout).
        #expect(try FoundationJSONWriter.write(.dict(["a": .array([.integer(1)])]), options: [.prettyPrinted, .sortedKeys])
                == Array("{\n  \"a\" : [\n    1\n  ]\n}".utf8))
    }

    @Test func escapesAtTheStartOfAnEightByteRun() throws {
        // Foundation escapes C0 controls as \u00xx (lowercase hex) and `\` as `\\` (RFC 8259 §7);
        // the special byte sits in the first 8-byte word with no other special byte in it.
        #expect(try FoundationJSONWriter.write(.array([.string("\u{1F}abcdefghijklmno")])) == Array(#"["\u001fabcdefghijklmno"]"#.utf8))
        #expect(try FoundationJSONWriter.write(.array([.string("\\abcdefghijklmno")])) == Array(#"["\\abcdefghijklmno"]"#.utf8))
        #expect(try FoundationJSONWriter.write(.array([.string("abcdefgh\"ijklmnop")])) == Array(#"["abcdefgh\"ijklmnop"]"#.utf8))
    }

    // MARK: HTTPHeaders (SPEC §3.1, RFC 9110 §5.1)

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

    // MARK: HTTPRequestSerializer configuration (SPEC §3.2)

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

    // MARK: RequestBody (SPEC §3.1)

    @Test func isNoneOnlyForNoBody() {
        #expect(RequestBody.none.isNone)
        #expect(!RequestBody.bytes([]).isNone)
        #expect(!RequestBody.stream(APISurfaceStream([1])).isNone)
    }

    @Test func readAllReadsEverythingInTheRequestedChunks() throws {
        // Doc: "Reads to the end in `chunkSize` pulls"; short reads (3 of 8) must not add stale bytes.
        let short = APISurfaceStream(Self.twenty, maxPerRead: 3)
        #expect(try short.readAll(chunkSize: 8) == Self.twenty)
        #expect(!short.bufferSizes.isEmpty)
        #expect(short.bufferSizes.allSatisfy { $0 == 8 })
        // Chunks of one byte: every pull is one byte wide.
        let single = APISurfaceStream(Self.twenty)
        #expect(try single.readAll(chunkSize: 1) == Self.twenty)
        #expect(single.bufferSizes.allSatisfy { $0 == 1 })
        // A whole-buffer read (n == chunk size).
        let exact = APISurfaceStream(Self.twenty)
        #expect(try exact.readAll(chunkSize: 5) == Self.twenty)
    }

    @Test func readAllWithANonPositiveChunkSizeStillReadsTheBody() throws {
        // A 0-byte read means "end" (RequestBodyStream contract), so a chunk size below 1 cannot be
        // honoured literally; readAll still reads to the end.
        #expect(try APISurfaceStream(Self.twenty).readAll(chunkSize: 0) == Self.twenty)
        #expect(try APISurfaceStream(Self.twenty).readAll(chunkSize: -3) == Self.twenty)
    }

    @Test func readAllStopsOneByteAfterAnOverrun() throws {
        // Doc: "Stops at contentLength + 1 bytes so a stream that overruns its declared length"
        // is detectable: 5 declared, 20 yielded, pulled one byte at a time → 6 bytes.
        let overrun = APISurfaceStream(Self.twenty, contentLength: 5)
        #expect(try overrun.readAll(chunkSize: 1) == Array(Self.twenty[0..<6]))
    }

    @Test func strictTopLevelErrorNamesTheValueType() {
        // The type names are SPEC §2.1's value model words.
        let cases: [(ParameterValue, String)] = [
            (.string("s"), "string"), (.integer(1), "integer"), (.double(1.5), "double"), (.bool(true), "bool"),
            (.null, "null"), (.array([.integer(1)]), "array"), (.set([.integer(1)]), "set"), (.data([1]), "data"),
        ]
        for (value, name) in cases {
            let e = MP.error { () throws(AFSError) in try QueryString.pairs(value, profile: .strict) }
            #expect(e?.context["type"] == name, "\(name)")
        }
    }

    // MARK: AFSError (SPEC §6.3 chaining)

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

    // MARK: Percent-escaping API (SPEC §1)

    @Test func allowsMatchesTheSpecSetsAndNeverAllowsNonASCII() {
        // SPEC §1.1/§1.3 sets; bytes ≥ 0x80 are UTF-8 pieces, always escaped (§1.2).
        var alnum: [UInt8] = []
        for b in UInt8(ascii: "A")...UInt8(ascii: "Z") { alnum.append(b) }
        for b in UInt8(ascii: "a")...UInt8(ascii: "z") { alnum.append(b) }
        for b in UInt8(ascii: "0")...UInt8(ascii: "9") { alnum.append(b) }
        let styles: [(EscapeStyle, String)] = [(.afnetworking, "-._~/?"), (.whatwgForm, "*-._"), (.rfc3986Unreserved, "-._~")]
        for (style, extra) in styles {
            let allowed = Set(alnum + Array(extra.utf8))
            var wrong: [Int] = []
            for b in 0...255 where style.allows(UInt8(b)) != allowed.contains(UInt8(b)) { wrong.append(b) }
            #expect(wrong.isEmpty, "\(style): \(wrong)")
        }
        #expect(!EscapeStyle.afnetworking.allows(0x80))
        #expect(!EscapeStyle.afnetworking.allows(0xFF))
        #expect(EscapeStyle.afnetworking.allows(UInt8(ascii: "a")))
    }

    @Test func batchRangesFollowSpec() throws {
        // SPEC §1.4: windows of 50 UTF-16 units, widened to whole Characters.
        #expect(try PercentEscape.batches(of: String(repeating: "a", count: 120), batchSize: 50) == [0..<50, 50..<100, 100..<120])
        // 👴🏻 is 4 UTF-16 units at [49, 53): the first batch is [0, 53) (SPEC §1.4 example).
        #expect(try PercentEscape.batches(of: String(repeating: "a", count: 49) + "👴🏻" + "b") == [0..<53, 53..<54])
        // A batch size below 1 is a typed error naming the option and the value given (SPEC §8's invalidOption);
        // the percent-escape component rejects it before the core, so only this call reaches the core's check.
        for bad in [0, -3] {
            let e = MP.error { () throws(AFSError) in try PercentEscape.batches(of: "abc", batchSize: bad) }
            #expect(e?.kind == .invalidOption && e?.context == ["batchSize": String(bad)], "\(bad)")
        }
    }

    @Test func escapeBytesRejectsInvalidUTF8() throws {
        // SPEC §1.5: raw bytes must be UTF-8; 0xFF never occurs in UTF-8 (RFC 3629 §1).
        let e = MP.error { () throws(AFSError) in try PercentEscape.escape(bytes: [0x61, 0xFF]) }
        #expect(e?.kind == .invalidUTF8)
        #expect(e?.offset == 1)
        #expect(MP.error { () throws(AFSError) in try PercentEscape.escape(bytes: [0xE2, 0x82]) }?.kind == .invalidUTF8)
        // SPEC §1.2: À = C3 80 → %C3%80.
        #expect(try PercentEscape.escape(bytes: [0xC3, 0x80]) == "%C3%80")
    }

    // MARK: Content-Encoding (SPEC §7)

    /// Raw deflate (RFC 1951 §3.2.4) of "abc" as one final stored block: 0x01 (BFINAL 1, BTYPE 00),
    /// LEN 3 and NLEN 0xFFFC little-endian, then the bytes. Its first byte is not a zlib CMF (CM ≠ 8).
    static let storedABC: [UInt8] = [0x01, 0x03, 0x00, 0xFC, 0xFF, 0x61, 0x62, 0x63]

    @Test func decodedResponseLosesItsContentEncodingHeader() throws {
        let r = HTTPResponse(
            statusCode: 200, headers: [.init("Content-Encoding", "deflate"), .init("X-Other", "1")],
            url: "http://h/", body: Self.storedABC)
        let d = try r.decodingContentEncoding()
        #expect(d.body == Array("abc".utf8))
        // The body no longer carries that coding, so the header that announced it goes (SPEC §7).
        #expect(d.headerValue("Content-Encoding") == nil)
        #expect(d.headers.fields == [HTTPHeaders.Field("X-Other", "1")])
    }

    @Test func anEmptyCodingListLeavesTheResponseUnchanged() throws {
        // RFC 9110 §5.6.1: empty list elements are ignored, so " , " names no coding: nothing is
        // undone and the response comes back as it was.
        let r = HTTPResponse(statusCode: 200, headers: [.init("Content-Encoding", " , ")], url: "http://h/", body: [1, 2, 3])
        #expect(try r.decodingContentEncoding() == r)
    }

    @Test func tooManyCodingsNameTheLimit() {
        // SPEC §7: at most 5 layers.
        let e = MP.error { () throws(AFSError) in try ContentDecoder(codings: [ContentCoding](repeating: .identity, count: 6)) }
        #expect(e?.kind == .limitExceeded)
        #expect(e?.context["limit"] == "5")
        #expect(MP.error { () throws(AFSError) in try ContentDecoder(codings: [ContentCoding](repeating: .identity, count: 5)) } == nil)
    }

    @Test func stageHandsOnExactlyTheLimitWhenInflatingIntoCallerStorage() throws {
        // A stored block of 300 × "a" (LEN 0x012C, NLEN 0xFED3; RFC 1951 §3.2.4) against a 100-byte
        // limit: the output stops at exactly 100 bytes with a limitExceeded error, whether zlib
        // writes into the caller's reserved storage (reserve > limit) or into scratch. The offset
        // is the end of the 101st data byte: the 5-byte block header plus 101 bytes.
        var block: [UInt8] = [0x01, 0x2C, 0x01, 0xD3, 0xFE]
        block += [UInt8](repeating: 0x61, count: 300)
        let hundred = [UInt8](repeating: 0x61, count: 100)
        let direct = try InflateStage(format: .deflate, limit: 100, layer: 0)
        let d = direct.feedUntilFailure(block, reserve: 1000)
        #expect(d.output == hundred)
        #expect(d.failure?.kind == .limitExceeded)
        #expect(d.failure?.offset == 106)
        let scratch = try InflateStage(format: .deflate, limit: 100, layer: 0)
        let s = scratch.feedUntilFailure(block, reserve: 0)
        #expect(s.output == hundred)
        #expect(s.failure?.kind == .limitExceeded)
        #expect(s.failure?.offset == 106)
    }

    @Test func finishingTwiceTraps() async {
        // ContentDecoder.finish doc: ends the input; a second finish is API misuse (precondition).
        await #expect(processExitsWith: .failure) {
            let decoder = try ContentDecoder(codings: [.identity])
            _ = try decoder.finish()
            _ = try decoder.finish()
        }
    }

    @Test func writingAfterFinishTraps() async {
        await #expect(processExitsWith: .failure) {
            let decoder = try ContentDecoder(codings: [.identity])
            _ = try decoder.finish()
            _ = try decoder.write([1])
        }
    }
}
