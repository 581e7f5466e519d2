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
    /// compares the forms' UTF-8 with ``order(_:_:)`` (canonically equivalent strings come out
    /// `.equivalent`): normalizing inside the comparison would cost two arrays per comparison.
    static func nfc(_ s: String) -> String {
        s.utf8.allSatisfy { $0 < 0x80 } ? s : String(decoding: s._nfcCodeUnits, as: UTF8.self)
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
