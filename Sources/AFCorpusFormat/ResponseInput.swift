import AFFoundationCompat
import AFSerialization
import AFVectorFormat

/// The `response` target's corpus input: SPEC §6.4–6.5 response serializers behind validation.
///
/// The frozen header, payload and oracles: ``descriptor``. Payload: the body.
public enum ResponseInput: CorpusTarget {
    public static let name = "response"
    /// The frozen option header (a field is never moved or resized; a new option takes reserved bits),
    /// the payload and the oracles: scripts/fuzz/targets.json is rendered from it (`conformance fuzz-targets`).
    public static let descriptor = FuzzTargetDescriptor(
        name: name, body: "ResponseFuzz", spec: "SPEC §6.4-6.5",
        header: [
            HeaderField(
                byte: 0, "serializer",
                value: "b % 6 of ResponseInput.Serializer: http, json, xml, image, plist, compound"),
            HeaderField(byte: 1, "profile", value: "Profile.allCases[b % 3]"),
            HeaderField(
                byte: 2, "flags",
                bits: [
                    0: "JSON allowFragments", 1: "JSON removesKeysWithNullValues",
                    2: "Content-Type text/plain (else the serializer's first acceptable type)",
                    3: "status 500 (else 200)",
                ], reserved: "4-7"),
        ],
        payload: "the response body",
        oracles: [
            "expat-strict-xml-verdict", "standard-library-transcoding", "null-cleaning-independent-cleaner",
            "independent-png-check", "foundation-plist-error", "compound-first-object-wins",
            "parse-error-chains-validation", "forked-plist-reader",
        ])

    public enum Serializer: CaseIterable, Sendable { case http, json, xml, image, plist, compound }

    package struct Setup {
        package let serializer: Serializer, profile: Profile, flags: UInt8
        package let response: HTTPResponse
        package var header: String { "\(serializer) \(profile) flags \(flags)" }
    }

    package static func setUp(_ input: inout CorpusInput) -> Setup {
        let serializer = input.pick(Serializer.self), profile = input.pick(Profile.self), flags = input.option()
        let body = Array(input.rest())
        let type = flags & 4 != 0 ? "text/plain" : firstType(serializer)
        let response = HTTPResponse(
            statusCode: flags & 8 != 0 ? 500 : 200, headers: [.init("Content-Type", type)],
            url: "http://h/r", body: body)
        return Setup(serializer: serializer, profile: profile, flags: flags, response: response)
    }

    package static func firstType(_ s: Serializer) -> String {
        switch s {
        case .http, .compound, .json: "application/json"
        case .xml: "application/xml"
        case .image: "image/png"
        case .plist: "application/x-plist"
        }
    }

    package static func json(_ flags: UInt8) -> JSONResponseSerializer {
        var s = JSONResponseSerializer()
        s.allowFragments = flags & 1 != 0
        s.removesKeysWithNullValues = flags & 2 != 0
        return s
    }

    /// The serializer the header picks; property lists, alone or in the compound serializer, are
    /// read by `plistReader` (fuzz-response reads them in a child process, AFFuzzBodies' `ForkedPlistReader`).
    package static func serializer(_ s: Serializer, _ flags: UInt8, plistReader: PropertyListReader = .foundation)
        -> any ResponseSerializing
    {
        switch s {
        case .http: HTTPResponseSerializer()
        case .json: json(flags)
        case .xml: XMLResponseSerializer()
        case .image: ImageResponseSerializer()
        case .plist: PropertyListResponseSerializer(reader: plistReader)
        case .compound: CompoundResponseSerializer(serializers: components(flags, plistReader: plistReader))
        }
    }

    /// AF's usual compound order: JSON first, then XML, image and property list.
    package static func components(_ flags: UInt8, plistReader: PropertyListReader = .foundation)
        -> [any ResponseSerializing]
    {
        [
            json(flags), XMLResponseSerializer(), ImageResponseSerializer(),
            PropertyListResponseSerializer(reader: plistReader),
        ]
    }
}

// MARK: Output text (snapshots)

extension ResponseInput {
    /// From ``setUp(_:)``: the serializer's verdict, its object and its error chain.
    public static func describeOutput(_ input: inout CorpusInput) -> String {
        let setup = setUp(&input)
        let r = serializer(setup.serializer, setup.flags).serialize(setup.response, profile: setup.profile)
        var out = setup.header + "\nvalid \(r.valid)\n"
        switch r.object {
        case nil: out += "no object"
        case .data(let b): out += "data " + OutputText.summary(b)
        case .json(let v): out += "json " + v.jsonText
        case .propertyList(let v): out += "plist " + v.jsonText
        case .image(let info): out += "image \(info.format.rawValue) \(info.width)x\(info.height)"
        }
        if let e = r.error { out += "\n" + OutputText.render(e) }
        return out
    }
}

// MARK: As a vector request

