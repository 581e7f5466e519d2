import CZlib

/// zlib one-shot compression and CRC-32, which the image and content-decode inputs use to build
/// their bodies (a different zlib may compress differently; decoding gives the payload back).
package enum ZlibEncoding {
    /// windowBits: 15 zlib (RFC 1950), -15 raw deflate (RFC 1951), 31 gzip (RFC 1952).
    package static func compress(_ input: [UInt8], windowBits: Int32, level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return [] }
        defer { deflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
        var input = input
        let produced: Int = input.withUnsafeMutableBufferPointer { inp in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = inp.baseAddress
                stream.avail_in = uInt(inp.count)
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(o.count)
                _ = deflate(&stream, Z_FINISH)
                return o.count - Int(stream.avail_out)
            }
        }
        return Array(out[..<produced])
    }

    package static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}
