import CZlib

/// Streaming `Content-Encoding` decoder (SPEC §7). Feed chunks with ``write(_:)``, end with
/// ``finish()``; the concatenated output is the same for any chunking of the input.
///
/// A class because zlib's `z_stream` must not move while in use; not `Sendable` (one owner).
public final class ContentDecoder {
    private let stages: [InflateStage?]  // nil = identity
    private var finished = false

    /// - Parameter maxDecodedSize: bound on every inflating layer's output (SPEC §8, default 64 MiB).
    public convenience init(contentEncoding: String?, maxDecodedSize: Int = Limits.default.maxDecodedSize)
        throws(AFSError)
    {
        try self.init(codings: try ContentCoding.parseList(contentEncoding), maxDecodedSize: maxDecodedSize)
    }

    /// `codings` in the order they were applied.
    public init(codings: [ContentCoding], maxDecodedSize: Int = Limits.default.maxDecodedSize) throws(AFSError) {
        if codings.count > ContentCoding.maxLayers {
            throw AFSError(
                .limitExceeded, "more than \(ContentCoding.maxLayers) content codings",
                context: ["limit": String(ContentCoding.maxLayers)])
        }
        var stages: [InflateStage?] = []
        for (i, c) in codings.enumerated() {
            switch c {
            case .identity: stages.append(nil)
            case .gzip: stages.append(try InflateStage(format: .gzip, limit: maxDecodedSize, layer: i))
            case .deflate: stages.append(try InflateStage(format: .deflate, limit: maxDecodedSize, layer: i))
            }
        }
        self.stages = stages
    }

    /// Decodes one chunk; returns the output it completes. `expectedSize` is a capacity hint
    /// for that output (capped by the limit), so a one-shot decode does not regrow its buffer.
    public func write(_ chunk: [UInt8], expectedSize: Int = 0) throws(AFSError) -> [UInt8] {
        precondition(!finished, "write after finish")
        var data = chunk
        let innermost = stages.firstIndex { $0 != nil }
        // A failing layer (corrupt, truncated field, over its size limit) first hands on what it
        // decoded before the failure: an inner layer failing on those bytes fails earlier in the
        // data, so its error wins. Streaming hands those bytes on chunk by chunk anyway, so only
        // this makes the error independent of the chunking (SPEC §7).
        var pending: AFSError? = nil
        for (i, stage) in stages.enumerated().reversed() {
            guard let stage else { continue }
            if data.isEmpty { break }
            let step = stage.feedUntilFailure(data, reserve: i == innermost ? min(expectedSize, stage.limit) : 0)
            data = step.output
            if let e = step.failure { pending = e }
        }
        if let pending { throw pending }
        return data
    }

    /// Ends the input: a layer that has not reached its end-of-stream marker is truncated.
    public func finish() throws(AFSError) -> [UInt8] {
        precondition(!finished, "finish twice")
        finished = true
        // Every layer hands on all its output while writing (zlib holds none back), so ending is
        // only the check for a missing end-of-stream marker, outermost layer first.
        for stage in stages.reversed() {
            try stage?.finish()
        }
        return []
    }

    /// One-shot convenience.
    public static func decode(
        _ body: [UInt8], contentEncoding: String?, maxDecodedSize: Int = Limits.default.maxDecodedSize
    ) throws(AFSError) -> [UInt8] {
        let codings = try ContentCoding.parseList(contentEncoding)
        let d = try ContentDecoder(codings: codings, maxDecodedSize: maxDecodedSize)
        // A lone gzip layer states its (last member's) size mod 2^32 in the trailer: use it as
        // a capacity hint only; the decoder checks the real ISIZE itself.
        var hint = 0
        if codings.filter({ $0 != .identity }) == [.gzip], body.count >= 18 {
            let n = body.count
            hint = Int(body[n - 4]) | Int(body[n - 3]) << 8 | Int(body[n - 2]) << 16 | Int(body[n - 1]) << 24
            // Never trust it beyond deflate's maximum ratio (~1032:1): a 20-byte body claiming
            // 4 GiB must not make us allocate the limit.
            hint = min(hint, n * 1032)
        }
        var out = try d.write(body, expectedSize: hint)
        out += try d.finish()
        return out
    }
}

/// One gzip or deflate layer over a zlib inflate stream.
final class InflateStage {
    enum Format {
        case gzip, deflate
        /// RFC 1950 only, no raw fallback (PNG image data).
        case zlib
    }
    private enum State {
        /// deflate: waiting for 2 bytes to tell zlib format from raw deflate.
        case sniffing
        case inflating
        /// gzip: a member ended; zero padding is skipped, anything else starts a new member
        /// (Python's `gzip.decompress` rule).
        case betweenMembers
        /// deflate: the stream ended; trailing bytes are ignored (as zlib, curl and Python do).
        case ended
    }

