import Foundation
@testable import AFSerialization
import AFFoundationCompat

/// Deterministic generator for the differential tests (SplitMix64), so a failure reproduces.
struct RequestTestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
    mutating func chance(_ p: Double) -> Bool { Double(next() % 1_000_000) / 1_000_000 < p }
}

/// Builds random parameter trees and converts them to Foundation objects (the oracle's input).
enum RequestTrees {
    /// Scalars that stress JSON/plist string escaping: every C0 control, DEL, `/`, quotes,
    /// line/paragraph separators, BOM, noncharacters, combining marks, non-BMP.
    static let interestingScalars: [Unicode.Scalar] =
        (0x00...0x20).map { Unicode.Scalar($0)! }
        + Array("/\\\"'<>&]]:;{}[]#%+=?".unicodeScalars)
        + [
            0x7F, 0x80, 0xA0, 0xE9, 0x301, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF, 0xFF61, 0x4E2D, 0x1F600, 0x1F474,
            0x1F3FB, 0x10FFFF,
        ]
        .map { Unicode.Scalar(UInt32($0))! }

    static let keyAlphabet: [Unicode.Scalar] =
        Array("aAbBzZ019_-. /$~@[]".unicodeScalars) + [
            Unicode.Scalar(0x01), Unicode.Scalar(0x09), Unicode.Scalar(0x7F),
        ]

    static let specialDoubles: [Double] = [
        0.1, 1e100, 1e-7, -0.0, 0.0, 3.0, 1.5e300, 1e-300, 4.9406564584124654e-324, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude,
        .leastNormalMagnitude, .leastNonzeroMagnitude, 1e15, 1e16, 1e17, 1e21, 1e22, 1e-4, 1e-5, 0.3, 1.0 / 3.0,
        123456789012345678.0, 9007199254740992, -1.5, 100, 4.35, 2.5e-10,
    ]
    static let specialIntegers: [Int64] = [
        .max, .min, 0, -1, 1, Int64(Int32.max), Int64(Int32.min), 9_007_199_254_740_993,
    ]

    static func string(_ r: inout RequestTestRandom, maxLength: Int = 12) -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<r.below(maxLength + 1) {
            if r.chance(0.5) {
                s.append(r.pick(interestingScalars))
            } else {
                s.append(Unicode.Scalar(UInt8(0x20 + r.below(95))))
            }
        }
        return String(s)
    }

    static func asciiKey(_ r: inout RequestTestRandom) -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<(1 + r.below(5)) { s.append(r.pick(keyAlphabet)) }
        return String(s)
    }

    static func double(_ r: inout RequestTestRandom) -> Double {
        if r.chance(0.4) { return r.pick(specialDoubles) * (r.chance(0.5) ? 1 : -1) }
        while true {
            let d = Double(bitPattern: r.next())
            if d.isFinite { return d }
        }
    }

    /// A random tree. `multiKeyDictionaries` false keeps every dictionary at ≤ 1 key (Foundation's
    /// dictionaries are unordered, so without sorting only those compare). `asciiKeys` keeps keys
    /// ASCII and distinct. `plist` allows data and non-finite doubles and forbids null.
    static func tree(
        _ r: inout RequestTestRandom, depth: Int = 0, multiKeyDictionaries: Bool, asciiKeys: Bool, plist: Bool
    ) -> ParameterValue {
        let containerChance = depth == 0 ? 1.0 : (depth > 4 ? 0.0 : 0.35)
        if r.chance(containerChance) {
            let n = r.below(depth == 0 ? 6 : 5)
            if r.chance(0.5) {
                return .array(
                    (0..<n).map { _ in
                        tree(
                            &r, depth: depth + 1, multiKeyDictionaries: multiKeyDictionaries, asciiKeys: asciiKeys,
                            plist: plist)
                    })
            }
            var entries: [ParameterValue.Entry] = []
            var seen = Set<String>()
            for _ in 0..<(multiKeyDictionaries ? n : min(n, 1)) {
                let k = asciiKeys ? asciiKey(&r) : string(&r, maxLength: 6)
                guard seen.insert(k).inserted else { continue }
                entries.append(
                    .init(
                        k,
                        tree(
                            &r, depth: depth + 1, multiKeyDictionaries: multiKeyDictionaries, asciiKeys: asciiKeys,
                            plist: plist)))
            }
            return .dictionary(entries)
        }
        switch r.below(plist ? 6 : 5) {
        case 0: return .string(string(&r))
        case 1:
            return .integer(r.chance(0.3) ? r.pick(specialIntegers) : Int64(bitPattern: r.next()) >> Int64(r.below(63)))
        case 2:
            if plist && r.chance(0.1) { return .double(r.pick([.nan, .infinity, -.infinity])) }
            return .double(double(&r))
        case 3: return .bool(r.chance(0.5))
        case 4: return plist ? .string("") : .null
        default: return .data((0..<r.pick([0, 1, 2, 3, 50, 51, 52, 57, 100, 200])).map { _ in UInt8(r.below(256)) })
        }
    }

    /// The Foundation object AF would hold for `value`.
    static func foundation(_ value: ParameterValue) -> Any { value.foundationBodyObject }

    /// Foundation's exact `.sortedKeys` comparison (the oracle for ``FoundationKeyCollation``).
    static func foundationPrecedes(_ a: String, _ b: String) -> Bool {
        JSONKeyOrder.foundationExact.areInIncreasingOrder(a, b)
    }

    static func hexDiff(_ a: [UInt8], _ b: [UInt8]) -> String {
        let i = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        let lo = max(0, i - 30)
        return
            "first difference at byte \(i): ours "
            + "…\(String(decoding: a[lo..<min(a.count, i + 30)], as: UTF8.self).debugDescription)… "
            + "foundation …\(String(decoding: b[lo..<min(b.count, i + 30)], as: UTF8.self).debugDescription)…"
    }
}
