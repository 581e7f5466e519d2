// The Foundation calls AFNetworking itself makes, behind the eval protocol (VECTORS.md §5):
//   percent-escape  String.addingPercentEncoding(withAllowedCharacters:) with AF's allowed set, in
//                   AF's batches widened by NSString.rangeOfComposedCharacterSequences(for:)
//   media-type      HTTPURLResponse(url:statusCode:httpVersion:headerFields:).mimeType
//   request         JSONSerialization.data(withJSONObject:options:) / isValidJSONObject,
//                   PropertyListSerialization.data(fromPropertyList:format:options:) (the body only)
//   response        JSONSerialization.jsonObject(with:options:) (the json serializer's parse only)
// The envelope (request lines, replies) is read and written with the project's ordered JSON value
// type; every answer comes from Foundation. README.md in this folder lists the projections.
import AFSerialization
import AFVectorFormat
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking  // HTTPURLResponse on Linux
#endif

struct Unsupported: Error { var why: String }

#if swift(>=6.3)
    let swiftVersion = "6.3"
#else
    let swiftVersion = "< 6.3"
#endif
let version = "swift-corelibs-foundation (Swift \(swiftVersion))"

// MARK: percent-escape

/// AF 4.0.1's `AFCharacterSetForPercentEncoding`: URLQueryAllowed minus gen-delims and sub-delims.
let afAllowed: CharacterSet = {
    var s = CharacterSet.urlQueryAllowed
    s.remove(charactersIn: ":#[]@" + "!$&'()*+,;=")
    return s
}()
let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

func percentEscape(_ input: JSONValue, _ options: JSONValue) throws -> JSONValue {
    let allowed: CharacterSet
    switch options["style"]?.stringValue ?? "afnetworking" {
    case "afnetworking": allowed = afAllowed
    case "rfc3986Unreserved": allowed = unreserved
    default: throw Unsupported(why: "addingPercentEncoding cannot write space as + (whatwgForm)")
    }
    let text: NSString
    if let t = input["text"]?.stringValue {
        text = t as NSString
    } else if let hex = input["hex"]?.stringValue {
        guard let data = Data(hexString: hex), let s = String(data: data, encoding: .utf8) else {
            return .obj([
                "error": .obj([
                    "domain": .string("Foundation"), "message": .string("String(data:encoding: .utf8) returned nil"),
                ])
            ])
        }
        text = s as NSString
    } else if let units = input["utf16"]?.arrayValue {
        let u = units.compactMap { $0.stringValue.flatMap(UInt16.init) ?? ($0.numberText.flatMap { UInt16($0) }) }
        text = NSString(characters: u, length: u.count)
    } else {
        throw Unsupported(why: "no text, hex or utf16")
    }
    // AF's batches: 50 UTF-16 units, widened to whole composed character sequences.
    let batchSize = Int(options["batchSize"]?.numberText ?? "50") ?? 50
    guard batchSize >= 1 else { throw Unsupported(why: "AF asserts on a batch size below 1") }
    var out = ""
    var batches: [JSONValue] = []
    var index = 0
    while index < text.length {
        let length = min(batchSize, text.length - index)
        let range = text.rangeOfComposedCharacterSequences(for: NSRange(location: index, length: length))
        let piece = text.substring(with: range)
        guard let escaped = piece.addingPercentEncoding(withAllowedCharacters: allowed) else {
            return .obj([
                "error": .obj([
                    "domain": .string("Foundation"), "message": .string("addingPercentEncoding returned nil"),
                ])
            ])
        }
        out += escaped
        batches.append(.array([.number(String(range.location)), .number(String(range.location + range.length))]))
        index = range.location + range.length
    }
    var result: [JSONValue.Member] = [.init("text", .string(out))]
    if options["reportBatches"]?.boolValue == true { result.append(.init("batches", .array(batches))) }
    return .object(result)
}

// MARK: media-type

func mediaType(_ input: JSONValue) throws -> JSONValue {
    var fields: [String: String] = [:]
    if let ct = input["contentType"]?.stringValue { fields["Content-Type"] = ct }
    let response = HTTPURLResponse(
        url: URL(string: "http://example.com/")!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: fields)!
    return .obj(["mimeType": response.mimeType.map(JSONValue.string) ?? .null, "parameters": .array([])])
}

// MARK: request bodies

