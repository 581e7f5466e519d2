/// `JSONSerialization.WritingOptions`, same raw values as Foundation.
public struct JSONWritingOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let prettyPrinted = Self(rawValue: 1 << 0)
    public static let sortedKeys = Self(rawValue: 1 << 1)
    public static let fragmentsAllowed = Self(rawValue: 1 << 2)
    public static let withoutEscapingSlashes = Self(rawValue: 1 << 3)

    /// Option names as the eval interface spells them.
    public static let named: [(String, JSONWritingOptions)] = [
        ("prettyPrinted", .prettyPrinted), ("sortedKeys", .sortedKeys),
        ("fragmentsAllowed", .fragmentsAllowed), ("withoutEscapingSlashes", .withoutEscapingSlashes),
    ]
}

extension AFSError.Kind {
    /// A value JSON cannot hold reached the writer (set, data, NaN, ±∞) or the top level was a
    /// scalar without `.fragmentsAllowed`.
    public static let invalidJSONValue = Self("invalidJSONValue")
}

/// Writes a ``ParameterValue`` byte-for-byte as Foundation's `JSONSerialization.data(withJSONObject:options:)`
/// does on Linux (SPEC §3.3), without Foundation. Every rule here was established against
/// Foundation and is re-checked by the differential tests:
/// - strings: `"` `\` `/` (unless `.withoutEscapingSlashes`) escaped with a backslash; `\b \f \n \r \t`;
///   other C0 controls `\u00xx` (lowercase hex); everything else, DEL and U+2028 included, raw UTF-8;
/// - integers in decimal; doubles as Swift's shortest round-trip `description` minus a trailing
///   `.0` (`3.0` → `3`, `1e-07`, `1e+100`, `-0`);
/// - `.prettyPrinted`: two-space indent, `" : "` after keys, and an empty container still gets its
///   two line breaks (`[\n\n  ]`); no trailing newline;
/// - member order: the model's, or ``JSONKeyOrder`` under `.sortedKeys` (stable for equal keys).
/// The walk is iterative and checks `maxDepth` before descending, so hostile depth is a typed error.
public enum FoundationJSONWriter {
    /// `JSONSerialization.isValidJSONObject` (SPEC §3.3): top-level array or dictionary holding
    /// strings, integers, finite doubles, bools, nulls, arrays and dictionaries. Returns the path of
    /// the first offending value, or nil when valid. Throws only when nesting exceeds `maxDepth`.
    public static func firstInvalidPath(_ value: ParameterValue, maxDepth: Int) throws(AFSError) -> String? {
        var frames: [ContainerFrame] = []
        var current: ParameterValue? = value
        while true {
            if let v = current {
                switch v {
                case .string, .integer, .bool, .null: break
                case .double(let d): if !d.isFinite { return ContainerFrame.path(frames) }
                case .set, .data: return ContainerFrame.path(frames)
                case .array(let items):
                    if frames.count >= maxDepth { throw ContainerFrame.depthError("JSON", maxDepth, frames) }
                    frames.append(ContainerFrame(.array(items)))
                case .dictionary(let entries):
                    if frames.count >= maxDepth { throw ContainerFrame.depthError("JSON", maxDepth, frames) }
                    frames.append(ContainerFrame(.dictionary(entries)))
                }
                if frames.isEmpty { return "$" }  // a top-level scalar is not a JSON object
            }
            if let child = frames[frames.count - 1].advance() {
                current = child.value
            } else {
                frames.removeLast()
                current = nil
                if frames.isEmpty { return nil }
            }
        }
    }

    public static func write(
        _ value: ParameterValue, options: JSONWritingOptions = [], keyOrder: JSONKeyOrder = .foundation,
        maxDepth: Int = Limits.default.maxJSONDepth
    ) throws(AFSError) -> [UInt8] {
        switch value {
        case .array, .dictionary: break
        default:
            guard options.contains(.fragmentsAllowed) else {
                throw AFSError(
                    .invalidJSONValue, "top-level JSON value must be an array or a dictionary without fragmentsAllowed")
            }
        }
        var w = Writer(options: options, keyOrder: keyOrder)
        try w.run(value, maxDepth: maxDepth)
        return w.out
    }

    private struct Writer {
        let pretty: Bool
        let escapeSlash: Bool
        let sorted: Bool
        let keyOrder: JSONKeyOrder
        var out: [UInt8] = []
        var stack: [ContainerFrame] = []

        init(options: JSONWritingOptions, keyOrder: JSONKeyOrder) {
            pretty = options.contains(.prettyPrinted)
            escapeSlash = !options.contains(.withoutEscapingSlashes)
            sorted = options.contains(.sortedKeys)
            self.keyOrder = keyOrder
        }

