import Foundation
import PropertyBased
@testable import AFSerialization

/// Generated text for escaping tests: hand-picked hard cases mixed with random scalars.
enum TrickyText {
    /// Pieces AF's comment worries about (emoji with modifiers, ZWJ sequences, flags, combining
    /// marks) plus CJK, controls, CR LF, prepend marks, noncharacters and the extremes of Unicode.
    static let pieces: [String] = [
        "a", "Z", "0", "-", ".", "_", "~", "/", "?", " ", "%", "+", "*", "&", "=", "#", "[", "]", "@", ":",
        "!", "$", "'", "(", ")", ",", ";", "\"", "<", ">", "\\", "^", "`", "{", "|", "}",
        "\u{0}", "\t", "\n", "\r", "\r\n", "\u{7F}", "\u{80}", "\u{9F}",
        "À", "é", "ß", "ÿ", "e\u{301}", "a\u{300}\u{316}", "\u{301}", "o\u{308}\u{304}",
        "中", "文", "日本語", "한국어", "\u{1100}\u{1161}\u{11A8}", "𠀋", "\u{3000}",
        "👴🏻", "👮🏽", "👍", "😀", "👨‍👩‍👧‍👦", "🏳️‍🌈", "❤️",
        "1️⃣", "🧑🏿‍🚀", "👩🏽‍❤️‍💋‍👨🏻",
        "🇫🇷", "🇯🇵", "🇦🇧🇨", "\u{1F1E6}",
        "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
        "\u{200D}", "\u{FE0F}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "\u{10FFFF}", "\u{E000}", "\u{0600}1",
        "क्षि", "\u{0915}\u{094D}", "ก่", "\u{1F3FB}",
    ]

    /// Each token picks a piece, an ASCII character or any scalar; arrays shrink by dropping tokens.
    static func gen(tokens: ClosedRange<Int> = 0...40) -> Generator<String, some SendableSequenceType> {
        Gen<UInt32>.value(in: 0...UInt32.max).array(of: tokens).map { build($0) }
    }

    /// Only the sequence kinds SPEC §1.4 names (surrogate pairs, emoji with modifiers or ZWJ,
    /// base + combining marks, flag pairs) between plain letters, CJK and ASCII: no controls,
    /// lone marks, Prepend, virama or Thai/Indic spacing marks, where platforms' cluster rules differ.
    static let specNamedPieces: [String] = [
        "a", "Z", "0", "-", "~", "/", "?", " ", "%", "+", "&", "=", "#", "[", "@", "!", "'", "(",
        "À", "é", "ß", "e\u{301}", "a\u{300}\u{316}", "o\u{308}\u{304}",
        "中", "文", "日本語", "한국어", "𠀋",
        "👴🏻", "👮🏽", "👍", "😀", "👨‍👩‍👧‍👦", "🏳️‍🌈", "❤️",
        "1️⃣", "🧑🏿‍🚀", "👩🏽‍❤️‍💋‍👨🏻", "🇫🇷", "🇯🇵",
        "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
    ]

    /// Strings made only of ``specNamedPieces``.
    static func genSpecNamed(tokens: ClosedRange<Int> = 0...40) -> Generator<String, some SendableSequenceType> {
        Gen<UInt32>.value(in: 0...UInt32.max).array(of: tokens).map { ts in
            ts.map { specNamedPieces[Int($0 % UInt32(specNamedPieces.count))] }.joined()
        }
    }

    static func build(_ tokens: [UInt32]) -> String {
        var s = ""
        for t in tokens {
            let v = t / 4
            switch t % 4 {
            case 0, 1: s += pieces[Int(v % UInt32(pieces.count))]
            case 2: s.unicodeScalars.append(Unicode.Scalar(UInt8(v % 128)))
            default:
                var x = v % 0x110000
                if (0xD800...0xDFFF).contains(x) { x -= 0x800 }
                s.unicodeScalars.append(Unicode.Scalar(x)!)
            }
        }
        return s
    }
}

/// Independent oracles and inverses, written here rather than taken from the code under test.
enum EscapeOracle {
    /// Allowed set built the way AF builds it: Foundation's `urlQueryAllowed` minus `:#[]@` and
    /// `!$&'()*+,;=` (SPEC §1.1).
    static let afAllowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.remove(charactersIn: ":#[]@" + "!$&'()*+,;=")
        return set
    }()

    /// The ASCII bytes SPEC §1.1/§1.3 list as unescaped, spelled out from the SPEC text.
    static func specAllowed(_ style: EscapeStyle) -> Set<UInt8> {
        let alnum = Set(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8))
        switch style {
        case .afnetworking: return alnum.union("-._~/?".utf8)
        case .whatwgForm: return alnum.union("*-._".utf8)
        case .rfc3986Unreserved: return alnum.union("-._~".utf8)
        }
    }

    /// Foundation's escaping with the SPEC's allowed set (space → `+` done afterwards for the
    /// form style, since Foundation has no such option).
    static func foundation(_ s: String, _ style: EscapeStyle) -> String? {
        switch style {
        case .afnetworking:
            return s.addingPercentEncoding(withAllowedCharacters: afAllowed)
        case .whatwgForm:
            var set = CharacterSet(charactersIn: String(decoding: specAllowed(style).sorted(), as: UTF8.self))
            set.insert(" ")
            return s.addingPercentEncoding(withAllowedCharacters: set)?.replacingOccurrences(of: " ", with: "+")
        case .rfc3986Unreserved:
            let set = CharacterSet(charactersIn: String(decoding: specAllowed(style).sorted(), as: UTF8.self))
            return s.addingPercentEncoding(withAllowedCharacters: set)
        }
    }

    /// Inverse of escaping: `%XX` → byte, `+` → space when `plusIsSpace`, other ASCII as is.
    /// Nil on a malformed escape or non-UTF-8 result.
    static func unescape(_ s: String, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        var it = Array(s.utf8)[...]
        func hexValue(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        while let c = it.popFirst() {
            if c == UInt8(ascii: "%") {
                guard let h = it.popFirst().flatMap(hexValue), let l = it.popFirst().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(h << 4 | l)
            } else if plusIsSpace && c == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else {
                bytes.append(c)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// `Character` boundaries of `s` in UTF-16 offsets (excluding 0, including the end).
    static func characterEnds(_ s: String) -> [Int] {
        var out: [Int] = []
        var o = 0
        for c in s {
            o += c.utf16.count
            out.append(o)
        }
        return out
    }

    /// Composed-character-sequence ends as Foundation's NSString reports them (AF's widening call).
    static func foundationSequenceEnds(_ s: String) -> [Int] {
        let ns = s as NSString
        var out: [Int] = []
        var i = 0
        while i < ns.length {
            let r = ns.rangeOfComposedCharacterSequence(at: i)
            i = r.location + r.length
            out.append(i)
        }
        return out
    }

    /// AF's batch loop on Foundation: `rangeOfComposedCharacterSequencesForRange:` per window.
    static func foundationBatches(_ s: String, batchSize: Int) -> [Range<Int>] {
        let ns = s as NSString
        var out: [Range<Int>] = []
        var index = 0
        while index < ns.length {
            let r = ns.rangeOfComposedCharacterSequences(
                for: NSRange(location: index, length: min(ns.length - index, batchSize)))
            out.append(r.location..<(r.location + r.length))
            index += r.length
        }
        return out
    }
}
