// vapor/multipart-kit behind the eval protocol (VECTORS.md §5):
//   multipart        MultipartSerializer().serialize(parts:boundary:into:) on MultipartParts built
//                    from the vector's parts (names through MultipartPart.name); with parameters,
//                    FormDataEncoder().encode(_:boundary:into:) on an Encodable of the parameters
//                    followed by the parts
//   multipart-parse  MultipartParser(boundary:) with onHeader/onBody/onPartComplete, fed the body
//                    in the vector's chunks; name through MultipartPart.name
// README.md in Implementations/swift-multipartkit lists the mapping and projections.
import AFSAdapterKit
import Foundation
import MultipartKit
import NIOCore
import NIOHTTP1

let library = "multipart-kit"

// MARK: multipart (writer)

func requiredString(_ v: JSON, _ key: String, _ path: String) throws -> String {
    guard let s = v[key]?.stringValue else { throw HarnessError("\(path).\(key): required field is missing") }
    return s
}

func headerList(_ v: JSON?, _ path: String) throws -> [(String, String)] {
    guard let v, !v.isNull else { return [] }
    guard let items = v.arrayValue else { throw HarnessError("\(path): headers are an array of [name, value]") }
    return try items.enumerated().map { i, item in
        guard let pair = item.arrayValue, pair.count == 2, let n = pair[0].stringValue, let value = pair[1].stringValue
        else {
            throw HarnessError("\(path)[\(i)]: expected [name, value] strings")
        }
        return (n, value)
    }
}

/// One vector part as the MultipartPart a multipart-kit user builds: the name through the
/// library's `MultipartPart.name` setter (`form-data; name="…"`); a filename appended to that
/// Content-Disposition value the same way (`; filename="…"`, verbatim: multipart-kit has no
/// filename helper); the MIME type as a `Content-Type` header.
func makePart(_ part: JSON, _ i: Int) throws -> MultipartPart {
    let path = "input.parts[\(i)]"
    guard case .object = part else { throw HarnessError("\(path): expected an object") }
    guard let kind = part["kind"]?.stringValue else { throw HarnessError("\(path).kind: required field is missing") }
    let body: [UInt8] = try part["body"].flatMap { $0.isNull ? nil : try bytes($0, "\(path).body") } ?? []
    func named(_ name: String) -> MultipartPart {
        var p = MultipartPart(headers: [:], body: body)
        p.name = name
        return p
    }
    func file() throws -> MultipartPart {
        let name = try requiredString(part, "name", path)
        let filename = try requiredString(part, "filename", path)
        let mimeType = try requiredString(part, "mimeType", path)
        var p = named(name)
        let disposition = p.headers.first(name: "Content-Disposition") ?? "form-data"
        p.headers.replaceOrAdd(name: "Content-Disposition", value: disposition + "; filename=\"\(filename)\"")
        p.headers.add(name: "Content-Type", value: mimeType)
        return p
    }
    switch kind {
    case "form":
        return named(try requiredString(part, "name", path))
    case "file":
        return try file()
    case "path":
        _ = try requiredString(part, "name", path)
        _ = try requiredString(part, "path", path)
        throw Unsupported(
            "a path part: multipart-kit takes the part's bytes; reading a file URL and "
                + "the extension → MIME type table are the caller's (AF's own code)"
        )
    case "stream":
        let p = try file()
        let declared = part["declaredLength"].flatMap { $0.isNull ? nil : $0 }
        if let declared, declared.intValue != body.count {
            throw Unsupported(
                "a stream whose declared length differs from its bytes: multipart-kit "
                    + "takes the body as a ByteBuffer, there is no length to declare"
            )
        }
        if let f = part["failAfter"], !f.isNull {
            throw Unsupported(
                "a failing stream: multipart-kit takes the body as a ByteBuffer, nothing is read while writing")
        }
        return p
    case "headers":
        return MultipartPart(headers: HTTPHeaders(try headerList(part["headers"], "\(path).headers")), body: body)
    default:
        throw HarnessError("\(path).kind: unknown part kind \"\(kind)\"; expected form, file, path, stream or headers")
    }
}

/// A caller's part as a FormDataEncoder value: Encodable and MultipartPartConvertible, as Vapor's
/// `File` is (multipart-kit's extension point; the encoder takes `multipart` and names the part).
struct PartValue: Encodable, MultipartPartConvertible {
    var part: MultipartPart
    init(_ part: MultipartPart) { self.part = part }
    init?(multipart: MultipartPart) { self.part = multipart }
    var multipart: MultipartPart? { part }
    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(Data(part.body.readableBytesView))  // not reached: FormDataEncoder takes `multipart`
    }
}

