import AFCorpusFormat
import AFSerialization
#if canImport(Glibc)
    import Glibc
#endif

/// SPEC §5.1–5.6 multipart writer and phase reader.
///
/// Input: ``MultipartWriterInput`` (the frozen option header and the payload).
///
/// Checks: any read and packet sizes give the same bytes, reads never exceed the buffer or the
/// packet size; the byte count equals the Content-Length computed up front; a declared stream
/// length that is wrong fails with a typed error; our parser reads back the same parts (names
/// escaped as the profile writes them) whenever no body holds the delimiter. With bit 2 of `[5]`:
/// the finalized request carries the form's Content-Type and Content-Length, and the file written
/// from it holds exactly the bytes read, or the same error kind.
public enum MultipartWriterFuzz: FuzzBody {
    public static var name: String { MultipartWriterInput.name }

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        let spec = MultipartWriterInput(&input)
        let (profile, readA, readB, packetByte) = (spec.profile, spec.readA, spec.readB, spec.packetByte)
        let expected = spec.parts.map(\.expected), lengthLie = spec.lengthLie
        let form: MultipartFormData
        do throws(AFSError) {
            form = try spec.build()
        } catch {
            // strict refuses CR/LF in a MIME type or header; a collision past 63 regenerations.
            try check(
                profile == .strict && [.invalidPartHeader, .boundaryCollision].contains(error.kind),
                "unexpected error building the form: \(error)")
            return
        }

        let reference = MultipartWriterInput.read(form.makeStream(), sizes: [1 << 16])
        let packet = packetByte == 0 ? nil : Int(packetByte)
        let throttled = MultipartWriterInput.read(
            form.makeStream(throttle: MultipartThrottle(packetSize: packet)), sizes: [readA, readB], packet: packet)
        switch (reference, throttled) {
        case (.failure(let e), .failure(let f)):
            try check(e.kind == f.kind, "read sizes change the error: \(e) vs \(f)")
            try check(lengthLie || profile == .strict, "unexpected read error \(e)")
            return
        case (.success(let a), .success(let b)):
            if spec.flags & 4 != 0, let why = MultipartWriterInput.fileMismatch(form, bytes: a) {
                throw FuzzFailure(why)
            }
            try check(a == b, "read sizes (\(readA), \(readB)) / packet \(packetByte) change the bytes")
            try check(!lengthLie, "a stream that lies about its length was read without error")
            try check(a.count == form.contentLength, "\(a.count) bytes, Content-Length \(form.contentLength)")
            try checkParsesBack(a, form: form, expected: expected, profile: profile)
        case (.failure(let e), _), (_, .failure(let e)):
            throw FuzzFailure("read sizes change success: \(e)")
        }
    }

    static func checkParsesBack(
        _ bytes: [UInt8], form: MultipartFormData, expected: [MultipartWriterInput.Expected], profile: Profile
    ) throws(FuzzFailure) {
        if expected.isEmpty { try check(bytes.isEmpty, "no parts but \(bytes.count) bytes"); return }
        let delimiter = Array("\r\n--\(form.boundary)".utf8)
        // Each CR by memchr, then the delimiter there by memcmp (a generic slice comparison at
        // every offset costs a visible share of an execution for bodies of hundreds of bytes).
        func holds(_ b: [UInt8], _ d: [UInt8]) -> Bool {
            guard let first = d.first else { return true }
            guard b.count >= d.count else { return false }
            return b.withUnsafeBytes { x in
                d.withUnsafeBytes { y in
                    let base = x.baseAddress!, last = x.count - y.count
                    var i = 0
                    while i <= last, let hit = memchr(base + i, Int32(first), last - i + 1) {
                        i = base.distance(to: UnsafeRawPointer(hit))
                        if memcmp(base + i, y.baseAddress!, y.count) == 0 { return true }
                        i += 1
                    }
                    return false
                }
            }
        }
        // A body holding the delimiter, or an AF-verbatim name/filename holding CR, LF or `"`, is
        // not expected to survive a round trip (SPEC §5.7: parse(write) == parts otherwise).
        let framingSafe = expected.allSatisfy { e in
            !holds(Array((e.body + delimiter).dropLast()), delimiter)
                && (profile == .strict
                    || ![e.name, e.filename ?? ""].contains { $0.utf8.contains { [0x0A, 0x0D, 0x22].contains($0) } })
        }
        guard framingSafe else { return }
        let parsed: [MultipartParsedPart]
        do {
            parsed = try MultipartParser.parse(
                bytes, boundary: form.boundary, options: MultipartParserOptions(allowUTF8Headers: true))
        } catch {
            // Control characters other than CR/LF in a header are malformed (RFC 9110 §5.5).
            if expected.contains(where: { e in
                [e.name, e.filename ?? "", e.mimeType ?? ""].contains { $0.utf8.contains { $0 < 0x20 || $0 == 0x7F } }
            }) {
                return
            }
            throw FuzzFailure("our parser rejects what we wrote: \(error)")
        }
        try check(parsed.count == expected.count, "parsed \(parsed.count) parts, wrote \(expected.count)")
        for (p, e) in zip(parsed, expected) {
            try check(p.body == e.body, "part \(e.name.debugDescription): body differs")
            try check(
                p.name == htmlEscaped(e.name, profile), "name \(p.name.debugDescription) vs \(e.name.debugDescription)")
            try check(
                p.filename == e.filename.map { htmlEscaped($0, profile) }, "filename \(p.filename.debugDescription)")
            try check(
                p.contentType == e.mimeType,
                "content type \(p.contentType.debugDescription) vs \(e.mimeType.debugDescription)")
        }
    }

    /// SPEC §5.3: strict escapes LF, CR and `"` as the HTML standard does; AF writes verbatim.
    /// Written independently of the core's escaper (a byte substitution over UTF-8, where LF, CR and
    /// `"` can only be those ASCII bytes), so a bug there is not copied into its own check.
    static func htmlEscaped(_ s: String, _ profile: Profile) -> String {
        guard profile == .strict else { return s }
        let replacements: [UInt8: [UInt8]] = [
            0x0A: Array("%0A".utf8), 0x0D: Array("%0D".utf8), 0x22: Array("%22".utf8),
        ]
        return String(decoding: s.utf8.flatMap { replacements[$0] ?? [$0] }, as: UTF8.self)
    }
}
