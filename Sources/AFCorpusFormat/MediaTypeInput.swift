import AFSerialization
import AFVectorFormat

/// The `media-type` target's corpus input: SPEC §6.2–6.3 MIME types and response validation.
///
/// The frozen header, payload and oracles: ``descriptor``. Payload: the Content-Type value (lossy UTF-8).
public enum MediaTypeInput: CorpusTarget {
    public static let name = "media-type"
    /// The frozen option header (a field is never moved or resized; a new option takes reserved bits),
    /// the payload and the oracles: scripts/fuzz/targets.json is rendered from it (`conformance fuzz-targets`).
    public static let descriptor = FuzzTargetDescriptor(
        name: name, body: "MediaTypeFuzz", spec: "SPEC §6.2-6.3",
        header: [
            HeaderField(byte: 0, "profile", value: "Profile.allCases[b % 3]"),
            HeaderField(bytes: 1...2, "status code", value: "little-endian, % 1000"),
            HeaderField(
                byte: 3, "flags",
                bits: [
                    0: "URL present", 1: "non-empty body", 2: "acceptable content types set",
                    3: "acceptable status codes (200...299) set", 4: "no Content-Type header",
                ], reserved: "5-7"),
            HeaderField(byte: 4, "acceptable types", value: "bit mask over MediaTypeInput.patterns"),
        ],
        payload: "the Content-Type value (lossy UTF-8)",
        oracles: ["af-mime-rule", "rfc9110-recognizer", "validation-and-error-chain", "chaining-keeps-underlying"])

    package static let patterns = [
        "application/json", "text/json", "text/javascript", "text/*", "*/*", "image/png", "Application/JSON",
        "application/json; charset=utf-8",
    ]

    package struct Setup {
        package let profile: Profile
        package let status: Int
        package let flags: UInt8
        package let mask: UInt8
        package let contentType: String
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
        let profile = input.pick(Profile.self)
        let status = Int(input.option16() % 1000)
        let flags = input.option()
        let mask = input.option()
        return Setup(
            profile: profile, status: status, flags: flags, mask: mask,
            contentType: String(decoding: input.rest(), as: UTF8.self))
    }
}

// MARK: Output text (snapshots)

extension MediaTypeInput {
    /// From ``setUp(_:)``: the af MIME type, the strict parse (type, subtype, parameters or
    /// rejection), `mimeType(profile:)`, and the validation verdict with its error chain.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let (profile, status, flags, mask, contentType) = (
            setup.profile, setup.status, setup.flags, setup.mask, setup.contentType
        )
        var out = "profile \(profile) status \(status) flags \(flags) mask \(mask)\n"
        out += "af " + MediaType.afMIMEType(contentType).debugDescription + "\n"
        if let m = MediaType.parse(contentType) {
            out +=
                "strict " + m.essence.debugDescription
                + m.parameters.map { " ; \($0.name.debugDescription)=\($0.value.debugDescription)" }.joined() + "\n"
        } else {
            out += "strict rejects\n"
        }
        out +=
            "mimeType " + (MediaType.mimeType(contentType: contentType, profile: profile)?.debugDescription ?? "nil")
            + "\n"
        let types: [String]? =
            flags & 4 != 0 ? patterns.indices.filter { mask & (1 << $0) != 0 }.map { patterns[$0] } : nil
        let codes: [ClosedRange<Int>]? = flags & 8 != 0 ? [200...299] : nil
        let headers = flags & 16 != 0 ? [] : [HTTPResponse.Header("Content-Type", contentType)]
        let response = HTTPResponse(
            statusCode: status, headers: headers, url: flags & 1 != 0 ? "http://h/" : nil,
            body: flags & 2 != 0 ? [0x7B] : nil)
        let outcome = ResponseValidation(acceptableContentTypes: types, acceptableStatusCodes: codes).validate(
            response, profile: profile)
        out += "valid \(outcome.valid)"
        if let e = outcome.error { out += "\n" + OutputText.render(e) }
        return out
    }
}

// MARK: As a vector request

extension MediaTypeInput {
    /// The `media-type` component: the Content-Type value under the input's profile (the
    /// validation half of the target has no component of its own; `response` covers it).
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let setup = setUp(&input)
        let (profile, flags) = (setup.profile, setup.flags)
        let contentType: JSONValue = flags & 16 != 0 ? .null : .string(setup.contentType)
        return VectorRequest(
            component: "media-type", profile: profile, input: .object([.init("contentType", contentType)]),
            options: .object([]), notes: flags & 16 != 0 ? ["no Content-Type header"] : [])
    }
}

// MARK: Seeds

extension MediaTypeInput {
    static func input(_ profile: Profile, status: Int, flags: Int, acceptable mask: Int, _ contentType: String)
        -> [UInt8]
    {
        descriptor.header([
            "profile": profile.caseIndex, "status code": status, "flags": flags, "acceptable types": mask,
        ])
            + Array(contentType.utf8)
    }

    public static var seeds: [Seed] {
        let values = [
            "application/json", "Application/JSON; charset=utf-8", " text/html ;q=1", "text/plain;;a=b",
            #"multipart/form-data; boundary="a\"b""#, #"text/json; x="unterminated"#, "", ";", "image/png\t",
            "a/b; c", "*/*", "text/*", #"a/b;c=d;e="f;g""#, "application/json\r\n", "tExt/JaVaScript",
        ]
        // (status code, flags, acceptable-types mask)
        let cases = [(200, 0x0F, 0x01), (404, 0x0F, 0x1F), (500, 0x0D, 0x00), (201, 0x07, 0x80), (302, 0x1B, 0x18)]
        var out: [Seed] = []
        for (i, value) in values.enumerated() {
            for profile in [Profile.af4, .strict] {
                for (status, flags, mask) in cases {
                    let hex = String(flags, radix: 16)
                    out.append(
                        Seed(
                            "seed-\(i < 10 ? "0" : "")\(i)-\(profile.rawValue)-"
                                + "\(status)-\(hex.count < 2 ? "0" : "")\(hex)",
                            input(profile, status: status, flags: flags, acceptable: mask, value)))
                }
            }
        }
        return out
    }

    /// A media-type vector (its Content-Type against every acceptable pattern), or a response vector
    /// that the JSON target does not take (its status, URL, body presence and Content-Type).
    public static func seed(from v: SeedVector) -> [UInt8]? {
        if v.component == "media-type" {
            let contentType = v.input["contentType"]?.stringValue
            return input(
                v.profile, status: 200, flags: 0x0F | (contentType == nil ? 0x10 : 0), acceptable: 0x1F,
                contentType ?? "")
        }
        guard v.component == "response", JSONInput.seed(from: v) == nil,
            let code = SeedVector.integer(v.input["statusCode"])
        else { return nil }
        let contentType = v.headers["content-type"]
        let flags =
            (SeedVector.isSet(v.input["url"]) ? 1 : 0) | (v.bytes("body").map { !$0.isEmpty } == true ? 2 : 0) | 0x0C
            | (contentType == nil ? 0x10 : 0)
        return input(v.profile, status: (code % 1000 + 1000) % 1000, flags: flags, acceptable: 0x07, contentType ?? "")
    }
}
