import AFSerialization

/// SPEC §7 Content-Encoding decoding.
///
/// Header (5 bytes, frozen): `[0]` Content-Encoding: 0–7 one of ``encodings``, n ≥ 8 the first
/// n − 7 payload bytes (lossy UTF-8); `[1]`, `[2]`
/// chunk sizes − 1 (the input is fed in chunks alternating between the two); `[3]` bit 0: the
/// harness compresses the payload itself (else the payload is the encoded body), bit 1: raw
/// deflate instead of zlib format for `deflate` layers; bits 2–7 reserved; `[4]` decoded-size
/// limit: 0 = default, else value × 16 bytes.
///
/// Checks: one-shot and chunked streaming give identical output or the same error (kind,
/// offset, context); output never exceeds the limit; a body the harness compressed decodes to
/// the payload (or is a limit error exactly when some layer's output exceeds the limit); a raw
/// single-layer body that zlib's one-shot inflate decodes completely within the limit decodes to
/// the same bytes.
public enum ContentDecodeFuzz: FuzzBody {
    public static let name = "content-decode"
    static let encodings = ["gzip", "x-gzip", "deflate", "identity", "gzip, deflate", "deflate,gzip", "br", "GZIP , identity"]

    /// The decoded header and payload (shared with the snapshot renderer).
    struct Setup {
        let encoding: String
        let chunkA: Int, chunkB: Int
        let flags: UInt8
        let limit: Int
        let payload: [UInt8]
    }

    static func setUp(_ input: inout FuzzInput) -> Setup {
        let encodingByte = input.option()
        let chunkA = Int(input.option()) + 1, chunkB = Int(input.option()) + 1
        let flags = input.option()
        let limitByte = input.option()
        let encoding = encodingByte < 8 ? encodings[Int(encodingByte)] : String(decoding: input.take(Int(encodingByte) - 7), as: UTF8.self)
        let limit = limitByte == 0 ? Limits.default.maxDecodedSize : Int(limitByte) * 16
        return Setup(encoding: encoding, chunkA: chunkA, chunkB: chunkB, flags: flags, limit: limit, payload: Array(input.rest()))
    }

    /// The encoded body: the payload itself, or (flag bit 0) the payload compressed by zlib for
    /// each coding in order, with the size each inflating layer must give back.
    static func body(_ setup: Setup, _ codings: [ContentCoding]) -> (body: [UInt8], layerOutputs: [Int]) {
        var body = setup.payload
        var layerOutputs: [Int] = []
        guard setup.flags & 1 != 0 else { return (body, layerOutputs) }
        for c in codings {
            switch c {
            case .identity: continue
            case .gzip: layerOutputs.append(body.count); body = ZlibOracle.compress(body, windowBits: 31)
            case .deflate: layerOutputs.append(body.count); body = ZlibOracle.compress(body, windowBits: setup.flags & 2 != 0 ? -15 : 15)
            }
        }
        return (body, layerOutputs)
    }

    public static func run(_ input: inout FuzzInput) throws(FuzzFailure) {
        let setup = setUp(&input)
        let (encoding, chunkA, chunkB, flags, limit, payload) = (setup.encoding, setup.chunkA, setup.chunkB, setup.flags, setup.limit, setup.payload)

        let codings: [ContentCoding]
        do { codings = try ContentCoding.parseList(encoding) } catch {
            try check([.unsupportedContentEncoding, .limitExceeded].contains(error.kind), "\(encoding): \(error)")
            return
        }
        let (body, layerOutputs) = Self.body(setup, codings)

        let oneShot = Result { () throws(AFSError) in try ContentDecoder.decode(body, contentEncoding: encoding, maxDecodedSize: limit) }
        let streamed = Result { () throws(AFSError) -> [UInt8] in
            let d = try ContentDecoder(contentEncoding: encoding, maxDecodedSize: limit)
            var out: [UInt8] = []
            var i = 0, useA = true
            while i < body.count {
                let n = min(useA ? chunkA : chunkB, body.count - i)
                out += try d.write(Array(body[i..<i + n]))
                i += n
                useA.toggle()
            }
            out += try d.finish()
            return out
        }
        switch (oneShot, streamed) {
        case (.success(let a), .success(let b)):
            try check(a == b, "chunking (\(chunkA), \(chunkB)) changes the output: \(a.count) vs \(b.count) bytes")
            if codings.contains(where: { $0 != .identity }) { try check(a.count <= limit, "output \(a.count) over the limit \(limit)") }
        case (.failure(let a), .failure(let b)):
            // The same error, not just the same kind: where it is (offset, layer, coding) must not
            // depend on the chunking either.
            try check(a.kind == b.kind && a.offset == b.offset && a.context == b.context, "chunking changes the error: \(a) vs \(b)")
        default:
            throw FuzzFailure("chunking (\(chunkA), \(chunkB)) changes success: \(oneShot) vs \(streamed)")
        }

        if flags & 1 != 0 {
            let overLimit = layerOutputs.contains { $0 > limit }
            switch oneShot {
            case .success(let out): try check(!overLimit && out == payload, "harness-compressed body decodes to \(out.count) bytes, expected \(payload.count)\(overLimit ? " or a limit error" : "")")
            case .failure(let e): try check(overLimit && e.kind == .limitExceeded, "harness-compressed body rejected: \(e)")
            }
        } else if codings.count == 1, codings[0] != .identity {
            // Oracle: zlib one-shot (gzip: one member filling the body; deflate: trailing bytes ignored).
            // For deflate, a valid RFC 1950 header (CM 8, FCHECK) means zlib format, else raw.
            let zlibHeader = body.count >= 2 && body[0] & 0x0F == 8 && (Int(body[0]) << 8 | Int(body[1])) % 31 == 0
            let bits: Int32 = codings[0] == .gzip ? 31 : (zlibHeader ? 15 : -15)
            let oracle = ZlibOracle.inflateOnce(body, windowBits: bits, cap: limit)
            if oracle.complete && !oracle.capped && (codings[0] == .deflate || oracle.trailing == 0) {
                guard case .success(let out) = oneShot else { throw FuzzFailure("zlib decodes what we reject: \(oneShot)") }
                try check(out == oracle.output, "differs from zlib: \(out.count) vs \(oracle.output.count) bytes")
            }
        }
    }
}
