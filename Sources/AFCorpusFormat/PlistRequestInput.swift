import AFSerialization
import AFVectorFormat

/// The `plist-request` target's corpus input: SPEC §3.4 property-list request bodies.
///
/// Header (2 bytes, frozen): `[0]` profile, `Profile.allCases[b % 3]`; `[1]` bit 0: bounded tree
/// (``ParameterProgram/decode(_:bounded:)``); bit 1: the request already has a Content-Type;
/// bit 2: no parameters; bits 3–7 reserved. Payload: a ``ParameterProgram``. The method is POST.
public enum PlistRequestInput: CorpusTarget {
    public static let name = "plist-request"

    package struct Setup {
        package let profile: Profile, flags: UInt8
        package let parameters: ParameterValue?
        package let request: Request
        package var header: String { "\(profile) flags \(flags)" }
        package func serialize() -> Result<Request, AFSError> {
            Result { () throws(AFSError) in
                try PropertyListRequestSerializer(base: HTTPRequestSerializer(profile: profile)).serialize(request, parameters: parameters)
            }
        }
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
        let profile = input.pick(Profile.self), flags = input.option()
        let tree = ParameterProgram.decode(&input, bounded: flags & 1 != 0)
        var headers: HTTPHeaders = []
        if flags & 2 != 0 { headers.set("content-type", "text/mine") }
        return Setup(profile: profile, flags: flags, parameters: flags & 4 != 0 ? nil : tree,
                     request: Request(method: "POST", url: "http://h/p", headers: headers))
    }
}

// MARK: Output text (snapshots)

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

// MARK: As a vector request

extension PlistRequestInput {
    /// The `request` component's property-list serializer: POST with the same headers and parameters.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        var fields: [JSONValue.Member] = [.init("serializer", .string("plist")), .init("method", .string("POST")), .init("url", .string(s.request.url))]
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
