/// RFC 8259 parser producing ``JSONValue``. Iterative, so nesting is bounded by
/// `maxDepth` only, never by the thread's stack.
public struct JSONParser: Sendable {
    public var maxDepth: Int
    /// Accept a top-level scalar (Foundation's `.fragmentsAllowed`).
    public var allowFragments: Bool
    /// Which documents are accepted beyond the RFC 8259 grammar.
    public var dialect: Dialect = .rfc8259

    /// The two acceptance rules the core needs.
    public enum Dialect: Sendable, Hashable {
        /// RFC 8259 exactly, UTF-8 only; numbers of any magnitude (their text is kept).
        case rfc8259
        /// What Foundation's `JSONSerialization` accepts on Linux (SPEC §6.4), verified by the
        /// differential test: UTF-16/32 input detected from BOM or NUL pattern, a UTF-8 BOM
        /// skipped, trailing commas in arrays and objects, and numbers that overflow a `Double`
        /// rejected ("not representable").
        case foundation
    }

    public init(maxDepth: Int = Limits.default.maxJSONDepth, allowFragments: Bool = true) {
        self.maxDepth = maxDepth
        self.allowFragments = allowFragments
    }

    public static func parse(_ text: String, allowFragments: Bool = true) throws(AFSError) -> JSONValue {
        try JSONParser(allowFragments: allowFragments).parse(Array(text.utf8))
    }

    public func parse(_ bytes: [UInt8]) throws(AFSError) -> JSONValue {
        if dialect == .foundation {
            switch JSONTextEncoding.detect(bytes) {
            case .utf8(let skip):
                if skip > 0 {
                    do { return try parseUTF8(Array(bytes[skip...])) } catch {
                        var e = error  // offsets count the skipped BOM too
                        e.offset = e.offset.map { $0 + skip }
                        throw e
                    }
                }
            case let other:
                let utf8 = try JSONTextEncoding.transcodeToUTF8(bytes, other)
                do { return try parseUTF8(utf8) } catch {
                    // Report the offset in the caller's bytes, not in the transcoded copy.
                    var e = error
                    e.offset = e.offset.map { JSONTextEncoding.sourceOffset($0, in: utf8, other) }
                    throw e
                }
            }
        }
        return try parseUTF8(bytes)
    }

    private func parseUTF8(_ bytes: [UInt8]) throws(AFSError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(AFSError) in
            var p = Cursor(bytes: buffer, maxDepth: maxDepth, foundation: dialect == .foundation)
            p.skipWhitespace()
            let value = try p.parseValue()
            p.skipWhitespace()
            if p.index != buffer.count { throw p.error("Garbage at end.") }
            if let first = p.unrepresentableNumbers.first {
                do throws(AFSError) {
                    try FoundationNumbers.check(value)
                } catch {
                    // Point at the offending number (the first with that text).
                    let text = error.message
                    let offset = p.unrepresentableNumbers.first { text == FoundationNumbers.message($0.text) }?.offset ?? first.offset
                    throw AFSError.jsonSyntax(text, offset: offset)
                }
            }
            if !allowFragments {
                switch value {
                case .array, .object: break
                default: throw AFSError.jsonSyntax("JSON text did not start with array or object and option to allow fragments not set.", offset: 0)
                }
            }
            return value
        }
    }
}

/// Foundation's number rule, applied after parsing and only when an overflowing number was seen:
/// it walks the tree as Foundation's dictionaries see it (for duplicate keys only the last member,
/// keys compared as Swift `String`s) and rejects a number whose `Double` is infinite.
enum FoundationNumbers {
    static func message(_ text: String) -> String { "Number \(text) is not representable in Swift." }

    static func check(_ value: JSONValue) throws(AFSError) {
        switch value {
        case .number(let t):
            if !(Double(t)?.isFinite ?? false) {
                throw AFSError(domain: AFSError.cocoaDomain, code: 3840, message: message(t))
            }
        case .array(let items):
            for item in items { try check(item) }
        case .object(let members):
            var last: [String: Int] = [:]
            for (i, m) in members.enumerated() { last[m.key] = i }
            for (i, m) in members.enumerated() where last[m.key] == i { try check(m.value) }
        default:
            break
        }
    }
}

extension AFSError {
    /// Foundation reports JSON syntax errors as NSCocoaErrorDomain 3840 (SPEC §6.4).
    static func jsonSyntax(_ message: String, offset: Int) -> AFSError {
        AFSError(domain: AFSError.cocoaDomain, code: 3840, message: message, offset: offset)
    }
}

private struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    /// Foundation dialect: trailing commas, number range check.
    let foundation: Bool
    var index = 0
    /// Numbers seen whose Double overflows (Foundation dialect), with their offsets.
    var unrepresentableNumbers: [(text: String, offset: Int)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, foundation: Bool) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.foundation = foundation
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

    /// A container under construction. A struct mutated in place through the stack (an enum
    /// payload would be copied on every append, making long arrays quadratic).
    struct Frame {
        var isArray: Bool
        var items: [JSONValue] = []
        var members: [JSONValue.Member] = []
        var pendingKey: String = ""
    }

    mutating func parseValue() throws(AFSError) -> JSONValue {
        var stack: [Frame] = []
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("Unexpected end of file during JSON parse.") }
            var value: JSONValue
            switch bytes[index] {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                let isArray = bytes[index] == UInt8(ascii: "[")
                if stack.count >= maxDepth {
                    throw AFSError(.nestingTooDeep, "JSON nesting deeper than \(maxDepth)", offset: index, context: ["limit": String(maxDepth)])
                }
                index += 1
                skipWhitespace()
                if isArray {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        value = .array([])
                    } else {
                        stack.append(Frame(isArray: true))
                        continue
                    }
                } else {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        value = .object([])
                    } else {
                        let key = try parseKey()
                        stack.append(Frame(isArray: false, pendingKey: key))
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
                guard !stack.isEmpty else { return value }
                let top = stack.count - 1
                skipWhitespace()
                guard index < bytes.count else { throw error("Unexpected end of file during JSON parse.") }
                let c = bytes[index]
                if stack[top].isArray {
                    stack[top].items.append(value)
                    if c == UInt8(ascii: ",") {
                        index += 1
                        if trailingCommaCloses(UInt8(ascii: "]")) {
                            value = .array(stack.removeLast().items)
                            continue
                        }
                    } else if c == UInt8(ascii: "]") {
                        index += 1
                        value = .array(stack.removeLast().items)
                        continue
                    } else {
                        throw error("Badly formed array around character \(index).")
                    }
                } else {
                    stack[top].members.append(.init(stack[top].pendingKey, value))
                    if c == UInt8(ascii: ",") {
                        index += 1
                        if trailingCommaCloses(UInt8(ascii: "}")) {
                            value = .object(stack.removeLast().members)
                            continue
                        }
                        skipWhitespace()
                        stack[top].pendingKey = try parseKey()
                    } else if c == UInt8(ascii: "}") {
                        index += 1
                        value = .object(stack.removeLast().members)
                        continue
                    } else {
                        throw error("Badly formed object around character \(index).")
                    }
                }
                break
            }
        }
    }

    /// `"key" :` — leaves the cursor after the colon.
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
        guard index < bytes.count, digit(bytes[index]) else { throw error("Invalid number around character \(index).", at: index) }
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
            guard index < bytes.count, digit(bytes[index]) else { throw error("Invalid number around character \(index).", at: index) }
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
            guard index < bytes.count, digit(bytes[index]) else { throw error("Invalid number around character \(index).", at: index) }
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

    /// Parses a string literal starting at the opening quote; validates UTF-8 and escapes.
    mutating func parseString() throws(AFSError) -> String {
        let open = index
        index += 1
        var out: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw error("Unterminated string around character \(open).", at: open) }
            let c = bytes[index]
            if c == UInt8(ascii: "\"") {
                if out.isEmpty, runStart == open + 1 {
                    // No escapes (the common case): one String straight from the input.
                    let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
                    index += 1
                    return s
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                break
            } else if c == UInt8(ascii: "\\") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                index += 1
                try parseEscape(into: &out)
                runStart = index
            } else if c < 0x20 {
                throw error("Unescaped control character around character \(index).")
            } else if c < 0x80 {
                index += 1
            } else {
                let n = UTF8Validation.sequenceLength(bytes, at: index)
                guard n > 0 else { throw error("Invalid UTF-8 around character \(index).") }
                index += n
            }
        }
        return String(decoding: out, as: UTF8.self)
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
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("Unable to convert hex escape sequence (no low-surrogate) to UTF8-encoded character.", at: escapeStart)
                }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("Unable to convert hex escape sequence (no low-surrogate) to UTF8-encoded character.", at: escapeStart)
                }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw error("Unable to convert hex escape sequence (unpaired low-surrogate) to UTF8-encoded character.", at: escapeStart)
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
