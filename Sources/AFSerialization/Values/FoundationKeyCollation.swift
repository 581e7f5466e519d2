/// How `JSONSerialization` orders keys under `.sortedKeys`, reproduced without Foundation.
///
/// Foundation sorts with `NSString.compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering],
/// locale: system)`, i.e. ICU root collation. The core has no ICU, so this type reproduces it for
/// **ASCII keys**, from an empirical probe of Foundation on Linux (the table below is the order
/// Foundation gave for the 128 ASCII characters; the differential test `RequestJSONWriterDifferentialTests`
/// checks random ASCII keys against Foundation itself):
/// 1. control characters other than TAB, LF, VT, FF, CR are ignored;
/// 2. the others compare by the table, letters case-insensitively; a run of digits is one number
///    compared by value (leading zeros ignored) and sorts where `0` does;
/// 3. ties: the first unit, left to right, that differs in case (lowercase first) or in leading
///    zeros (fewer first: `a1` < `a01`);
/// 4. then UTF-16 code units.
/// **Deviation**: for keys holding ignorable control characters, Foundation's tie-breaks are not
/// reproduced (it puts `a00` before `a0\u{1}`, which neither rule 3 nor 4 explains); about 1% of
/// near-tie pairs with such characters disagree (see the differential test).
/// **Deviation**: a non-ASCII character sorts after every ASCII one, by code point (ICU would
/// interleave accented letters with ASCII). Callers that need Foundation's exact order for such
/// keys inject a comparator (`JSONKeyOrder(areInIncreasingOrder:)`; AFFoundationCompat has one).
public enum FoundationKeyCollation {
    /// ASCII characters in Foundation's order, ignorable controls omitted; letters lowercase only.
    static let orderedASCII: [UInt8] =
        [0x09, 0x0A, 0x0B, 0x0C, 0x0D]
        + Array(" _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz".utf8)

    /// Primary rank per ASCII byte; 0 = ignorable.
    static let rank: [UInt16] = {
        var r = [UInt16](repeating: 0, count: 128)
        for (i, b) in orderedASCII.enumerated() {
            r[Int(b)] = UInt16(i + 1)
            if b >= 0x61 && b <= 0x7A { r[Int(b - 0x20)] = UInt16(i + 1) }
        }
        return r
    }()
    static let digitRank = rank[Int(UInt8(ascii: "0"))]

    /// One collation unit: a character, or a whole digit run under `.numeric`.
    struct Unit {
        var rank: UInt32
        /// Significant digits of a number (leading zeros dropped); empty for characters.
        var digits: ArraySlice<UInt8> = []
        var leadingZeros = 0
        var isUpper = false
    }

    static func units(_ s: String) -> [Unit] {
        var out: [Unit] = []
        let scalars = Array(s.unicodeScalars)
        var digitBuffer: [UInt8] = []
        var i = 0
        while i < scalars.count {
            let v = scalars[i].value
            if v >= 0x30 && v <= 0x39 {
                let start = digitBuffer.count
                while i < scalars.count, scalars[i].value >= 0x30, scalars[i].value <= 0x39 {
                    digitBuffer.append(UInt8(scalars[i].value))
                    i += 1
                }
                var first = start
                while first < digitBuffer.count - 1, digitBuffer[first] == 0x30 { first += 1 }
                out.append(Unit(rank: UInt32(digitRank), digits: digitBuffer[first...], leadingZeros: first - start))
                continue
            }
            if v < 0x80 {
                let r = rank[Int(v)]
                if r != 0 { out.append(Unit(rank: UInt32(r), isUpper: v >= 0x41 && v <= 0x5A)) }
            } else {
                out.append(Unit(rank: 0x1_0000 + v))
            }
            i += 1
        }
        return out
    }

    /// Three-way primary comparison of two units.
    static func primary(_ a: Unit, _ b: Unit) -> Int {
        if a.rank != b.rank { return a.rank < b.rank ? -1 : 1 }
        if a.digits.count != b.digits.count { return a.digits.count < b.digits.count ? -1 : 1 }
        for (x, y) in zip(a.digits, b.digits) where x != y { return x < y ? -1 : 1 }
        return 0
    }

    /// Three-way comparison, Foundation's `compare(_:options:[.numeric,.caseInsensitive,.forcedOrdering])`
    /// for ASCII strings.
    public static func compare(_ a: String, _ b: String) -> Int {
        let ua = units(a), ub = units(b)
        for (x, y) in zip(ua, ub) {
            let c = primary(x, y)
            if c != 0 { return c }
        }
        if ua.count != ub.count { return ua.count < ub.count ? -1 : 1 }
        for (x, y) in zip(ua, ub) {
            if x.isUpper != y.isUpper { return x.isUpper ? 1 : -1 }
            if x.leadingZeros != y.leadingZeros { return x.leadingZeros < y.leadingZeros ? -1 : 1 }
        }
        let wa = Array(a.utf16), wb = Array(b.utf16)
        if wa == wb { return 0 }
        return wa.lexicographicallyPrecedes(wb) ? -1 : 1
    }

    public static func precedes(_ a: String, _ b: String) -> Bool { compare(a, b) < 0 }
}

/// The key order a JSON writer uses under `.sortedKeys`.
public struct JSONKeyOrder: Sendable {
    public let areInIncreasingOrder: @Sendable (String, String) -> Bool
    public init(areInIncreasingOrder: @escaping @Sendable (String, String) -> Bool) {
        self.areInIncreasingOrder = areInIncreasingOrder
    }
    /// ``FoundationKeyCollation``: Foundation's order for ASCII keys.
    public static let foundation = JSONKeyOrder(areInIncreasingOrder: FoundationKeyCollation.precedes)
}
