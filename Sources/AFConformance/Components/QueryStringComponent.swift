import AFSerialization
import AFVectorFormat

/// `query-string` (VECTORS.md, SPEC §2).
///
/// Input: `parameters` (a parameter tree, VECTORS.md "Value encodings"). Options: `arrayStyle`
/// (`brackets` | `noBrackets` | `indexInBrackets`), `boolStyle` (`numeric` | `literal`), `style`
/// (escape style, §1.3) and `maxParameterDepth` (SPEC §8 limit, default 512). Output: `text` and
/// `pairs` (`[[field, description-or-null], …]`, before escaping; a null value gives JSON null).
///
/// **Decision**: the output is all-or-nothing, like every eval output. A data leaf (SPEC §2.7)
/// makes the whole output `{"error": {…"kind": "dataInQueryString"…}}`, so `pairs` is not
/// reported either (the flattener itself keeps data leaves; only the query encoder rejects them).
struct QueryStringComponent: EvalComponent {
    let name = "query-string"
    var optionDefaults: [String: JSONValue] {
        let o = QueryStringOptions()
        return [
            "style": .string(o.escapeStyle.rawValue), "arrayStyle": .string(o.arrayStyle.rawValue),
            "boolStyle": .string(o.boolStyle.rawValue),
        ]
    }

    func evaluate(input: Fields, options: Fields, profile: Profile) throws -> JSONValue {
        try rejectUnknownKeys(options, known: ["arrayStyle", "boolStyle", "style", "maxParameterDepth"])
        try rejectUnknownKeys(input, known: ["parameters"])
        var o = QueryStringOptions()
        o.arrayStyle = try options.enumValue("arrayStyle", ArrayStyle.self) ?? o.arrayStyle
        o.boolStyle = try options.enumValue("boolStyle", BoolStyle.self) ?? o.boolStyle
        o.escapeStyle = try options.enumValue("style", EscapeStyle.self) ?? o.escapeStyle
        if let depth = try options.depthLimit("maxParameterDepth") { o.limits.maxParameterDepth = depth }
        guard let raw = input.raw("parameters") else {
            throw HarnessError(input.sub("parameters"), "required field is missing")
        }
        let parameters = try Codec.decodeParameters(raw, path: input.sub("parameters"))

        let pairs = try QueryString.pairs(parameters, profile: profile, options: o)
        let text = try QueryString.encode(pairs: pairs, options: o)
        return .obj([
            "text": .string(text),
            "pairs": .array(
                pairs.map { p in
                    let value: JSONValue =
                        p.value == .null ? .null : .string(ValueDescription.of(p.value, boolStyle: o.boolStyle))
                    return .array([.string(p.field), value])
                }),
        ])
    }
}
