/// The sentence Linux Foundation's `JSONSerialization` puts in `NSDebugDescription` when it
/// rejects a document (SPEC §6.4): what AF users read under the constant localized description.
///
/// Why a second reader: the core's cursor decides acceptance and the error offset (SPEC's own
/// rules, one pass, fast); Foundation words its sentence from where *its* reader stopped, which
/// is not always the core's offset (a string's bad UTF-8 is only noticed at the closing quote, a
/// misspelled literal at the first wrong letter, a number's bad byte as "Invalid value"). So on
/// the error path only, this reads the same UTF-8 text the way Foundation's reader does and
/// returns its sentence; `nil` when Foundation would have accepted the text (the `rfc8259`
/// dialect rejects trailing commas that Foundation takes). Iterative: no stack depth to exhaust.
/// Checked against Foundation itself by `JSONFoundationDifferentialTests` (every rejected document).
enum FoundationJSONDiagnosis {
    static func debugDescription(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
        var reader = Reader(b: utf8)
        do throws(Failure) {
            try reader.document()
            return nil
        } catch {
            return error.text
        }
    }

    struct Failure: Error {
        let text: String
        init(_ text: String) { self.text = text }
        static let endOfFile = Failure("Unexpected end of file during JSON parse.")
        static func invalidValue(_ at: Int) -> Failure { Failure("Invalid value around character \(at).") }
        static let noLowSurrogate = Failure(
            "Unexpected end of file during string parse (expected low-surrogate code point but did not find one).")
        static let noHighSurrogate = Failure(
            "Unable to convert hex escape sequence (no high character) to UTF8-encoded character.")
    }

    /// Foundation's reader over UTF-8 text: `i` is the next byte, positions in sentences are
    /// byte indexes into the text it parses.
    struct Reader {
        let b: UnsafeBufferPointer<UInt8>
        var i = 0

        /// Foundation nests at most this many containers, whatever the caller's limit.
        static let foundationDepth = 512

        static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

        /// The next byte that is not whitespace, not consumed; the end of the text is an error.
        mutating func next() throws(Failure) -> UInt8 {
            while i < b.count, Self.isSpace(b[i]) { i += 1 }
            guard i < b.count else { throw .endOfFile }
            return b[i]
        }

        private enum State { case value, key, afterValue }

        mutating func document() throws(Failure) {
            var arrays: [Bool] = []  // the open containers: true for an array
            var state = State.value
            loop: while true {
                switch state {
                case .value:
                    let c = try next()
                    switch c {
                    case UInt8(ascii: "\""):
                        try string()
                        state = .afterValue
                    case UInt8(ascii: "["), UInt8(ascii: "{"):
                        i += 1
                        guard arrays.count < Self.foundationDepth else {
                            throw Failure("Too many nested arrays or dictionaries around character \(i).")
                        }
                        let isArray = c == UInt8(ascii: "[")
                        if try next() == (isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")) {
                            i += 1
                            state = .afterValue
                        } else {
                            arrays.append(isArray)
                            state = isArray ? .value : .key
                        }
                    case UInt8(ascii: "t"): try literal("true"); state = .afterValue
                    case UInt8(ascii: "f"): try literal("false"); state = .afterValue
                    case UInt8(ascii: "n"): try literal("null"); state = .afterValue
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        try number()
                        state = .afterValue
                    default:
                        throw .invalidValue(i)
                    }
                case .key:
                    try string()
                    guard try next() == UInt8(ascii: ":") else { throw .invalidValue(i) }
                    i += 1
                    state = .value  // which skips the whitespace after ':' (Foundation does it here)
                case .afterValue:
                    guard let isArray = arrays.last else { break loop }
                    let close = isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")
                    var c = try next()
                    if c == UInt8(ascii: ",") {
                        i += 1
                        c = try next()
                        guard c == close else {  // a trailing comma is accepted
                            state = isArray ? .value : .key
                            continue
                        }
                    } else if c != close {
                        throw .invalidValue(i)
                    }
                    i += 1
                    arrays.removeLast()
                }
            }
            while i < b.count {
                guard Self.isSpace(b[i]) else { throw .invalidValue(i) }
                i += 1
            }
        }

