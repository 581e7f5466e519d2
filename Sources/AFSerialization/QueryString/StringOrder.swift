/// SPEC §2.3's string order for dictionary keys and set members' sort keys: Swift's `String` order as
/// Swift documents it, the Unicode scalars of the NFC forms compared lexicographically.
///
/// Swift 6.3's `<` is not a strict weak order for every pair: it answers false both ways, and `==`
/// false too, when a decomposed string's NFC form is a proper prefix of the other's (`e` + U+0301
/// against `é]`, `éa` or `é` + NUL). The definition puts the prefix first; `hasPrefix`, which compares
/// canonically, finds it (`"é]".hasPrefix("e\u{301}")`). A pair that is neither, were there one, goes
/// by its UTF-8 bytes, so the answer is at least never "neither".
enum StringOrder {
    enum Result { case ascending, equivalent, descending }

    /// `a` against `b`; `.equivalent` for canonically equivalent strings (`==`).
    static func compare(_ a: String, _ b: String) -> Result {
        if a < b { return .ascending }
        if b < a { return .descending }
        if a == b { return .equivalent }
        if b.hasPrefix(a) { return .ascending }
        if a.hasPrefix(b) { return .descending }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? .ascending : .descending
    }
}
