import AFSerialization
import AFVectorFormat

/// The `query-string` target's corpus input: SPEC §2 query-string flattening and encoding.
///
/// The frozen header, payload and oracles: ``descriptor``. Payload: a ``ParameterProgram``.
public enum QueryStringInput: CorpusTarget {
    public static let name = "query-string"
    /// The frozen option header (a field is never moved or resized; a new option takes reserved bits),
    /// the payload and the oracles: scripts/fuzz/targets.json is rendered from it (`conformance fuzz-targets`).
    public static let descriptor = FuzzTargetDescriptor(
        name: name, body: "QueryStringFuzz", spec: "SPEC §2",
        header: [
            HeaderField(byte: 0, "profile", value: "Profile.allCases[b % 3]"),
            HeaderField(
                byte: 1, "styles",
                value: "escape style EscapeStyle.allCases[b % 3], array style ArrayStyle.allCases[b / 3 % 3]"),
            HeaderField(
                byte: 2, "flags", bits: [0: "literal bools", 1: "bounded tree (ParameterProgram.decode(_:bounded:))"],
                reserved: "2-7"),
            HeaderField(byte: 3, "depth limit", value: "0: the default maxParameterDepth, else b % 32"),
        ],
        payload: "a ParameterProgram",
        oracles: [
            "determinism", "entry-order-independence", "typed-error-exactly-when-expected",
            "decoded-leaves-in-spec-order",
        ])

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
        let options = QueryStringOptions(
            escapeStyle: escapeStyle, arrayStyle: arrayStyle, boolStyle: boolStyle, limits: limits)
        return Setup(
            profile: profile, options: options, depthByte: depthByte,
            tree: ParameterProgram.decode(&input, bounded: flags & 2 != 0))
    }
}

// MARK: Output text (snapshots)

extension QueryStringInput {
    /// From ``setUp(_:)``: the encoded query string (or error).
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let s = setUp(&input)
        let o = s.options
        let result = Result { () throws(AFSError) in try QueryString.encode(s.tree, profile: s.profile, options: o) }
        return
            "profile \(s.profile) \(o.escapeStyle) \(o.arrayStyle) \(o.boolStyle) depth \(o.limits.maxParameterDepth)\n"
            + OutputText.render(result) { "text " + $0 }
    }
}

// MARK: As a vector request

extension QueryStringInput {
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        let o = s.options
        guard let tree = Codec.encodeParameters(s.tree) else { return nil }
        return VectorRequest(
            component: "query-string", profile: s.profile, input: .object([.init("parameters", tree)]),
            options: .object([
                .init("style", .string(o.escapeStyle.rawValue)), .init("arrayStyle", .string(o.arrayStyle.rawValue)),
                .init("boolStyle", .string(o.boolStyle.rawValue)),
            ]),
            notes: s.depthByte == 0
                ? []
                : [
                    "the fuzz input sets the parameter depth limit to \(s.depthByte % 32), which a vector cannot; the vector uses the default"
                ])
    }
}
