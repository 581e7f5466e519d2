#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SPEC §2.3's string order for dictionary keys and set members' sort keys: Swift's `String` order as
/// Swift documents it, the Unicode scalars of the NFC forms compared lexicographically (UTF-8 byte
/// order is scalar order, so the NFC forms' UTF-8 bytes are compared).
///
/// Not Swift 6.3's `<`, which departs from that definition where a decomposed string's NFC form is a
/// proper prefix of the other's: against `e` + U+0301 it answers false both ways for `é]`, `éa` or
/// `é` + NUL, and against `Α` + U+0301 it puts `Ά]` first. The NFC forms come from the standard
/// library's own normalizer (`_nfcCodeUnits`, the one its comparison uses), so the core still needs no
/// Foundation; ASCII, the common case, is its own NFC form.
enum StringOrder {
    enum Result { case ascending, equivalent, descending }

    /// `s`'s NFC form, the string itself when ASCII. A sort computes each element's form once and
    /// compares the forms' UTF-8 with ``order(utf8:_:)`` (canonically equivalent strings come out
    /// `.equivalent`): normalizing inside the comparison would cost two arrays per comparison.
    static func nfc(_ s: String) -> String {
        var t = s
        let ascii = t.withUTF8 { bytes in
            ByteScan.next(in: bytes, from: 0, wordMayMatch: { $0 & ByteScan.highs != 0 }, isSpecial: { $0 >= 0x80 })
                == bytes.count
        }
        return ascii ? s : String(decoding: s._nfcCodeUnits, as: UTF8.self)
    }

    /// Two strings' UTF-8 bytes compared (`memcmp`, then the shorter first): ``order(_:_:)``'s answer
    /// for their `utf8` views without iterating them a byte at a time, which sorting keys and set
    /// members did for most of their time.
    static func order(utf8 a: String, _ b: String) -> Result {
        var a = a, b = b
        let c = a.withUTF8 { x in
            b.withUTF8 { y in
                let n = min(x.count, y.count)
                let d = n == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, n)
                return d != 0 ? Int(d) : x.count - y.count
            }
        }
        return c < 0 ? .ascending : c > 0 ? .descending : .equivalent
    }

    /// Two sequences compared element by element, a proper prefix first (the plist writer's key
    /// order uses it on UTF-16 code units).
    static func order<S: Sequence, T: Sequence>(_ a: S, _ b: T) -> Result
    where S.Element == T.Element, S.Element: Comparable {
        var i = a.makeIterator(), j = b.makeIterator()
        while true {
            switch (i.next(), j.next()) {
            case (nil, nil): return .equivalent
            case (nil, _): return .ascending
            case (_, nil): return .descending
            case (let x?, let y?): if x != y { return x < y ? .ascending : .descending }
            }
        }
    }
}
