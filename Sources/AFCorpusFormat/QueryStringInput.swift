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
                    "the fuzz input sets the parameter depth limit to \(s.depthByte % 32), "
                        + "which a vector cannot; the vector uses the default"
                ])
    }
}

// MARK: Seeds

extension QueryStringInput {
    public static var payloadKind: PayloadKind { .parameterProgram }
    public static var boundedBit: BoundedBit? { BoundedBit(byte: 2, mask: 0x02) }

    static func input(
        _ profile: Profile, _ escape: EscapeStyle = .afnetworking, _ array: ArrayStyle = .brackets,
        literalBools: Bool = false, depth: Int = 0, _ program: [UInt8]
    ) -> [UInt8] {
        descriptor.header([
            "profile": profile.caseIndex, "styles": escape.caseIndex + 3 * array.caseIndex,
            "flags": literalBools ? 1 : 0, "depth limit": depth,
        ]) + program
    }

    static func input(
        _ profile: Profile, _ escape: EscapeStyle = .afnetworking, _ array: ArrayStyle = .brackets,
        literalBools: Bool = false, depth: Int = 0, tree json: String
    ) -> [UInt8] {
        input(profile, escape, array, literalBools: literalBools, depth: depth, ParameterProgram.encode(tree(json))!)
    }

    public static var seeds: [Seed] {
        let trees: KeyValuePairs<String, String> = [
            "spec-2.5": #"{"foo": "bar", "baz": [1, 2, 3]}"#,
            "nested": #"{"a": {"b": {"c": "d"}}, "e": [{"f": "g"}, null]}"#,
            "set": #"{"s": {"$set": ["b", "a", "10", "9"]}}"#,
            "scalars": #"{"i": -42, "d": 0.1, "big": 1e100, "neg0": -0.0, "t": true, "f": false, "n": null}"#,
            "sort-order": #"{"b": 1, "a": 2, "10": 3, "9": 4, "B": 5, "_": 6, "ab": 7}"#,
            "reserved-keys": #"{"a b": "c&d", "k[]": "=", "\u00e9": "\u00fc"}"#,
            "empty-containers": #"{"a": [], "b": {}, "c": {"$set": []}}"#,
            "top-array": #"["x", "y"]"#, "top-scalar": #""s""#, "top-null": "null",
            "data-leaf": #"{"d": {"$data": "00ff"}}"#,
            "duplicate-keys": #"{"k": 1, "k ": 2}"#,
        ]
        var out: [Seed] = []
        for (label, json) in trees {
            for profile in [Profile.af4, .strict] {
                out.append(Seed("seed-\(label)-\(profile.rawValue)", input(profile, tree: json)))
            }
        }
        out += [
            Seed(
                "seed-whatwg-index",
                input(.af4, .whatwgForm, .indexInBrackets, literalBools: true, tree: #"{"a": ["x y", "+"], "b": true}"#)
            ),
            Seed(
                "seed-nobrackets-unreserved",
                input(.af3, .rfc3986Unreserved, .noBrackets, tree: #"{"a": [1, [2, [3]]]}"#)),
            Seed("seed-depth-limit-2", input(.af4, depth: 2, tree: #"{"a": {"b": {"c": 1}}}"#)),
            Seed("seed-depth-limit-0", input(.af4, depth: 32, tree: #"{"a": 1}"#)),
            Seed(
                "seed-nan-inf",
                input(
                    .af4,
                    tree: #"{"n": {"$double": "nan"}, "i": {"$double": "inf"}, "m": {"$double": "-inf"}, "e": 1e-6}"#)),
        ]
        return out
    }

    /// A query-string vector: its parameter tree with its profile, escape, array and bool styles.
    public static func seed(from v: SeedVector) -> [UInt8]? {
        guard v.component == "query-string", v.input["parameters"] != nil, let style = v.style else { return nil }
        let array = v.options["arrayStyle"]?.stringValue.flatMap(ArrayStyle.init(rawValue:)) ?? .brackets
        guard let program = v.parameters.flatMap(ParameterProgram.encode) else { return nil }
        return input(v.profile, style, array, literalBools: v.options["boolStyle"]?.stringValue == "literal", program)
    }
}
