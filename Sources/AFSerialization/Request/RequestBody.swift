/// A body the serializer does not hold in memory: the multipart writer (SPEC §5) provides one.
///
/// Pull-based so a reader can bound its buffer: `read(into:)` fills at most `buffer.count` bytes
/// and returns how many it wrote; `0` means the end. `contentLength` is the exact total the
/// stream will yield (it becomes `Content-Length`). Implementations are reference types because
/// reading advances them; they must not be shared between concurrent readers (a class that keeps
/// mutable state conforms with `@unchecked Sendable` and documents that single-reader rule).
public protocol RequestBodyStream: AnyObject, Sendable {
    var contentLength: Int { get }
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int
}

extension RequestBodyStream {
    /// Reads to the end in `chunkSize` pulls (for tests and the eval harness; never for bodies
    /// of unbounded size). Stops at `contentLength + 1` bytes so a stream that overruns its
    /// declared length cannot make this allocate without bound.
    public func readAll(chunkSize: Int = 64 * 1024) throws(AFSError) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(1, chunkSize))
        while out.count <= contentLength {
            // `withUnsafeMutableBytes` rethrows untyped errors; carry ours out in a Result.
            let result = chunk.withUnsafeMutableBytes { p in Result { () throws(AFSError) in try read(into: p) } }
            let n = try result.get()
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<min(n, chunk.count)])
        }
        return out
    }
}

/// What a request carries after its headers (SPEC §3.1).
public enum RequestBody: Sendable {
    /// No body at all (distinct from an empty one: AF's POST without parameters sends `""`).
    case none
    /// An in-memory body.
    case bytes([UInt8])
    /// A streamed body (multipart).
    case stream(any RequestBodyStream)

    /// The bytes of an in-memory body; nil for `.none` and `.stream`.
    public var bytes: [UInt8]? {
        if case .bytes(let b) = self { b } else { nil }
    }

    public var isNone: Bool {
        if case .none = self { true } else { false }
    }
}
