/// The phase reader (SPEC §5.5): a pull stream over the parts. Each part goes through
/// opening delimiter → headers → body → closing delimiter; one `read` call moves through as many
/// phases and parts as the buffer (and packet size) allows. Only one part's header block and at
/// most one open file/stream exist at a time, so memory stays bounded whatever the body sizes.
///
/// A reference type because reading consumes it; not safe for concurrent use (`@unchecked
/// Sendable` only so it can sit in a ``RequestBody``, as that protocol requires).
public final class MultipartBodyStream: RequestBodyStream, @unchecked Sendable {
    /// All state lives in one struct behind a pointer: a read then pays no dynamic exclusivity
    /// check per field (measurable at 1-byte reads). Safe because the stream is single-reader.
    private let reader: UnsafeMutablePointer<PhaseReader>

    init(parts: [MultipartPart], boundary: [UInt8], contentLength: Int, scanBodies: Bool, throttle: MultipartThrottle) {
        reader = .allocate(capacity: 1)
        reader.initialize(
            to: PhaseReader(
                parts: parts, boundary: boundary, contentLength: contentLength,
                scanBodies: scanBodies, throttle: throttle))
    }

    deinit {
        reader.deinitialize(count: 1)
        reader.deallocate()
    }

    /// The exact total the stream yields (the request's Content-Length).
    public var contentLength: Int { reader.pointee.contentLength }
    /// Bytes produced so far.
    public var bytesRead: Int { reader.pointee.bytesRead }
    /// True once every byte has been produced.
    public var isAtEnd: Bool { reader.pointee.isAtEnd }

    /// Fills up to `buffer.count` bytes (and at most the packet size); returns the count, `0` only
    /// at the end. An error is sticky: later calls throw it again.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
        try reader.pointee.read(into: buffer)
    }
}

/// The phase machine behind ``MultipartBodyStream``.
struct PhaseReader {
    let contentLength: Int
    var bytesRead = 0

    private enum Phase {
        case openingDelimiter, headers, body, closingDelimiter, finished
    }

    private let parts: [MultipartPart]
    private let initialDelimiter: [UInt8]
    private let encapsulationDelimiter: [UInt8]
    private let closeDelimiter: [UInt8]
    private let throttle: MultipartThrottle
    private let scanBodies: Bool
    private var matcher: DelimiterMatcher

    private var partIndex = 0
    private var phase: Phase
    /// Offset within the current phase's bytes (delimiter, header block, or in-memory body).
    private var phaseOffset = 0
    private var headerBytes: [UInt8] = []
    /// The current in-memory body (empty for streamed bodies), cached so a read does not copy
    /// the part out of `parts` (which costs retains on every call, visible at 1-byte reads).
    private var memoryBody: [UInt8] = []
    /// The open file/stream of the current body, and how many bytes it still owes.
    private var source: (any MultipartByteStream)?
    private var bodyRemaining = 0
    private var failure: AFSError?
    private var calls = 0
    /// True while in the body phase of an in-memory part, with no throttle and no failure: the
    /// common case, served by the fast path at the top of ``read(into:)``.
    private var fastPath = false
    private let unthrottled: Bool

    init(parts: [MultipartPart], boundary: [UInt8], contentLength: Int, scanBodies: Bool, throttle: MultipartThrottle) {
        self.parts = parts
        self.contentLength = contentLength
        self.initialDelimiter = DelimiterMatcher.framed("--", boundary, "\r\n")
        self.encapsulationDelimiter = DelimiterMatcher.framed("\r\n--", boundary, "\r\n")
        self.closeDelimiter = DelimiterMatcher.framed("\r\n--", boundary, "--\r\n")
        self.throttle = throttle
        self.unthrottled = throttle.packetSize == nil && throttle.delayNanoseconds == 0
        self.scanBodies = scanBodies
        self.matcher = DelimiterMatcher(boundary: boundary)
        self.phase = parts.isEmpty ? .finished : .openingDelimiter
    }

