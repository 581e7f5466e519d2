/// The parser over one UTF-8 buffer (SPEC §6.4). Iterative: the containers under construction
/// live on explicit stacks, so nesting is bounded by `maxDepth` only, never by the thread's stack.
///
/// Elements and members of every open container share two stacks; a container takes its slice at
/// its close, so each array is allocated once at its final size. With fused null cleaning, nulls
/// never reach an array (af4), and an object that had a null member is filtered at its close by the
/// same rule as `NullCleaning` (duplicate keys: the last member decides).
struct JSONCursor: ~Copyable {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    /// Foundation dialect: trailing commas, number range check.
    let foundation: Bool
    let cleanMembers: Bool
    let cleanElements: Bool
    var index = 0
    /// Numbers seen whose Double overflows (Foundation dialect), with their offsets.
    var unrepresentableNumbers: [(text: String, offset: Int)] = []

    /// An open container: where its items begin on `elements` or `members`.
    struct Frame {
        var isArray: Bool
        var start: Int
        /// The key of the member being read.
        var key: String = ""
        /// A member was null: with fused cleaning, the object is filtered at its close.
        var sawNull = false
    }

    private var frames: [Frame] = []
    private var elements = ScratchStack<JSONValue>()
    private var members = ScratchStack<JSONValue.Member>()

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, foundation: Bool, cleaning: NullCleaning.Mode?) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.foundation = foundation
        self.cleanMembers = cleaning != nil
        self.cleanElements = cleaning == .membersAndElements
    }

    /// After a comma: true (and consumed) when `close` follows, which Foundation accepts.
    mutating func trailingCommaCloses(_ close: UInt8) -> Bool {
        guard foundation else { return false }
        skipWhitespace()
        if index < bytes.count, bytes[index] == close {
            index += 1
            return true
        }
        return false
    }

    func error(_ message: String, at offset: Int? = nil) -> AFSError {
        .jsonSyntax(message, offset: offset ?? index)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func closeArray() -> JSONValue {
        .array(elements.popArray(from: frames.removeLast().start))
    }

    private mutating func closeObject() -> JSONValue {
        let frame = frames.removeLast()
        if frame.sawNull {
            let nullKeys = members.withElements(from: frame.start) { NullCleaning.nullKeys($0) }
            members.removeAll(from: frame.start) { $0.value.isNull || (!nullKeys.isEmpty && nullKeys.contains($0.key)) }
        }
        return .object(members.popArray(from: frame.start))
    }

    mutating func parseValue() throws(AFSError) -> JSONValue {
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("Unexpected end of file during JSON parse.") }
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isArray = bytes[index] == UInt8(ascii: "[")
                if frames.count >= maxDepth {
                    throw AFSError(
                        .nestingTooDeep, "JSON nesting deeper than \(maxDepth)", offset: index,
                        context: ["limit": String(maxDepth)])
                }
                index += 1
                skipWhitespace()
                if isArray {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        value = .array([])
                    } else {
                        frames.append(Frame(isArray: true, start: elements.count))
                        continue
                    }
                } else {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        value = .object([])
                    } else {
                        let key = try parseKey()
                        frames.append(Frame(isArray: false, start: members.count, key: key))
                        continue
                    }
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"): try expectLiteral("true"); value = .bool(true)
            case UInt8(ascii: "f"): try expectLiteral("false"); value = .bool(false)
            case UInt8(ascii: "n"): try expectLiteral("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            default:
                throw error("Invalid value around character \(index).")
            }
            // Attach `value` to enclosing containers, closing as many as end here.
            while true {
                guard !frames.isEmpty else { return value }
                let top = frames.count - 1
                skipWhitespace()
                guard index < bytes.count else { throw error("Unexpected end of file during JSON parse.") }
                let c = bytes[index]
                if frames[top].isArray {
                    if !(cleanElements && value.isNull) { elements.push(value) }
                    if c == UInt8(ascii: ",") {
                        index += 1
                        if trailingCommaCloses(UInt8(ascii: "]")) {
                            value = closeArray()
                            continue
                        }
                    } else if c == UInt8(ascii: "]") {
                        index += 1
                        value = closeArray()
                        continue
                    } else {
                        throw error("Badly formed array around character \(index).")
                    }
                } else {
                    if cleanMembers, value.isNull { frames[top].sawNull = true }
                    members.push(.init(frames[top].key, value))
                    if c == UInt8(ascii: ",") {
                        index += 1
                        if trailingCommaCloses(UInt8(ascii: "}")) {
                            value = closeObject()
                            continue
                        }
                        skipWhitespace()
                        frames[top].key = try parseKey()
                    } else if c == UInt8(ascii: "}") {
                        index += 1
                        value = closeObject()
                        continue
                    } else {
                        throw error("Badly formed object around character \(index).")
                    }
                }
                break
            }
        }
    }

    mutating func parseKey() throws(AFSError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error("No string key for value in object around character \(index).")
        }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("No value for key in object around character \(index).")
        }
        index += 1
        return key
    }

    mutating func expectLiteral(_ word: StaticString) throws(AFSError) {
        let n = word.utf8CodeUnitCount
        guard index + n <= bytes.count else { throw error("Unexpected end of file during JSON parse.") }
        for i in 0..<n where bytes[index + i] != word.utf8Start[i] {
            throw error("Invalid value around character \(index).")
        }
        index += n
    }

    /// A malformed number fails at the first byte that cannot continue it, where Foundation says
    /// "around character N" (`[1e+]` at 4), not at the number's first byte (SPEC §6.4).
    mutating func parseNumber() throws(AFSError) -> String {
        let start = index
        func digit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, digit(bytes[index]) else {
            throw error("Invalid number around character \(index).", at: index)
        }
        // Decimal exponent of the leading significant digit (for the Foundation range check).
        var magnitude = 0
        var sawNonZero = false
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, digit(bytes[index]) {
                throw error("Number with leading zero around character \(index).", at: index)
            }
        } else {
            let intStart = index
            while index < bytes.count, digit(bytes[index]) { index += 1 }
            magnitude = index - intStart - 1
            sawNonZero = true
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, digit(bytes[index]) else {
                throw error("Invalid number around character \(index).", at: index)
            }
            let fracStart = index
            while index < bytes.count, digit(bytes[index]) {
                if !sawNonZero, bytes[index] != UInt8(ascii: "0") {
                    sawNonZero = true
                    magnitude = -(index - fracStart + 1)
                }
                index += 1
            }
        }
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var negative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, digit(bytes[index]) else {
                throw error("Invalid number around character \(index).", at: index)
            }
            // Saturates far above any magnitude a body can hold (one digit per byte), so the range
            // check below stays exact: `0.(10^6 zeros)1e10000000` still overflows.
            while index < bytes.count, digit(bytes[index]) {
                if exponent < Int.max / 100 { exponent = exponent * 10 + Int(bytes[index] - 0x30) }
                index += 1
            }
            if negative { exponent = -exponent }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        // Foundation rejects a number whose Double is infinite (it tries Int64/UInt64, Decimal,
        // then Double; only Double's range is wider than the others). Below 10^308 it is finite
        // for sure; near or above the edge ask the standard library's correctly rounded parser.
        // The check is deferred (see `FoundationNumbers`): Foundation drops overwritten duplicate
        // keys before it converts numbers, so an unrepresentable number there is accepted.
        if foundation, sawNonZero, magnitude + exponent >= 308, !(Double(text)?.isFinite ?? false) {
            unrepresentableNumbers.append((text, start))
        }
        return text
    }

    /// Parses a string literal starting at the opening quote; validates UTF-8 and escapes. Plain
    /// runs are skipped 8 bytes at a time (`plainEnd`); a string without escapes (the common case)
    /// becomes one String straight from the input.
    mutating func parseString() throws(AFSError) -> String {
        let open = index
        index += 1
        var out: [UInt8] = []
        var escaped = false, ascii = true
        var runStart = index
        while true {
            index = plainEnd(from: index)
            guard index < bytes.count else { throw error("Unterminated string around character \(open).", at: open) }
            let c = bytes[index]
            if c == UInt8(ascii: "\"") {
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                guard escaped else { return Self.string(validated: run, ascii: ascii) }
                out.append(contentsOf: run)
                return String(decoding: out, as: UTF8.self)
            } else if c == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                escaped = true
                index += 1
                try parseEscape(into: &out)
                runStart = index
            } else if c < 0x20 {
                throw error("Unescaped control character around character \(index).")
            } else {
                let n = UTF8Validation.sequenceLength(bytes, at: index)
                guard n > 0 else { throw error("Invalid UTF-8 around character \(index).") }
                ascii = false
                index += n
            }
        }
    }

    /// A String of bytes this cursor has already validated (`String(decoding:)` would check them
    /// a second time).
    @inline(__always)
    static func string(validated run: UnsafeBufferPointer<UInt8>, ascii: Bool) -> String {
        unsafe String(copying: UTF8Span(unchecked: run.span, isKnownASCII: ascii))
    }

    /// The first index at or after `start` whose byte is a quote, a backslash, a control character
    /// or not ASCII (or the end): 8 bytes per step with the "has a byte less than n" word tricks.
    /// The lowest flagged byte of a word is always a real hit (a borrow only runs upward).
    @inline(__always)
    func plainEnd(from start: Int) -> Int {
        var i = start
        let n = bytes.count
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= n {
                let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let q = w ^ (ones &* 0x22), b = w ^ (ones &* 0x5C)
                let flags = (((w &- ones &* 0x20) & ~w) | ((q &- ones) & ~q) | ((b &- ones) & ~b) | w) & high
                if flags != 0 { return i + UInt64(littleEndian: flags).trailingZeroBitCount / 8 }
                i += 8
            }
        }
        while i < n {
            let c = bytes[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 || c >= 0x80 { return i }
            i += 1
        }
        return n
    }

    mutating func parseEscape(into out: inout [UInt8]) throws(AFSError) {
        guard index < bytes.count else { throw error("Unexpected end of file during JSON parse.") }
        let c = bytes[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let escapeStart = index - 2
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error(
                        "Unable to convert hex escape sequence (no low-surrogate) to UTF8-encoded character.",
                        at: escapeStart)
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(
                        "Unable to convert hex escape sequence (no low-surrogate) to UTF8-encoded character.",
                        at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error(
                    "Unable to convert hex escape sequence (unpaired low-surrogate) to UTF8-encoded character.",
                    at: escapeStart)
            }
            out.append(contentsOf: Unicode.UTF8.encode(Unicode.Scalar(scalar)!)!)
        default:
            throw error("Invalid escape sequence around character \(index - 2).", at: index - 2)
        }
    }

    mutating func hex4() throws(AFSError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("Unexpected end of file during JSON parse.") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let d: UInt8
            switch c {
            case 0x30...0x39: d = c - 0x30
            case 0x41...0x46: d = c - 0x41 + 10
            case 0x61...0x66: d = c - 0x61 + 10
            default: throw error("Invalid hex escape around character \(index).")
            }
            v = v << 4 | UInt32(d)
            index += 1
        }
        return v
    }
}
