import AFSerialization

/// A fuzz target that can render what the core *produced* for an input (not just whether the
/// invariants held), for output snapshots (`conformance snapshot`, issue 7): the digest of this
/// text is recorded per corpus input, so any behaviour change on any corpus input shows up.
///
/// The rendering must be a pure, platform-independent function of the input bytes: it reads the
/// target's frozen option header exactly as the body does, prints the decoded options on the first
/// line, then the core's output (text or error: domain, code or kind, offset, message). A new target should conform too; targets that do
/// not are snapshotted by their invariant verdict only (see ``SnapshotOutput/describe(_:_:)``).
public protocol OutputDescribing: FuzzBody {
    static func describeOutput(_ input: inout FuzzInput) -> String
}

public enum SnapshotOutput {
    /// The canonical output text of `body` for `bytes`; for a target without a renderer, its
    /// invariant verdict ("invariants hold" or the failure message).
    public static func describe(_ body: any FuzzBody.Type, _ bytes: [UInt8]) -> String {
        var input = FuzzInput(bytes)
        if let renderer = body as? any OutputDescribing.Type {
            return renderer.describeOutput(&input)
        }
        do {
            try body.run(&input)
            return "invariants hold"
        } catch {
            return "invariant broken: \(error.message)"
        }
    }

    /// True when `body` renders its output (false: only its invariant verdict is snapshotted).
    public static func rendersOutput(_ body: any FuzzBody.Type) -> Bool {
        body is any OutputDescribing.Type
    }

    /// One line per error in the chain: identity, offset and message (context keys sorted).
    static func render(_ error: AFSError) -> String {
        "error " + error.description
    }

    static func render<T>(_ result: Result<T, AFSError>, _ ok: (T) -> String) -> String {
        switch result {
        case .success(let v): ok(v)
        case .failure(let e): render(e)
        }
    }
}

extension PercentEscapeFuzz: OutputDescribing {
    /// Same header as ``run(_:)``: the escaped text (or error) and the batch ranges.
    public static func describeOutput(_ input: inout FuzzInput) -> String {
        let style = input.pick(EscapeStyle.self)
        let batchSize = Int(input.option()) + 1
        let utf16Mode = input.option() & 1 == 1
        let payload = Array(input.rest())
        var out = "style \(style) batch \(batchSize) \(utf16Mode ? "utf16" : "utf8")\n"
        let escaped: Result<String, AFSError>
        if utf16Mode {
            var units: [UInt16] = []
            var i = 0
            while i + 1 < payload.count {
                units.append(UInt16(payload[i]) | UInt16(payload[i + 1]) << 8)
                i += 2
            }
            escaped = Result { () throws(AFSError) in try PercentEscape.escape(utf16: units, style: style) }
        } else {
            escaped = Result { () throws(AFSError) in try PercentEscape.escape(bytes: payload, style: style) }
        }
        out += SnapshotOutput.render(escaped) { "text " + $0 }
        if case .success = escaped, let s = utf16Mode ? nil : String(validating: payload, as: UTF8.self) {
            let batched = Result { () throws(AFSError) in try PercentEscape.escapeInBatches(s, style: style, batchSize: batchSize) }
            out += "\n" + SnapshotOutput.render(batched) { "batches " + $0.batches.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: " ") }
        }
        return out
    }
}

extension QueryStringFuzz: OutputDescribing {
    /// Same header as ``run(_:)``: the encoded query string (or error).
    public static func describeOutput(_ input: inout FuzzInput) -> String {
        let s = setUp(&input)
        let o = s.options
        let result = Result { () throws(AFSError) in try QueryString.encode(s.tree, profile: s.profile, options: o) }
        return "profile \(s.profile) \(o.escapeStyle) \(o.arrayStyle) \(o.boolStyle) depth \(o.limits.maxParameterDepth)\n"
            + SnapshotOutput.render(result) { "text " + $0 }
    }
}

extension JSONFuzz: OutputDescribing {
    /// Same header as ``run(_:)``: the parsed value re-serialized (number text kept), or the error.
    public static func describeOutput(_ input: inout FuzzInput) -> String {
        let allowFragments = input.option() & 1 == 1
        _ = input.option()
        let payload = Array(input.rest())
        let result = Result { () throws(AFSError) in try JSONParser(allowFragments: allowFragments).parse(payload) }
        return "fragments \(allowFragments)\n" + SnapshotOutput.render(result) { "value " + $0.jsonText }
    }
}

extension RequestFuzz: OutputDescribing {
    /// Same header and serializer set-up as ``run(_:)``: method, URL, headers and body (or error).
    public static func describeOutput(_ input: inout FuzzInput) -> String {
        let s = setUp(&input)
        let result = Result { () throws(AFSError) in try s.serializer.serialize(s.request, parameters: s.parameters) }
        return "\(s.json ? "json" : "http") \(s.method) \(s.profile) flags \(s.flags)\n" + SnapshotOutput.render(result) { out in
            var text = "\(out.method) \(out.url)\n"
            for f in out.headers { text += "\(f.name): \(f.value)\n" }
            switch out.body.bytes {
            case nil: text += "no body"
            case let b?: text += String(validating: b, as: UTF8.self).map { "body " + $0 } ?? "body hex " + VectorRequest.hex(b)
            }
            return text
        }
    }
}

extension MultipartParserFuzz: OutputDescribing {
    /// Same header as ``run(_:)``: every parsed part (headers, name, filename, type, body) or the
    /// error, from one-shot parsing (the body checks that chunked parsing agrees).
    public static func describeOutput(_ input: inout FuzzInput) -> String {
        let s = setUp(&input)
        let result = Result { () throws(AFSError) in try MultipartParser.parse(s.body, boundary: s.boundary, options: s.options) }
        return "boundary \(s.boundary.debugDescription) utf8Headers \(s.options.allowUTF8Headers) limits \(s.options.limits.maxMultipartParts)\n"
            + SnapshotOutput.render(result) { parts in
                var text = "\(parts.count) parts"
                for p in parts {
                    text += "\npart name \(p.name.debugDescription) filename \(p.filename?.debugDescription ?? "-") type \(p.contentType ?? "-")"
                    for h in p.headers { text += "\n  \(h.name): \(h.value)" }
                    text += "\n  body " + (String(validating: p.body, as: UTF8.self)?.debugDescription ?? "hex " + VectorRequest.hex(p.body))
                }
                return text
            }
    }
}