/// The parameters followed by the caller's parts, as one Encodable for FormDataEncoder: a keyed
/// container with the parameters' members (EncodableParam's typed calls) and then each part under
/// its name (the encoder sets the part's name itself).
struct FormBody: Encodable {
    var parameters: [(String, Param)]
    var parts: [(String, MultipartPart)]

    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: DynamicKey.self)
        for (k, v) in parameters {
            let key = DynamicKey(k)
            switch v {
            case .string(let s): try c.encode(s, forKey: key)
            case .int(let i): try c.encode(i, forKey: key)
            case .double(let d): try c.encode(d, forKey: key)
            case .bool(let b): try c.encode(b, forKey: key)
            case .null: try c.encodeNil(forKey: key)
            case .data(let b): try c.encode(Data(b), forKey: key)
            default: try c.encode(EncodableParam(v), forKey: key)
            }
        }
        for (name, part) in parts { try c.encode(PartValue(part), forKey: DynamicKey(name)) }
    }
}

func multipart(_ input: JSON, _ options: JSON) throws -> JSON {
    try onlyOptions(
        options,
        [
            "arrayStyle", "boolStyle", "style", "readSizes", "packetSize", "writeToFile", "maxParameterDepth",
            "maxJSONDepth",
        ],
        library: "multipart-kit (it writes a body, not a request)")
    let arrayStyle = try stringOption(
        options, "arrayStyle", default: "brackets", allowed: ["brackets", "noBrackets", "indexInBrackets"])
    let boolStyle = try stringOption(options, "boolStyle", default: "numeric", allowed: ["numeric", "literal"])
    _ = try stringOption(
        options, "style", default: "afnetworking", allowed: ["afnetworking", "whatwgForm", "rfc3986Unreserved"])
    // readSizes and packetSize say how the core reads its own body stream (the bytes are the same
    // for all of them, SPEC §5.5); multipart-kit writes into one ByteBuffer. Valid values are ignored.
    if let r = option(options, "readSizes") {
        guard let items = r.arrayValue, !items.isEmpty, items.allSatisfy({ ($0.intValue ?? 0) >= 1 }) else {
            throw HarnessError("options.readSizes: read sizes must be a non-empty list of integers ≥ 1")
        }
    }
    if let p = option(options, "packetSize") {
        guard let n = p.intValue else { throw HarnessError("options.packetSize: expected an integer") }
        if n < 1 { throw Unsupported("packetSize \(n): multipart-kit has no packet size to reject") }
    }
    if let w = option(options, "writeToFile") {
        guard let b = w.boolValue else { throw HarnessError("options.writeToFile: expected a bool") }
        if b { throw Unsupported("writeToFile: multipart-kit writes into a ByteBuffer, not a file") }
    }
    _ = try checkDepthOption(options, "maxJSONDepth")  // no effect on multipart bodies (VECTORS.md §3.5)
    if try checkDepthOption(options, "maxParameterDepth") != nil {
        throw Unsupported("maxParameterDepth: FormDataEncoder has no nesting limit to set")
    }
    _ = try requiredString(input, "method", "input")
    _ = try requiredString(input, "url", "input")
    _ = try headerList(input["headers"], "input.headers")
    guard let boundary = input["boundary"]?.stringValue else {
        if let s = input["seed"], !s.isNull {
            throw Unsupported(
                "a seeded boundary: multipart-kit writes with the caller's "
                    + "boundary; AF's boundary generator has no counterpart"
            )
        }
        throw HarnessError("input: multipart needs \"boundary\" or \"seed\" for a reproducible boundary")
    }
    let partValues = input["parts"].flatMap { $0.isNull ? nil : $0 }
    if let partValues, partValues.arrayValue == nil { throw HarnessError("input.parts: expected an array") }
    let parts = try (partValues?.arrayValue ?? []).enumerated().map { try makePart($0.element, $0.offset) }

    var buffer = ByteBuffer()
    do {
        if let p = input["parameters"] {
            let parameters = try param(p, "input.parameters")
            let hasArray = parameters.contains {
                switch $0 {
                case .array, .set: true
                default: false
                }
            }
            if hasArray, arrayStyle != "indexInBrackets" {
                throw Unsupported(
                    "arrayStyle \(arrayStyle): FormDataEncoder names array "
                        + "elements key[0], key[1] (indexInBrackets) only"
                )
            }
            if boolStyle == "numeric", parameters.contains({ if case .bool = $0 { true } else { false } }) {
                throw Unsupported("boolStyle numeric: FormDataEncoder writes Bool as true/false (literal) only")
            }
            guard case .dict(let members) = parameters else {
                if !parts.isEmpty {
                    throw Unsupported(
                        "top-level non-dictionary parameters followed by parts: FormDataEncoder encodes one value")
                }
                try FormDataEncoder().encode(EncodableParam(parameters), boundary: boundary, into: &buffer)
                return .obj(["body": bytesJSON(buffer.readableBytesView)])
            }
            let named = parts.map { ($0.name ?? "", $0) }
            try FormDataEncoder().encode(FormBody(parameters: members, parts: named), boundary: boundary, into: &buffer)
        } else {
            try MultipartSerializer().serialize(parts: parts, boundary: boundary, into: &buffer)
        }
    } catch let e as Unsupported {
        throw e
    } catch {
        return libraryError(library, error)
    }
    return .obj(["body": bytesJSON(buffer.readableBytesView)])
}

