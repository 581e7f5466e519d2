import AFSerialization
import AFVectorFormat

/// The pieces every target's ``CorpusTarget/describeOutput(_:)`` writes its output text with.
package enum OutputText {
    /// One line per error in the chain: identity, offset and message (context keys sorted).
    package static func render(_ error: AFSError) -> String {
        "error " + error.description
    }

    /// Bytes as an escaped string when they are UTF-8, else hex.
    package static func render(bytes b: [UInt8]) -> String {
        String(validating: b, as: UTF8.self)?.debugDescription ?? "hex " + Codec.hex(b)
    }

    /// A count, FNV-1a digest and short hex prefix: for outputs that may be large (decoded bodies).
    package static func summary(_ b: [UInt8]) -> String {
        "\(b.count) bytes fnv \(String(FNV1a64.hash(b), radix: 16)) head " + Codec.hex(Array(b.prefix(32)))
    }

    package static func render<T>(_ result: Result<T, AFSError>, _ ok: (T) -> String) -> String {
        switch result {
        case .success(let v): ok(v)
        case .failure(let e): render(e)
        }
    }
}

extension PercentEscapeInput {
    /// From ``setUp(_:)``: the escaped text (or error) and the batch ranges.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let (style, batchSize, utf16Mode, payload) = (setup.style, setup.batchSize, setup.utf16Mode, setup.payload)
        var out = "style \(style) batch \(batchSize) \(utf16Mode ? "utf16" : "utf8")\n"
        let escaped: Result<String, AFSError>
        if utf16Mode {
            let units = setup.units
            escaped = Result { () throws(AFSError) in try PercentEscape.escape(utf16: units, style: style) }
        } else {
            escaped = Result { () throws(AFSError) in try PercentEscape.escape(bytes: payload, style: style) }
        }
        out += OutputText.render(escaped) { "text " + $0 }
        if case .success = escaped, let s = utf16Mode ? nil : String(validating: payload, as: UTF8.self) {
            let batched = Result { () throws(AFSError) in try PercentEscape.escapeInBatches(s, style: style, batchSize: batchSize) }
            out += "\n" + OutputText.render(batched) { "batches " + $0.batches.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: " ") }
        }
        return out
    }
}

extension QueryStringInput {
    /// From ``setUp(_:)``: the encoded query string (or error).
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let s = setUp(&input)
        let o = s.options
        let result = Result { () throws(AFSError) in try QueryString.encode(s.tree, profile: s.profile, options: o) }
        return "profile \(s.profile) \(o.escapeStyle) \(o.arrayStyle) \(o.boolStyle) depth \(o.limits.maxParameterDepth)\n"
            + OutputText.render(result) { "text " + $0 }
    }
}

extension JSONInput {
    /// From ``setUp(_:)``: the parsed value in the header's dialect re-serialized (number
    /// text kept), or the error; with the cleaning bit, the value cleaned for af3 and for af4.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let (cleaning, payload, parser) = (setup.cleaning, setup.payload, setup.parser)
        let result = Result { () throws(AFSError) in try parser.parse(payload) }
        var out = "fragments \(parser.allowFragments) dialect \(parser.dialect)\n" + OutputText.render(result) { "value " + $0.jsonText }
        if cleaning, case .success(let v) = result {
            for p in [Profile.af3, .af4] {
                out += "\n\(p) " + OutputText.render(Result { () throws(AFSError) in try NullCleaning.clean(v, profile: p) }) { $0.jsonText }
            }
        }
        return out
    }
}

extension RequestInput {
    /// From ``setUp(_:)`` (header and serializer): method, URL, headers and body (or error).
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let s = setUp(&input)
        let result = Result { () throws(AFSError) in try s.serializer.serialize(s.request, parameters: s.parameters) }
        return "\(s.json ? "json" : "http") \(s.method) \(s.profile) flags \(s.flags)\n" + OutputText.render(result) { out in
            var text = "\(out.method) \(out.url)\n"
            for f in out.headers { text += "\(f.name): \(f.value)\n" }
            switch out.body.bytes {
            case nil: text += "no body"
            case let b?: text += String(validating: b, as: UTF8.self).map { "body " + $0 } ?? "body hex " + Codec.hex(b)
            }
            return text
        }
    }
}

extension MultipartParserInput {
    /// From ``setUp(_:)``: every parsed part (headers, name, filename, type, body) or the
    /// error, from one-shot parsing (the body checks that chunked parsing agrees).
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let s = setUp(&input)
        let result = Result { () throws(AFSError) in try MultipartParser.parse(s.body, boundary: s.boundary, options: s.options) }
        return "boundary \(s.boundary.debugDescription) utf8Headers \(s.options.allowUTF8Headers) limits \(s.options.limits.maxMultipartParts)\n"
            + OutputText.render(result) { parts in
                var text = "\(parts.count) parts"
                for p in parts {
                    text += "\npart name \(p.name.debugDescription) filename \(p.filename?.debugDescription ?? "-") type \(p.contentType ?? "-")"
                    for h in p.headers { text += "\n  \(h.name): \(h.value)" }
                    text += "\n  body " + (String(validating: p.body, as: UTF8.self)?.debugDescription ?? "hex " + Codec.hex(p.body))
                }
                return text
            }
    }
}

