import AFFoundationCompat
import AFSerialization
import AFVectorFormat

/// The `request` target's corpus input: SPEC §3 HTTP form and JSON request serialization.
///
/// The frozen header, payload and oracles: ``descriptor``. Payload: a
/// ``ParameterProgram``.
public enum RequestInput: CorpusTarget {
    public static let name = "request"
    /// The frozen option header (a field is never moved or resized; a new option takes reserved bits),
    /// the payload and the oracles: scripts/fuzz/targets.json is rendered from it (`conformance fuzz-targets`).
    public static let descriptor = FuzzTargetDescriptor(
        name: name, body: "RequestFuzz", spec: "SPEC §3",
        header: [
            HeaderField(byte: 0, "serializer", value: "b % 2: http, json"),
            HeaderField(byte: 1, "method", value: "b % 8 of GET HEAD DELETE POST PUT PATCH get OPTIONS"),
            HeaderField(byte: 2, "profile", value: "Profile.allCases[b % 3]"),
            HeaderField(
                byte: 3, "flags",
                bits: [
                    0: "the request already has a Content-Type", 1: "parameters present", 2: "URL has a query (?)",
                    3: "URL has a fragment", 4: ".sortedKeys", 5: ".withoutEscapingSlashes", 6: ".prettyPrinted",
                    7: "bounded tree (ParameterProgram.decode(_:bounded:))",
                ]),
        ],
        payload: "a ParameterProgram",
        oracles: [
            "query-placement-by-method", "form-body-is-the-query", "foundation-JSONSerialization-body",
            "isValidJSONObject-verdict", "existing-content-type-wins",
        ])

    package static let methods = ["GET", "HEAD", "DELETE", "POST", "PUT", "PATCH", "get", "OPTIONS"]

    /// The decoded header and payload, and the serializer they configure (shared with the
    /// snapshot renderer).
    package struct Setup {
        package let json: Bool
        package let method: String
        package let profile: Profile
        package let flags: UInt8
        package let url: String
        package let parameters: ParameterValue?
        package let request: Request
        package let options: JSONWritingOptions
        package let serializer: any RequestSerializer
        /// Every key is plain (`JSONKeyOrder.isPlain`): then the core's default `.sortedKeys` order
        /// is Foundation's; otherwise the fuzz input uses Foundation's own (`.foundationExactFast`).
        package let keysPlain: Bool
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
        let json = input.option() % 2 == 1
        let method = methods[Int(input.option() % 8)]
        let profile = input.pick(Profile.self)
        let flags = input.option()
        let tree = ParameterProgram.decode(&input, bounded: flags & 0x80 != 0)
        let parameters: ParameterValue? = flags & 2 != 0 ? tree : nil
        var url = "http://h/p"
        if flags & 4 != 0 { url += "?x=1" }
        if flags & 8 != 0 { url += "#frag" }
        var headers: HTTPHeaders = []
        if flags & 1 != 0 { headers.set("content-type", "text/mine") }
        let request = Request(method: method, url: url, headers: headers)
        var options: JSONWritingOptions = []
        if flags & 16 != 0 { options.insert(.sortedKeys) }
        if flags & 32 != 0 { options.insert(.withoutEscapingSlashes) }
        if flags & 64 != 0 { options.insert(.prettyPrinted) }

        // Under .sortedKeys, the core's default key order matches Foundation for plain ASCII keys
        // (its documented Deviation covers the rest); other keys get Foundation's exact comparator.
        let keysPlain =
            parameters?.allNodes { v in
                guard case .dictionary(let es) = v else { return true }
                return es.allSatisfy { JSONKeyOrder.isPlain($0.key) }
            } ?? true
        let base = HTTPRequestSerializer(profile: profile)
        let serializer: any RequestSerializer =
            json
            ? JSONRequestSerializer(
                base: base, writingOptions: options, keyOrder: keysPlain ? .foundation : .foundationExactFast) : base
        return Setup(
            json: json, method: method, profile: profile, flags: flags, url: url, parameters: parameters,
            request: request, options: options, serializer: serializer, keysPlain: keysPlain)
    }
}

// MARK: Output text (snapshots)

extension RequestInput {
    /// From ``setUp(_:)`` (header and serializer): method, URL, headers and body (or error).
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let s = setUp(&input)
        let result = Result { () throws(AFSError) in try s.serializer.serialize(s.request, parameters: s.parameters) }
        return "\(s.json ? "json" : "http") \(s.method) \(s.profile) flags \(s.flags)\n"
            + OutputText.render(result) { out in
                var text = "\(out.method) \(out.url)\n"
                for f in out.headers { text += "\(f.name): \(f.value)\n" }
                switch out.body.bytes {
                case nil: text += "no body"
                case let b?:
                    text += String(validating: b, as: UTF8.self).map { "body " + $0 } ?? "body hex " + Codec.hex(b)
                }
                return text
            }
    }
}

