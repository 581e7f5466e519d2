import AFSerialization

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