        mutating func run(_ root: ParameterValue, maxDepth: Int) throws(AFSError) {
            try open(root, maxDepth: maxDepth)
            while !stack.isEmpty {
                let level = stack.count
                let first = stack[level - 1].next == 0
                if let child = stack[level - 1].advance() {
                    separator(first: first, level: level)
                    if let key = child.key {
                        string(key)
                        out.append(contentsOf: pretty ? Array(" : ".utf8) : [UInt8(ascii: ":")])
                    }
                    try open(child.value, maxDepth: maxDepth)
                } else {
                    let isArray = if case .array = stack[level - 1].children { true } else { false }
                    close(isArray ? UInt8(ascii: "]") : UInt8(ascii: "}"), level: level)
                }
            }
        }

        mutating func separator(first: Bool, level: Int) {
            if !first {
                out.append(UInt8(ascii: ","))
                if pretty { out.append(0x0A) }
            }
            if pretty { indent(level) }
        }

        mutating func close(_ bracket: UInt8, level: Int) {
            stack.removeLast()
            if pretty {
                out.append(0x0A)
                indent(level - 1)
            }
            out.append(bracket)
        }

        mutating func indent(_ level: Int) {
            out.append(contentsOf: repeatElement(0x20, count: 2 * level))
        }

        /// Writes a scalar, or the opening bracket of a container and pushes its frame.
        mutating func open(_ value: ParameterValue, maxDepth: Int) throws(AFSError) {
            switch value {
            case .null: out.append(contentsOf: "null".utf8)
            case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
            case .integer(let i): out.append(contentsOf: String(i).utf8)
            case .double(let d):
                guard d.isFinite else { throw AFSError(.invalidJSONValue, "invalid number value (\(d)) in JSON write") }
                out.append(contentsOf: FoundationJSONWriter.number(d).utf8)
            case .string(let s): string(s)
            case .set, .data:
                throw AFSError(.invalidJSONValue, "sets and data cannot be written as JSON")
            case .array(let items):
                if stack.count >= maxDepth { throw ContainerFrame.depthError("JSON", maxDepth, stack) }
                out.append(UInt8(ascii: "["))
                if pretty { out.append(0x0A) }
                stack.append(ContainerFrame(.array(items)))
            case .dictionary(let entries):
                if stack.count >= maxDepth { throw ContainerFrame.depthError("JSON", maxDepth, stack) }
                out.append(UInt8(ascii: "{"))
                if pretty { out.append(0x0A) }
                stack.append(ContainerFrame(.dictionary(sorted ? sortedEntries(entries) : entries)))
            }
        }

        /// Keys in `keyOrder`; keys neither before the other keep model order. Swift's sort is
        /// stable ("The sorting algorithm is guaranteed to be stable", `sort()`'s documentation),
        /// so one call of the order per comparison does it.
        func sortedEntries(_ entries: [ParameterValue.Entry]) -> [ParameterValue.Entry] {
            let order = keyOrder.areInIncreasingOrder
            return entries.sorted { order($0.key, $1.key) }
        }

        mutating func string(_ s: String) {
            out.append(UInt8(ascii: "\""))
            var s = s
            s.withUTF8 { bytes in
                // Copy runs that need no escape in bulk; escape the byte that ends a run.
                let slash = escapeSlash
                var runStart = 0
                while true {
                    let i = ByteScan.next(
                        in: bytes, from: runStart,
                        wordMayMatch: { w in
                            ByteScan.hasLess(w, 0x20) || ByteScan.hasByte(w, 0x22) || ByteScan.hasByte(w, 0x5C)
                                || (slash && ByteScan.hasByte(w, 0x2F))
                        },
                        isSpecial: { b in b < 0x20 || b == 0x22 || b == 0x5C || (b == 0x2F && slash) })
                    if i == bytes.count { break }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                    escape(bytes[i])
                    runStart = i + 1
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            }
            out.append(UInt8(ascii: "\""))
        }

        mutating func escape(_ b: UInt8) {
            let hex = FoundationJSONWriter.hexDigits
            switch b {
            case 0x08: out.append(0x5C); out.append(UInt8(ascii: "b"))
            case 0x0C: out.append(0x5C); out.append(UInt8(ascii: "f"))
            case 0x0A: out.append(0x5C); out.append(UInt8(ascii: "n"))
            case 0x0D: out.append(0x5C); out.append(UInt8(ascii: "r"))
            case 0x09: out.append(0x5C); out.append(UInt8(ascii: "t"))
            case 0x00..<0x20:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
            default: out.append(0x5C); out.append(b)  // " \ /
            }
        }
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// A finite double as Foundation writes it: shortest round-trip digits, `.0` dropped.
    public static func number(_ d: Double) -> String {
        let s = d.description
        return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
    }
}