/// The parameter tree as Foundation objects. Foundation dictionaries have no order, so a dictionary
/// of two or more keys is unsupported unless the output sorts keys (`sortedKeys`, and plists).
func foundationObject(_ v: JSONValue, sorted: Bool) throws -> Any {
    switch v {
    case .string(let s): return s
    case .bool(let b): return b
    case .null: return NSNull()
    case .number(let t):
        if let i = Int(t) { return i }
        guard let d = Double(t) else { throw Unsupported(why: "number \(t)") }
        return d
    case .array(let items): return try items.map { try foundationObject($0, sorted: sorted) }
    case .object(let members):
        if members.count == 1, let tag = members.first?.key, tag.hasPrefix("$") {
            let body = members[0].value
            switch tag {
            case "$data": return Data(hexString: body.stringValue ?? "") ?? Data()
            case "$double":
                switch body.stringValue {
                case "nan": return Double.nan
                case "inf": return Double.infinity
                case "-inf": return -Double.infinity
                default: return Double(body.stringValue ?? "") ?? 0
                }
            default: throw Unsupported(why: "parameter tag \(tag) (no Foundation value the serializers take)")
            }
        }
        if members.count > 1 && !sorted {
            throw Unsupported(why: "Foundation dictionaries have no order (only sortedKeys output is deterministic)")
        }
        var d: [String: Any] = [:]
        for m in members {
            guard d[m.key] == nil else { throw Unsupported(why: "repeated key \(m.key)") }
            d[m.key] = try foundationObject(m.value, sorted: sorted)
        }
        return d
    default: throw Unsupported(why: "value")
    }
}

func requestBody(_ input: JSONValue, _ options: JSONValue) throws -> JSONValue {
    let serializer = input["serializer"]?.stringValue ?? "http"
    let method = (input["method"]?.stringValue ?? "GET").uppercased()
    guard ["json", "plist"].contains(serializer) else {
        throw Unsupported(why: "the form serializer is AF's code, not Foundation's")
    }
    guard !["GET", "HEAD", "DELETE"].contains(method), let parameters = input["parameters"], !parameters.isNull else {
        throw Unsupported(why: "no body is written (AF's rule, not a Foundation call)")
    }
    let names = options["jsonWritingOptions"]?.arrayValue?.compactMap(\.stringValue) ?? []
    if serializer == "json" {
        var o: JSONSerialization.WritingOptions = []
        for n in names {
            switch n {
            case "prettyPrinted": o.insert(.prettyPrinted)
            case "sortedKeys": o.insert(.sortedKeys)
            case "fragmentsAllowed": o.insert(.fragmentsAllowed)
            case "withoutEscapingSlashes": o.insert(.withoutEscapingSlashes)
            default: throw Unsupported(why: "writing option \(n)")
            }
        }
        let object = try foundationObject(parameters, sorted: o.contains(.sortedKeys))
        // AF checks isValidJSONObject (without options) before writing.
        guard JSONSerialization.isValidJSONObject(object) else {
            return .obj([
                "error": .obj([
                    "domain": .string("com.alamofire.error.serialization.request"), "code": .number("-1016"),
                ])
            ])
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: object, options: o)
            return .obj(["body": bytes(data)])
        } catch {
            return .obj(["error": foundationError(error)])
        }
    }
    let object = try foundationObject(parameters, sorted: true)  // XML plists sort dictionary keys
    do {
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        return .obj(["body": bytes(data)])
    } catch {
        return .obj(["error": foundationError(error)])
    }
}

// MARK: response (JSON parse)

func responseObject(_ input: JSONValue, _ options: JSONValue) throws -> JSONValue {
    guard input["serializer"]?.stringValue == "json" else {
        throw Unsupported(why: "only the JSON serializer's parse is a Foundation call")
    }
    for k in ["acceptableContentTypes", "acceptableStatusCodes", "decodeContentEncoding", "maxJSONDepth"]
    where options[k] != nil {
        throw Unsupported(why: "option \(k) (AF's validation, not Foundation)")
    }
    if options["removesKeysWithNullValues"]?.boolValue == true { throw Unsupported(why: "null removal is AF's code") }
    let status = Int(input["statusCode"]?.numberText ?? "200") ?? 200
    var fields: [String: String] = [:]
    for h in input["headers"]?.arrayValue ?? [] {
        if let pair = h.arrayValue, pair.count == 2, let n = pair[0].stringValue, let v = pair[1].stringValue {
            fields[n] = v
        }
    }
    let mime = HTTPURLResponse(
        url: URL(string: "http://example.com/")!, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: fields)!
        .mimeType
    guard (200...299).contains(status), ["application/json", "text/json", "text/javascript"].contains(mime ?? "") else {
        throw Unsupported(why: "a response AF's validation rejects (not a Foundation call)")
    }
    guard let body = input["body"], !body.isNull, let data = try? dataValue(body), !data.isEmpty, data != Data([0x20])
    else {
        throw Unsupported(why: "AF returns no object for an empty or one-space body without calling Foundation")
    }
    let fragments = options["readingOptions"]?["allowFragments"]?.boolValue == true
    do {
        let object = try JSONSerialization.jsonObject(with: data, options: fragments ? [.fragmentsAllowed] : [])
        return .obj(["valid": .bool(true), "object": try jsonValue(object)])
    } catch let e as Unsupported {
        throw e
    } catch {
        return .obj(["valid": .bool(true), "error": foundationError(error)])
    }
}

