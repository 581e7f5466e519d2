/// Values on the helper processes' wire, counted with ``ForkedChild/Frame``'s 4-byte little-endian
/// lengths: what ``PlistReply`` and ``TreeWire`` write and read.
enum WireBytes {
    /// A length, then the bytes.
    static func append(chunk: some Collection<UInt8>, to out: inout [UInt8]) {
        ForkedChild.Frame.append(length: chunk.count, to: &out)
        out += chunk
    }

    /// 8 bytes, little-endian.
    static func append(word: UInt64, to out: inout [UInt8]) {
        for i in 0..<8 { out.append(UInt8(truncatingIfNeeded: word >> (8 * i))) }
    }

    /// Reads from the front; every read is nil past the end.
    struct Reader {
        let bytes: [UInt8]
        private(set) var offset = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var left: Int { bytes.count - offset }

        mutating func byte() -> UInt8? {
            guard left >= 1 else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func count() -> Int? {
            guard left >= 4 else { return nil }
            defer { offset += 4 }
            return ForkedChild.Frame.length(in: bytes, at: offset)
        }

        /// 8 bytes, little-endian.
        mutating func word() -> UInt64? {
            guard left >= 8 else { return nil }
            defer { offset += 8 }
            return (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
        }

        /// What ``WireBytes/append(chunk:to:)`` wrote.
        mutating func chunk() -> [UInt8]? {
            guard let n = count(), n <= left else { return nil }
            defer { offset += n }
            return Array(bytes[offset..<offset + n])
        }

        /// A chunk of UTF-8.
        mutating func text() -> String? {
            chunk().flatMap { String(validating: $0, as: UTF8.self) }
        }
    }
}
