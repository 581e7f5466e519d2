import CZlib

/// zlib one-shot calls, the oracle for the content-decode and image targets (SPEC §6.5, §7).
enum ZlibOracle {
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
        return Inflated(
            output: out, complete: rc == Z_STREAM_END, trailing: Int(stream.avail_in), capped: out.count > cap)
    }
}
