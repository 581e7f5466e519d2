import CZlib

/// zlib one-shot calls, the oracle for the content-decode and image targets (SPEC §6.5, §7).
enum ZlibOracle {
    /// windowBits: 15 zlib (RFC 1950), -15 raw deflate (RFC 1951), 31 gzip (RFC 1952).
    static func compress(_ input: [UInt8], windowBits: Int32, level: Int32 = 6) -> [UInt8] {
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return [] }
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

    struct Inflated {
        var output: [UInt8]
        /// Z_STREAM_END reached.
        var complete: Bool
        /// Input bytes left after the end of the stream.
        var trailing: Int
        /// Output reached `cap` before the end.
        var capped: Bool
    }

    /// Inflates one stream, producing at most `cap` bytes.
    static func inflateOnce(_ input: [UInt8], windowBits: Int32, cap: Int) -> Inflated {
        var stream = z_stream()
        guard inflateInit2_(&stream, windowBits, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return Inflated(output: [], complete: false, trailing: input.count, capped: false)
        }
        defer { inflateEnd(&stream) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var input = input
        var rc: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inp in
            stream.next_in = inp.baseAddress
            stream.avail_in = uInt(inp.count)
            while rc == Z_OK && out.count <= cap {
                let n: Int = chunk.withUnsafeMutableBufferPointer { c in
                    stream.next_out = c.baseAddress
                    stream.avail_out = uInt(c.count)
                    rc = inflate(&stream, Z_NO_FLUSH)
                    return c.count - Int(stream.avail_out)
                }
                out.append(contentsOf: chunk[..<n])
                if rc == Z_BUF_ERROR && n == 0 { break }
                if rc == Z_BUF_ERROR { rc = Z_OK }
            }
        }
        return Inflated(output: out, complete: rc == Z_STREAM_END, trailing: Int(stream.avail_in), capped: out.count > cap)
    }

    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
    }
}
