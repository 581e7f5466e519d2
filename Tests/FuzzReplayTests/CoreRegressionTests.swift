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
                #expect(error.kind == .multipartNonASCIIHeader && error.offset == head.count - 5, "chunks \(chunks): \(error)")
            }
        }
    }
}
