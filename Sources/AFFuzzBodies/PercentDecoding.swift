/// An independent percent-decoder for the round-trip checks (Foundation's `removingPercentEncoding`
/// drops a leading U+FEFF on Linux, so it cannot serve as an exact oracle).
enum PercentDecoding {
    /// The bytes `text` escapes, or nil on a malformed `%` escape. `plusIsSpace` for WHATWG forms.
    static func decode<C: Collection<UInt8>>(_ text: C, plusIsSpace: Bool) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = text.startIndex
        while i != text.endIndex {
            let b = text[i]
            text.formIndex(after: &i)
            guard b == UInt8(ascii: "%") else {
                out.append(plusIsSpace && b == UInt8(ascii: "+") ? 0x20 : b)
                continue
            }
            guard i != text.endIndex else { return nil }
            let hi = hexValue(text[i])
            text.formIndex(after: &i)
            guard i != text.endIndex else { return nil }
            let lo = hexValue(text[i])
            text.formIndex(after: &i)
            guard hi >= 0, lo >= 0 else { return nil }
            out.append(UInt8(hi << 4 | lo))
        }
        return out
    }

    /// Uppercase hex digit value (RFC 3986 §2.1 asks producers for uppercase), else -1.
    @inline(__always) static func hexValue(_ b: UInt8) -> Int {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(b - 48)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(b - 55)
        default: -1
        }
    }
}
