import CPercentEscape

/// Percent-escaping of query components (SPEC §1).
///
/// Escaping is a pure function of each Unicode scalar's UTF-8 bytes, so the fast path escapes the
/// whole string in one pass; AF's 50-unit batching (§1.4) cannot change the output once batches
/// never split a `Character`. ``escapeInBatches(_:style:batchSize:)`` really escapes batch by batch
/// (and reports the ranges) so tests can prove that claim instead of assuming it.
public enum PercentEscape {
    /// AF's batch size in UTF-16 code units (SPEC §1.4).
    public static let defaultBatchSize = 50

    /// Escapes `string` (SPEC §1.2). Never fails: a Swift `String` is always valid Unicode.
    public static func escape(_ string: String, style: EscapeStyle = .afnetworking) -> String {
        var s = string
        return s.withUTF8 { escape(utf8: $0, style: style) }
    }

    /// Escapes `input` (UTF-8 bytes; not validated) into `output`, which must hold
    /// `3 * input.count + 3` bytes, and returns how many it wrote: the zero-copy form for callers
    /// that own their buffer (a query encoder, a benchmark against a C loop writing into the same).
    public static func escape(
        utf8 input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>,
        style: EscapeStyle = .afnetworking
    ) -> Int {
        write(input, into: output, table: EscapeTables.encoded(style))
    }

    /// Escapes already-validated UTF-8 into a `String` of the exact size: the kernel counts the
    /// escapes first (one classification pass), so the result is allocated once, with no 3×
    /// worst case to fault in and no shrinking copy (memory stays proportional to the output, SPEC
    /// §8). Short inputs and CPUs without the vector path take the scalar loop and a 3n + 3 buffer.
    static func escape(utf8 input: UnsafeBufferPointer<UInt8>, style: EscapeStyle) -> String {
        let table = EscapeTables.encoded(style)
        guard input.count >= 32, afs_percent_escape_vectorized() == 1, let src = input.baseAddress else {
            let worst = input.count * 3 + 3
            let result = String(unsafeUninitializedCapacity: worst) { writeScalar(input, into: $0, table: table) }
            guard input.count > 1 << 16, result.utf8.count < worst / 2 else { return result }
            // A big, mostly unescaped result does not keep 3× its size allocated.
            var copy = result
            return copy.withUTF8 { bytes in
                String(unsafeUninitializedCapacity: bytes.count) { out in
                    _ = out.initialize(fromContentsOf: bytes)
                    return bytes.count
                }
            }
        }
        let plus: Int32 = style == .whatwgForm ? 1 : 0
        return EscapeTables.lowNibbles(style).withUnsafeBufferPointer { nibbles in
            let low = nibbles.baseAddress
            let size = afs_percent_escape_size(src, input.count, low, plus)
            // + 32: the kernel's vector stores end at most 32 bytes past the output written so far.
            return String(unsafeUninitializedCapacity: size + 32) { out in
                let written = afs_percent_escape(src, input.count, out.baseAddress, table.baseAddress, low, plus)
                precondition(written == size, "escape size \(written) differs from the count \(size)")
                return written
            }
        }
    }

    /// Escapes `input` into `out` (3·n + 3 bytes): 32 bytes or more go to the SIMD kernel
    /// (`Sources/CPercentEscape`: runs that need no escaping copied in bulk, dense blocks expanded by
    /// byte shuffles), shorter inputs and CPUs without AVX2 to ``writeScalar(_:into:table:)``, the
    /// reference. Both give the same bytes (PercentEscapeSIMDTests checks it).
    @inline(__always)
    static func write(
        _ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
        table: UnsafeBufferPointer<UInt32>
    ) -> Int {
        guard input.count >= 32, let src = input.baseAddress, let dst = out.baseAddress else {
            return writeScalar(input, into: out, table: table)
        }
        // Checked in every build: the kernel's stores rely on it exactly as the scalar loop's do.
        precondition(out.count >= input.count &* 3 &+ 3, "escape buffer too small: 3·n + 3 bytes needed")
        let style = EscapeTables.style(of: table)
        return EscapeTables.lowNibbles(style).withUnsafeBufferPointer {
            afs_percent_escape(src, input.count, dst, table.baseAddress, $0.baseAddress, style == .whatwgForm ? 1 : 0)
        }
    }

