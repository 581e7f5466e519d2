import AFSerialization

/// A multipart-writer fuzz input decoded the way ``MultipartWriterFuzz/run(_:)`` reads it (its
/// frozen header and part ops), for the snapshot renderer and `--vector-request`, which need the
/// parts as data rather than as calls on a form.
struct MultipartWriterInput {
    enum Part {
        case form(name: String, body: [UInt8])
        case file(name: String, filename: String, mimeType: String, body: [UInt8])
        /// A stream declaring `body.count` bytes that yields `yielded` (differs when the header's
        /// length-lie flag is set).
        case stream(name: String, filename: String, mimeType: String, body: [UInt8], yielded: [UInt8])
        /// A custom `Content-Disposition` header naming the part `name`, then the body.
        case headers(name: String, body: [UInt8])

        /// What our parser must read back for this part (names as written, before escaping).
        var expected: MultipartWriterFuzz.Expected {
            switch self {
            case .form(let name, let body), .headers(let name, let body): .init(name: name, body: body)
            case .file(let name, let filename, let mime, let body), .stream(let name, let filename, let mime, let body, _):
                .init(name: name, filename: filename, mimeType: mime, body: body)
            }
        }
    }

    /// The custom part's header value.
    static func disposition(name: String) -> String { "form-data; name=\"\(name)\"" }

    /// Some stream part yields more or fewer bytes than it declares (header flag bit 0).
    var lengthLie: Bool {
        flags & 1 != 0 && parts.contains { if case .stream = $0 { true } else { false } }
    }

    let profile: Profile
    let readA: Int, readB: Int
    let packetByte: UInt8
    let seed: UInt64
    let flags: UInt8
    var parts: [Part] = []

    /// Same reads, in the same order, as the body (at most 16 parts).
    init(_ input: inout FuzzInput) {
        profile = input.pick(Profile.self)
        readA = Int(input.option()) + 1
        readB = Int(input.option()) + 1
        packetByte = input.option()
        seed = UInt64(input.option())
        flags = input.option()
        func text(_ mod: UInt8) -> [UInt8] { Array(input.take(Int((input.next() ?? 0) % mod))) }
        while let op = input.next(), parts.count < 16 {
            let name = String(decoding: text(8), as: UTF8.self)
            switch op % 4 {
            case 0:
                parts.append(.form(name: name, body: text(32)))
            case 1, 2:
                let filename = String(decoding: text(8), as: UTF8.self)
                let mime = "application/x-" + String(decoding: text(8).filter { $0 > 0x20 && $0 < 0x7F }, as: UTF8.self)
                let body = text(32)
                if op % 4 == 1 {
                    parts.append(.file(name: name, filename: filename, mimeType: mime, body: body))
                } else {
                    var yielded = body
                    if flags & 1 != 0 {
                        if flags & 2 != 0 { yielded.append(0x41) } else if !yielded.isEmpty { yielded.removeLast() } else { yielded.append(0x42) }
                    }
                    parts.append(.stream(name: name, filename: filename, mimeType: mime, body: body, yielded: yielded))
                }
            default:
                let value = String(decoding: text(8).filter { $0 >= 0x20 && $0 < 0x7F }, as: UTF8.self)
                parts.append(.headers(name: "x" + value.filter { $0 != "\"" }, body: text(32)))
            }
        }
    }

    /// The form the body builds (boundary from SplitMix64(seed), collisions resolved).
    func build() throws(AFSError) -> MultipartFormData {
        var form = MultipartFormData(profile: profile, random: SplitMix64(seed: seed))
        for part in parts {
            switch part {
            case .form(let name, let body): try form.appendFormField(name: name, value: body)
            case .file(let name, let filename, let mime, let body): try form.appendFileData(body, name: name, filename: filename, mimeType: mime)
            case .stream(let name, let filename, let mime, let body, let yielded):
                try form.appendStream(MultipartStreamSource { MultipartWriterFuzz.ArrayStream(yielded) }, length: body.count,
                                      name: name, filename: filename, mimeType: mime)
            case .headers(let name, let body):
                try form.appendPart(headers: [MultipartHeader("Content-Disposition", Self.disposition(name: name))], body: .bytes(body))
            }
        }
        try form.resolveBoundaryCollisions()
        return form
    }
}
