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

    /// Escapes already-validated UTF-8. Two passes — measure, then write — so the result is
    /// allocated at its exact size (memory stays proportional to the output, SPEC §8).
    static func escape(utf8 input: UnsafeBufferPointer<UInt8>, style: EscapeStyle) -> String {
        let table = EscapeTables.encoded(style)
        var outCount = input.count
        for b in input { outCount &+= Int(table[Int(b)] >> 24) &- 1 }
        if outCount == input.count && style != .whatwgForm {
            // Nothing to escape: the input is the output. (Not for the form style, whose
            // space → `+` keeps the length but changes the byte.)
            return String(decoding: input, as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: outCount) { out in
            write(input, into: out, table: table)
        }
    }

    /// Appends the escaped form of `input` to `out` (the query-string encoder uses this to avoid
    /// an intermediate `String` per field and value).
    static func append(utf8 input: UnsafeBufferPointer<UInt8>, style: EscapeStyle, to out: inout [UInt8]) {
        let table = EscapeTables.encoded(style)
        var extra = 0
        for b in input { extra &+= Int(table[Int(b)] >> 24) &- 1 }
        let start = out.count
        let total = input.count + extra
        out.append(contentsOf: repeatElement(0, count: total))
        out.withUnsafeMutableBufferPointer { buf in
            _ = write(input, into: UnsafeMutableBufferPointer(rebasing: buf[start..<(start + total)]), table: table)
        }
    }

    /// Core loop: each table entry holds the (1 or 3) output bytes in its low bytes and their
    /// count in the top byte. Runs of unescaped bytes are copied without consulting the hex table.
    @inline(__always)
    private static func write(
        _ input: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
        table: UnsafeBufferPointer<UInt32>
    ) -> Int {
        guard let src = input.baseAddress, let dst = out.baseAddress else { return 0 }
        let n = input.count
        var i = 0
        var o = 0
        while i < n {
            let e = table[Int(src[i])]
            if e >> 24 == 1 {
                dst[o] = UInt8(truncatingIfNeeded: e)
                o &+= 1
            } else {
                dst[o] = UInt8(ascii: "%")
                dst[o &+ 1] = UInt8(truncatingIfNeeded: e >> 8)
                dst[o &+ 2] = UInt8(truncatingIfNeeded: e >> 16)
                o &+= 3
            }
            i &+= 1
        }
        return o
    }

    /// Escapes `string` the way AF does — batch by batch — and returns the batch ranges used,
    /// in UTF-16 units (SPEC §1.4). The text equals ``escape(_:style:)`` for every batch size ≥ 1.
    public static func escapeInBatches(
        _ string: String, style: EscapeStyle = .afnetworking, batchSize: Int = defaultBatchSize
    ) throws(AFSError) -> (text: String, batches: [Range<Int>]) {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        try forEachBatch(of: string, batchSize: batchSize) { utf16Range, indices in
            ranges.append(utf16Range)
            var piece = string[indices]
            piece.withUTF8 { append(utf8: $0, style: style, to: &bytes) }
        }
        return (String(decoding: bytes, as: UTF8.self), ranges)
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
    /// grapheme cluster), which is what the SPEC guarantee is stated in.
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
            offset += string.utf16.distance(from: index, to: next)
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
                    throw AFSError(.unpairedSurrogate, "unpaired high surrogate", offset: i, context: ["codeUnit": hex4(u)])
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
