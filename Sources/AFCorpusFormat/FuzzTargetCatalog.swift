/// One field of a fuzz target's frozen option header: the byte (or bytes) it takes, and either what
/// the byte's value means or one meaning per bit, with the bits left for new options.
public struct HeaderField: Sendable, Equatable {
    public var first: Int
    public var last: Int
    public var field: String
    public var value: String?
    public var bits: [Int: String]
    public var reserved: String?

    public init(byte: Int, _ field: String, value: String? = nil, bits: [Int: String] = [:], reserved: String? = nil) {
        self.init(bytes: byte...byte, field, value: value, bits: bits, reserved: reserved)
    }

    public init(
        bytes: ClosedRange<Int>, _ field: String, value: String? = nil, bits: [Int: String] = [:],
        reserved: String? = nil
    ) {
        (first, last, self.field, self.value, self.bits, self.reserved) = (
            bytes.lowerBound, bytes.upperBound, field, value, bits, reserved
        )
    }
}

/// A fuzz target as the tools see it: its name, body, the SPEC part it covers, the frozen header
/// its input format decodes first (a missing byte reads as 0), the payload after it, and the
/// oracles its body checks. Each target's descriptor sits in its `<Name>Input.swift`, beside the
/// code that decodes the header; ``FuzzTargetCatalog`` renders them as scripts/fuzz/targets.json.
public struct FuzzTargetDescriptor: Sendable, Equatable {
    public var name: String
    public var body: String
    public var spec: String
    public var header: [HeaderField]
    public var payload: String
    public var oracles: [String]
    public var canary: Bool

    public init(
        name: String, body: String, spec: String, header: [HeaderField], payload: String, oracles: [String],
        canary: Bool = false
    ) {
        (self.name, self.body, self.spec, self.header, self.payload, self.oracles, self.canary) = (
            name, body, spec, header, payload, oracles, canary
        )
    }

    /// Bytes the header takes.
    public var headerSize: Int { header.map { $0.last + 1 }.max() ?? 0 }
}

/// Every fuzz target, in the order of the fuzz bodies, then the canary; and which targets reach
/// each core file. scripts/fuzz/targets.json is this catalog rendered (`conformance fuzz-targets`),
/// for Package.swift, the fuzz scripts, the overnight driver and the mutation fuzz layer.
public enum FuzzTargetCatalog {
    /// The build's self-check target: its body writes past a heap buffer on purpose.
    public static let canary = FuzzTargetDescriptor(
        name: "canary", body: "CanaryFuzz", spec: "scripts/fuzz/build.sh self-check", header: [],
        payload: "CANARY writes one byte past a 4-byte heap buffer", oracles: ["asan-catches-planted-overflow"],
        canary: true)

    public static var all: [FuzzTargetDescriptor] { CorpusTargets.all.map { $0.descriptor } + [canary] }