    var isAtEnd: Bool { phase == .finished }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
        if fastPath {
            // Inside an in-memory body and not finishing it in this call: just copy.
            let left = memoryBody.count - phaseOffset
            if buffer.count < left, buffer.count > 0, let dst = buffer.baseAddress {
                let k = buffer.count
                let start = phaseOffset
                memoryBody.withUnsafeBytes { src in
                    if k <= 8 {
                        // Tiny reads: a byte loop beats a call into memmove.
                        for i in 0..<k { dst.storeBytes(of: src[start + i], toByteOffset: i, as: UInt8.self) }
                    } else {
                        dst.copyMemory(from: src.baseAddress! + start, byteCount: k)
                    }
                }
                phaseOffset = start + k
                bytesRead += k
                calls += 1
                return k
            }
        }
        if let failure { throw failure }
        guard buffer.count > 0 else {
            throw AFSError(.invalidOption, "read needs a buffer of at least 1 byte", context: ["bufferSize": "0"])
        }
        var limit = buffer.count
        if let p = throttle.packetSize {
            guard p >= 1 else {
                throw AFSError(.invalidOption, "the packet size must be at least 1", context: ["packetSize": String(p)])
            }
            limit = min(limit, p)
        }
        if phase == .finished { return 0 }
        if calls > 0 && throttle.delayNanoseconds > 0 { throttle.clock.sleep(nanoseconds: throttle.delayNanoseconds) }
        calls += 1
        do {
            let n = try fill(UnsafeMutableRawBufferPointer(rebasing: buffer[0..<limit]))
            bytesRead += n
            return n
        } catch {
            failure = error
            fastPath = false
            source = nil
            throw error
        }
    }

    private mutating func fill(_ out: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
        var n = 0
        while n < out.count {
            switch phase {
            case .openingDelimiter:
                n += copy(partIndex == 0 ? initialDelimiter : encapsulationDelimiter, to: out, at: n)
                if phaseOffset == (partIndex == 0 ? initialDelimiter.count : encapsulationDelimiter.count) {
                    headerBytes = parts[partIndex].headerBytes
                    advance(to: .headers)
                }
            case .headers:
                n += copy(headerBytes, to: out, at: n)
                if phaseOffset == headerBytes.count {
                    headerBytes = []
                    try enterBody()
                }
            case .body:
                n += try readBody(into: out, at: n)
            case .closingDelimiter:
                let last = partIndex == parts.count - 1
                if last { n += copy(closeDelimiter, to: out, at: n) }
                if !last || phaseOffset == closeDelimiter.count {
                    partIndex += 1
                    advance(to: partIndex == parts.count ? .finished : .openingDelimiter)
                }
            case .finished:
                return n
            }
        }
        return n
    }

    private mutating func advance(to next: Phase) {
        phase = next
        phaseOffset = 0
    }

    /// Copies what is left of `bytes` (from `phaseOffset`) into `out` at `at`.
    private mutating func copy(_ bytes: [UInt8], to out: UnsafeMutableRawBufferPointer, at: Int) -> Int {
        let k = min(bytes.count - phaseOffset, out.count - at)
        if k > 0 {
            bytes.withUnsafeBytes { src in
                (out.baseAddress! + at).copyMemory(from: src.baseAddress! + phaseOffset, byteCount: k)
            }
            phaseOffset += k
        }
        return k
    }

    private mutating func enterBody() throws(AFSError) {
        advance(to: .body)
        matcher.restartAtBodyStart()
        switch parts[partIndex].body {
        case .bytes(let bytes):
            source = nil
            memoryBody = bytes
            fastPath = unthrottled && !scanBodies
        case .file(let path, let length):
            source = try MultipartFile.Reader(path: path)
            bodyRemaining = length
        case .stream(let s, let length):
            source = try s.open()
            bodyRemaining = length
        }
        if source != nil && bodyRemaining == 0 { try finishStreamedBody() }
    }

    private mutating func readBody(into out: UnsafeMutableRawBufferPointer, at: Int) throws(AFSError) -> Int {
        guard let src = source else {
            let k = min(memoryBody.count - phaseOffset, out.count - at)
            if scanBodies, k > 0 {
                let start = phaseOffset
                if let end = memoryBody.withUnsafeBytes({
                    matcher.scan(UnsafeRawBufferPointer(rebasing: $0[start..<(start + k)]))
                }) {
                    throw AFSError(
                        .boundaryCollision, "part \(partIndex)'s body contains the delimiter",
                        offset: matcher.bodyOffset(completedAt: start + end), context: ["part": String(partIndex)])
                }
            }
            if k > 0 {
                memoryBody.withUnsafeBytes { b in
                    (out.baseAddress! + at).copyMemory(from: b.baseAddress! + phaseOffset, byteCount: k)
                }
                phaseOffset += k
            }
            if phaseOffset == memoryBody.count {
                memoryBody = []
                fastPath = false
                advance(to: .closingDelimiter)
            }
            return k
        }
        let want = min(out.count - at, bodyRemaining)
        let dest = UnsafeMutableRawBufferPointer(rebasing: out[at..<(at + want)])
        let got = try src.read(into: dest)
        let declared = parts[partIndex].body.length
        if got < 0 || got > want {
            throw AFSError(
                .bodyLengthMismatch, "part \(partIndex)'s stream reported \(got) bytes for a \(want)-byte read",
                context: ["part": String(partIndex)])
        }
        if got == 0 {
            throw AFSError(
                .bodyLengthMismatch,
                "part \(partIndex) ended after \(declared - bodyRemaining) of its declared \(declared) bytes",
                offset: bytesRead + at,
                context: [
                    "part": String(partIndex), "declared": String(declared), "actual": String(declared - bodyRemaining),
                ])
        }
        if scanBodies, let end = matcher.scan(UnsafeRawBufferPointer(rebasing: dest[0..<got])) {
            let offsetInBody = matcher.bodyOffset(completedAt: declared - bodyRemaining + end)
            throw AFSError(
                .boundaryCollision, "part \(partIndex)'s body contains the delimiter",
                offset: offsetInBody, context: ["part": String(partIndex)])
        }
        bodyRemaining -= got
        if bodyRemaining == 0 { try finishStreamedBody() }
        return got
    }

    /// The declared length is reached: the source must now be at its end (one probe byte).
    private mutating func finishStreamedBody() throws(AFSError) {
        var probe: UInt8 = 0
        let src = source!
        let extra = try withUnsafeMutableBytes(of: &probe) { (p) throws(AFSError) -> Int in try src.read(into: p) }
        if extra != 0 {
            let declared = parts[partIndex].body.length
            throw AFSError(
                .bodyLengthMismatch, "part \(partIndex) has more than its declared \(declared) bytes",
                context: ["part": String(partIndex), "declared": String(declared), "actual": ">\(declared)"])
        }
        source = nil
        advance(to: .closingDelimiter)
    }
}