    /// The scalar loop and the reference, branch-free: each table entry holds the (1 or 3) output
    /// bytes in its low bytes and their count in the top byte; the whole 4-byte entry is stored and
    /// the cursor advances by the count, so later stores overwrite the spare bytes. `out` needs 3
    /// bytes of slack.
    @inline(__always)
    static func writeScalar(
        _ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
        table: UnsafeBufferPointer<UInt32>
    ) -> Int {
        guard let src = input.baseAddress, let dst = UnsafeMutableRawPointer(out.baseAddress) else { return 0 }
        let n = input.count
        // The last store writes 4 bytes at an offset of at most 3·(n − 1) + 2. Checked in every build
        // (the core is -O even in debug, so `assert` would vanish): one comparison per call, and a
        // caller that forgot the slack traps here instead of writing past the buffer.
        precondition(out.count >= n &* 3 &+ 3, "escape buffer too small: 3·n + 3 bytes needed")
        var i = 0
        var o = 0
        // Unrolled by four: the entries are independent loads, only `o` chains.
        while i &+ 4 <= n {
            let e0 = table[Int(src[i])], e1 = table[Int(src[i &+ 1])]
            let e2 = table[Int(src[i &+ 2])], e3 = table[Int(src[i &+ 3])]
            dst.storeBytes(of: e0.littleEndian, toByteOffset: o, as: UInt32.self)
            o &+= Int(e0 >> 24)
            dst.storeBytes(of: e1.littleEndian, toByteOffset: o, as: UInt32.self)
            o &+= Int(e1 >> 24)
            dst.storeBytes(of: e2.littleEndian, toByteOffset: o, as: UInt32.self)
            o &+= Int(e2 >> 24)
            dst.storeBytes(of: e3.littleEndian, toByteOffset: o, as: UInt32.self)
            o &+= Int(e3 >> 24)
            i &+= 4
        }
        while i < n {
            let e = table[Int(src[i])]
            dst.storeBytes(of: e.littleEndian, toByteOffset: o, as: UInt32.self)
            o &+= Int(e >> 24)
            i &+= 1
        }
        return o
    }

    /// Escapes `string` the way AF does — batch by batch — and returns the batch ranges used,
    /// in UTF-16 units (SPEC §1.4). The text equals ``escape(_:style:)`` for every batch size ≥ 1.
    public static func escapeInBatches(
        _ string: String, style: EscapeStyle = .afnetworking, batchSize: Int = defaultBatchSize
    ) throws(AFSError) -> (text: String, batches: [Range<Int>]) {
        var sink = EscapeSink(capacity: string.utf8.count + 16)
        var ranges: [Range<Int>] = []
        try forEachBatch(of: string, batchSize: batchSize) { utf16Range, indices in
            ranges.append(utf16Range)
            var piece = string[indices]
            piece.withUTF8 { sink.appendEscaped($0, style: style) }
        }
        return (sink.string(), ranges)
    }

