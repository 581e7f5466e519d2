import AFSerialization
import AFVectorFormat

/// The `percent-escape` target's corpus input: SPEC §1 percent-escaping.
///
/// The frozen header, payload and oracles: ``descriptor``.
public enum PercentEscapeInput: CorpusTarget {
    public static let name = "percent-escape"
    /// The frozen option header (a field is never moved or resized; a new option takes reserved bits),
    /// the payload and the oracles: scripts/fuzz/targets.json is rendered from it (`conformance fuzz-targets`).
    public static let descriptor = FuzzTargetDescriptor(
        name: name, body: "PercentEscapeFuzz", spec: "SPEC §1",
        header: [
            HeaderField(
                byte: 0, "style", value: "EscapeStyle.allCases[b % 3]: afnetworking, whatwgForm, rfc3986Unreserved"),
            HeaderField(byte: 1, "batch size", value: "b + 1"),
            HeaderField(
                byte: 2, "mode", bits: [0: "payload is little-endian UTF-16 code units, not UTF-8 bytes"],
                reserved: "1-7"),
        ],
        payload: "the text to escape",
        oracles: [
            "foundation-addingPercentEncoding", "batch-size-invariance", "unescape-round-trip", "allowed-set-exact",
            "invalid-input-offset",
        ])

    package struct Setup {
        package let style: EscapeStyle
        package let batchSize: Int
        package let utf16Mode: Bool
        package let payload: [UInt8]
        /// The payload as little-endian UTF-16 code units (an odd last byte is dropped).
        package var units: [UInt16] {
            var units: [UInt16] = []
            units.reserveCapacity(payload.count / 2)
            var i = 0
            while i + 1 < payload.count {
                units.append(UInt16(payload[i]) | UInt16(payload[i + 1]) << 8)
                i += 2
            }
            return units
        }
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
        let style = input.pick(EscapeStyle.self)
        let batchSize = Int(input.option()) + 1
        let utf16Mode = input.option() & 1 == 1
        return Setup(style: style, batchSize: batchSize, utf16Mode: utf16Mode, payload: Array(input.rest()))
    }
}

// MARK: Output text (snapshots)

extension PercentEscapeInput {
    /// From ``setUp(_:)``: the escaped text (or error) and the batch ranges.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let (style, batchSize, utf16Mode, payload) = (setup.style, setup.batchSize, setup.utf16Mode, setup.payload)
        var out = "style \(style) batch \(batchSize) \(utf16Mode ? "utf16" : "utf8")\n"
        let escaped: Result<String, AFSError>
        if utf16Mode {
            let units = setup.units
            escaped = Result { () throws(AFSError) in try PercentEscape.escape(utf16: units, style: style) }
        } else {
            escaped = Result { () throws(AFSError) in try PercentEscape.escape(bytes: payload, style: style) }
        }
        out += OutputText.render(escaped) { "text " + $0 }
        if case .success = escaped, let s = utf16Mode ? nil : String(validating: payload, as: UTF8.self) {
            let batched = Result { () throws(AFSError) in
                try PercentEscape.escapeInBatches(s, style: style, batchSize: batchSize)
            }
            out +=
                "\n"
                + OutputText.render(batched) {
                    "batches " + $0.batches.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: " ")
                }
        }
        return out
    }
}

// MARK: As a vector request

extension PercentEscapeInput {
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let setup = setUp(&input)
        let (style, batchSize) = (setup.style, setup.batchSize)
        let value: JSONValue =
            setup.utf16Mode
            ? .object([.init("utf16", .array(setup.units.map { .number(String($0)) }))])
            : Codec.encodeBytes(setup.payload)
        return VectorRequest(
            component: "percent-escape", profile: .default, input: value,
            options: .object([
                .init("style", .string(style.rawValue)), .init("batchSize", .number(String(batchSize))),
                .init("reportBatches", .bool(true)),
            ]),
            notes: [])
    }
}
