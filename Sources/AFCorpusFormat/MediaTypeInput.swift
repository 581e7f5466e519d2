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
            HeaderField(byte: 4, "acceptable types", value: "bit mask over MediaTypeFuzz.patterns"),
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
