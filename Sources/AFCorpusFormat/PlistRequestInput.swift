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
