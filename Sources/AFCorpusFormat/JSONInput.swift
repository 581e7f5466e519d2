import AFSerialization
import AFVectorFormat

/// The `json` target's corpus input: SPEC §6.4 JSON parsing and null cleaning.
///
/// Header (2 bytes, frozen): `[0]` bit 0: allowFragments; bit 1: Foundation dialect (what af3/af4
/// responses use) instead of RFC 8259; bits 2–7 reserved; `[1]` bit 0: check null cleaning;
/// bits 1–7 reserved. Payload: the JSON bytes.
public enum JSONInput: CorpusTarget {
    public static let name = "json"

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
        var out = "fragments \(parser.allowFragments) dialect \(parser.dialect)\n" + OutputText.render(result) { "value " + $0.jsonText }
        if cleaning, case .success(let v) = result {
            for p in [Profile.af3, .af4] {
                out += "\n\(p) " + OutputText.render(Result { () throws(AFSError) in try NullCleaning.clean(v, profile: p) }) { $0.jsonText }
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
        return VectorRequest(component: "response", profile: .default,
                             input: .object([.init("serializer", .string("json")), .init("statusCode", .number("200")),
                                             .init("headers", .array([.array([.string("Content-Type"), .string("application/json")])])),
                                             .init("body", Codec.encodeBytes(payload))]),
                             options: .object([.init("readingOptions", .object([.init("allowFragments", .bool(allowFragments))]))]),
                             notes: ["through the response serializer: status, Content-Type and empty-body rules apply before parsing"])
    }
}
