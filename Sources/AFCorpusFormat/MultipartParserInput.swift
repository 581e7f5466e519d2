import AFSerialization

/// The `multipart-parser` target's corpus input: SPEC §5.7 strict multipart parsing.
///
/// Header (4 bytes, frozen): `[0]` boundary: 0–3 one of ``boundaries``, n ≥ 4 the first n − 3 payload
/// bytes (lossy UTF-8); `[1]`, `[2]` chunk sizes − 1
/// (the input is fed in chunks alternating between the two); `[3]` bit 0: allow UTF-8 headers,
/// bit 1: small limits (4 parts, 64 header bytes per part, 1024 bytes in all); bits 2–7 reserved.
/// Payload: the body bytes.
public enum MultipartParserInput: CorpusTarget {
    public static let name = "multipart-parser"

    package static let boundaries = ["AaB03x", "Boundary+D87993F14D11D1AD", "b", "----WebKitFormBoundary7MA4YWxkTrZu0gW"]

    /// The decoded header and payload (shared with the snapshot renderer).
    package struct Setup {
        package let boundary: String
        package let chunkA: Int, chunkB: Int
        package let options: MultipartParserOptions
        package let body: [UInt8]
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
        let boundaryByte = input.option()
        let chunkA = Int(input.option()) + 1, chunkB = Int(input.option()) + 1
        let flags = input.option()
        let boundary = boundaryByte < 4 ? boundaries[Int(boundaryByte)] : String(decoding: input.take(Int(boundaryByte) - 3), as: UTF8.self)
        var limits = Limits.default
        if flags & 2 != 0 {
            limits.maxMultipartParts = 4
            limits.maxPartHeaderBytes = 64
            limits.maxMultipartBytes = 1024
        }
        let options = MultipartParserOptions(limits: limits, allowUTF8Headers: flags & 1 != 0)
        return Setup(boundary: boundary, chunkA: chunkA, chunkB: chunkB, options: options, body: Array(input.rest()))
    }
}
