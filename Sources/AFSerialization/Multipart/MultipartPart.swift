/// One header line of a part, in the order it is written: the request model's header field.
public typealias MultipartHeader = HTTPHeaders.Field

/// A pull source of bytes: the caller-supplied input stream of SPEC §5.3.
/// `read` fills at most `buffer.count` bytes and returns how many; `0` means the end.
public protocol MultipartByteStream: AnyObject {
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int
}

/// Opens a fresh ``MultipartByteStream`` each time the body is read, so a form stays a value
/// (it can be read twice: e.g. written to a file, then streamed).
public struct MultipartStreamSource: Sendable {
    public let open: @Sendable () throws(AFSError) -> any MultipartByteStream
    public init(_ open: @escaping @Sendable () throws(AFSError) -> any MultipartByteStream) { self.open = open }
}

/// Where a part's body comes from. Lengths are known up front: Content-Length is computed
/// without reading bodies (SPEC §5.4).
public enum MultipartBody: Sendable {
    /// In memory (form fields, file data, parameters).
    case bytes([UInt8])
    /// A file streamed from disk; `length` is its size when it was added.
    case file(path: String, length: Int)
    /// A caller stream that promises `declaredLength` bytes.
    case stream(MultipartStreamSource, declaredLength: Int)

    /// The number of bytes the part promises to send.
    public var length: Int {
        switch self {
        case .bytes(let b): return b.count
        case .file(_, let n): return n
        case .stream(_, let n): return n
        }
    }
}

/// One part: its headers in order and its body (SPEC §5.3).
public struct MultipartPart: Sendable {
    public var headers: [MultipartHeader]
    public var body: MultipartBody
    public init(headers: [MultipartHeader], body: MultipartBody) {
        self.headers = headers
        self.body = body
    }

    /// The header block as written: `Name: value\r\n` per header, then the empty line.
    var headerBytes: [UInt8] {
        // One allocation: appending array literals would build a temporary array for each.
        var out: [UInt8] = []
        out.reserveCapacity(headerLength)
        for h in headers {
            out.append(contentsOf: h.name.utf8)
            out.append(0x3A)
            out.append(0x20)
            out.append(contentsOf: h.value.utf8)
            out.append(0x0D)
            out.append(0x0A)
        }
        out.append(0x0D)
        out.append(0x0A)
        return out
    }

    /// `headerBytes.count` without building it.
    var headerLength: Int {
        headers.reduce(2) { $0 + $1.name.utf8.count + 2 + $1.value.utf8.count + 2 }
    }
}
