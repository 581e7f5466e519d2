/// A body the serializer does not hold in memory: the multipart writer (SPEC §5) provides one.
///
/// Pull-based so a reader can bound its buffer: `read(into:)` fills at most `buffer.count` bytes
/// and returns how many it wrote; `0` means the end. `contentLength` is the exact total the
/// stream will yield (it becomes `Content-Length`). Implementations are reference types because
/// reading advances them; they must not be shared between concurrent readers.
public protocol RequestBodyStream: AnyObject, Sendable {
    var contentLength: Int { get }
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int
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
