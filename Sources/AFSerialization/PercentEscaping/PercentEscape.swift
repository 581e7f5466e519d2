/// Percent-escaping of query components (SPEC §1).
///
/// Escaping is a pure function of each Unicode scalar's UTF-8 bytes, so the fast path escapes the
/// whole string in one pass; AF's 50-unit batching (§1.4) cannot change the output once batches
/// never split a `Character`, and ``batches(of:batchSize:)`` computes the ranges AF would use.
public enum PercentEscape {
    /// AF's batch size in UTF-16 code units (SPEC §1.4).
    public static let defaultBatchSize = 50

    /// Escapes `string` (SPEC §1.2). Never fails: a Swift `String` is always valid Unicode.
    public static func escape(_ string: String, style: EscapeStyle = .afnetworking) -> String {
        var s = string
        return s.withUTF8 { escape(utf8: $0, style: style) }
    }

    /// Escapes already-validated UTF-8.
    static func escape(utf8 input: UnsafeBufferPointer<UInt8>, style: EscapeStyle) -> String {
        let table = style.allowed
        let hex: StaticString = "0123456789ABCDEF"
        let plusForSpace = style == .whatwgForm
        // Worst case every byte becomes three.
        return String(unsafeUninitializedCapacity: max(input.count * 3, 1)) { out in
            var o = 0
            hex.withUTF8Buffer { hex in
                table.withUnsafeBufferPointer { table in
                    for b in input {
                        if b < 0x80 && table[Int(b)] {
                            out[o] = b
                            o += 1
                        } else if plusForSpace && b == 0x20 {
                            out[o] = UInt8(ascii: "+")
                            o += 1
                        } else {
                            out[o] = UInt8(ascii: "%")
                            out[o + 1] = hex[Int(b >> 4)]
                            out[o + 2] = hex[Int(b & 0xF)]
                            o += 3
                        }
                    }
                }
            }
            return o
        }
    }

    /// Escapes `string` the way AF does — batch by batch — and returns the batch ranges used,
    /// in UTF-16 units (SPEC §1.4). The text equals ``escape(_:style:)`` for every batch size ≥ 1.
    public static func escapeInBatches(
        _ string: String, style: EscapeStyle = .afnetworking, batchSize: Int = defaultBatchSize
    ) throws(AFSError) -> (text: String, batches: [Range<Int>]) {
        let ranges = try batches(of: string, batchSize: batchSize)
        let units = Array(string.utf16)
        var text = ""
        for r in ranges {
            // Each batch is whole Characters, so decoding its UTF-16 slice cannot fail.
            let piece = String(decoding: units[r], as: UTF16.self)
            text += escape(piece, style: style)
        }
        return (text, ranges)
    }

    /// AF's batch ranges: windows of `batchSize` UTF-16 units, each widened to end on a
    /// `Character` boundary; the next starts where the previous ended.
    public static func batches(of string: String, batchSize: Int = defaultBatchSize) throws(AFSError) -> [Range<Int>] {
        guard batchSize >= 1 else {
            throw AFSError(.invalidOption, "batch size must be at least 1", context: ["batchSize": String(batchSize)])
        }
        var boundaries: [Int] = []  // UTF-16 offsets where each Character ends
        var offset = 0
        for ch in string {
            offset += ch.utf16.count
            boundaries.append(offset)
        }
        var result: [Range<Int>] = []
        var start = 0
        var k = 0
        while start < offset {
            let want = start + batchSize
            while boundaries[k] < want && boundaries[k] < offset { k += 1 }
            let end = boundaries[k]
            result.append(start..<end)
            start = end
        }
        return result
    }

    /// Escapes raw UTF-16 code units, rejecting a lone surrogate (SPEC §1.5; AF crashes on it).
    public static func escape(utf16 units: [UInt16], style: EscapeStyle = .afnetworking) throws(AFSError) -> String {
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
        return escape(String(decoding: units, as: UTF16.self), style: style)
    }

    /// Escapes raw bytes that must be UTF-8 (SPEC §1.5).
    public static func escape(bytes: [UInt8], style: EscapeStyle = .afnetworking) throws(AFSError) -> String {
        if let bad = UTF8Validation.firstInvalidOffset(bytes) {
            throw AFSError(.invalidUTF8, "invalid UTF-8", offset: bad, context: ["byte": hex2(bytes[bad])])
        }
        return bytes.withUnsafeBufferPointer { escape(utf8: $0, style: style) }
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
