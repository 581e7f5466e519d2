/// An independent percent-decoder for the round-trip checks (Foundation's `removingPercentEncoding`
/// drops a leading U+FEFF on Linux, so it cannot serve as an exact oracle).
enum PercentDecoding {
    /// The bytes `text` escapes, or nil on a malformed `%` escape. `plusIsSpace` for WHATWG forms.
    static func decode<S: Sequence<UInt8>>(_ text: S, plusIsSpace: Bool) -> [UInt8]? {
        var out: [UInt8] = []
        var pending: [UInt8] = []  // a `%` and up to 2 hex digits
        for b in text {
            if !pending.isEmpty {
                pending.append(b)
                if pending.count == 3 {
                    let hi = hexValue(pending[1]), lo = hexValue(pending[2])
                    guard hi >= 0, lo >= 0 else { return nil }
                    out.append(UInt8(hi << 4 | lo))
                    pending.removeAll(keepingCapacity: true)
                }
            } else if b == UInt8(ascii: "%") {
                pending.append(b)
            } else {
                out.append(plusIsSpace && b == UInt8(ascii: "+") ? 0x20 : b)
            }
        }
        return pending.isEmpty ? out : nil
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
