// swift-nio-extras' NIOHTTPResponseDecompressor behind the eval protocol (VECTORS.md §5): the
// content-decode component. The handler sits on an EmbeddedChannel; the adapter writes the
// response head (with the vector's Content-Encoding), the body in the vector's chunks and the end,
// and collects the body parts that come out. README.md in Implementations/swift-nio has details.
import AFSAdapterKit
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPCompression

let library = "swift-nio-extras"

/// RFC 9110 §5.5: a field value excludes leading and trailing whitespace. NIO's HTTP/1 parser
/// (llhttp) hands the handler the value without it; the adapter does the same (README: projection).
func fieldValue(_ s: String) -> String {
    let scalars = s.unicodeScalars
    let isOWS: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = scalars.firstIndex(where: { !isOWS($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isOWS($0) })!
    return String(scalars[first...last])
}

func contentDecode(_ input: JSON, _ options: JSON) throws -> JSON {
    try onlyOptions(options, ["chunkSizes", "maxDecodedSize"], library: "NIOHTTPResponseDecompressor")
    for m in input.objectValue ?? [] where m.key != "contentEncoding" && m.key != "body" {
        throw HarnessError("input.\(m.key): unknown field; expected one of contentEncoding, body")
    }
    let sizes = try chunkSizes(options, message: "chunk sizes must be positive")
    var limit = 67_108_864
    if let v = option(options, "maxDecodedSize") {
        guard let n = v.intValue else { throw HarnessError("options.maxDecodedSize: expected an integer") }
        limit = n
    }
    guard let b = input["body"], !b.isNull else { throw HarnessError("input.body: required field is missing") }
    let body = try bytes(b, "input.body")
    var coding: String? = nil
    if let ce = input["contentEncoding"], !ce.isNull {
        guard let s = ce.stringValue else { throw HarnessError("input.contentEncoding: expected a string") }
        coding = s
    }

    let channel = EmbeddedChannel()
    defer { _ = try? channel.finish() }
    try channel.pipeline.syncOperations.addHandler(NIOHTTPResponseDecompressor(limit: .size(limit)))

    var errors: [Error] = []
    var out: [UInt8] = []
    func drain() {
        while let part = try? channel.readInbound(as: HTTPClientResponsePart.self) {
            if case .body(let buffer) = part { out.append(contentsOf: buffer.readableBytesView) }
        }
    }
    func send(_ part: HTTPClientResponsePart) {
        do { try channel.writeInbound(part) } catch { errors.append(error) }
        drain()
    }
    var headers = HTTPHeaders()
    if let coding { headers.add(name: "Content-Encoding", value: fieldValue(coding)) }
    headers.add(name: "Content-Length", value: String(body.count))
    send(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)))
    // An HTTP/1 decoder never hands on an empty body part.
    for chunk in chunks(body, sizes) where !chunk.isEmpty { send(.body(ByteBuffer(bytes: chunk))) }
    send(.end(nil))

    if !errors.isEmpty {
        let message = errors.map { "\(type(of: $0)): \(String(describing: $0))" }.joined(separator: "; ")
        return libraryError(library, message: message)
    }
    return .obj(["body": bytesJSON(out)])
}

Adapter(
    name: "swift-nio",
    version: "\(Pinned.nioExtras) (NIOHTTPResponseDecompressor), \(Pinned.nio), \(swiftVersion)",
    supports: .obj([
        "components": .obj(["content-decode": .array([.string("af4")])]),
        "omits": .obj(["content-decode": .array([.string("error.*")])]),
    ]),
    components: ["content-decode": contentDecode]
).run()