// MARK: As a vector request

extension RequestInput {
    /// The `request` component with the same serializer, method, URL, Content-Type and parameters.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        var fields: [JSONValue.Member] = [
            .init("serializer", .string(s.json ? "json" : "http")), .init("method", .string(s.method)),
            .init("url", .string(s.url)),
        ]
        if let header = s.request.headers.pairs.first {
            fields.append(.init("headers", .array([.array([.string(header.0), .string(header.1)])])))
        }
        if let p = s.parameters {
            guard let tree = Codec.encodeParameters(p) else { return nil }
            fields.append(.init("parameters", tree))
        }
        var options: [JSONValue.Member] = []
        var notes: [String] = []
        if s.json {
            options.append(
                .init(
                    "jsonWritingOptions",
                    .array(JSONWritingOptions.named.filter { s.options.contains($0.1) }.map { .string($0.0) })))
            if !s.keysPlain && s.options.contains(.sortedKeys) {
                notes.append(
                    "the fuzz input sorts non-ASCII keys with Foundation's exact comparator "
                        + "(keyOrder .foundationExact), which a vector cannot select"
                )
            }
        }
        return VectorRequest(
            component: "request", profile: s.profile, input: .object(fields), options: .object(options), notes: notes)
    }
}

// MARK: Seeds

extension RequestInput {
    public static var payloadKind: PayloadKind { .parameterProgram }
    public static var boundedBit: BoundedBit? { BoundedBit(byte: 3, mask: 0x80) }

    static func input(json: Bool, _ method: String, _ profile: Profile, flags: Int, _ program: [UInt8]) -> [UInt8] {
        descriptor.header([
            "serializer": json ? 1 : 0, "method": methods.firstIndex(of: method)!, "profile": profile.caseIndex,
            "flags": flags,
        ]) + program
    }

    public static var seeds: [Seed] {
        let trees: KeyValuePairs<String, String> = [
            "simple": #"{"foo": "bar", "baz": [1, 2, 3]}"#, "nested": #"{"a": {"b": [true, null, 0.5]}}"#,
            "slash": #"{"u": "a/b"}"#, "array-top": #"["x", 1]"#, "set": #"{"s": {"$set": ["a"]}}"#,
            "data": #"{"d": {"$data": "01"}}"#, "nan": #"{"n": {"$double": "nan"}}"#, "empty": "{}",
            "unicode": #"{"k": "\u00e9\u2028"}"#,
        ]
        var out: [Seed] = []
        for (label, json) in trees {
            let program = ParameterProgram.encode(tree(json))!
            for serializer in ["http", "json"] {
                for method in ["GET", "POST", "get"] {
                    // Parameters present; with a Content-Type, a query and a fragment; JSON options.
                    for flags in [0x02, 0x0F, 0x36] {
                        let hex = String(flags, radix: 16)
                        out.append(
                            Seed(
                                "seed-\(label)-\(serializer)-\(method)-\(hex.count < 2 ? "0" : "")\(hex)",
                                input(json: serializer == "json", method, .af4, flags: flags, program)))
                    }
                }
            }
        }
        out.append(
            Seed(
                "seed-strict-fragment",
                input(json: false, "GET", .strict, flags: 0x0A, ParameterProgram.encode(tree(#"{"a": "1"}"#))!)))
        out.append(Seed("seed-no-parameters-json", input(json: true, "POST", .af4, flags: 0, [])))
        return out
    }

    /// A form or JSON request vector: its method, profile, parameters, Content-Type and JSON writing options.
    public static func seed(from v: SeedVector) -> [UInt8]? {
        guard v.component == "request", let serializer = v.input["serializer"]?.stringValue,
            serializer == "http" || serializer == "json",
            let method = (v.input["method"] ?? .string("GET")).stringValue, methods.contains(method)
        else { return nil }
        let parameters = v.input["parameters"].flatMap { $0.isNull ? nil : $0 }
        var program = ParameterProgram.encode(.dictionary([]))!
        if parameters != nil {
            guard let p = v.parameters.flatMap(ParameterProgram.encode) else { return nil }
            program = p
        }
        let writing = v.options["jsonWritingOptions"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let flags =
            (v.headers["content-type"] != nil ? 1 : 0) | (parameters != nil ? 2 : 0)
            | (writing.contains("sortedKeys") ? 16 : 0)
            | (writing.contains("withoutEscapingSlashes") ? 32 : 0) | (writing.contains("prettyPrinted") ? 64 : 0)
        return input(json: serializer == "json", method, v.profile, flags: flags, program)
    }
}