extension ResponseInput {
    /// The `response` component with the same serializer, profile, status, Content-Type and body.
    public static func vectorRequest(_ input: inout CorpusInput) -> VectorRequest? {
        let s = setUp(&input)
        let r = s.response
        let input: JSONValue = .object([
            .init("serializer", .string("\(s.serializer)")), .init("statusCode", .number(String(r.statusCode))),
            .init("headers", .array(r.headers.fields.map { .array([.string($0.name), .string($0.value)]) })),
            .init("url", .string(r.url ?? "")), .init("body", Codec.encodeBytes(r.body ?? [])),
        ])
        var options: [JSONValue.Member] = []
        if s.serializer == .json || s.serializer == .compound {
            options.append(.init("readingOptions", .object([.init("allowFragments", .bool(s.flags & 1 != 0))])))
            options.append(.init("removesKeysWithNullValues", .bool(s.flags & 2 != 0)))
        }
        if s.serializer == .compound {
            options.append(.init("serializers", .array(["json", "xml", "image", "plist"].map { .string($0) })))
        }
        return VectorRequest(
            component: "response", profile: s.profile, input: input, options: .object(options),
            notes: s.serializer == .compound
                ? ["the JSON reading options are meant for the compound's JSON serializer"] : [])
    }
}

// MARK: Seeds

extension ResponseInput {
    static func input(_ serializer: Serializer, _ profile: Profile, flags: Int, _ body: [UInt8]) -> [UInt8] {
        descriptor.header(["serializer": serializer.caseIndex, "profile": profile.caseIndex, "flags": flags]) + body
    }

    public static var seeds: [Seed] {
        func utf16(_ s: String, bigEndian: Bool = false, bom: Bool = false) -> [UInt8] {
            (bom ? [0xFF, 0xFE] : [])
                + s.utf16.flatMap {
                    bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
                }
        }
        func utf32(_ s: String, bigEndian: Bool = false, bom: Bool = false) -> [UInt8] {
            (bom ? [0xFF, 0xFE, 0, 0] : [])
                + s.unicodeScalars.flatMap { u -> [UInt8] in
                    let b = (0..<4).map { UInt8(truncatingIfNeeded: u.value >> (8 * $0)) }
                    return bigEndian ? b.reversed() : b
                }
        }
        let bodies: [(Serializer, [UInt8])] = [
            (.xml, Array("<a b='1'>x&amp;y<![CDATA[<]]><!--c--><?p i?></a>".utf8)),
            (.xml, utf16("\u{FEFF}<a>\u{E9}</a>", bom: true)),
            (.xml, Array("<a><b></a>".utf8)), (.json, utf16(#"{"a":[null,1]}"#)),
            (.json, [0xEF, 0xBB, 0xBF] + Array(#"{"a":null}"#.utf8)),
            (.json, utf32(#"["x"]"#, bom: true)), (.json, utf16(#"{"b":[1]}"#, bom: true)),
            (.json, [0xFE, 0xFF] + utf16("[1]", bigEndian: true)), (.json, utf32("[2]", bigEndian: true)),
            (.plist, Array(#"<plist version="1.0"><dict><key>a</key><integer>1</integer></dict></plist>"#.utf8)),
            (.compound, Array("<a/>".utf8)), (.http, []),
        ]
        var out: [Seed] = []
        for (serializer, body) in bodies {
            for profile in Profile.allCases {
                let hex = body.prefix(12).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
                // Flag 1: JSON null cleaning.
                out.append(
                    Seed("seed-\(serializer)-\(profile.caseIndex)-\(hex)", input(serializer, profile, flags: 2, body)))
            }
        }
        return out
    }

    /// A response vector with a body: its serializer, profile and JSON reading options, and whether
    /// its Content-Type or status would fail validation (the input sets `text/plain` or status 500 then).
    public static func seed(from v: SeedVector) -> [UInt8]? {
        guard v.component == "response", let name = v.input["serializer"]?.stringValue,
            let serializer = Serializer.allCases.first(where: { "\($0)" == name }), let body = v.bytes("body")
        else { return nil }
        let type =
            (v.headers["content-type"] ?? "").split(separator: ";", omittingEmptySubsequences: false).first.map(
                String.init) ?? ""
        let mime = type.trimmingPythonWhitespace().lowercased()
        let accepted: [String] =
            switch serializer {
            case .xml: ["application/xml", "text/xml"]
            case .image:
                ["image/png", "image/jpeg", "image/gif", "image/tiff", "image/bmp", "image/x-icon", "image/ico"]
            case .plist: ["application/x-plist"]
            case .http, .json, .compound: ["application/json", "text/json", "text/javascript"]
            }
        let status = SeedVector.integer(v.input["statusCode"]) ?? 200
        let flags =
            (SeedVector.isSet(v.options["readingOptions"]?["allowFragments"]) ? 1 : 0)
            | (SeedVector.isSet(v.options["removesKeysWithNullValues"]) ? 2 : 0) | (accepted.contains(mime) ? 0 : 4)
            | ((200...299).contains(status) ? 0 : 8)
        return input(serializer, v.profile, flags: flags, body)
    }
}

extension String {
    /// Without leading and trailing whitespace as Python's `str.strip()` sees it (Unicode White_Space
    /// and the separators U+001C–U+001F).
    func trimmingPythonWhitespace() -> String {
        func space(_ c: Character) -> Bool {
            c.isWhitespace || c.unicodeScalars.allSatisfy { (0x1C...0x1F).contains($0.value) }
        }
        return String(drop(while: space).reversed().drop(while: space).reversed())
    }
}
