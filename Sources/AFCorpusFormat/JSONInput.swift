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

// MARK: Seeds

extension JSONInput {
    static func input(fragments: Bool = false, foundation: Bool = false, cleaning: Bool = false, _ payload: [UInt8])
        -> [UInt8]
    {
        descriptor.header(["parser": (fragments ? 1 : 0) | (foundation ? 2 : 0), "cleaning": cleaning ? 1 : 0])
            + payload
    }

    public static var seeds: [Seed] {
        let docs: KeyValuePairs<String, String> = [
            "object": #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
            "array": "[1,-0,0.5,1e10,-1E-5,123456789012345678901234567890]",
            "strings": #"["\u00e9\ud83d\udc74\n\t\"\\\/", "\#u{E9}", ""]"#, "duplicates": #"{"a":1,"a":2}"#,
            "nulls": #"{"a":null,"b":[null,{"c":null}],"d":[]}"#, "whitespace": " \t\r\n[ 1 , 2 ] ",
            "bad-comma": "[1,]", "bad-leading-zero": "[01]", "bad-escape": #"["\x"]"#, "bad-surrogate": #"["\udc00"]"#,
            "lone-high": #"["\ud800"]"#, "unterminated": #"{"a":"#, "garbage": "[1] x", "control": "[\"\u{1}\"]",
            "deep": String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
            "deep-ok": String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "big-number": "[1e400]",
            "tiny-number": "[1e-400]", "fragment-str": #""x""#, "fragment-num": "-12.5e3", "empty": "", "space": " ",
            "bom": "\u{FEFF}[1]", "true": "true", "nul-in-string": "[\"a\u{0}\"]",
        ]
        var out: [Seed] = []
        for (label, doc) in docs {
            for fragments in [false, true] {
                out.append(Seed("seed-\(label)-frag\(fragments ? 1 : 0)", input(fragments: fragments, Array(doc.utf8))))
            }
        }
        out.append(Seed("seed-invalid-utf8", input([0x5B, 0x22, 0xFF, 0x22, 0x5D])))
        out.append(Seed("seed-utf16le", input(utf16LE(Array("[1]".utf16)))))
        // The Foundation dialect and null cleaning.
        let dialect: KeyValuePairs<String, String> = [
            "trailing-comma": "[1,2,]", "obj-trailing": #"{"a":1,}"#, "bom": "\u{FEFF}{\"a\":null}",
            "nulls": #"{"a":null,"b":[null,1,{"c":null,"d":[null]}],"e":{}}"#, "dup-null": #"{"a":1,"a":null}"#,
            "top-null": "null", "nested-empty": #"[[null],{"x":null}]"#, "big": "[1e309]",
        ]
        for (label, doc) in dialect {
            out.append(
                Seed(
                    "seed-foundation-\(label)",
                    input(fragments: true, foundation: true, cleaning: true, Array(doc.utf8))))
            out.append(Seed("seed-rfc-clean-\(label)", input(fragments: true, cleaning: true, Array(doc.utf8))))
        }
        out.append(
            Seed(
                "seed-foundation-utf16le",
                input(foundation: true, cleaning: true, utf16LE(Array(#"{"a":[null]}"#.utf16)))))
        out.append(
            Seed(
                "seed-foundation-utf32be-bom",
                input(foundation: true, [0, 0, 0xFE, 0xFF, 0, 0, 0, 0x5B, 0, 0, 0, 0x31, 0, 0, 0, 0x5D])))
        return out
    }

    /// A JSON response vector (its body through the parser its profile picks), or a null-cleaning
    /// vector (its document, cleaned in the Foundation dialect).
    public static func seed(from v: SeedVector) -> [UInt8]? {
        if v.component == "response", v.input["serializer"]?.stringValue == "json", let body = v.bytes("body") {
            return input(
                fragments: SeedVector.isSet(v.options["readingOptions"]?["allowFragments"]),
                foundation: v.profile != .strict,
                cleaning: SeedVector.isSet(v.options["removesKeysWithNullValues"]), body)
        }
        if v.component == "null-clean", let doc = v.input["json"] {
            return input(fragments: true, foundation: true, cleaning: true, Array(pythonJSONText(doc).utf8))
        }
        return nil
    }

    /// The document as Python's `json.dumps` writes it (`", "` and `": "` separators, non-ASCII as
    /// `\uXXXX`, a repeated key once, at its first place with its last value, numbers as Python
    /// reads them back): the text the first null-cleaning seeds were written with, kept so that
    /// re-running the seed writer leaves the committed corpus as it is.
    static func pythonJSONText(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let t):
            guard t.contains(where: { "eE.".contains($0) }) else {
                return t.allSatisfy({ "-0".contains($0) }) ? "0" : t
            }
            let d = Double(t) ?? .nan
            return d.isInfinite ? (d < 0 ? "-Infinity" : "Infinity") : d.description
        case .string(let s):
            var out = "\""
            for u in s.utf16 {
                switch u {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x0A: out += "\\n"
                case 0x0D: out += "\\r"
                case 0x09: out += "\\t"
                case 0x08: out += "\\b"
                case 0x0C: out += "\\f"
                case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(UInt8(u)))
                default:
                    let hex = String(u, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
            return out + "\""
        case .array(let items): return "[" + items.map(pythonJSONText).joined(separator: ", ") + "]"
        case .object(let members):
            var keys: [String] = [], last: [String: JSONValue] = [:]
            for m in members {
                if last[m.key] == nil { keys.append(m.key) }
                last[m.key] = m.value
            }
            return "{"
                + keys.map { pythonJSONText(.string($0)) + ": " + pythonJSONText(last[$0]!) }.joined(separator: ", ")
                + "}"
        }
    }
}
