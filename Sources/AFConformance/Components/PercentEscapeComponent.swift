import AFSerialization
import AFVectorFormat

/// `percent-escape` (VECTORS.md, SPEC §1).
///
/// Input: exactly one of `text` (a string), `utf16` (array of code units 0…65535; a lone
/// surrogate is the core's `unpairedSurrogate` error) or `hex` (raw bytes that must be UTF-8,
/// else `invalidUTF8`). Options: `style` (`afnetworking` | `whatwgForm` | `rfc3986Unreserved`),
/// `batchSize` (≥ 1, default 50), `reportBatches` (bool). Output: `text`, plus `batches`
/// (`[[start, end], …]`, UTF-16 units, end exclusive) when `reportBatches` is true. When either
/// batch option is given the text is produced batch by batch, as AF does.
struct PercentEscapeComponent: EvalComponent {
    let name = "percent-escape"
    static let defaultStyle = EscapeStyle.afnetworking
    var optionDefaults: [String: JSONValue] { ["style": .string(Self.defaultStyle.rawValue)] }
    var outputIndependentOptions: Set<String> { ["batchSize", "reportBatches"] }

    /// The bytes are the whole input (`text`, or `hex` when they are not UTF-8).
    func input(fromFileBytes bytes: [UInt8]) throws(HarnessError) -> JSONValue? { Codec.encodeBytes(bytes) }

    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue {
        try rejectUnknownKeys(options, known: ["style", "batchSize", "reportBatches"])
        try rejectUnknownKeys(input, known: ["text", "utf16", "hex"])
        let style = try options.enumValue("style", EscapeStyle.self) ?? Self.defaultStyle
        let batchSize = try options.int("batchSize")
        let reportBatches = try options.bool("reportBatches") ?? false

        let string = try Self.inputString(input)
        guard batchSize != nil || reportBatches else {
            return .obj(["text": .string(PercentEscape.escape(string, style: style))])
        }
        let result = try PercentEscape.escapeInBatches(
            string, style: style, batchSize: batchSize ?? PercentEscape.defaultBatchSize)
        guard reportBatches else { return .obj(["text": .string(result.text)]) }
        return .obj([
            "text": .string(result.text),
            "batches": .array(result.batches.map { .array([.int($0.lowerBound), .int($0.upperBound)]) }),
        ])
    }

    /// Decodes the one input form given; invalid UTF-16/UTF-8 is the core's typed error.
    static func inputString(_ input: Fields) throws -> String {
        let given = ["text", "utf16", "hex"].filter { input.has($0) }
        guard given.count == 1 else {
            throw HarnessError(
                input.path,
                "give exactly one of \"text\", \"utf16\" or \"hex\" (got "
                    + "\(given.isEmpty ? "none" : given.joined(separator: ", ")))"
            )
        }
        switch given[0] {
        case "text":
            return try input.requireString("text")
        case "utf16":
            guard let values = try input.ints("utf16") else {
                throw HarnessError(input.sub("utf16"), "expected an array of code units")
            }
            var units: [UInt16] = []
            units.reserveCapacity(values.count)
            for (i, v) in values.enumerated() {
                guard let u = UInt16(exactly: v) else {
                    throw HarnessError("\(input.sub("utf16"))[\(i)]", "code unit \(v) is outside 0…65535")
                }
                units.append(u)
            }
            return try PercentEscape.string(utf16: units)
        default:
            guard let hex = try input.string("hex") else {
                throw HarnessError(input.sub("hex"), "expected a hex string")
            }
            return try PercentEscape.string(bytes: Codec.decodeHex(hex, path: input.sub("hex")))
        }
    }
}

/// A misspelt option or input field must not be silently ignored: name it.
func rejectUnknownKeys(_ fields: Fields, known: Set<String>) throws(HarnessError) {
    for m in fields.value.objectValue ?? [] where !known.contains(m.key) {
        throw HarnessError(
            fields.sub(m.key), "unknown field; expected one of \(known.sorted().joined(separator: ", "))")
    }
}
