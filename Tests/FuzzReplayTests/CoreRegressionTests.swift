import AFSerialization
import Testing

/// Core bugs the fuzzers found, pinned as plain tests (their reproducers also live in
/// `Corpus/<target>/regressions/`).
@Suite struct CoreRegressionTests {
    /// multipart-parser: with a small total-size limit, the whole body in one chunk reported
    /// `limitExceeded` (checked before parsing) while small chunks reached the bad header byte
    /// first. SPEC §5.7: the outcome must not depend on the chunking; the first error in the
    /// input (here the control byte in a header at offset 49) wins.
    @Test func errorBeforeTheSizeLimitWinsForAnyChunking() throws {
        let head = Array("--b\r\nContent-Disposition: form-data; name=\"a\"\r\nX: \u{1C}\r\n\r\n".utf8)
        let body = head + [UInt8](repeating: 0x61, count: 200)
        var limits = Limits.default
        limits.maxMultipartBytes = 100
        let options = MultipartParserOptions(limits: limits)
        for chunks in [[], [1], [7, 3], [100], [101]] {
            #expect(throws: AFSError.self) { try MultipartParser.parse(body, boundary: "b", options: options, chunkSizes: chunks) }
            do {
                _ = try MultipartParser.parse(body, boundary: "b", options: options, chunkSizes: chunks)
            } catch {
                #expect(error.kind == .multipartHeaderControlCharacter && error.offset == head.count - 5, "chunks \(chunks): \(error)")
            }
        }
    }
}

/// json: in the Foundation dialect, errors in UTF-16/32 input (transcoded to UTF-8 before
/// parsing) and in input after a UTF-8 BOM carried offsets into the internal copy, which could lie
/// past the end of the caller's bytes. Offsets now count the caller's bytes.
@Suite struct JSONOffsetRegressionTests {
    func error(_ bytes: [UInt8]) -> AFSError? {
        var parser = JSONParser()
        parser.dialect = .foundation
        do { _ = try parser.parse(bytes); return nil } catch { return error }
    }

    @Test func utf16ErrorOffsetCountsInputBytes() {
        // `{"a` then U+0001 (a control character, not allowed in a string) in UTF-16LE: the bad
        // unit starts at byte 6 of the input (it is byte 3 of the UTF-8 copy).
        let input: [UInt8] = [0x7B, 0, 0x22, 0, 0x61, 0, 0x01, 0, 0x22, 0, 0x7D, 0]
        #expect(error(input)?.offset == 6)
    }

    @Test func utf16OffsetAfterNonASCIIStaysInsideInput() {
        // 40 × U+03CE (2 UTF-8 bytes, 2 UTF-16 bytes each) then a control character.
        var input: [UInt8] = [0x7B, 0, 0x22, 0]
        for _ in 0..<40 { input += [0xCE, 0x03] }
        input += [0x01, 0, 0x22, 0]
        #expect(error(input)?.offset == 4 + 80)
    }

    @Test func utf8BOMIsCounted() {
        // BOM, then `[x]`: the bad value is at byte 4 of the input.
        #expect(error([0xEF, 0xBB, 0xBF, 0x5B, 0x78, 0x5D])?.offset == 4)
    }
}

/// content-decode: with two layers and a small size limit, the whole body at once failed with the
/// outer layer's `limitExceeded` (it inflated everything before the inner layer saw a byte),
/// while small chunks let the inner gzip layer reject its bad header first. SPEC §7: chunking must
/// not change the outcome; the inner layer's error is earlier in the data, so it wins.
@Suite struct ContentDecodeRegressionTests {
    /// A raw deflate stream (RFC 1951 §3.2.4, one stored block) of 100 × "A": not gzip inside.
    static let body: [UInt8] = [0x01, 100, 0, 0x9B, 0xFF] + [UInt8](repeating: 0x41, count: 100)

    @Test(arguments: [0, 1, 3, 200])
    func innerLayerErrorWinsOverOuterLimit(chunk: Int) throws {
        let decoder = try ContentDecoder(contentEncoding: "gzip, deflate", maxDecodedSize: 16)
        var caught: AFSError? = nil
        do {
            var i = 0
            let size = chunk == 0 ? Self.body.count : chunk
            while i < Self.body.count {
                _ = try decoder.write(Array(Self.body[i..<min(i + size, Self.body.count)]))
                i += size
            }
            _ = try decoder.finish()
        } catch { caught = error }
        #expect(caught?.kind == .corruptContent, "chunk \(chunk): \(String(describing: caught))")
    }

    /// The limit still holds when the inner layer accepts what it gets.
    @Test func outerLimitStillReported() throws {
        #expect(throws: AFSError.self) { try ContentDecoder.decode(Self.body, contentEncoding: "deflate", maxDecodedSize: 16) }
        do { _ = try ContentDecoder.decode(Self.body, contentEncoding: "deflate", maxDecodedSize: 16) } catch {
            #expect(error.kind == .limitExceeded)
        }
    }
}
