import AFSerialization
import AFVectorFormat

/// The `plist-request` target's corpus input: SPEC §3.4 property-list request bodies.
///
/// The frozen header, payload and oracles: ``descriptor``. Payload: a ``ParameterProgram``. The method is POST.
public enum PlistRequestInput: CorpusTarget {
    public static let name = "plist-request"
    /// The frozen option header (a field is never moved or resized; a new option takes reserved bits),
    /// the payload and the oracles: scripts/fuzz/targets.json is rendered from it (`conformance fuzz-targets`).
    public static let descriptor = FuzzTargetDescriptor(
        name: name, body: "PlistRequestFuzz", spec: "SPEC §3.4",
        header: [
            HeaderField(byte: 0, "profile", value: "Profile.allCases[b % 3]"),
            HeaderField(
                byte: 1, "flags",
                bits: [
                    0: "bounded tree (ParameterProgram.decode(_:bounded:))",
                    1: "the request already has a Content-Type", 2: "no parameters",
                ], reserved: "3-7"),
        ],
        payload: "a ParameterProgram",
        oracles: [
            "foundation-PropertyListSerialization-xml-bytes", "null-or-set-is-3851", "existing-content-type-wins",
            "deep-tree-reads-back",
        ])

    package struct Setup {
        package let profile: Profile, flags: UInt8
        package let parameters: ParameterValue?
        package let request: Request
        package var header: String { "\(profile) flags \(flags)" }
        package func serialize() -> Result<Request, AFSError> {
            Result { () throws(AFSError) in
                try PropertyListRequestSerializer(base: HTTPRequestSerializer(profile: profile)).serialize(
                    request, parameters: parameters)
            }
        }
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
        let profile = input.pick(Profile.self), flags = input.option()
        let tree = ParameterProgram.decode(&input, bounded: flags & 1 != 0)
        var headers: HTTPHeaders = []
        if flags & 2 != 0 { headers.set("content-type", "text/mine") }
        return Setup(
            profile: profile, flags: flags, parameters: flags & 4 != 0 ? nil : tree,
            request: Request(method: "POST", url: "http://h/p", headers: headers))
    }
}

// MARK: Output text (snapshots)

extension PlistRequestInput {
    /// From ``setUp(_:)``: the Content-Type and the property-list body, or the error.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        return setup.header + "\n"
            + OutputText.render(setup.serialize()) { out in
                "content-type " + (out.headers["Content-Type"]?.debugDescription ?? "none") + "\n"
                    + (out.body.bytes.map { "body " + OutputText.summary($0) } ?? "no body")
            }
    }
}

// MARK: As a vector request

extension PlistRequestInput {
    /// The `request` component's property-list serializer: POST with the same headers and parameters.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        var fields: [JSONValue.Member] = [
            .init("serializer", .string("plist")), .init("method", .string("POST")),
            .init("url", .string(s.request.url)),
        ]
        if let header = s.request.headers.pairs.first {
            fields.append(.init("headers", .array([.array([.string(header.0), .string(header.1)])])))
        }
        if let p = s.parameters {
            guard let tree = Codec.encodeParameters(p) else { return nil }
            fields.append(.init("parameters", tree))
        }
        return VectorRequest(component: "request", profile: s.profile, input: .object(fields), options: .object([]))
    }
}

// MARK: Seeds

extension PlistRequestInput {
    public static var payloadKind: PayloadKind { .parameterProgram }
    public static var boundedBit: BoundedBit? { BoundedBit(byte: 1, mask: 0x01) }

    static func input(_ profile: Profile, flags: Int, _ program: [UInt8]) -> [UInt8] {
        descriptor.header(["profile": profile.caseIndex, "flags": flags]) + program
    }

    public static var seeds: [Seed] {
        let trees: KeyValuePairs<String, String> = [
            "simple": #"{"foo": "bar", "baz": [1, 2, 3]}"#, "escapes": #"{"a&b": "<x>\u0001\t"}"#,
            "keys": #"{"b": 1, "B": 2, "\u00e9": 3, "\ud83d\ude00": 4, "a": 5}"#,
            "reals": #"[0.0, -0.0, 0.1, {"$double": "nan"}, {"$double": "inf"}, {"$double": "-inf"}, 1e300, -5e-324]"#,
            "ints": "[-9223372036854775808, 9223372036854775807, 0]",
            "data": #"[{"$data": ""}, {"$data": "01"}, {"$data": "00010203040506"}]"#,
            "deep-data": #"[[[[[[[[[[{"$data": "fffefdfcfbfaf9"}]]]]]]]]]]"#,
            "empty": #"{"a": [], "d": {}}"#, "bools": "[true, false]", "null": #"{"n": null}"#,
            "set": #"{"s": {"$set": ["a"]}}"#, "top-string": #""x""#,
        ]
        var out: [Seed] = []
        for (label, json) in trees {
            // Flag 2: the request already has a Content-Type.
            for flags in [0, 2] {
                out.append(
                    Seed("seed-\(label)-\(flags)", input(.af4, flags: flags, ParameterProgram.encode(tree(json))!)))
            }
        }
        out.append(Seed("seed-no-parameters", input(.af4, flags: 4, [])))
        return out
    }

    /// A property-list request vector with parameters: its profile, tree and Content-Type.
    public static func seed(from v: SeedVector) -> [UInt8]? {
        guard v.component == "request", v.input["serializer"]?.stringValue == "plist", let p = v.input["parameters"],
            !p.isNull,
            let program = v.parameters.flatMap(ParameterProgram.encode)
        else { return nil }
        return input(v.profile, flags: v.headers["content-type"] != nil ? 2 : 0, program)
    }
}