    /// Core files (globs relative to Sources/AFSerialization) and the targets that reach them; every
    /// matching entry adds its targets, in order; a file no entry matches is reported as reached by
    /// no fuzz target. The OSS-Fuzz emulation's coverage report holds the list to the seeds: a core
    /// file a target's seeds execute must name that target here (`reach_gaps` in Tools/afstools/ossfuzz.py).
    public static let reaches: [(glob: String, targets: [String])] = [
        ("PercentEscaping/*", ["percent-escape", "query-string", "request"]),
        ("QueryString/*", ["query-string", "request"]),
        ("Request/*", ["request"]),
        (
            "Request/HTTPHeaders.swift",
            [
                "plist-request", "multipart-writer", "multipart-parser", "response", "media-type", "content-decode",
            ]
        ),
        ("Request/HTTPRequestSerializer.swift", ["plist-request"]),
        ("Request/Request.swift", ["plist-request", "multipart-writer"]),
        ("Request/RequestBody.swift", ["plist-request", "multipart-writer"]),
        ("QueryString/StringOrder.swift", ["plist-request"]),
        ("QueryString/QueryStringOptions.swift", ["plist-request"]),
        ("Multipart/MultipartParser.swift", ["multipart-parser", "multipart-writer"]),
        ("Multipart/DelimiterMatcher.swift", ["multipart-parser", "multipart-writer"]),
        ("Multipart/MultipartBoundary.swift", ["multipart-writer", "multipart-parser"]),
        ("Multipart/MultipartErrors.swift", ["multipart-parser", "multipart-writer"]),
        ("Multipart/MultipartPart.swift", ["multipart-parser", "multipart-writer"]),
        ("Multipart/MultipartBodyStream.swift", ["multipart-writer"]),
        ("Multipart/MultipartFinalizing.swift", ["multipart-writer"]),
        ("Multipart/MultipartFormData.swift", ["multipart-writer"]),
        ("Multipart/MultipartMIME.swift", ["multipart-writer"]),
        ("Multipart/MultipartFile.swift", ["multipart-writer"]),
        ("Multipart/MultipartThrottle.swift", ["multipart-writer"]),
        ("Response/MediaType.swift", ["media-type", "response"]),
        ("Response/HTTPResponse.swift", ["response", "media-type", "content-decode"]),
        ("Response/StatusPhrase.swift", ["response", "media-type"]),
        ("Response/ImageInfo.swift", ["image", "response"]),
        ("Response/ImageResponseSerializer.swift", ["response"]),
        ("Response/JSONResponseSerializer.swift", ["response"]),
        ("Response/NullCleaning.swift", ["json", "response"]),
        ("Response/ResponseValidation.swift", ["media-type", "response"]),
        ("Response/ResponseSerializing.swift", ["response"]),
        ("Response/XMLWellFormedness.swift", ["response"]),
        ("ContentEncoding/*", ["content-decode"]),
        ("ContentEncoding/ContentDecoder.swift", ["response", "image"]),
        ("Values/JSONParser.swift", ["json", "response"]),
        ("Values/JSONCursor.swift", ["json", "response"]),
        ("Values/ScratchStack.swift", ["json", "response"]),
        ("Values/JSONTextEncoding.swift", ["json", "response"]),
        ("Values/JSONValue.swift", ["json", "request", "response", "plist-request"]),
        ("Values/JSONWriter.swift", ["request"]),
        ("Values/FoundationJSONWriter.swift", ["request"]),
        ("Values/FoundationKeyCollation.swift", ["request"]),
        ("Values/PlistXMLWriter.swift", ["plist-request"]),
        ("Request/PropertyListRequestSerializer.swift", ["plist-request"]),
        ("Values/ParameterValue.swift", ["query-string", "request", "plist-request"]),
        ("Values/ContainerFrame.swift", ["query-string", "request", "json", "plist-request"]),
        (
            "Values/UTF8Validation.swift",
            ["json", "percent-escape", "multipart-parser", "response", "multipart-writer"]
        ),
        ("Values/ByteScan.swift", ["json", "multipart-parser", "query-string", "request", "plist-request"]),
        ("Values/ByteSink.swift", ["query-string", "percent-escape", "request", "plist-request"]),
        ("Values/FoundationJSONDiagnosis.swift", ["json", "response"]),
        ("Values/Base64.swift", ["request", "plist-request"]),
        ("Values/CFormat.swift", ["query-string", "json", "request", "plist-request"]),
        (
            "Limits/*",
            [
                "query-string", "request", "json", "plist-request", "multipart-writer", "multipart-parser", "response",
                "content-decode", "image",
            ]
        ),
        // Every target raises or builds the core's typed errors.
        ("Errors/*", CorpusTargets.all.map { $0.descriptor.name }),
        ("Profile/*", ["query-string", "request"]),
    ]

