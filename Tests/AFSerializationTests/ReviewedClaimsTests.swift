import Testing
@testable import AFSerialization

/// Issue 25: three mutants the reviewed list called equivalent, and a reviewer showed are not. Each
/// test fails on its mutant (planted and watched; see the commit); the process-level one (fd 0)
/// is in AFConformanceTests/StdinClosedTests.swift.
@Suite struct ReviewedClaimsTests {
    /// `CFormat.double`'s buffer: `%0.2f` of 1e60 is 63 characters and of 1e61 64; a 63-byte
    /// bound put a NUL in place of the last digit, a fixed 64-byte buffer cut 1e61 short. Expected
    /// texts from Python's `'%0.2f' % x` (C printf).
    @Test func longFormatsAreNeverCut() {
        let ua = { (scale: Double) in UserAgent.afStyle(executable: "App", version: "1", model: "iPhone", systemVersion: "17.0", scale: scale) }
        #expect(ua(1e60) == "App/1 (iPhone; iOS 17.0; Scale/999999999999999949387135297074018866963645011013410073083904.00)")
        #expect(ua(1e61) == "App/1 (iPhone; iOS 17.0; Scale/9999999999999999493871352970740188669636450110134100730839040.00)")
        #expect(ua(2) == "App/1 (iPhone; iOS 17.0; Scale/2.00)")
        #expect(CFormat.double("%.17g", 0.1) == "0.10000000000000001")
    }

    /// Every chunk size is checked, not only the first: [1, 0] reaches the 0 on the second chunk.
    @Test func everyChunkSizeIsChecked() {
        #expect(throws: AFSError.self) { try MultipartParser.parse(Array("--B--".utf8), boundary: "B", chunkSizes: [1, 0]) }
        do {
            _ = try MultipartParser.parse(Array("--B--".utf8), boundary: "B", chunkSizes: [1, 0])
        } catch {
            #expect(error.kind == .invalidOption && error.context["chunkSize"] == "0")
        }
        #expect((try? MultipartParser.parse(Array("--B--".utf8), boundary: "B", chunkSizes: [1, 2])) != nil)
    }
}
