import CPercentEscape
import Testing
@testable import AFSerialization

/// The SIMD kernel (Sources/CPercentEscape) against the core's scalar reference loop for SPEC
/// §1.1–1.3, which it must equal byte for byte: random and adversarial inputs, every style, every
/// length around the 32-byte blocks, runs that end at every position of a block. ASan builds
/// (scripts/fuzz) also catch any read past the input; the percent-escape fuzz target compares every
/// input with an independent oracle.
@Suite(.serialized) struct PercentEscapeSIMDTests {
    static func both(_ bytes: [UInt8], _ style: EscapeStyle) -> (simd: [UInt8], scalar: [UInt8]) {
        let table = EscapeTables.encoded(style)
        func run(
            _ f: (UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<UInt8>, UnsafeBufferPointer<UInt32>) -> Int
        ) -> [UInt8] {
            var out = [UInt8](repeating: 0xEE, count: bytes.count * 3 + 3)
            let n = bytes.withUnsafeBufferPointer { input in out.withUnsafeMutableBufferPointer { f(input, $0, table) }
            }
            return Array(out[..<n])
        }
        return (run(PercentEscape.write), run(PercentEscape.writeScalar))
    }

    static func check(_ bytes: [UInt8], _ note: @autoclosure () -> String) {
        for style in EscapeStyle.allCases {
            let (simd, scalar) = both(bytes, style)
            let first = Array(zip(simd, scalar)).firstIndex { $0.0 != $0.1 } ?? min(simd.count, scalar.count)
            #expect(simd == scalar, "\(style) \(note()): first difference at \(first)")
            // The counting pass that sizes escape()'s String agrees with what is written.
            let counted = bytes.withUnsafeBufferPointer { b in
                EscapeTables.lowNibbles(style).withUnsafeBufferPointer { low in
                    afs_percent_escape_size(b.baseAddress, b.count, low.baseAddress, style == .whatwgForm ? 1 : 0)
                }
            }
            #expect(counted == scalar.count, "\(style) \(note()): counted \(counted), written \(scalar.count)")
            // And escape() itself, into its exact-size String (only for UTF-8 input: it takes a String).
            if let text = String(validating: bytes, as: UTF8.self) {
                #expect(Array(PercentEscape.escape(text, style: style).utf8) == scalar, "\(style) \(note()): escape()")
            }
        }
    }

    @Test func theKernelIsInUseOnThisMachine() {
        // A CPU without AVX2 would test the scalar loop against itself: say so instead.
        #expect(afs_percent_escape_vectorized() == 1, "no AVX2 here: the SIMD path is not exercised")
    }

    @Test func everyLengthAroundTheBlocks() {
        var rng = SplitMix64(seed: 26)
        let alphabets: [[UInt8]] = [
            Array("abcdefghijklmnopqrstuvwxyz0123456789-._~/?".utf8),  // never escaped (af)
            Array(" !\"#$%&'()*+,:;<=>@[\\]^`{|}".utf8),  // always escaped
            Array("ab cd=ef&gh/~*".utf8),  // mixed, with space and *
            Array("中文 é 👴🏻".utf8), Array(0...255),
        ]
        for alphabet in alphabets {
            for n in 0...200 {
                let bytes = (0..<n).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
                Self.check(bytes, "n=\(n) alphabet \(alphabet.prefix(4))")
            }
        }
    }

    @Test func runsEndingAtEveryPosition() {
        // A raw run of length k then one escaped byte, repeated: the sparse path's run copy and
        // restart at every offset inside a block; and the reverse (dense then raw).
        for k in 0..<70 {
            for escaped in [UInt8(ascii: " "), UInt8(ascii: "&"), 0xE4, UInt8(ascii: "+")] {
                let unit = [UInt8](repeating: UInt8(ascii: "a"), count: k) + [escaped]
                Self.check(Array(repeatElement(unit, count: 9).joined()), "run \(k) + \(escaped)")
                let dense = [UInt8](repeating: escaped, count: k) + [UInt8(ascii: "z")]
                Self.check(Array(repeatElement(dense, count: 9).joined()), "dense \(k) + z")
            }
        }
    }

    @Test func adversarialPatterns() {
        Self.check([UInt8](repeating: 0xFF, count: 4096), "all escaped")
        Self.check([UInt8](repeating: UInt8(ascii: "x"), count: 4096), "none escaped")
        Self.check([UInt8](repeating: 0x20, count: 4096), "all spaces")
        Self.check((0..<4096).map { $0 % 2 == 0 ? 0x41 : 0x20 }, "alternating")
        Self.check((0..<4096).map { UInt8(truncatingIfNeeded: $0) }, "every byte value")
        var rng = SplitMix64(seed: 2026)
        for trial in 0..<300 {
            let n = Int(rng.next() % 5000)
            let density = rng.next() % 101
            let bytes = (0..<n).map { _ in
                rng.next() % 100 < density ? UInt8(truncatingIfNeeded: rng.next() | 0x80) : UInt8(ascii: "k")
            }
            Self.check(bytes, "random trial \(trial) density \(density)%")
        }
    }

    /// Through the public API with the kernel switched off and on: the same strings.
    @Test func publicAPIGivesTheSameStringsWithAndWithoutTheKernel() {
        let text = String(repeating: "path/to/file name?x=1&y=中文👴🏻 ~*", count: 40)
        var results: [String] = []
        for allow: Int32 in [0, 1] {
            afs_percent_escape_allow_vector(allow)
            results.append(EscapeStyle.allCases.map { PercentEscape.escape(text, style: $0) }.joined(separator: "|"))
        }
        afs_percent_escape_allow_vector(1)
        #expect(results[0] == results[1])
    }

    /// The scalar path's shrinking copy: a result from more than 64 KiB of input that is under half
    /// its 3n + 3 worst case is copied into a string of its own size. On an AVX2 machine only the
    /// switched-off kernel reaches it. Expected text from SPEC §1.1: unreserved bytes stay, a space
    /// is `%20` (`+` for whatwgForm).
    @Test func bigMostlyUnescapedResultOnTheScalarPathIsCopiedIntact() {
        let words = String(repeating: "abcdefghij", count: 7_000)  // 70,000 bytes, none escaped
        let text = words + " " + words
        afs_percent_escape_allow_vector(0)
        let rfc = PercentEscape.escape(text, style: .rfc3986Unreserved)
        let form = PercentEscape.escape(text, style: .whatwgForm)
        afs_percent_escape_allow_vector(1)
        #expect(rfc == words + "%20" + words)
        #expect(form == words + "+" + words)
        #expect(rfc.utf8.count == 140_003)
    }
}
