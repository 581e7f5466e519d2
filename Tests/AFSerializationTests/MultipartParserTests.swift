import Foundation
import PropertyBased
import Testing
@testable import AFSerialization

/// The strict parser (SPEC §5.7). Inputs are written by hand from RFC 2046 §5.1.1 / RFC 7578.
@Suite struct MultipartParserTests {
    static let sample = Array(("preamble text\r\n--AaB03x  \r\ncontent-disposition: form-data; name=\"field1\"\r\n\r\n"
        + "Joe Blow\r\nalmost tuesday\r\n--AaB03x\r\nContent-Disposition: form-data; name=\"pics\"; filename=\"file1.txt\"\r\n"
        + "Content-Type:   text/plain \r\n\r\n...contents of file1.txt...\r\n--AaB03x--\r\nepilogue").utf8)

    @Test func rfcStyleBodyWithPreamblePaddingAndEpilogue() throws {
        let parts = try MultipartParser.parse(Self.sample, boundary: "AaB03x")
        #expect(parts == [
            MultipartParsedPart(headers: [MultipartHeader("content-disposition", "form-data; name=\"field1\"")],
                                name: "field1", filename: nil, contentType: nil, body: Array("Joe Blow\r\nalmost tuesday".utf8)),
            MultipartParsedPart(headers: [MultipartHeader("Content-Disposition", "form-data; name=\"pics\"; filename=\"file1.txt\""),
                                          MultipartHeader("Content-Type", "text/plain")],
                                name: "pics", filename: "file1.txt", contentType: "text/plain",
                                body: Array("...contents of file1.txt...".utf8)),
        ])
    }

    @Test func everyChunkSizeGivesTheSameParts() throws {
        let whole = try MultipartParser.parse(Self.sample, boundary: "AaB03x")
        for size in 1...Self.sample.count {
            #expect(try MultipartParser.parse(Self.sample, boundary: "AaB03x", chunkSizes: [size]) == whole, "chunk \(size)")
        }
        #expect(try MultipartParser.parse(Self.sample, boundary: "AaB03x", chunkSizes: [1, 2, 3, 5, 8]) == whole)
    }

    @Test func roundTripOfRandomForms() async throws {
        await propertyCheck(count: 200, input: Gen.uint64(), Gen.int(in: 1...64)) { seed, chunk in
            do {
                let (form, expected) = try MultipartDifferentialTests.randomForm(seed: seed, profile: .af4)
                let bytes = try MP.bytes(of: form, sizes: [97])
                let parsed = try MultipartParser.parse(bytes, boundary: form.boundary, chunkSizes: [chunk])
                #expect(parsed.map(\.name) == expected.map(\.name), "seed \(seed)")
                #expect(parsed.map(\.filename) == expected.map(\.filename))
                #expect(parsed.map(\.contentType) == expected.map(\.contentType))
                #expect(parsed.map(\.body) == expected.map(\.body))
                #expect(parsed.map(\.headers) == form.parts.map(\.headers))
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }

    /// Hostile input: valid bodies with random byte edits. The parser must return parts or a typed
    /// error, never crash, and the outcome (parts, or error kind + offset) must not depend on chunking.
    @Test func mutatedBodiesGiveTheSameOutcomeForAnyChunking() async throws {
        await propertyCheck(count: 300, input: Gen.uint64(), Gen.int(in: 1...40)) { seed, chunk in
            do {
                let (form, _) = try MultipartDifferentialTests.randomForm(seed: seed, profile: .af4)
                var bytes = try MP.bytes(of: form)
                var r = SplitMix64(seed: seed ^ 0xA5A5)
                let pool: [UInt8] = Array("\r\n-:;\"=".utf8) + Array(form.boundary.utf8.prefix(3)) + [0x00, 0xFF]
                for _ in 0..<Int(1 + r.next() % 4) where !bytes.isEmpty {
                    let at = Int(r.next() % UInt64(bytes.count))
                    let b = pool[Int(r.next() % UInt64(pool.count))]
                    switch r.next() % 3 {
                    case 0: bytes[at] = b
                    case 1: bytes.insert(b, at: at)
                    default: bytes.remove(at: at)
                    }
                }
                let whole = Result { () throws(AFSError) in try MultipartParser.parse(bytes, boundary: form.boundary) }
                let chunked = Result { () throws(AFSError) in try MultipartParser.parse(bytes, boundary: form.boundary, chunkSizes: [chunk, 1]) }
                switch (whole, chunked) {
                case (.success(let a), .success(let b)):
                    #expect(a == b, "seed \(seed)")
                case (.failure(let a), .failure(let b)):
                    #expect(a.kind == b.kind && a.offset == b.offset, "seed \(seed): \(a) vs \(b)")
                    #expect(a.offset != nil && a.offset! <= bytes.count)
                default:
                    Issue.record("seed \(seed): whole \(whole) vs chunked \(chunked)")
                }
            } catch {
                Issue.record("seed \(seed): \(error)")
            }
        }
    }

    @Test func strictEscapedNamesRoundTripEscaped() throws {
        var form = try MultipartFormData(profile: .strict, boundary: "X")
        try form.appendFileData([1], name: "a\"b\r\nc", filename: "q\".txt", mimeType: "text/plain")
        let parsed = try MultipartParser.parse(try MP.bytes(of: form), boundary: "X")
        // The HTML escapes are not decoded (SPEC §5.7 returns the header text's parameter).
        #expect(parsed.first?.name == "a%22b%0D%0Ac" && parsed.first?.filename == "q%22.txt")
    }

    @Test func utf8NamesRoundTripWhenAllowed() throws {
        // RFC 7578 §5.1: names may be UTF-8; AF writes them verbatim. The parser takes them only
        // with `allowUTF8Headers` (SPEC §5.7 treats non-ASCII as an error by default).
        var form = try MultipartFormData(boundary: "X")
        try form.appendFileData(Array("ok".utf8), name: "naïve ☃", filename: "résumé.pdf", mimeType: "application/pdf")
        let bytes = try MP.bytes(of: form)
        #expect(MP.error { () throws(AFSError) in try MultipartParser.parse(bytes, boundary: "X") }?.kind == .multipartNonASCIIHeader)
        var o = MultipartParserOptions()
        o.allowUTF8Headers = true
        let parsed = try MultipartParser.parse(bytes, boundary: "X", options: o, chunkSizes: [1])
        #expect(parsed.map(\.name) == ["naïve ☃"] && parsed.map(\.filename) == ["résumé.pdf"])
        // Invalid UTF-8 is still refused, with the offset of the bad byte.
        let bad = Array("--X\r\nContent-Disposition: form-data; name=\"".utf8) + [0xFF] + Array("\"\r\n\r\nv\r\n--X--".utf8)
        let e = MP.error { () throws(AFSError) in try MultipartParser.parse(bad, boundary: "X", options: o) }
        #expect(e?.kind == .invalidUTF8 && e?.offset == 43)
    }

    // MARK: Typed errors with offsets

    func failure(_ text: String, boundary: String = "B", options: MultipartParserOptions = .init()) -> AFSError? {
        let bytes = Array(text.utf8)
        let whole = MP.error { () throws(AFSError) in try MultipartParser.parse(bytes, boundary: boundary, options: options) }
        // Chunking never changes the verdict.
        let bytewise = MP.error { () throws(AFSError) in try MultipartParser.parse(bytes, boundary: boundary, options: options, chunkSizes: [1]) }
        #expect(whole == bytewise, "\(text.debugDescription)")
        return whole
    }

    static let okPart = "Content-Disposition: form-data; name=\"a\"\r\n\r\nv"

    @Test func delimiterErrors() {
        let noDelimiter = failure("just text")
        #expect(noDelimiter?.kind == .multipartBadDelimiter && noDelimiter?.offset == 9)
        let junk = failure("--Bx\r\n")
        #expect(junk?.kind == .multipartBadDelimiter && junk?.offset == 3)
        let bodyHasBoundary = failure("--B\r\n\(Self.okPart)\r\n--Bad\r\n--B--")
        #expect(bodyHasBoundary?.kind == .multipartBadDelimiter && bodyHasBoundary?.offset == 55)
        let noClose = failure("--B\r\n\(Self.okPart)")
        #expect(noClose?.kind == .multipartMissingCloseDelimiter && noClose?.offset == 50)
        let closeFirst = failure("--B--\r\n")
        #expect(closeFirst?.kind == .multipartBadDelimiter)
        let badLF = failure("--B\r\r\n")
        #expect(badLF?.kind == .multipartBadDelimiter && badLF?.offset == 4)
    }

    @Test func headerErrors() {
        let noColon = failure("--B\r\nContent-Disposition form-data\r\n\r\nv\r\n--B--")
        #expect(noColon?.kind == .multipartHeaderWithoutColon && noColon?.offset == 5)
        let badName = failure("--B\r\nBad Name: x\r\n\r\nv\r\n--B--")
        #expect(badName?.kind == .multipartHeaderWithoutColon)
        let nonASCII = failure("--B\r\nContent-Disposition: form-data; name=\"é\"\r\n\r\nv\r\n--B--")
        #expect(nonASCII?.kind == .multipartNonASCIIHeader && nonASCII?.offset == 43)
        let bareLF = failure("--B\r\nX: a\nb\r\n\r\nv\r\n--B--")
        #expect(bareLF?.kind == .multipartNonASCIIHeader && bareLF?.offset == 9)
        let noCD = failure("--B\r\nContent-Type: text/plain\r\n\r\nv\r\n--B--")
        #expect(noCD?.kind == .multipartMissingContentDisposition && noCD?.offset == 5)
        let notFormData = failure("--B\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nv\r\n--B--")
        #expect(notFormData?.kind == .multipartMissingContentDisposition)
        let noName = failure("--B\r\nContent-Disposition: form-data; filename=\"a\"\r\n\r\nv\r\n--B--")
        #expect(noName?.kind == .multipartMissingName)
        let unterminated = failure("--B\r\nContent-Disposition: form-data; name=\"a\r\n\r\nv\r\n--B--")
        #expect(unterminated?.kind == .multipartMissingContentDisposition || unterminated?.kind == .multipartMissingName)
        // UTF-8 headers are accepted only when asked for.
        var o = MultipartParserOptions()
        o.allowUTF8Headers = true
        #expect(failure("--B\r\nContent-Disposition: form-data; name=\"é\"\r\n\r\nv\r\n--B--", options: o) == nil)
    }

    @Test func invalidBoundaryForTheParser() {
        for b in ["", String(repeating: "b", count: 71), "trailing "] {
            #expect(MP.error { () throws(AFSError) in try MultipartParser(boundary: b) }?.kind == .invalidBoundary)
        }
    }

    @Test func limits() {
        var o = MultipartParserOptions()
        o.limits.maxMultipartParts = 2
        let three = "--B\r\n\(Self.okPart)\r\n--B\r\n\(Self.okPart)\r\n--B\r\n\(Self.okPart)\r\n--B--"
        let tooMany = failure(three, options: o)
        #expect(tooMany?.kind == .limitExceeded && tooMany?.context["limit"] == "maxMultipartParts=2")
        o.limits.maxMultipartParts = 3
        #expect(failure(three, options: o) == nil)

        var h = MultipartParserOptions()
        h.limits.maxPartHeaderBytes = 20
        let longHeader = failure("--B\r\n\(Self.okPart)\r\n--B--", options: h)
        #expect(longHeader?.kind == .limitExceeded && longHeader?.offset == 25)

        var t = MultipartParserOptions()
        t.limits.maxMultipartBytes = 10
        let big = failure("--B\r\n\(Self.okPart)\r\n--B--", options: t)
        #expect(big?.kind == .limitExceeded && big?.context["limit"] == "maxMultipartBytes=10")
    }

    @Test func hundredThousandPartsHitTheDefaultLimit() {
        // 100,000 tiny parts: the default 10,000-part limit stops the parser, no crash, no blow-up.
        let one = Array("--B\r\n\(Self.okPart)\r\n".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(100_000 * one.count + 5)
        for _ in 0..<100_000 { bytes.append(contentsOf: one) }
        bytes += Array("--B--".utf8)
        let e = MP.error { () throws(AFSError) in try MultipartParser.parse(bytes, boundary: "B") }
        #expect(e?.kind == .limitExceeded && e?.context["limit"] == "maxMultipartParts=10000")
    }
}
