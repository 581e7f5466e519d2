import AFSerialization

/// The `media-type` target's corpus input: SPEC §6.2–6.3 MIME types and response validation.
///
/// Header (5 bytes, frozen): `[0]` profile (mod 3); `[1..2]` status code, little-endian, mod 1000;
/// `[3]` flags: bit 0 URL present, bit 1 non-empty body, bit 2 acceptable content types set,
/// bit 3 acceptable status codes (200…299) set, bit 4 no Content-Type header; bits 5–7 reserved;
/// `[4]` which of ``patterns`` are the acceptable content types (bit mask).
/// Payload: the Content-Type value (lossy UTF-8).
public enum MediaTypeInput: CorpusTarget {
    public static let name = "media-type"

    package static let patterns = ["application/json", "text/json", "text/javascript", "text/*", "*/*", "image/png", "Application/JSON", "application/json; charset=utf-8"]

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
        return Setup(profile: profile, status: status, flags: flags, mask: mask, contentType: String(decoding: input.rest(), as: UTF8.self))
    }
}