        mutating func literal(_ word: StaticString) throws(Failure) {
            for k in 0..<word.utf8CodeUnitCount {
                guard i < b.count else { throw .endOfFile }
                let c = b[i]
                i += 1
                if c != word.utf8Start[k] { throw i == b.count ? .endOfFile : .invalidValue(i - 1) }
            }
        }

        /// Foundation checks a string's UTF-8 only when a run ends (quote, escape, control byte).
        func validate(_ lo: Int, _ hi: Int) throws(Failure) {
            if String(validating: UnsafeBufferPointer(rebasing: b[lo..<hi]), as: UTF8.self) == nil {
                throw Failure("Invalid UTF-8 sequence \(hi - lo) bytes starting from character \(lo).")
            }
        }

        mutating func string() throws(Failure) {
            guard b[i] == UInt8(ascii: "\"") else { throw .invalidValue(i) }
            i += 1
            var start = i
            while true {
                guard i < b.count else { throw .endOfFile }
                let c = b[i]
                if c == UInt8(ascii: "\"") {
                    try validate(start, i)
                    i += 1
                    return
                } else if c < 0x20 {
                    try validate(start, i + 1)
                    throw Failure("Unescaped control character around character \(i).")
                } else if c == UInt8(ascii: "\\") {
                    try validate(start, i)
                    try escape()
                    start = i
                } else {
                    i += 1
                }
            }
        }

        mutating func escape() throws(Failure) {
            let backslash = i
            i += 1
            guard i < b.count else { throw .endOfFile }
            let c = b[i]
            i += 1
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return
            case UInt8(ascii: "u"):
                let unit = try hex4()
                if unit & 0xFC00 == 0xD800 {
                    guard i + 2 <= b.count else { throw .endOfFile }
                    let isEscape = b[i] == UInt8(ascii: "\\") && b[i + 1] == UInt8(ascii: "u")
                    i += 2
                    guard isEscape, try hex4() & 0xFC00 == 0xDC00 else {
                        try validate(backslash, i)
                        throw .noLowSurrogate
                    }
                } else if unit & 0xFC00 == 0xDC00 {
                    try validate(backslash, i)
                    throw .noHighSurrogate
                }
            default:
                try validate(backslash, i)
                throw Failure("Invalid escape sequence around character \(backslash).")
            }
        }

        mutating func hex4() throws(Failure) -> Int {
            guard i + 4 <= b.count else { throw .endOfFile }
            let digits = UnsafeBufferPointer(rebasing: b[i..<i + 4])
            var v = 0
            for c in digits {
                let d: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
                default:
                    throw Failure(
                        "Invalid hex encoded sequence in \"\(String(decoding: digits, as: UTF8.self))\" at \(i).")
                }
                v = v << 4 | Int(d)
            }
            i += 4
            return v
        }

        /// Foundation's number scanner: it stops at whitespace or `,` `]` `}` and calls any other
        /// byte that cannot continue the number an invalid value.
        mutating func number() throws(Failure) {
            enum Past { case operand, dot, exponent, exponentSign }
            var past = Past.operand
            var leadingZero = b[i] == UInt8(ascii: "0")
            var digits = b[i] == UInt8(ascii: "-") ? 0 : 1  // digits since the last operator
            var n = 1
            while i + n < b.count {
                let c = b[i + n]
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if leadingZero { throw Failure("Number with leading zero around character \(i + n).") }
                    if c == UInt8(ascii: "0"), digits == 0, past == .operand { leadingZero = true }
                case UInt8(ascii: "."):
                    guard digits > 0, past == .operand else { throw .invalidValue(i + n) }
                    leadingZero = false
                    past = .dot
                    digits = -1
                case UInt8(ascii: "e"), UInt8(ascii: "E"):
                    guard digits > 0, past == .operand || past == .dot else { throw .invalidValue(i + n) }
                    leadingZero = false
                    past = .exponent
                    digits = -1
                case UInt8(ascii: "+"), UInt8(ascii: "-"):
                    guard digits == 0, past == .exponent else { throw .invalidValue(i + n) }
                    past = .exponentSign
                    digits = -1
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D:
                    guard digits > 0 else { throw .invalidValue(i + n) }
                    i += n
                    return
                default:
                    throw .invalidValue(i + n)
                }
                n += 1
                digits += 1
            }
            guard digits > 0 else { throw .endOfFile }
            i = b.count
        }
    }
}