extension MultipartWriterInput {
    /// The header and parts: the boundary, Content-Length and the bytes the writer
    /// produces (read in one 64 KiB buffer), or the build/read error; and whether the header's
    /// read sizes and packet size give the same bytes (or which error); with bit 2 of `[5]`, whether
    /// the file written from the finalized request holds them.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let spec = Self(&input)
        var out = "profile \(spec.profile) reads \(spec.readA) \(spec.readB) packet \(spec.packetByte) seed \(spec.seed) flags \(spec.flags) parts \(spec.parts.count)\n"
        let form: MultipartFormData
        do { form = try spec.build() } catch {
            return out + "build " + OutputText.render(error)
        }
        out += "contentLength \(form.contentLength) boundary \(form.boundary)\n"
        let whole = read(form.makeStream(), sizes: [1 << 16])
        out += OutputText.render(whole) { "body " + OutputText.render(bytes: $0) }
        let packet = spec.packetByte == 0 ? nil : Int(spec.packetByte)
        let throttled = read(form.makeStream(throttle: MultipartThrottle(packetSize: packet)), sizes: [spec.readA, spec.readB], packet: packet)
        switch (whole, throttled) {
        case (.success(let a), .success(let b)): out += a == b ? "\nthrottled same" : "\nthrottled differs " + OutputText.summary(b)
        case (_, .failure(let e)): out += "\nthrottled " + OutputText.render(e)
        case (.failure, .success(let b)): out += "\nthrottled " + OutputText.summary(b)
        }
        if spec.flags & 4 != 0, case .success(let a) = whole {  // the finalized request written to a file
            out += "\nfile " + (fileMismatch(form, bytes: a) ?? "same")
        }
        return out
    }
}

extension MediaTypeInput {
    /// From ``setUp(_:)``: the af MIME type, the strict parse (type, subtype, parameters or
    /// rejection), `mimeType(profile:)`, and the validation verdict with its error chain.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let (profile, status, flags, mask, contentType) = (setup.profile, setup.status, setup.flags, setup.mask, setup.contentType)
        var out = "profile \(profile) status \(status) flags \(flags) mask \(mask)\n"
        out += "af " + MediaType.afMIMEType(contentType).debugDescription + "\n"
        if let m = MediaType.parse(contentType) {
            out += "strict " + m.essence.debugDescription + m.parameters.map { " ; \($0.name.debugDescription)=\($0.value.debugDescription)" }.joined() + "\n"
        } else {
            out += "strict rejects\n"
        }
        out += "mimeType " + (MediaType.mimeType(contentType: contentType, profile: profile)?.debugDescription ?? "nil") + "\n"
        let types: [String]? = flags & 4 != 0 ? patterns.indices.filter { mask & (1 << $0) != 0 }.map { patterns[$0] } : nil
        let codes: [ClosedRange<Int>]? = flags & 8 != 0 ? [200...299] : nil
        let headers = flags & 16 != 0 ? [] : [HTTPResponse.Header("Content-Type", contentType)]
        let response = HTTPResponse(statusCode: status, headers: headers, url: flags & 1 != 0 ? "http://h/" : nil, body: flags & 2 != 0 ? [0x7B] : nil)
        let outcome = ResponseValidation(acceptableContentTypes: types, acceptableStatusCodes: codes).validate(response, profile: profile)
        out += "valid \(outcome.valid)"
        if let e = outcome.error { out += "\n" + OutputText.render(e) }
        return out
    }
}

extension ContentDecodeInput {
    /// From ``setUp(_:)``: the parsed coding list, then the one-shot decode (size, digest
    /// and first bytes of the output) or its error.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let (encoding, limit) = (setup.encoding, setup.limit)
        var out = "encoding \(encoding.debugDescription) chunks \(setup.chunkA) \(setup.chunkB) flags \(setup.flags) limit \(limit)\n"
        let codings: [ContentCoding]
        do { codings = try ContentCoding.parseList(encoding) } catch {
            return out + "codings " + OutputText.render(error)
        }
        out += "codings " + codings.map(\.rawValue).joined(separator: ",") + "\n"
        // The harness compresses the payload (decoding gives it back, whatever zlib's version).
        let body = Self.body(setup, codings).body
        let oneShot = Result { () throws(AFSError) in try ContentDecoder.decode(body, contentEncoding: encoding, maxDecodedSize: limit) }
        out += OutputText.render(oneShot) { "decoded " + OutputText.summary($0) }
        // (Chunked streaming must agree with one-shot decoding: the body checks that invariant.)
        return out
    }
}

extension ImageInput {
    /// From ``setUp(_:)``: the image the core identifies (format and size), none, or the
    /// error. (Modes 1 and 2 build a PNG with zlib: a different zlib may compress differently, and
    /// mode 2 then flips a different byte.)
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let result = Result { () throws(AFSError) in try ImageDecoder.identify(setup.bytes, inflate: setup.inflate) }
        return setup.header + "\n"
            + OutputText.render(result) { info in info.map { "image \($0.format.rawValue) \($0.width)x\($0.height)" } ?? "not an image" }
    }
}

extension ResponseInput {
    /// From ``setUp(_:)``: the serializer's verdict, its object and its error chain.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let r = serializer(setup.serializer, setup.flags).serialize(setup.response, profile: setup.profile)
        var out = setup.header + "\nvalid \(r.valid)\n"
        switch r.object {
        case nil: out += "no object"
        case .data(let b): out += "data " + OutputText.summary(b)
        case .json(let v): out += "json " + v.jsonText
        case .propertyList(let v): out += "plist " + v.jsonText
        case .image(let info): out += "image \(info.format.rawValue) \(info.width)x\(info.height)"
        }
        if let e = r.error { out += "\n" + OutputText.render(e) }
        return out
    }
}

extension PlistRequestInput {
    /// From ``setUp(_:)``: the Content-Type and the property-list body, or the error.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        return setup.header + "\n" + OutputText.render(setup.serialize()) { out in
            "content-type " + (out.headers["Content-Type"]?.debugDescription ?? "none") + "\n"
                + (out.body.bytes.map { "body " + OutputText.summary($0) } ?? "no body")
        }
    }
}