    static let note =
        """
        Generated from the descriptors in Sources/AFCorpusFormat (each <Name>Input.swift, and FuzzTargetCatalog.swift \
        for the canary and 'reaches') by `conformance fuzz-targets`; edit those, not this file. Read by Package.swift \
        (fuzz-<name> executables), scripts/fuzz/targets.sh (build.sh, run.sh, .clusterfuzzlite), the overnight driver \
        and the mutation fuzz layer. Each target: its body (Sources/AFFuzzBodies), the frozen option header its input \
        format decodes first (byte index, then the value's meaning or one meaning per bit; a missing byte reads as 0; \
        never reorder or resize a header, new options take reserved bits only), the payload, and its oracles. \
        'reaches': which targets reach each core file (glob relative to Sources/AFSerialization; every matching entry \
        adds its targets, in order; a file no entry matches is reported as 'no fuzz target reaches this file').
        """

    /// `Sources/Fuzzers/<name>/Fuzz.swift`, the target's libFuzzer entry point. With `setup`, the
    /// folder's hand-written Setup.swift defines `prepare()`, run before each input (installing
    /// the references only that executable links, once).
    public static func entrySource(_ t: FuzzTargetDescriptor, setup: Bool) -> String {
        let call =
            setup
            ? "    prepare()\n    return \(t.body).fuzzerEntry(data, size)" : "    \(t.body).fuzzerEntry(data, size)"
        return """
            // fuzz-\(t.name): the libFuzzer entry point, generated by `conformance fuzz-targets` from the
            // target's descriptor\(setup ? " (prepare() is in Setup.swift)" : ""). \
            In our build also a `main` that runs libFuzzer's
            // driver (AFFuzzDriver; compiled out under OSS-Fuzz's global flags, where libFuzzer's own `main` is used).
            import AFFuzzBodies

            @_cdecl("LLVMFuzzerTestOneInput")
            public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
            \(call)
            }
            #if AFS_OWN_MAIN
                import AFFuzzDriver
                @main enum FuzzMain { static func main() { runLibFuzzer(testOneInput) } }
            #endif

            """
    }

    /// scripts/fuzz/targets.json: one target per entry, one header field per line.
    public static func json() -> String {
        func s(_ text: String) -> String {
            var out = "\""
            for u in text.unicodeScalars {
                switch u {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case _ where u.value < 0x20:
                    out +=
                        "\\u" + String(repeating: "0", count: 4 - String(u.value, radix: 16).count)
                        + String(u.value, radix: 16)
                default: out.unicodeScalars.append(u)
                }
            }
            return out + "\""
        }
        func list(_ items: [String]) -> String { "[" + items.map(s).joined(separator: ", ") + "]" }
        func field(_ f: HeaderField) -> String {
            var parts = [
                "\"byte\": " + (f.first == f.last ? "\(f.first)" : "[\(f.first), \(f.last)]"),
                "\"field\": " + s(f.field),
            ]
            if let v = f.value { parts.append("\"value\": " + s(v)) }
            if !f.bits.isEmpty {
                parts.append(
                    "\"bits\": {"
                        + f.bits.sorted { $0.key < $1.key }.map { "\"\($0.key)\": " + s($0.value) }.joined(
                            separator: ", ") + "}")
            }
            if let r = f.reserved { parts.append("\"reserved\": " + s(r)) }
            return "{" + parts.joined(separator: ", ") + "}"
        }
        let targets = all.map { t in
            var head = "  {\"name\": \(s(t.name)), \"body\": \(s(t.body)), "
            if t.canary { head += "\"canary\": true, " }
            head += "\"spec\": \(s(t.spec)),\n   \"header\": ["
            head += t.header.isEmpty ? "]" : "\n" + t.header.map { "    " + field($0) }.joined(separator: ",\n") + "]"
            return head + ",\n   \"payload\": \(s(t.payload)),\n   \"oracles\": \(list(t.oracles))}"
        }
        let reached = reaches.map { "  \(s($0.glob)): \(list($0.targets))" }
        return "{\n \"_\": \(s(note)),\n \"targets\": [\n" + targets.joined(separator: ",\n")
            + "\n ],\n \"reaches\": {\n"
            + reached.joined(separator: ",\n") + "\n }\n}\n"
    }
}
