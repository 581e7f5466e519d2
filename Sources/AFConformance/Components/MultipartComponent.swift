#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import AFSerialization
import AFVectorFormat

/// `multipart` (VECTORS.md): builds a multipart request from `method`, `url`, `headers`,
/// `parameters` and `parts`, with `boundary` or `seed` (SplitMix64, see ``SplitMix64``), then reads
/// the body through the phase reader with buffer sizes cycling through `options.readSizes`
/// (default 65536) and the optional `options.packetSize`. Output: `headers`, `body` (null when the
/// request has none), `contentLength` (the header as an integer, null when absent), and with
/// `options.reportReads` the count each read call returned (`reads`).
///
/// Part `kind`s: `form` (name, body), `file` (name, filename, mimeType, body), `path` (name, path:
/// a file URL or path; optional filename + mimeType override the derived ones), `stream` (name,
/// filename, mimeType, declaredLength, body = what the stream really yields, optional `failAfter`:
/// the stream throws after yielding that many bytes), `headers` (headers, body).
/// Options also take `maxMultipartParts` and every `request` option that shapes the HTTP
/// serializer (`preferredLanguages`, `userAgent`, `basicAuth`, `defaultHeaders`, query styles…).
/// Unknown fields are a harness error.
struct MultipartComponent: EvalComponent {
    let name = "multipart"
    var outputIndependentOptions: Set<String> { ["readSizes", "packetSize"] }

    /// A boundary drawn from a seed is spelt out (the core's output names it), so an implementation
    /// that takes a boundary but has no SplitMix64 source can answer.
    func portable(input: JSONValue, output: JSONValue) -> JSONValue {
        guard case .object(var members) = input, let seed = members.firstIndex(where: { $0.key == "seed" }),
            let boundary = Self.boundary(output)
        else { return input }
        members[seed] = .init("boundary", .string(boundary))
        return .object(members)
    }

    /// `boundary=` of the output's Content-Type header.
    static func boundary(_ output: JSONValue) -> String? {
        for h in output["headers"]?.arrayValue ?? [] {
            guard let pair = h.arrayValue, pair.count == 2, pair[0].stringValue?.lowercased() == "content-type",
                let value = pair[1].stringValue, let r = value.range(of: "boundary=")
            else { continue }
            return String(value[r.upperBound...])
        }
        return nil
    }

    static let inputKeys: Set<String> = ["method", "url", "headers", "parameters", "parts", "boundary", "seed"]
    static let optionKeys: Set<String> = RequestComponent.optionKeys.subtracting(["jsonWritingOptions"])
        .union(["readSizes", "packetSize", "maxMultipartParts", "writeToFile", "reportReads"])
    static let partKeys: Set<String> = [
        "kind", "name", "filename", "mimeType", "body", "declaredLength", "path", "headers", "failAfter",
    ]

    /// A decoded part, applied to the form inside the (typed-throwing) build closure.
    enum PartSpec {
        case form(name: String, body: [UInt8])
        case file(name: String, filename: String, mimeType: String, body: [UInt8])
        case path(name: String, url: String, filename: String?, mimeType: String?)
        case stream(name: String, filename: String, mimeType: String, declared: Int, body: [UInt8], failAfter: Int?)
        case headers([MultipartHeader], body: [UInt8])
    }

    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue {
        try RequestComponent.requireKnown(input, Self.inputKeys)
        try RequestComponent.requireKnown(options, Self.optionKeys)
        let serializer = try RequestComponent.httpSerializer(options, profile: profile)
        let method = try input.requireString("method")
        let url = try input.requireString("url")
        let headers = HTTPHeaders(try Codec.decodeHeaders(input.raw("headers"), path: input.sub("headers")))
        let parameters = try input.raw("parameters").map { (v) throws(HarnessError) in
            try Codec.decodeParameters(v, path: input.sub("parameters"))
        }
        var specs: [PartSpec] = []
        for (i, p) in (try input.array("parts") ?? []).enumerated() {
            specs.append(try Self.decodePart(try Fields(p, path: "\(input.sub("parts"))[\(i)]")))
        }

        var limits = Limits.default
        if let n = try options.int("maxMultipartParts") { limits.maxMultipartParts = n }
        let form: MultipartFormData
        if let b = try input.string("boundary") {
            form = try MultipartFormData(profile: profile, boundary: b, limits: limits)
        } else if let seed = try input.int("seed") {
            form = MultipartFormData(
                profile: profile, random: SplitMix64(seed: UInt64(bitPattern: Int64(seed))), limits: limits)
        } else {
            throw HarnessError(input.path, "multipart needs \"boundary\" or \"seed\" for a reproducible boundary")
        }

        var throttle = MultipartThrottle()
        throttle.packetSize = try options.int("packetSize")
        let readSizes = try options.ints("readSizes") ?? [64 * 1024]
        if readSizes.isEmpty || readSizes.contains(where: { $0 < 1 }) {
            throw HarnessError(options.sub("readSizes"), "read sizes must be a non-empty list of integers ≥ 1")
        }

        let request = try serializer.multipartFormRequest(
            method: method, url: url, headers: headers, parameters: parameters, form: form, throttle: throttle
        ) { (f: inout MultipartFormData) throws(AFSError) in
            for spec in specs { try Self.apply(spec, to: &f) }
        }

        if try options.bool("writeToFile") == true {
            return try Self.writtenToFile(request)
        }
        let body: JSONValue
        var reads: [Int]? = nil
        switch request.body {
        case .none: body = .null
        case .bytes(let b): body = Codec.encodeBytes(b)
        case .stream(let s):
            var counts: [Int] = []
            body = Codec.encodeBytes(try Self.drain(s, readSizes: readSizes) { counts.append($0) })
            reads = counts
        }
        var members: [JSONValue.Member] = [
            .init("headers", Codec.encodeHeaders(request.headers.pairs)),
            .init("body", body),
            .init("contentLength", request.headers["Content-Length"].flatMap { Int($0) }.map { .int($0) } ?? .null),
        ]
        // What each read call returned, the last 0 included (SPEC §5.5: never more than the buffer or
        // the packet size, as much as fits, 0 only at the end): the body alone cannot show it.
        if try options.bool("reportReads") == true {
            members.append(.init("reads", .array((reads ?? []).map { .int($0) })))
        }
        return .object(members)
    }

