import AFCorpusFormat
import AFSerialization
import Foundation

/// SPEC §1 percent-escaping.
///
/// Input: ``PercentEscapeInput`` (the frozen option header and the payload).
///
/// Checks: differential against Foundation's `addingPercentEncoding` with the style's set (the AF
/// set for `afnetworking`); batch ranges and text invariant under the batch size; unescaping gives the
/// input back; exactly the style's allowed bytes
/// are left unescaped; invalid UTF-8 / lone surrogates are typed errors at the right offset.
public enum PercentEscapeFuzz: FuzzBody {
    public static var name: String { PercentEscapeInput.name }

    /// The allowed sets written out from SPEC §1.1/§1.3 (not taken from the core).
    static let alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    static func allowedText(_ style: EscapeStyle) -> String {
        switch style {
        case .afnetworking: alnum + "-._~/?"
        case .whatwgForm: alnum + "*-._"
        case .rfc3986Unreserved: alnum + "-._~"
        }
    }
    static let allowedTables: [EscapeStyle: [Bool]] = Dictionary(
        uniqueKeysWithValues: EscapeStyle.allCases.map { style in
            var t = [Bool](repeating: false, count: 256)
            for b in allowedText(style).utf8 { t[Int(b)] = true }
            return (style, t)
        })
    /// Foundation's input set; `whatwgForm` also lets space through, then maps it to `+`.
    static let foundationSets: [EscapeStyle: CharacterSet] = Dictionary(
        uniqueKeysWithValues: EscapeStyle.allCases.map {
            ($0, CharacterSet(charactersIn: allowedText($0) + ($0 == .whatwgForm ? " " : "")))
        })

    public static func run(_ input: inout CorpusInput) throws(FuzzFailure) {
        let setup = PercentEscapeInput.setUp(&input)
        let (style, batchSize, utf16Mode, payload) = (setup.style, setup.batchSize, setup.utf16Mode, setup.payload)

        let string: String, escaped: String
        if utf16Mode {
            let units = setup.units
            let oracle = String(validating: units, as: UTF16.self)
            let ours: Result<String, AFSError> = Result { () throws(AFSError) in
                try PercentEscape.escape(utf16: units, style: style)
            }
            switch (oracle, ours) {
            case (nil, .failure(let e)):
                try check(e.kind == .unpairedSurrogate, "utf16: wrong error kind \(e)")
                let at = e.offset ?? -1
                try check(
                    at >= 0 && at < units.count && UTF16.isSurrogate(units[at]),
                    "utf16: error offset \(at) is not a surrogate")
                try check(
                    String(validating: units[..<at], as: UTF16.self) != nil,
                    "utf16: units before offset \(at) are not valid")
                return
            case (nil, .success):
                throw FuzzFailure("utf16: lone surrogate accepted")
            case (.some, .failure(let e)):
                throw FuzzFailure("utf16: valid input rejected: \(e)")
            case (.some(let s), .success(let text)):
                string = s
                escaped = text
            }
        } else {
            let oracle = String(validating: payload, as: UTF8.self)
            let ours: Result<String, AFSError> = Result { () throws(AFSError) in
                try PercentEscape.escape(bytes: payload, style: style)
            }
            switch (oracle, ours) {
            case (nil, .failure(let e)):
                try check(e.kind == .invalidUTF8, "utf8: wrong error kind \(e)")
                let at = e.offset ?? -1
                try check(at >= 0 && at < payload.count, "utf8: error offset \(at) out of range")
                try check(
                    String(validating: payload[..<at], as: UTF8.self) != nil,
                    "utf8: bytes before offset \(at) are not valid")
                return
            case (nil, .success):
                throw FuzzFailure("utf8: invalid UTF-8 accepted")
            case (.some, .failure(let e)):
                throw FuzzFailure("utf8: valid input rejected: \(e)")
            case (.some(let s), .success(let text)):
                string = s
                escaped = text
            }
        }
        let text = PercentEscape.escape(string, style: style)
        try check(
            text.utf8.elementsEqual(escaped.utf8), "\(utf16Mode ? "utf16" : "utf8"): differs from String entry point")
        try checkEscaped(string, text, style: style, batchSize: batchSize)
    }

    /// `text` is the core's escaping of `s`.
    static func checkEscaped(_ s: String, _ text: String, style: EscapeStyle, batchSize: Int) throws(FuzzFailure) {

        // Differential: Foundation with the style's allowed set.
        var foundation = s.addingPercentEncoding(withAllowedCharacters: foundationSets[style]!)
        if style == .whatwgForm { foundation = foundation?.replacingOccurrences(of: " ", with: "+") }
        try check(
            foundation.map { $0.utf8.elementsEqual(text.utf8) } ?? false,
            "differs from Foundation: ours \(text.debugDescription), Foundation \(foundation.debugDescription)")

        // Only allowed bytes stay; every escape is `%XX` uppercase and escapes a byte that needed it.
        let table = allowedTables[style]!
        let out = Array(text.utf8)
        var i = 0
        while i < out.count {
            let b = out[i]
            if b == UInt8(ascii: "%") {
                try check(i + 2 < out.count, "truncated escape at \(i)")
                let hi = PercentDecoding.hexValue(out[i + 1]), lo = PercentDecoding.hexValue(out[i + 2])
                try check(hi >= 0 && lo >= 0, "bad escape at \(i)")
                let decoded = UInt8(hi << 4 | lo)
                try check(!table[Int(decoded)], "allowed byte \(decoded) escaped at \(i)")
                try check(!(style == .whatwgForm && decoded == 0x20), "space escaped in whatwgForm at \(i)")
                i += 3
            } else {
                try check(
                    table[Int(b)] || (style == .whatwgForm && b == UInt8(ascii: "+")),
                    "byte \(b) left unescaped at \(i)")
                i += 1
            }
        }

        // Unescape round trip (an independent decoder; `+` is space in WHATWG forms).
        try check(
            PercentDecoding.decode(out, plusIsSpace: style == .whatwgForm).map { $0.elementsEqual(s.utf8) } ?? false,
            "unescape round trip lost data")

        // Batching (§1.4): same text for any batch size; ranges tile the string, each ends on the
        // first Character boundary at or past start + batchSize.
        let batched: (text: String, batches: [Range<Int>])
        do { batched = try PercentEscape.escapeInBatches(s, style: style, batchSize: batchSize) } catch {
            throw FuzzFailure("batch size \(batchSize) rejected: \(error)")
        }
        try check(batched.text.utf8.elementsEqual(text.utf8), "batch size \(batchSize) changes the text")
        var boundaries: [Int] = []
        boundaries.reserveCapacity(s.utf8.count)
        var offset = 0
        for c in s {
            offset += c.utf16.count
            boundaries.append(offset)
        }
        var start = 0
        var k = 0
        for r in batched.batches {
            try check(r.lowerBound == start && r.upperBound > start, "batch \(r) does not continue at \(start)")
            while k < boundaries.count && boundaries[k] < min(start + batchSize, offset) { k += 1 }
            try check(
                k < boundaries.count && r.upperBound == boundaries[k],
                "batch \(r) does not end on the first Character boundary ≥ \(start + batchSize)")
            start = r.upperBound
        }
        try check(start == offset, "batches cover \(start) of \(offset) units")
    }
}
