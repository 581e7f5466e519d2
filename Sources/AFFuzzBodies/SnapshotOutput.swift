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
        let profile = input.pick(Profile.self)
        let styles = input.option()
        let escapeStyle = EscapeStyle.allCases[Int(styles % 3)]
        let arrayStyle = ArrayStyle.allCases[Int(styles / 3 % 3)]
        let boolStyle: BoolStyle = input.option() & 1 == 1 ? .literal : .numeric
        var limits = Limits.default
        let depthByte = input.option()
        if depthByte != 0 { limits.maxParameterDepth = Int(depthByte % 32) }
        let options = QueryStringOptions(escapeStyle: escapeStyle, arrayStyle: arrayStyle, boolStyle: boolStyle, limits: limits)
        let tree = ParameterProgram.decode(&input)
        let result = Result { () throws(AFSError) in try QueryString.encode(tree, profile: profile, options: options) }
        return "profile \(profile) \(escapeStyle) \(arrayStyle) \(boolStyle) depth \(limits.maxParameterDepth)\n"
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
        let json = input.option() % 2 == 1
        let method = methods[Int(input.option() % 8)]
        let profile = input.pick(Profile.self)
        let flags = input.option()
        let tree = ParameterProgram.decode(&input)
        let parameters: ParameterValue? = flags & 2 != 0 ? tree : nil
        var url = "http://h/p"
        if flags & 4 != 0 { url += "?x=1" }
        if flags & 8 != 0 { url += "#frag" }
        var headers: HTTPHeaders = []
        if flags & 1 != 0 { headers.set("content-type", "text/mine") }
        var options: JSONWritingOptions = []
        if flags & 16 != 0 { options.insert(.sortedKeys) }
        if flags & 32 != 0 { options.insert(.withoutEscapingSlashes) }
        if flags & 64 != 0 { options.insert(.prettyPrinted) }
        let keysPlain = parameters?.allKeys(where: { $0.unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) || (0x09...0x0D).contains($0.value) } }) ?? true
        let base = HTTPRequestSerializer(profile: profile)
        let serializer: any RequestSerializer = json
            ? JSONRequestSerializer(base: base, writingOptions: options, keyOrder: keysPlain ? .foundation : .foundationExact) : base
        let result = Result { () throws(AFSError) in try serializer.serialize(Request(method: method, url: url, headers: headers), parameters: parameters) }
        return "\(json ? "json" : "http") \(method) \(profile) flags \(flags)\n" + SnapshotOutput.render(result) { out in
            var s = "\(out.method) \(out.url)\n"
            for f in out.headers { s += "\(f.name): \(f.value)\n" }
            switch out.body.bytes {
            case nil: s += "no body"
            case let b?: s += String(validating: b, as: UTF8.self).map { "body " + $0 } ?? "body hex " + VectorRequest.hex(b)
            }
            return s
        }
    }
}
