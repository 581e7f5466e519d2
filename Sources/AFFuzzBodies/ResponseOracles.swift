/// Foundation's JSON text detection (SPEC §6.4; observed rules, see the core's JSONTextEncoding),
/// with the decoding itself left to the standard library's `String(validating:as:)`, so the core's
/// hand-written UTF-16/32 decoder and its BOM and partial-unit handling are checked against it.
enum StandardTranscoding {
    /// nil when Foundation reads `b` as UTF-8 without a BOM; else the text as UTF-8 and whether it
    /// decoded. Also nil when the transcoded text would itself look like UTF-16/32 (a NUL or a BOM
    /// in its first bytes): the parser would detect again, so the comparison would not be like for like.
    static func utf8(_ b: [UInt8]) -> ([UInt8], Bool)? {
        let decoded: String??
        if b.count >= 4, b.starts(with: [0xEF, 0xBB, 0xBF]) {
            decoded = String(validating: b.dropFirst(3), as: UTF8.self)
        } else if b.count >= 4, b.starts(with: [0, 0, 0xFE, 0xFF]) {
            decoded = utf32(b.dropFirst(4), big: true)
        } else if b.count >= 4, b.starts(with: [0xFF, 0xFE, 0, 0]) {
            decoded = utf32(b.dropFirst(4), big: false)
        } else if b.count >= 4, b.starts(with: [0xFF, 0xFE]) {
            decoded = utf16(b.dropFirst(2), big: false)
        } else if b.count >= 4, b.starts(with: [0xFE, 0xFF]) {
            decoded = utf16(b.dropFirst(2), big: true)
        } else if b.count >= 4 {
            switch (b[0] == 0, b[1] == 0, b[2] == 0, b[3] == 0) {
            case (true, true, true, _): decoded = utf32(b[...], big: true)
            case (_, true, true, true): decoded = utf32(b[...], big: false)
            case (true, _, true, _): decoded = utf16(b[...], big: true)
            case (_, true, _, true): decoded = utf16(b[...], big: false)
            default: return nil
            }
        } else if b.count >= 2, b[0] == 0 {
            decoded = utf16(b[...], big: true)
        } else if b.count >= 2, b[1] == 0 {
            decoded = utf16(b[...], big: false)
        } else {
            return nil
        }
        guard let text = decoded else { return nil }
        guard let utf8 = text.map({ Array($0.utf8) }) else { return ([], false) }
        let head = utf8.prefix(4)
        if head.contains(0) || head.starts(with: [0xEF, 0xBB, 0xBF]) || head.starts(with: [0xFE, 0xFF])
            || head.starts(with: [0xFF, 0xFE])
        {
            return nil
        }
        return (utf8, true)
    }

    /// A trailing partial code unit is dropped, as Foundation does.
    static func utf16(_ b: ArraySlice<UInt8>, big: Bool) -> String?? {
        .some(String(validating: units16(b, big: big), as: UTF16.self))
    }

    /// The bytes as UTF-16 code units; a trailing odd byte is dropped.
    static func units16(_ b: ArraySlice<UInt8>, big: Bool) -> [UInt16] {
        stride(from: b.startIndex, to: b.endIndex - 1, by: 2).map { i -> UInt16 in
            let (high, low) = big ? (b[i], b[i + 1]) : (b[i + 1], b[i])
            return UInt16(high) << 8 | UInt16(low)
        }
    }

    static func utf32(_ b: ArraySlice<UInt8>, big: Bool) -> String?? {
        let units = stride(from: b.startIndex, to: b.endIndex - 3, by: 4).map { i -> UInt32 in
            let bytes: [UInt8] = big ? [b[i], b[i + 1], b[i + 2], b[i + 3]] : [b[i + 3], b[i + 2], b[i + 1], b[i]]
            return bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        return .some(String(validating: units, as: UTF32.self))
    }
}

/// Where strict XML is compared with expat, and where SPEC §6.5's documented approximations excuse
/// a difference.
enum XMLOracleScope {
    /// Not compared: a DOCTYPE (its internal subset is skipped, any entity then accepted), an
    /// encoding declaration (expat transcodes Latin-1 and others; the core reads UTF-8/16 only),
    /// and text without a BOM whose first two bytes hold a NUL (expat detects UTF-16 from `<`).
    static func excluded(_ body: [UInt8]) -> Bool {
        if body.count >= 2, !body.starts(with: [0xFE, 0xFF]), !body.starts(with: [0xFF, 0xFE]),
            body[0] == 0 || body[1] == 0
        {
            return true
        }
        let ascii = body.filter { $0 != 0 }  // UTF-16 text, near enough, for finding ASCII words
        return contains(ascii, "<!DOCTYPE") || (contains(ascii, "<?xml") && contains(ascii, "encoding"))
    }

    static func contains(_ b: [UInt8], _ s: String) -> Bool {
        let n = Array(s.utf8)
        guard b.count >= n.count else { return false }
        return (0...(b.count - n.count)).contains { b[$0..<($0 + n.count)].elementsEqual(n) }
    }

    /// UTF-16 text (with a BOM) in which a high surrogate is not followed by a low one.
    static func unpairedHighSurrogate(_ body: [UInt8]) -> Bool {
        guard body.starts(with: [0xFE, 0xFF]) || body.starts(with: [0xFF, 0xFE]) else { return false }
        let units = StandardTranscoding.units16(body.dropFirst(2), big: body[0] == 0xFE)
        return units.indices.contains { k in
            (0xD800...0xDBFF).contains(units[k]) && (k + 1 == units.count || !(0xDC00...0xDFFF).contains(units[k + 1]))
        }
    }

    /// expat's error is at a non-ASCII character: the core allows every one in names (SPEC §6.5).
    static func nonASCIIName(_ body: [UInt8], at k: Int) -> Bool {
        guard k >= 0, k < body.count else { return false }
        if body.starts(with: [0xFE, 0xFF]) { return k + 1 < body.count && (body[k] != 0 || body[k + 1] >= 0x80) }
        if body.starts(with: [0xFF, 0xFE]) { return k + 1 < body.count && (body[k + 1] != 0 || body[k] >= 0x80) }
        return body[k] >= 0x80
    }
}
