import AFCorpusFormat
import AFSerialization

/// SPEC §7 Content-Encoding decoding.
///
/// Input: ``ContentDecodeInput`` (the frozen option header and the payload).
///
/// Checks: one-shot decoding runs on a small stack (no recursion per member or layer); one-shot and
/// chunked streaming give identical output or the same error (kind, offset, context); output never
/// exceeds the limit; a body the harness compressed decodes to
/// the payload (or is a limit error exactly when some layer's output exceeds the limit); a raw
/// single-layer body that zlib's one-shot inflate decodes completely within the limit decodes to
/// the same bytes.
public enum ContentDecodeFuzz: FuzzBody {
    public static var name: String { ContentDecodeInput.name }

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        let setup = ContentDecodeInput.setUp(&input)
        let (encoding, chunkA, chunkB, flags, limit, payload) = (
            setup.encoding, setup.chunkA, setup.chunkB, setup.flags, setup.limit, setup.payload
        )

        let codings: [ContentCoding]
        do { codings = try ContentCoding.parseList(encoding) } catch {
            try check([.unsupportedContentEncoding, .limitExceeded].contains(error.kind), "\(encoding): \(error)")
            return
        }
        let (body, layerOutputs) = ContentDecodeInput.body(setup, codings)

        // On a small stack: decoding must not recurse per member or layer (SmallStack).
        let oneShot = SmallStack.run {
            Result { () throws(AFSError) in
                try ContentDecoder.decode(body, contentEncoding: encoding, maxDecodedSize: limit)
            }
        }
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
            if codings.contains(where: { $0 != .identity }) {
                try check(a.count <= limit, "output \(a.count) over the limit \(limit)")
            }
        case (.failure(let a), .failure(let b)):
            // The same error, not just the same kind: where it is (offset, layer, coding) must not
            // depend on the chunking either.
            try check(
                a.kind == b.kind && a.offset == b.offset && a.context == b.context,
                "chunking changes the error: \(a) vs \(b)")
        default:
            throw FuzzFailure("chunking (\(chunkA), \(chunkB)) changes success: \(oneShot) vs \(streamed)")
        }

        if flags & 1 != 0 {
            let overLimit = layerOutputs.contains { $0 > limit }
            switch oneShot {
            case .success(let out):
                try check(
                    !overLimit && out == payload,
                    "harness-compressed body decodes to \(out.count) bytes, expected "
                        + "\(payload.count)\(overLimit ? " or a limit error" : "")"
                )
            case .failure(let e):
                try check(overLimit && e.kind == .limitExceeded, "harness-compressed body rejected: \(e)")
            }
        } else if codings.count == 1, codings[0] != .identity {
            // Oracle: zlib one-shot (gzip: one member filling the body; deflate: trailing bytes ignored).
            // For deflate, a valid RFC 1950 header (CM 8, FCHECK) means zlib format, else raw.
            let zlibHeader = body.count >= 2 && body[0] & 0x0F == 8 && (Int(body[0]) << 8 | Int(body[1])) % 31 == 0
            let bits: Int32 = codings[0] == .gzip ? 31 : (zlibHeader ? 15 : -15)
            let oracle = ZlibOracle.inflateOnce(body, windowBits: bits, cap: limit)
            if oracle.complete && !oracle.capped && (codings[0] == .deflate || oracle.trailing == 0) {
                guard case .success(let out) = oneShot else {
                    throw FuzzFailure("zlib decodes what we reject: \(oneShot)")
                }
                try check(out == oracle.output, "differs from zlib: \(out.count) vs \(oracle.output.count) bytes")
            }
        }
    }
}
