import AFSerialization

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
