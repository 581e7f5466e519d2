import Foundation
import PropertyBased
import Testing
@testable import AFSerialization

/// The strict parser (SPEC §5.7). Inputs are written by hand from RFC 2046 §5.1.1 / RFC 7578.
@Suite struct MultipartParserTests {
    static let sample = Array(
        ("preamble text\r\n--AaB03x  \r\ncontent-disposition: form-data; name=\"field1\"\r\n\r\n"
            + "Joe Blow\r\nalmost tuesday\r\n--AaB03x\r\n"
            + "Content-Disposition: form-data; name=\"pics\"; filename=\"file1.txt\"\r\n"
            + "Content-Type:   text/plain \r\n\r\n...contents of file1.txt...\r\n--AaB03x--\r\nepilogue").utf8)

    @Test func rfcStyleBodyWithPreamblePaddingAndEpilogue() throws {
        let parts = try MultipartParser.parse(Self.sample, boundary: "AaB03x")
        #expect(
            parts == [
                MultipartParsedPart(
                    headers: [MultipartHeader("content-disposition", "form-data; name=\"field1\"")],
                    name: "field1", filename: nil, contentType: nil, body: Array("Joe Blow\r\nalmost tuesday".utf8)),
                MultipartParsedPart(
                    headers: [
                        MultipartHeader("Content-Disposition", "form-data; name=\"pics\"; filename=\"file1.txt\""),
                        MultipartHeader("Content-Type", "text/plain"),
                    ],
                    name: "pics", filename: "file1.txt", contentType: "text/plain",
                    body: Array("...contents of file1.txt...".utf8)),
            ])
    }

    @Test func everyChunkSizeGivesTheSameParts() throws {
        let whole = try MultipartParser.parse(Self.sample, boundary: "AaB03x")
        for size in 1...Self.sample.count {
            #expect(
                try MultipartParser.parse(Self.sample, boundary: "AaB03x", chunkSizes: [size]) == whole, "chunk \(size)"
            )
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
                let chunked = Result { () throws(AFSError) in
                    try MultipartParser.parse(bytes, boundary: form.boundary, chunkSizes: [chunk, 1])
                }
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
        try form.appendFileData(
            Array("ok".utf8), name: "naïve ☃", filename: "résumé.pdf", mimeType: "application/pdf")
        let bytes = try MP.bytes(of: form)
        #expect(
            MP.error { () throws(AFSError) in try MultipartParser.parse(bytes, boundary: "X") }?.kind
                == .multipartNonASCIIHeader)
        var o = MultipartParserOptions()
        o.allowUTF8Headers = true
        let parsed = try MultipartParser.parse(bytes, boundary: "X", options: o, chunkSizes: [1])
        #expect(parsed.map(\.name) == ["naïve ☃"] && parsed.map(\.filename) == ["résumé.pdf"])
        // Invalid UTF-8 is still refused, with the offset of the bad byte.
        let bad =
            Array("--X\r\nContent-Disposition: form-data; name=\"".utf8) + [0xFF] + Array("\"\r\n\r\nv\r\n--X--".utf8)
        let e = MP.error { () throws(AFSError) in try MultipartParser.parse(bad, boundary: "X", options: o) }
        #expect(e?.kind == .invalidUTF8 && e?.offset == 43)
    }

    // MARK: Typed errors with offsets

    func failure(_ text: String, boundary: String = "B", options: MultipartParserOptions = .init()) -> AFSError? {
        let bytes = Array(text.utf8)
        let whole = MP.error { () throws(AFSError) in
            try MultipartParser.parse(bytes, boundary: boundary, options: options)
        }
        // Chunking never changes the verdict.
        let bytewise = MP.error { () throws(AFSError) in
            try MultipartParser.parse(bytes, boundary: boundary, options: options, chunkSizes: [1])
        }
        #expect(whole == bytewise, "\(text.debugDescription)")
        return whole
    }

    static let okPart = "Content-Disposition: form-data; name=\"a\"\r\n\r\nv"

    @Test func delimiterErrors() {
        let noDelimiter = failure("just text")
        #expect(noDelimiter?.kind == .multipartBadDelimiter && noDelimiter?.offset == 9)
        // `--Bx` and `--B` CR CR are not delimiter lines (SPEC §5.7): no delimiter at all.
        let junk = failure("--Bx\r\n")
        #expect(junk?.kind == .multipartBadDelimiter && junk?.offset == 6)
        let badLF = failure("--B\r\r\n")
        #expect(badLF?.kind == .multipartBadDelimiter && badLF?.offset == 6)
        let noClose = failure("--B\r\n\(Self.okPart)")
        #expect(noClose?.kind == .multipartMissingCloseDelimiter && noClose?.offset == 50)
        let lookalikeThenEnd = failure("--B\r\n\(Self.okPart)\r\n--B-")
        #expect(lookalikeThenEnd?.kind == .multipartMissingCloseDelimiter && lookalikeThenEnd?.offset == 56)
    }

    /// SPEC §5.7 delimiter lines: `CRLF--B` followed by anything but padding + CRLF, or `--`, is
    /// part data (RFC 2046 §5.1.1's delimiter line; Python's email, werkzeug and python-multipart
    /// read these bodies the same way), at every split point of the line.
    @Test func delimiterLookalikesAreDataAtEverySplit() throws {
        let cases: [(tail: String, body: String)] = [
            ("QQQ\r\ny", "v\r\n--BQQQ\r\ny"),
            ("-Q", "v\r\n--B-Q"),
            ("\rQ", "v\r\n--B\rQ"),
            (" \tQ", "v\r\n--B \tQ"),
            ("\r", "v\r\n--B\r"),  // then the real delimiter's CR: CR CR is no line end
            ("-", "v\r\n--B-"),
        ]
        for (tail, expected) in cases {
            let bytes = Array("--B\r\n\(Self.okPart)\r\n--B\(tail)\r\n--B--\r\n".utf8)
            let whole = try MultipartParser.parse(bytes, boundary: "B")
            #expect(whole.map(\.name) == ["a"] && whole.first?.body == Array(expected.utf8), "\(tail.debugDescription)")
            for k in 1..<bytes.count {
                let split = try MultipartParser.parse(bytes, boundary: "B", chunkSizes: [k, bytes.count])
                #expect(split == whole, "\(tail.debugDescription) split at \(k)")
            }
            #expect(try MultipartParser.parse(bytes, boundary: "B", chunkSizes: [1]) == whole)
        }
        // Padding then CRLF is a delimiter line; a second part follows.
        let padded = Array("--B\r\n\(Self.okPart)\r\n--B \t \r\n\(Self.okPart)\r\n--B--".utf8)
        for k in 1..<padded.count {
            #expect(
                try MultipartParser.parse(padded, boundary: "B", chunkSizes: [k, padded.count]).map(\.name) == [
                    "a", "a",
                ])
        }
        // A lookalike in the preamble is preamble; the first real delimiter line opens the parts.
        let preamble = try MultipartParser.parse(Array("--Bx\r\n--B\r\n\(Self.okPart)\r\n--B--".utf8), boundary: "B")
        #expect(preamble.map(\.body) == [Array("v".utf8)])
        // The close delimiter ends the parts whatever follows it.
        let epilogue = try MultipartParser.parse(
            Array("--B\r\n\(Self.okPart)\r\n--B--junk\r\n--B\r\n".utf8), boundary: "B")
        #expect(epilogue.map(\.body) == [Array("v".utf8)])
    }

    /// SPEC §5.7 empty form: only a close delimiter (after an optional preamble) is zero parts.
    @Test func closeDelimiterAloneIsAnEmptyForm() throws {
        for text in ["--B--", "--B--\r\n", "preamble\r\n--B--\r\n", "--Bx\r\n--B--", "\r\n--B--epilogue"] {
            let bytes = Array(text.utf8)
            for chunks in [[], [1], [2, 3]] {
                #expect(
                    try MultipartParser.parse(bytes, boundary: "B", chunkSizes: chunks).isEmpty,
                    "\(text.debugDescription)")
            }
        }
    }

    @Test func headerErrors() {
        let noColon = failure("--B\r\nContent-Disposition form-data\r\n\r\nv\r\n--B--")
        #expect(noColon?.kind == .multipartHeaderWithoutColon && noColon?.offset == 5)
        let badName = failure("--B\r\nBad Name: x\r\n\r\nv\r\n--B--")
        #expect(badName?.kind == .multipartBadHeaderName && badName?.offset == 8)
        let emptyName = failure("--B\r\n: x\r\n\r\nv\r\n--B--")
        #expect(emptyName?.kind == .multipartBadHeaderName && emptyName?.offset == 5)
        let nonASCII = failure("--B\r\nContent-Disposition: form-data; name=\"é\"\r\n\r\nv\r\n--B--")
        #expect(nonASCII?.kind == .multipartNonASCIIHeader && nonASCII?.offset == 43)
        let bareLF = failure("--B\r\nX: a\nb\r\n\r\nv\r\n--B--")
        #expect(bareLF?.kind == .multipartBareLineBreak && bareLF?.offset == 9)
        let bareCR = failure("--B\r\nX: a\rb\r\n\r\nv\r\n--B--")
        #expect(bareCR?.kind == .multipartBareLineBreak && bareCR?.offset == 9)
        let control = failure("--B\r\nX: a\u{0}b\r\n\r\nv\r\n--B--")
        #expect(control?.kind == .multipartHeaderControlCharacter && control?.offset == 9)
        let noCD = failure("--B\r\nContent-Type: text/plain\r\n\r\nv\r\n--B--")
        #expect(noCD?.kind == .multipartMissingContentDisposition && noCD?.offset == 5)
        let notFormData = failure("--B\r\nContent-Disposition: attachment; name=\"a\"\r\n\r\nv\r\n--B--")
        #expect(notFormData?.kind == .multipartNotFormData && notFormData?.offset == 26)
        let noName = failure("--B\r\nContent-Disposition: form-data; filename=\"a\"\r\n\r\nv\r\n--B--")
        #expect(noName?.kind == .multipartMissingName && noName?.offset == 26)
        let unterminated = failure("--B\r\nContent-Disposition: form-data; name=\"a\r\n\r\nv\r\n--B--")
        #expect(unterminated?.kind == .multipartBadContentDisposition && unterminated?.offset == 44)
        // UTF-8 headers are accepted only when asked for.
        var o = MultipartParserOptions()
        o.allowUTF8Headers = true
        #expect(failure("--B\r\nContent-Disposition: form-data; name=\"é\"\r\n\r\nv\r\n--B--", options: o) == nil)
        // A no-break space (C2 A0) as the separator is a malformed Content-Disposition, pointed at.
        let nbsp = failure("--B\r\nContent-Disposition: form-data;\u{A0}name=\"a\"\r\n\r\nv\r\n--B--", options: o)
        #expect(nbsp?.kind == .multipartBadContentDisposition && nbsp?.offset == 36)
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

    // MARK: Chunked feeding and sticky failure (SPEC §5.7)

    /// Any chunking gives the same parts, also with sizes that do not divide the input; a chunk size
    /// below 1 is an `invalidOption` naming `chunkSize`, wherever it comes in the cycle.
    @Test func parserChunkSizesMustBePositive() throws {
        // 5 + 42 + 2 + 3 + 9 = 61 bytes (boundary B: `--B\r\n` 5, close `\r\n--B--\r\n` 9).
        let body = Array("--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nxyz\r\n--B--\r\n".utf8)
        #expect(body.count == 61)
        let expected = [
            MultipartParsedPart(
                headers: [MultipartHeader("Content-Disposition", "form-data; name=\"a\"")],
                name: "a", filename: nil, contentType: nil, body: Array("xyz".utf8))
        ]
        // Any chunking gives the same parts (SPEC §5.7); 7 and 4 do not divide 61.
        #expect(try MultipartParser.parse(body, boundary: "B", chunkSizes: [7]) == expected)
        #expect(try MultipartParser.parse(body, boundary: "B", chunkSizes: [4, 1]) == expected)
        // A chunk size below 1 is an invalid option wherever it comes in the cycle.
        let zeroFirst = MP.error { () throws(AFSError) in
            try MultipartParser.parse(body, boundary: "B", chunkSizes: [0, 4])
        }
        #expect(zeroFirst?.kind == .invalidOption)
        #expect(zeroFirst?.context["chunkSize"] == "0")
        let zeroSecond = MP.error { () throws(AFSError) in
            try MultipartParser.parse(body, boundary: "B", chunkSizes: [4, 0])
        }
        #expect(zeroSecond?.kind == .invalidOption)
        let negative = MP.error { () throws(AFSError) in
            try MultipartParser.parse(body, boundary: "B", chunkSizes: [-1])
        }
        #expect(negative?.kind == .invalidOption)
        #expect(negative?.context["chunkSize"] == "-1")
    }

    /// Every chunk size of the cycle is checked, not only the first: [1, 0] reaches the 0 on the
    /// second chunk.
    @Test func everyChunkSizeIsChecked() {
        #expect(throws: AFSError.self) {
            try MultipartParser.parse(Array("--B--".utf8), boundary: "B", chunkSizes: [1, 0])
        }
        do {
            _ = try MultipartParser.parse(Array("--B--".utf8), boundary: "B", chunkSizes: [1, 0])
        } catch {
            #expect(error.kind == .invalidOption && error.context["chunkSize"] == "0")
        }
        #expect((try? MultipartParser.parse(Array("--B--".utf8), boundary: "B", chunkSizes: [1, 2])) != nil)
    }

    /// A failed parser does not resume: more input and finish() report the first error again.
    @Test func parserRepeatsItsFirstErrorAfterAFailure() throws {
        var parser = try MultipartParser(boundary: "B")
        // The header line starting at byte 5 (after `--B\r\n`) has no colon (SPEC §5.7 error kinds).
        let first = MP.error { () throws(AFSError) in try parser.feed(Array("--B\r\nNoColon\r\n".utf8)) }
        #expect(first?.kind == .multipartHeaderWithoutColon)
        #expect(first?.offset == 5)
        // A failed parser does not resume: more input and finish() report the same error.
        let again = MP.error { () throws(AFSError) in try parser.feed(Array("\r\n\r\nv\r\n--B--\r\n".utf8)) }
        #expect(again != nil && again == first)
        let atFinish = MP.error { () throws(AFSError) in try parser.finish() }
        #expect(atFinish != nil && atFinish == first)
    }

    /// With a small total-size limit, the first error in the input wins for any chunking, the whole
    /// body in one chunk included: SPEC §5.7, the outcome must not depend on the chunking. Here the
    /// control byte in a header at offset 49 comes before the limit
    /// (Corpus/multipart-parser/regressions/limit-error-depends-on-chunking replays such a body).
    @Test func errorBeforeTheSizeLimitWinsForAnyChunking() throws {
        let head = Array("--b\r\nContent-Disposition: form-data; name=\"a\"\r\nX: \u{1C}\r\n\r\n".utf8)
        let body = head + [UInt8](repeating: 0x61, count: 200)
        var limits = Limits.default
        limits.maxMultipartBytes = 100
        let options = MultipartParserOptions(limits: limits)
        for chunks in [[], [1], [7, 3], [100], [101]] {
            #expect(throws: AFSError.self) {
                try MultipartParser.parse(body, boundary: "b", options: options, chunkSizes: chunks)
            }
            do {
                _ = try MultipartParser.parse(body, boundary: "b", options: options, chunkSizes: chunks)
            } catch {
                #expect(
                    error.kind == .multipartHeaderControlCharacter && error.offset == head.count - 5,
                    "chunks \(chunks): \(error)")
            }
        }
    }
}
