/// Foundation's JSON encoding detection (RFC 8259 §8.1 says UTF-8, but Darwin and Linux
/// `JSONSerialization` also take UTF-16/32), reproduced so the `foundation` dialect accepts the
/// same documents. Observed on this platform (see the differential test):
/// - with at least 4 bytes, a BOM decides (UTF-8 `EF BB BF` is skipped, UTF-32 checked before UTF-16);
/// - otherwise the NUL pattern of the first 4 (or, for 2–3 bytes, 2) bytes decides;
/// - an odd trailing partial code unit is dropped; invalid UTF-16/32 is an error.
enum JSONTextEncoding: Equatable {
    case utf8(skip: Int)
    case utf16(bigEndian: Bool, skip: Int)
    case utf32(bigEndian: Bool, skip: Int)

    static func detect(_ b: [UInt8]) -> JSONTextEncoding {
        if b.count >= 4 {
            if b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return .utf8(skip: 3) }
            if b[0] == 0, b[1] == 0, b[2] == 0xFE, b[3] == 0xFF { return .utf32(bigEndian: true, skip: 4) }
            if b[0] == 0xFF, b[1] == 0xFE, b[2] == 0, b[3] == 0 { return .utf32(bigEndian: false, skip: 4) }
            if b[0] == 0xFF, b[1] == 0xFE { return .utf16(bigEndian: false, skip: 2) }
            if b[0] == 0xFE, b[1] == 0xFF { return .utf16(bigEndian: true, skip: 2) }
            switch (b[0], b[1], b[2], b[3]) {
            case (0, 0, 0, _): return .utf32(bigEndian: true, skip: 0)
            case (_, 0, 0, 0): return .utf32(bigEndian: false, skip: 0)
            case (0, _, 0, _): return .utf16(bigEndian: true, skip: 0)
            case (_, 0, _, 0): return .utf16(bigEndian: false, skip: 0)
            default: return .utf8(skip: 0)
            }
        }
        if b.count >= 2 {
            if b[0] == 0 { return .utf16(bigEndian: true, skip: 0) }
            if b[1] == 0 { return .utf16(bigEndian: false, skip: 0) }
        }
        return .utf8(skip: 0)
    }

    static func transcodeToUTF8(_ b: [UInt8], _ encoding: JSONTextEncoding) throws(AFSError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        let failure = AFSError.jsonSyntax("Cannot convert input string to valid utf8 input.", offset: 0)
        switch encoding {
        case .utf8(let skip):
            return Array(b[skip...])
        case .utf16(let big, let skip):
            var units: [UInt16] = []
            units.reserveCapacity((b.count - skip) / 2)
            var i = skip
            while i + 1 < b.count {
                units.append(big ? UInt16(b[i]) << 8 | UInt16(b[i + 1]) : UInt16(b[i + 1]) << 8 | UInt16(b[i]))
                i += 2
            }
            var it = units.makeIterator()
            var decoder = UTF16()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let s): UTF8.encode(s) { out.append($0) }
                case .emptyInput: break loop
                case .error: throw failure
                }
            }
        case .utf32(let big, let skip):
            var i = skip
            while i + 3 < b.count {
                let v =
                    big
                    ? UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
                    : UInt32(b[i + 3]) << 24 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 1]) << 8 | UInt32(b[i])
                guard let s = Unicode.Scalar(v) else { throw failure }
                UTF8.encode(s) { out.append($0) }
                i += 4
            }
        }
        return out
    }

    /// Maps an offset in the transcoded UTF-8 back to the input's bytes, so errors point into
    /// what the caller passed: each scalar took 2 or 4 bytes (UTF-16) or 4 (UTF-32) there.
    static func sourceOffset(_ utf8Offset: Int, in utf8: [UInt8], _ encoding: JSONTextEncoding) -> Int {
        var i = 0, source = 0
        let end = min(max(utf8Offset, 0), utf8.count)
        while i < end {
            let lead = utf8[i]
            let n = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            switch encoding {
            case .utf8: source += n
            case .utf16: source += n == 4 ? 4 : 2
            case .utf32: source += 4
            }
            i += n
        }
        switch encoding {
        case .utf8(let skip), .utf16(_, let skip), .utf32(_, let skip): return skip + source
        }
    }
}