// MARK: multipart-parse

func multipartParse(_ input: JSON, _ options: JSON) throws -> JSON {
    try onlyOptions(options, ["chunkSizes", "allowUTF8Headers"], library: "MultipartParser (it has no limits)")
    let sizes = try chunkSizes(options, message: "chunk sizes must be integers ≥ 1")
    if let a = option(options, "allowUTF8Headers"), a.boolValue == nil {
        throw HarnessError("options.allowUTF8Headers: expected a bool")
    }
    for m in input.objectValue ?? [] where m.key != "boundary" && m.key != "body" {
        throw HarnessError("input.\(m.key): unknown field; expected one of boundary, body")
    }
    guard let boundary = input["boundary"]?.stringValue else {
        throw HarnessError("input.boundary: required field is missing")
    }
    guard let b = input["body"], !b.isNull else { throw HarnessError("input.body: required field is missing") }
    let body = try bytes(b, "input.body")
    // MultipartParser.init(boundary:) documents `precondition(!boundary.isEmpty)`: its rejection of
    // an empty boundary is a trap, reported here instead of taken.
    if boundary.isEmpty {
        return libraryError(
            library, message: "MultipartParser.init(boundary:): precondition !boundary.isEmpty (documented; not called)"
        )
    }

    let parser = MultipartParser(boundary: boundary)
    var parts: [JSON] = []
    var reported: [JSON] = []
    var headers = HTTPHeaders()
    var partBody = ByteBuffer()
    // As FormDataDecoder.decode does: headers collected with replaceOrAdd, the body appended,
    // a MultipartPart made on onPartComplete. `headers` in the output is every onHeader call.
    parser.onHeader = { name, value in
        reported.append(.array([.string(name), .string(value)]))
        headers.replaceOrAdd(name: name, value: value)
    }
    parser.onBody = { new in partBody.writeBuffer(&new) }
    parser.onPartComplete = {
        let part = MultipartPart(headers: headers, body: partBody)
        parts.append(
            .obj([
                "headers": .array(reported),
                "name": part.name.map(JSON.string) ?? .null,
                "contentType": part.headers.first(name: "Content-Type").map(JSON.string) ?? .null,
                "body": bytesJSON(part.body.readableBytesView),
            ]))
        headers = [:]
        reported = []
        partBody = ByteBuffer()
    }
    do {
        for chunk in chunks(body, sizes) { try parser.execute(ByteBuffer(bytes: chunk)) }
    } catch {
        return libraryError(library, error)
    }
    return .obj(["parts": .array(parts)])
}

Adapter(
    name: "swift-multipartkit",
    version: "\(Pinned.multipartKit), \(Pinned.nio), \(swiftVersion)",
    supports: .obj([
        "components": .obj([
            "multipart": .array([.string("af4")]),
            "multipart-parse": .array([.string("af4")]),
        ]),
        "omits": .obj([
            "multipart": .array(["headers", "contentLength", "error.*"].map(JSON.string)),
            "multipart-parse": .array(["parts[].filename", "error.*"].map(JSON.string)),
        ]),
    ]),
    components: ["multipart": multipart, "multipart-parse": multipartParse]
).run()
