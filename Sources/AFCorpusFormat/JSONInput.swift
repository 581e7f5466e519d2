import AFSerialization
import AFVectorFormat

/// The `json` target's corpus input: SPEC §6.4 JSON parsing and null cleaning.
///
/// The frozen header, payload and oracles: ``descriptor``. Payload: the JSON bytes.
public enum JSONInput: CorpusTarget {
    public static let name = "json"
    /// The frozen option header (a field is never moved or resized; a new option takes reserved bits),
    /// the payload and the oracles: scripts/fuzz/targets.json is rendered from it (`conformance fuzz-targets`).
    public static let descriptor = FuzzTargetDescriptor(
        name: name, body: "JSONFuzz", spec: "SPEC §6.4",
        header: [
            HeaderField(
                byte: 0, "parser",
                bits: [0: "allowFragments", 1: "Foundation dialect (af3/af4 responses), else RFC 8259"], reserved: "2-7"
            ),
            HeaderField(byte: 1, "cleaning", bits: [0: "check null cleaning"], reserved: "1-7"),
        ],
        payload: "the JSON bytes",
        oracles: [
            "foundation-JSONSerialization-verdict", "foundation-value-agreement", "error-domain-and-offset",
            "foundation-texts", "null-cleaning-independent-cleaner", "null-cleaning-idempotent", "af3-then-af4-is-af4",
        ])

    package struct Setup {
        package let flags: UInt8
        package let cleaning: Bool
        package let payload: [UInt8]
        package var allowFragments: Bool { flags & 1 == 1 }
        package var foundationDialect: Bool { flags & 2 != 0 }
        /// The parser the header configures.
        package var parser: JSONParser {
            var parser = JSONParser(allowFragments: allowFragments)
            parser.dialect = foundationDialect ? .foundation : .rfc8259
            return parser
        }
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
        let flags = input.option()
        let cleaning = input.option() & 1 == 1
        return Setup(flags: flags, cleaning: cleaning, payload: Array(input.rest()))
    }
}

// MARK: Output text (snapshots)

extension JSONInput {
    /// From ``setUp(_:)``: the parsed value in the header's dialect re-serialized (number
    /// text kept), or the error; with the cleaning bit, the value cleaned for af3 and for af4.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let (cleaning, payload, parser) = (setup.cleaning, setup.payload, setup.parser)
        let result = Result { () throws(AFSError) in try parser.parse(payload) }
        var out =
            "fragments \(parser.allowFragments) dialect \(parser.dialect)\n"
            + OutputText.render(result) { "value " + $0.jsonText }
        if cleaning, case .success(let v) = result {
            for p in [Profile.af3, .af4] {
                out +=
                    "\n\(p) "
                    + OutputText.render(Result { () throws(AFSError) in try NullCleaning.clean(v, profile: p) }) {
                        $0.jsonText
                    }
            }
        }
        return out
    }
}

// MARK: As a vector request

extension JSONInput {
    /// JSON parsing is reached through the `response` component's JSON serializer.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let setup = setUp(&input)
        let (allowFragments, payload) = (setup.allowFragments, setup.payload)
        return VectorRequest(
            component: "response", profile: .default,
            input: .object([
                .init("serializer", .string("json")), .init("statusCode", .number("200")),
                .init("headers", .array([.array([.string("Content-Type"), .string("application/json")])])),
                .init("body", Codec.encodeBytes(payload)),
            ]),
            options: .object([.init("readingOptions", .object([.init("allowFragments", .bool(allowFragments))]))]),
            notes: ["through the response serializer: status, Content-Type and empty-body rules apply before parsing"])
    }
}