    /// SPEC §5.6 through the public API: the stream goes to a temporary file; the output `body` is
    /// that file's content, and `headers`/`contentLength` are those of the returned request.
    static func writtenToFile(_ request: Request) throws -> JSONValue {
        var template = Array("/tmp/afs-multipart-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw HarnessError("options.writeToFile", "cannot create a temporary file") }
        close(fd)
        let path = String(decoding: template.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let written = try MultipartBodyFile.writingBody(of: request, toFile: path)
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(path) } catch {
            throw HarnessError("options.writeToFile", error.description)
        }
        return .obj([
            "headers": Codec.encodeHeaders(written.headers.pairs),
            "body": Codec.encodeBytes(bytes),
            "contentLength": written.headers["Content-Length"].flatMap { Int($0) }.map { .int($0) } ?? .null,
        ])
    }

    /// Reads `stream` to its end with buffer sizes cycling through `readSizes`; `observe` gets each
    /// call's count, the final 0 included.
    static func drain(_ stream: any RequestBodyStream, readSizes: [Int], observe: (Int) -> Void = { _ in })
        throws(AFSError) -> [UInt8]
    {
        var out: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: readSizes.max()!, alignment: 16)
        defer { buffer.deallocate() }
        var k = 0
        while true {
            let size = readSizes[k % readSizes.count]
            k += 1
            let n = try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size]))
            observe(n)
            if n == 0 { return out }
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
    }

    static func decodePart(_ p: Fields) throws(HarnessError) -> PartSpec {
        try RequestComponent.requireKnown(p, partKeys)
        let kind = try p.requireString("kind")
        let body = p.has("body") ? try Codec.decodeBytes(p.raw("body"), path: p.sub("body")) : []
        switch kind {
        case "form":
            return .form(name: try p.requireString("name"), body: body)
        case "file":
            return .file(
                name: try p.requireString("name"), filename: try p.requireString("filename"),
                mimeType: try p.requireString("mimeType"), body: body)
        case "path":
            return .path(
                name: try p.requireString("name"), url: try p.requireString("path"),
                filename: try p.string("filename"), mimeType: try p.string("mimeType"))
        case "stream":
            return .stream(
                name: try p.requireString("name"), filename: try p.requireString("filename"),
                mimeType: try p.requireString("mimeType"), declared: try p.int("declaredLength") ?? body.count,
                body: body, failAfter: try p.int("failAfter"))
        case "headers":
            let hs = try Codec.decodeHeaders(p.raw("headers"), path: p.sub("headers")).map {
                MultipartHeader($0.0, $0.1)
            }
            return .headers(hs, body: body)
        default:
            throw HarnessError(
                p.sub("kind"), "unknown part kind \"\(kind)\"; expected form, file, path, stream or headers")
        }
    }

    static func apply(_ spec: PartSpec, to form: inout MultipartFormData) throws(AFSError) {
        switch spec {
        case .form(let name, let body):
            try form.appendFormField(name: name, value: body)
        case .file(let name, let filename, let mimeType, let body):
            try form.appendFileData(body, name: name, filename: filename, mimeType: mimeType)
        case .path(let name, let url, let filename, let mimeType):
            if let filename {
                try form.appendFile(
                    url: url, name: name, filename: filename,
                    mimeType: mimeType ?? MultipartMIME.type(forFilename: filename))
            } else {
                try form.appendFile(url: url, name: name)
            }
        case .stream(let name, let filename, let mimeType, let declared, let body, let failAfter):
            let source = MultipartStreamSource { ScriptedByteStream(bytes: body, failAfter: failAfter) }
            try form.appendStream(source, length: declared, name: name, filename: filename, mimeType: mimeType)
        case .headers(let hs, let body):
            try form.appendPart(headers: hs, body: .bytes(body))
        }
    }
}

/// An in-memory input stream that yields `bytes`, optionally failing once `failAfter` bytes are
/// out: lets vectors exercise a stream whose length differs from the declared one, or that breaks.
final class ScriptedByteStream: MultipartByteStream {
    let bytes: [UInt8]
    let failAfter: Int?
    var position = 0

    init(bytes: [UInt8], failAfter: Int?) {
        self.bytes = bytes
        self.failAfter = failAfter
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AFSError) -> Int {
        var end = bytes.count
        if let f = failAfter {
            if position >= f { throw AFSError(.streamReadFailed, "the input stream failed", offset: position) }
            end = min(end, f)
        }
        let n = min(buffer.count, end - position)
        if n > 0 {
            bytes.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress! + position, byteCount: n) }
            position += n
        }
        return n
    }
}
