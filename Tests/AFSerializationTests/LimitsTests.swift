import Testing
@testable import AFSerialization

/// The default limits (SPEC §8; README "The core, by SPEC section"), each with the text it comes from.
@Suite struct LimitsTests {
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
}
