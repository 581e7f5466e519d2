import AFSerialization
import AFVectorFormat

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

// MARK: Output text (snapshots)

extension MultipartParserInput {
    /// From ``setUp(_:)``: every parsed part (headers, name, filename, type, body) or the
    /// error, from one-shot parsing (the body checks that chunked parsing agrees).
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let s = setUp(&input)
        let result = Result { () throws(AFSError) in try MultipartParser.parse(s.body, boundary: s.boundary, options: s.options) }
        return "boundary \(s.boundary.debugDescription) utf8Headers \(s.options.allowUTF8Headers) limits \(s.options.limits.maxMultipartParts)\n"
            + OutputText.render(result) { parts in
                var text = "\(parts.count) parts"
                for p in parts {
                    text += "\npart name \(p.name.debugDescription) filename \(p.filename?.debugDescription ?? "-") type \(p.contentType ?? "-")"
                    for h in p.headers { text += "\n  \(h.name): \(h.value)" }
                    text += "\n  body " + (String(validating: p.body, as: UTF8.self)?.debugDescription ?? "hex " + Codec.hex(p.body))
                }
                return text
            }
    }
}

// MARK: As a vector request

extension MultipartParserInput {
    /// The `multipart-parse` component: same boundary, body, chunk sizes and limits.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        var options: [JSONValue.Member] = [.init("chunkSizes", .array([.number(String(s.chunkA)), .number(String(s.chunkB))])),
                                           .init("allowUTF8Headers", .bool(s.options.allowUTF8Headers))]
        let l = s.options.limits, d = Limits.default
        if l.maxMultipartParts != d.maxMultipartParts { options.append(.init("maxMultipartParts", .number(String(l.maxMultipartParts)))) }
        if l.maxPartHeaderBytes != d.maxPartHeaderBytes { options.append(.init("maxPartHeaderBytes", .number(String(l.maxPartHeaderBytes)))) }
        if l.maxMultipartBytes != d.maxMultipartBytes { options.append(.init("maxMultipartBytes", .number(String(l.maxMultipartBytes)))) }
        return VectorRequest(component: "multipart-parse", profile: .default,
                             input: .object([.init("boundary", .string(s.boundary)), .init("body", Codec.encodeBytes(s.body))]),
                             options: .object(options),
                             notes: ["the vector records the parts (or error) of chunked parsing; the fuzz body's one-shot vs chunked, write-back and multipart-kit checks are not part of it"])
    }
}