/// A parsed Foundation object as JSON. Dictionaries come out sorted by key: Foundation's have no
/// order (README: projection).
func jsonValue(_ o: Any) throws -> JSONValue {
    switch o {
    case is NSNull: return .null
    case let s as String: return .string(s)
    case let b as Bool where type(of: o) == Bool.self: return .bool(b)
    case let n as NSNumber:
        if String(cString: n.objCType) == "c" { return .bool(n.boolValue) }  // JSON has no 8-bit numbers
        if let i = Int(exactly: n.doubleValue), !"\(n)".contains(".") { return .number(String(i)) }
        return .number("\(n)")
    case let i as Int: return .number(String(i))
    case let d as Double: return .number(String(d))
    case let a as [Any]: return .array(try a.map(jsonValue))
    case let d as [String: Any]: return .object(try d.keys.sorted().map { .init($0, try jsonValue(d[$0]!)) })
    default: throw Unsupported(why: "object of type \(type(of: o))")
    }
}

func foundationError(_ error: Error) -> JSONValue {
    let e = error as NSError
    var m: [JSONValue.Member] = [.init("domain", .string(e.domain)), .init("code", .number(String(e.code)))]
    m.append(.init("description", .string(e.localizedDescription)))
    return .object(m)
}

// MARK: the protocol

func bytes(_ d: Data) -> JSONValue {
    if let s = String(data: d, encoding: .utf8) { return .obj(["text": .string(s)]) }
    return .obj(["hex": .string(d.map { String(format: "%02x", $0) }.joined())])
}

func dataValue(_ v: JSONValue) throws -> Data {
    if let t = v["text"]?.stringValue { return Data(t.utf8) }
    if let h = v["hex"]?.stringValue, let d = Data(hexString: h) { return d }
    throw Unsupported(why: "bytes")
}

extension Data {
    init?(hexString: String) {
        let chars = Array(hexString.utf8).filter { $0 != 0x20 }
        guard chars.count % 2 == 0 else { return nil }
        var out = Data(capacity: chars.count / 2)
        var i = 0
        while i < chars.count {
            guard let b = UInt8(String(decoding: chars[i..<i + 2], as: UTF8.self), radix: 16) else { return nil }
            out.append(b)
            i += 2
        }
        self = out
    }
}

extension JSONValue {
    var numberText: String? { if case .number(let t) = self { t } else { nil } }
    var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
}

let supports: JSONValue = .obj([
    "components": .obj([
        "percent-escape": .array([.string("af4")]), "media-type": .array([.string("af4")]),
        "request": .array([.string("af4")]), "response": .array([.string("af4")]),
    ]),
    "omits": .obj([
        // The body is Foundation's; method, URL and headers are AF's own code.
        "request": .array(
            ["method", "url", "headers", "error.description", "error.reason", "error.context", "error.offset"].map(
                JSONValue.string)),
        // Foundation's error carries its domain, code and description, not the core's offsets.
        "response": .array(
            ["valid", "error.offset", "error.context", "error.reason", "error.underlying"].map(JSONValue.string)),
        "percent-escape": .array(["error.*"].map(JSONValue.string)),
    ]),
])

func reply(_ line: String) -> JSONValue {
    guard let request = try? JSONParser(maxDepth: 100_000, allowFragments: true).parse(Array(line.utf8)) else {
        return .obj(["id": .null, "harnessError": .string("line is not JSON")])
    }
    let id = request["id"] ?? .null
    if let s = id.stringValue, s.hasPrefix("handshake#") {
        return .obj([
            "id": id, "output": .obj([:]), "protocol": .string("1.1"),
            "implementation": .obj(["name": .string("foundation"), "version": .string(version)]), "supports": supports,
        ])
    }
    let input = request["input"] ?? .obj([:]), options = request["options"] ?? .obj([:])
    do {
        let output: JSONValue
        switch request["component"]?.stringValue {
        case "percent-escape": output = try percentEscape(input, options)
        case "media-type": output = try mediaType(input)
        case "request": output = try requestBody(input, options)
        case "response": output = try responseObject(input, options)
        default: throw Unsupported(why: "no Foundation call AF makes for this component")
        }
        return .obj(["id": id, "output": output])
    } catch let u as Unsupported {
        return .obj(["id": id, "unsupported": .string(u.why)])
    } catch {
        return .obj(["id": id, "harnessError": .string("\(error)")])
    }
}

while let line = readLine() {
    if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
    FileHandle.standardOutput.write(Data((reply(line).jsonText + "\n").utf8))  // one write per reply: flushed
}
