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

// MARK: Seeds

extension PercentEscapeInput {
    static func input(_ style: EscapeStyle, batch: Int, utf16: Bool = false, _ payload: [UInt8]) -> [UInt8] {
        descriptor.header(["style": style.caseIndex, "batch size": batch - 1, "mode": utf16 ? 1 : 0]) + payload
    }

    public static var seeds: [Seed] {
        let texts: KeyValuePairs<String, String> = [
            "reserved": ":#[]@!$&'()*+,;=?/", "latin": "\u{C0}", "emoji-modifier": "\u{1F474}\u{1F3FB}",
            "percent": "%20",
            "space": "a b+c", "batch-emoji": String(repeating: "a", count: 49) + "\u{1F474}\u{1F3FB}tail",
            "flags": "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}\u{1F1EF}\u{1F1F5}", "combining": "e\u{301}\u{301}x",
            "zwj": "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",
            "cjk": "\u{4E2D}\u{6587}\u{5B57}\u{7B26}",
            "controls": "\u{0}\u{1}\u{7F}\n", "allowed": "AZaz09-._~/?*", "empty": "",
        ]
        var out: [Seed] = []
        for (label, text) in texts {
            for style in EscapeStyle.allCases {
                out.append(Seed("seed-\(label)-\(style.rawValue)", input(style, batch: 50, Array(text.utf8))))
            }
        }
        out.append(
            Seed(
                "seed-batch1-emoji",
                input(.afnetworking, batch: 1, Array("x\u{1F474}\u{1F3FB}y\u{1F1EB}\u{1F1F7}".utf8))))
        out.append(Seed("seed-batch3-combining", input(.afnetworking, batch: 3, Array("ae\u{301}\u{301}b".utf8))))
        let invalid: KeyValuePairs<String, [UInt8]> = [
            "bad-cont": [0x61, 0x80, 0x62], "overlong": [0xC0, 0xAF], "surrogate": [0xED, 0xA0, 0x80],
            "truncated": [0x6F, 0x6B, 0xE2, 0x82], "too-big": [0xF4, 0x90, 0x80, 0x80],
        ]
        for (label, bytes) in invalid {
            out.append(Seed("seed-invalid-\(label)", input(.afnetworking, batch: 50, bytes)))
        }
        out.append(
            Seed(
                "seed-utf16-pair", input(.afnetworking, batch: 50, utf16: true, utf16LE([0x61, 0xD83D, 0xDC74, 0x62]))))
        out.append(
            Seed("seed-utf16-lone-high", input(.afnetworking, batch: 50, utf16: true, utf16LE([0x61, 0xD83D, 0x62]))))
        out.append(Seed("seed-utf16-lone-low", input(.whatwgForm, batch: 50, utf16: true, utf16LE([0xDC74]))))
        out.append(
            Seed("seed-utf16-high-at-end", input(.afnetworking, batch: 50, utf16: true, utf16LE([0x41, 0xD800]))))
        return out
    }

    /// A percent-escape vector: its text (or UTF-16 units) with its style and batch size.
    public static func seed(from v: SeedVector) -> [UInt8]? {
        guard v.component == "percent-escape" else { return nil }
        guard let style = v.style else { return nil }
        let batch = max(1, min(256, v.integerOption("batchSize") ?? 50))
        if let units = v.input["utf16"]?.arrayValue {
            let codes = units.compactMap { SeedVector.integer($0).flatMap { UInt16(exactly: $0) } }
            return codes.count == units.count ? input(style, batch: batch, utf16: true, utf16LE(codes)) : nil
        }
        return SeedVector.bytes(v.input).map { input(style, batch: batch, $0) }
    }
}