    let format: Format
    let limit: Int
    let layer: Int
    private let stream: UnsafeMutablePointer<z_stream>
    private var initialized = false
    private var state: State
    private var sniffed: [UInt8] = []
    private var produced = 0
    private var sawInput = false
    /// Bytes of this layer's input consumed before the current buffer (for error offsets).
    private var consumed = 0
    /// gzip: where the current member starts in this layer's input, and its first byte once seen.
    /// A member that ends after one byte other than 0x1F could never have become one (SPEC §7).
    private var memberStart = 0
    private var memberFirstByte: UInt8? = nil
    /// Output scratch: starts small, so a short body costs little, and doubles each time zlib
    /// fills it, up to 256 KiB (large bodies then inflate in big steps).
    private static let initialScratchSize = 16 * 1024, maxScratchSize = 256 * 1024
    private var scratchSize = InflateStage.initialScratchSize
    private var scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: InflateStage.initialScratchSize)

    init(format: Format, limit: Int, layer: Int) throws(AFSError) {
        self.format = format
        self.limit = limit
        self.layer = layer
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        switch format {
        case .gzip:
            state = .inflating
            try initialize(windowBits: 16 + 15)
        case .zlib:
            state = .inflating
            try initialize(windowBits: 15)
        case .deflate:
            state = .sniffing
        }
    }

    deinit {
        if initialized { inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        scratch.deallocate()
    }

    private var codingName: String {
        switch format {
        case .gzip: "gzip"
        case .deflate: "deflate"
        case .zlib: "zlib"
        }
    }
    private var context: [String: String] { ["coding": codingName, "layer": String(layer)] }

    private func initialize(windowBits: Int32) throws(AFSError) {
        let rc = inflateInit2_(stream, windowBits, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else { throw AFSError(.corruptContent, "zlib inflateInit2 failed (\(rc))", context: context) }
        initialized = true
    }

    /// Total bytes produced so far.
    var producedCount: Int { produced }
    /// True once the (last) stream reached its end-of-stream marker.
    var reachedEnd: Bool { state == .ended || state == .betweenMembers }

    /// Decodes `input` into a new array; an error comes back with the output decoded before it
    /// (up to the limit for a size-limit error). With `reserve > 0` zlib inflates straight into
    /// the array's storage (no intermediate copy); output beyond `reserve` spills into a second array.
    func feedUntilFailure(_ input: [UInt8], reserve: Int = 0) -> (output: [UInt8], failure: AFSError?) {
        var spill: [UInt8] = []
        let append = { (chunk: UnsafeBufferPointer<UInt8>) throws(AFSError) in spill.append(contentsOf: chunk) }
        var failure: AFSError? = nil
        var out = [UInt8](unsafeUninitializedCapacity: reserve) { buffer, count in
            direct = reserve > 0 ? (buffer.baseAddress!, buffer.count, 0) : nil
            defer {
                count = direct?.count ?? 0
                direct = nil
            }
            do throws(AFSError) { try feed(input, sink: append) } catch { failure = error }
        }
        if !spill.isEmpty { out += spill }
        return (out, failure)
    }

    /// Caller-provided output storage for the current `feed` (see `feedUntilFailure(_:reserve:)`).
    private var direct: (base: UnsafeMutablePointer<UInt8>, capacity: Int, count: Int)? = nil

    /// Streams the output to `sink` in scratch-sized pieces (memory stays bounded whatever the
    /// expansion ratio).
    func feed(_ input: [UInt8], sink: (UnsafeBufferPointer<UInt8>) throws(AFSError) -> Void) throws(AFSError) {
        if input.isEmpty { return }
        sawInput = true
        if state == .sniffing {
            sniffed += input
            guard sniffed.count >= 2 else { return }
            // RFC 1950 §2.2: CM = 8, CINFO ≤ 7, (CMF·256 + FLG) divisible by 31.
            let cmf = Int(sniffed[0]), flg = Int(sniffed[1])
            let isZlib = cmf & 0x0F == 8 && cmf >> 4 <= 7 && (cmf << 8 | flg) % 31 == 0
            try initialize(windowBits: isZlib ? 15 : -15)
            state = .inflating
            let all = sniffed
            sniffed = []
            try all.withUnsafeBufferPointer { buf throws(AFSError) in try run(buf, sink: sink) }
            consumed += all.count
            return
        }
        try input.withUnsafeBufferPointer { buf throws(AFSError) in try run(buf, sink: sink) }
        consumed += input.count
    }

    private func run(_ input: UnsafeBufferPointer<UInt8>, sink: (UnsafeBufferPointer<UInt8>) throws(AFSError) -> Void)
        throws(AFSError)
    {
        guard let base = input.baseAddress else { return }
        var offset = 0
        while offset < input.count {
            switch state {
            case .sniffing:
                preconditionFailure("sniffing handled by feed")
            case .ended:
                return
            case .betweenMembers:
                while offset < input.count, input[offset] == 0 { offset += 1 }
                if offset == input.count { return }
                inflateReset(stream)
                state = .inflating
                memberStart = consumed + offset
                memberFirstByte = nil
            case .inflating:
                if memberFirstByte == nil { memberFirstByte = input[offset] }
                stream.pointee.next_in = UnsafeMutablePointer(mutating: base + offset)
                stream.pointee.avail_in = 0
                // Input not yet handed to zlib (it gets all of it, except near the limit).
                var unfed = input.count - offset
                /// Bytes of `input` zlib has consumed.
                var used: Int { input.count - Int(stream.pointee.avail_in) - unfed }
                // False after zlib filled the output: it may owe output for input it already has.
                var drained = true
                inner: while true {
                    // Inflate into the caller's storage while it has room, else into scratch.
                    let target: UnsafeMutablePointer<UInt8>, space: Int, isDirect: Bool
                    if let d = direct, d.count < d.capacity {
                        (target, space, isDirect) = (d.base + d.count, min(d.capacity - d.count, Int(UInt32.max)), true)
                    } else {
                        (target, space, isDirect) = (scratch, scratchSize, false)
                    }
                    // Near the limit zlib gets room for one byte over it, and input one byte at
                    // a time once it owes no output: the byte whose decoding first goes over is
                    // the error's offset, for any chunking (zlib would otherwise read on through
                    // what needs no output).
                    let headroom = limit - produced + 1
                    let room = min(space, headroom)
                    let pending = Int(stream.pointee.avail_in) + unfed
                    let give = headroom > space ? pending : drained ? min(pending, 1) : 0
                    stream.pointee.avail_in = UInt32(give)
                    unfed = pending - give
                    stream.pointee.next_out = target
                    stream.pointee.avail_out = UInt32(room)
                    let rc = inflate(stream, Z_NO_FLUSH)
                    let n = room - Int(stream.pointee.avail_out)
                    drained = stream.pointee.avail_out != 0
                    produced += n
                    if isDirect { direct!.count += n }
                    if produced > limit {
                        // Hand on the bytes up to the limit, then fail (see ContentDecoder.write).
                        if isDirect {
                            direct!.count -= 1
                        } else if n > 1 {
                            try sink(UnsafeBufferPointer(start: scratch, count: n - 1))
                        }
                        throw AFSError(
                            .limitExceeded, "decoded content larger than \(limit) bytes", offset: consumed + used,
                            context: context.merging(["limit": String(limit)]) { a, _ in a })
                    }
                    if !isDirect, n > 0 { try sink(UnsafeBufferPointer(start: scratch, count: n)) }
                    if !isDirect, n == space, scratchSize < Self.maxScratchSize {
                        scratch.deallocate()
                        scratchSize *= 2
                        scratch = .allocate(capacity: scratchSize)
                    }
                    switch rc {
                    case Z_STREAM_END:
                        state = format == .gzip ? .betweenMembers : .ended
                        break inner
                    case Z_OK:
                        if stream.pointee.avail_in == 0 && unfed == 0 && stream.pointee.avail_out != 0 { break inner }
                    case Z_BUF_ERROR:
                        // No progress: only legitimate when zlib wants more input.
                        if stream.pointee.avail_in != 0 {
                            throw AFSError(
                                .corruptContent, "corrupt \(codingName) data: no progress", offset: consumed + used,
                                context: context)
                        }
                        if unfed == 0 { break inner }
                    default:
                        let msg = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(rc)"
                        throw AFSError(
                            .corruptContent, "corrupt \(codingName) data: \(msg)", offset: consumed + used,
                            context: context)
                    }
                }
                offset = used
                stream.pointee.next_in = nil
                stream.pointee.avail_in = 0
            }
        }
    }

    func finish() throws(AFSError) {
        switch state {
        case .sniffing:
            if !sniffed.isEmpty { throw AFSError(.truncatedContent, "truncated deflate data", context: context) }
        case .inflating:
            guard sawInput else { break }
            // zlib waits for the magic's second byte; but a lone byte other than 0x1F can begin no
            // member: corrupt (Python's "Not a gzipped file"), not truncated. A lone 0x1F still could.
            if format == .gzip, consumed - memberStart == 1, let first = memberFirstByte, first != 0x1F {
                throw AFSError(
                    .corruptContent,
                    "corrupt gzip data: byte 0x\(String(first, radix: 16)) where a member's magic 1f 8b begins",
                    offset: consumed, context: context)
            }
            throw AFSError(
                .truncatedContent, "truncated \(codingName) data: end of stream marker missing", context: context)
        case .betweenMembers, .ended:
            break
        }
    }
}
