/// RFC 8259 parser producing ``JSONValue``. Iterative, so nesting is bounded by
/// `maxDepth` only, never by the thread's stack.
public struct JSONParser: Sendable {
    public var maxDepth: Int
    /// Accept a top-level scalar (Foundation's `.fragmentsAllowed`).
    public var allowFragments: Bool
    /// Which documents are accepted beyond the RFC 8259 grammar.
    public var dialect: Dialect = .rfc8259
    /// Null cleaning (SPEC §6.4) done while parsing: the result equals
    /// `NullCleaning.clean(parse(bytes), …)` (the reference, kept for the `null-clean` component and
    /// as the oracle the fused path is tested against), without building the nulls and copying
    /// every container a second time.
    public var nullCleaning: NullCleaning.Mode? = nil

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
            var p = JSONCursor(
                bytes: buffer, maxDepth: maxDepth, foundation: dialect == .foundation, cleaning: nullCleaning)
            var value: JSONValue
            do throws(AFSError) {
                p.skipWhitespace()
                value = try p.parseValue()
                p.skipWhitespace()
                if p.index != buffer.count { throw p.error("Garbage at end.") }
            } catch {
                // The offset is the core's (SPEC §6.4); the sentence is the one Foundation writes.
                var e = error
                if e.code == 3840, e.domain == AFSError.cocoaDomain,
                    let text = FoundationJSONDiagnosis.debugDescription(buffer)
                {
                    e.context["debugDescription"] = text
                }
                throw e
            }
            // Foundation checks the top-level kind before the numbers (its sentence is the fragment one).
            if !allowFragments {
                switch value {
                case .array, .object: break
                default:
                    throw AFSError.jsonSyntax(
                        "JSON text did not start with array or object and option to allow fragments not set.", offset: 0
                    )
                }
            }
            if let first = p.unrepresentableNumbers.first {
                // Foundation checks numbers before AF cleans: a rare path, so read the document
                // again uncleaned, check that, then clean it with the reference.
                if let mode = nullCleaning {
                    var again = JSONCursor(bytes: buffer, maxDepth: maxDepth, foundation: true, cleaning: nil)
                    again.skipWhitespace()
                    value = try again.parseValue()
                    try checkNumbers(value, p.unrepresentableNumbers, first: first)
                    value = try NullCleaning.clean(value, mode: mode, maxDepth: maxDepth)
                } else {
                    try checkNumbers(value, p.unrepresentableNumbers, first: first)
                }
            }
            return value
        }
    }

    private func checkNumbers(
        _ value: JSONValue, _ seen: [(text: String, offset: Int)], first: (text: String, offset: Int)
    ) throws(AFSError) {
        do throws(AFSError) {
            try FoundationNumbers.check(value)
        } catch {
            // Point at the offending number (the first with that text).
            let text = error.context["debugDescription"] ?? ""
            let offset = seen.first { text == FoundationNumbers.message($0.text) }?.offset ?? first.offset
            throw AFSError.jsonSyntax(text, offset: offset)
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
                throw AFSError.jsonSyntax(message(t), offset: nil)
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
    /// Linux Foundation's localized description of every JSON reading error (SPEC §6.4).
    public static let jsonReadingDescription =
        "The operation could not be completed. The data is not in the correct format."

    /// Foundation reports JSON syntax errors as NSCocoaErrorDomain 3840: one localized description
    /// for all, the particular sentence as NSDebugDescription (`context["debugDescription"]`).
    static func jsonSyntax(_ debugDescription: String, offset: Int?) -> AFSError {
        AFSError(
            domain: AFSError.cocoaDomain, code: 3840, message: jsonReadingDescription, offset: offset,
            context: ["debugDescription": debugDescription])
    }
}
