import AFSerialization
import CZlib
import Foundation

/// SPEC §7: gzip-decode 64 MiB with the streaming `ContentDecoder` against zlib's one-shot
/// inflate into a preallocated buffer of the known size (the floor any zlib user pays), in the
/// same run. Target ≥ 90 % of the baseline's throughput.
let decodeBenchmarks: [Benchmark] = [
    Benchmark(name: "gzip-decode") {
        let size = 64 << 20
        let payload = makeJSONDocument(targetBytes: size).prefix(size)
        let gz = gzipCompress(Array(payload))
        print("  payload \(payload.count) bytes, gzip \(gz.count) bytes")
        precondition(
            try! ContentDecoder.decode(gz, contentEncoding: "gzip", maxDecodedSize: size) == Array(payload),
            "round trip")

        let baseline = measure { zlibOneShotGunzip(gz, size: size) }
        report("zlib one-shot inflate (preallocated)", bytes: size, seconds: baseline)
        let core = measure { try! ContentDecoder.decode(gz, contentEncoding: "gzip", maxDecodedSize: size) }
        report("ContentDecoder.decode (one-shot, limits)", bytes: size, seconds: core, baseline: baseline)
        print(String(format: "  → %.1f %% of zlib one-shot throughput", baseline / core * 100))
        // The streaming API fed 64 KiB network-sized chunks, output collected by the caller.
        let streaming = measure { () -> Int in
            let d = try! ContentDecoder(contentEncoding: "gzip", maxDecodedSize: size)
            var total = 0
            var i = 0
            while i < gz.count {
                let n = min(65536, gz.count - i)
                total += try! d.write(Array(gz[i..<(i + n)])).count
                i += n
            }
            return total + (try! d.finish()).count
        }
        report("ContentDecoder write/finish, 64 KiB chunks", bytes: size, seconds: streaming, baseline: baseline)
    }
]

func gzipCompress(_ input: [UInt8]) -> [UInt8] {
    var s = z_stream()
    deflateInit2_(&s, 6, Z_DEFLATED, 16 + 15, 8, Z_DEFAULT_STRATEGY, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    var out = [UInt8](repeating: 0, count: Int(deflateBound(&s, UInt(input.count))))
    var input = input
    let produced = input.withUnsafeMutableBufferPointer { inp in
        out.withUnsafeMutableBufferPointer { o -> Int in
            setBuffers(&s, inp, o)
            let rc = deflate(&s, Z_FINISH)
            precondition(rc == Z_STREAM_END)
            return o.count - Int(s.avail_out)
        }
    }
    deflateEnd(&s)
    return Array(out.prefix(produced))
}

/// zlib's own one-shot path (what `uncompress` does, with gzip framing): one `inflate` call
/// with the whole input and an output buffer of the exact size, never zero-filled.
func zlibOneShotGunzip(_ gz: [UInt8], size: Int) -> [UInt8] {
    var s = z_stream()
    inflateInit2_(&s, 16 + 15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    var input = gz
    // Uninitialized storage, as the fastest possible caller would use (no zero-fill).
    let out = input.withUnsafeMutableBufferPointer { inp in
        [UInt8](unsafeUninitializedCapacity: size) { o, count in
            setBuffers(&s, inp, o)
            let rc = inflate(&s, Z_FINISH)
            precondition(rc == Z_STREAM_END)
            count = size
        }
    }
    inflateEnd(&s)
    return out
}

/// Points a zlib stream at a whole input and output buffer.
func setBuffers(
    _ s: inout z_stream, _ input: UnsafeMutableBufferPointer<UInt8>, _ output: UnsafeMutableBufferPointer<UInt8>
) {
    s.next_in = input.baseAddress
    s.avail_in = UInt32(input.count)
    s.next_out = output.baseAddress
    s.avail_out = UInt32(output.count)
}
