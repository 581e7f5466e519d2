import AFSerialization

/// The `percent-escape` target's corpus input: SPEC §1 percent-escaping.
///
/// Header (3 bytes, frozen): `[0]` style (mod 3, `EscapeStyle.allCases` order), `[1]` batch size − 1,
/// `[2]` bit 0: payload is little-endian UTF-16 code units instead of UTF-8 bytes; bits 1–7 reserved.
public enum PercentEscapeInput: CorpusTarget {
    public static let name = "percent-escape"

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