    /// AF's batch ranges in UTF-16 units: windows of `batchSize` units, each widened to end on a
    /// `Character` boundary; the next starts where the previous ended (SPEC §1.4).
    public static func batches(of string: String, batchSize: Int = defaultBatchSize) throws(AFSError) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        try forEachBatch(of: string, batchSize: batchSize) { r, _ in ranges.append(r) }
        return ranges
    }

    /// Walks `string` once, streaming: memory is O(1) besides what `body` keeps.
    ///
    /// AF asks `rangeOfComposedCharacterSequencesForRange:` to widen `[start, start + batchSize)`;
    /// since `start` is always on a boundary, only the end moves, to the first `Character`
    /// boundary at or after `start + batchSize` (or the end of the string).
    /// **Decision** (SPEC §1.4): "composed character sequence" is Swift's `Character` (extended
    /// grapheme cluster), which is what the SPEC guarantee is stated in. Evidence: on the kinds the
    /// SPEC names (surrogate pairs, emoji with modifiers/ZWJ, combining marks, flags) Linux
    /// Foundation's composed sequences equal `Character`s and our ranges equal AF's loop on it;
    /// elsewhere (CR LF, Prepend, virama, Thai SARA AM, controls + marks) they differ, and
    /// Foundation can even move a batch start backwards (see PercentEscapingPropertyTests).
    static func forEachBatch(
        of string: String, batchSize: Int, _ body: (Range<Int>, Range<String.Index>) -> Void
    ) throws(AFSError) {
        guard batchSize >= 1 else {
            throw AFSError(.invalidOption, "batch size must be at least 1", context: ["batchSize": String(batchSize)])
        }
        var start = 0, startIndex = string.startIndex
        var offset = 0
        var index = string.startIndex
        while index < string.endIndex {
            let next = string.index(after: index)  // one Character
            // UTF-16 length from the UTF-8 bytes: one unit per scalar, two for a 4-byte scalar.
            for b in string.utf8[index..<next] where b & 0xC0 != 0x80 { offset += b >= 0xF0 ? 2 : 1 }
            index = next
            if offset - start >= batchSize || index == string.endIndex {
                body(start..<offset, startIndex..<index)
                start = offset
                startIndex = index
            }
        }
    }

    /// Escapes raw UTF-16 code units, rejecting a lone surrogate (SPEC §1.5; AF crashes on it).
    public static func escape(utf16 units: [UInt16], style: EscapeStyle = .afnetworking) throws(AFSError) -> String {
        escape(try string(utf16: units), style: style)
    }

    /// Validates raw UTF-16 (no unpaired surrogate) and decodes it. The error's offset is the
    /// index of the offending code unit.
    public static func string(utf16 units: [UInt16]) throws(AFSError) -> String {
        var i = 0
        while i < units.count {
            let u = units[i]
            if UTF16.isLeadSurrogate(u) {
                guard i + 1 < units.count, UTF16.isTrailSurrogate(units[i + 1]) else {
                    throw AFSError(
                        .unpairedSurrogate, "unpaired high surrogate", offset: i, context: ["codeUnit": hex4(u)])
                }
                i += 2
            } else if UTF16.isTrailSurrogate(u) {
                throw AFSError(.unpairedSurrogate, "unpaired low surrogate", offset: i, context: ["codeUnit": hex4(u)])
            } else {
                i += 1
            }
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Escapes raw bytes that must be UTF-8 (SPEC §1.5).
    public static func escape(bytes: [UInt8], style: EscapeStyle = .afnetworking) throws(AFSError) -> String {
        try validateUTF8(bytes)
        return bytes.withUnsafeBufferPointer { escape(utf8: $0, style: style) }
    }

    /// Validates raw bytes as UTF-8 and decodes them. The error's offset is a byte offset.
    public static func string(bytes: [UInt8]) throws(AFSError) -> String {
        try validateUTF8(bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func validateUTF8(_ bytes: [UInt8]) throws(AFSError) {
        if let bad = UTF8Validation.firstInvalidOffset(bytes) {
            throw AFSError(.invalidUTF8, "invalid UTF-8", offset: bad, context: ["byte": hex2(bytes[bad])])
        }
    }

    private static func hex4(_ u: UInt16) -> String {
        let s = String(u, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - s.count) + s
    }
    private static func hex2(_ b: UInt8) -> String {
        let s = String(b, radix: 16, uppercase: true)
        return "0x" + (s.count == 1 ? "0" : "") + s
    }
}
