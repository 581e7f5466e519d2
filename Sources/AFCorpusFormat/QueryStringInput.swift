import AFSerialization

/// The `query-string` target's corpus input: SPEC §2 query-string flattening and encoding.
///
/// Header (4 bytes, frozen): `[0]` profile (mod 3, `Profile.allCases` order), `[1]` escape style
/// (mod 3) + 3 × array style (`/3 mod 3`), `[2]` bit 0: literal bools, bit 1: bounded tree
/// (``ParameterProgram/decode(_:bounded:)``); bits 2–7 reserved,
/// `[3]` parameter depth limit: 0 = default, else value mod 32. Payload: a ``ParameterProgram``.
public enum QueryStringInput: CorpusTarget {
    public static let name = "query-string"

    /// The decoded header and payload (shared with the snapshot renderer and vector requests).
    package struct Setup {
        package let profile: Profile
        package let options: QueryStringOptions
        package let depthByte: UInt8
        package let tree: ParameterValue
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
        let profile = input.pick(Profile.self)
        let styles = input.option()
        let escapeStyle = EscapeStyle.allCases[Int(styles % 3)]
        let arrayStyle = ArrayStyle.allCases[Int(styles / 3 % 3)]
        let flags = input.option()
        let boolStyle: BoolStyle = flags & 1 == 1 ? .literal : .numeric
        var limits = Limits.default
        let depthByte = input.option()
        if depthByte != 0 { limits.maxParameterDepth = Int(depthByte % 32) }
        let options = QueryStringOptions(escapeStyle: escapeStyle, arrayStyle: arrayStyle, boolStyle: boolStyle, limits: limits)
        return Setup(profile: profile, options: options, depthByte: depthByte, tree: ParameterProgram.decode(&input, bounded: flags & 2 != 0))
    }
}
