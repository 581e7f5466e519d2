import AFCorpusFormat
import AFSerialization
import AFVectorFormat
import Testing

/// `conformance seeds`: each target's hand seeds and its reading of golden vectors encode the header
/// its own `setUp` decodes (the descriptor names the fields; nothing restates the layout).
@Suite struct CorpusSeedsTests {
    static func vector(_ component: String, _ json: String) throws -> SeedVector {
        SeedVector(component: component, vector: try JSONParser().parse(Array(json.utf8)))
    }

    @Test func everyTargetHasSeedsWithItsWholeHeaderAndDistinctFileNames() {
        for t in CorpusTargets.all {
            let seeds = t.seeds
            #expect(!seeds.isEmpty, "\(t.name)")
            let size = t.descriptor.headerSize
            for s in seeds {
                #expect(
                    s.bytes.count >= size || t.name == "multipart-writer",
                    "\(t.name) \(s.label): \(s.bytes.count) bytes")
            }
            let names = seeds.map { CorpusSeeds.fileName($0.label) }
            #expect(Set(names).count == names.count, "\(t.name): two seeds share a file name")
        }
    }

    @Test func theHeaderIsWrittenByFieldNameAndMultiByteFieldsAreLittleEndian() {
        let bytes = MediaTypeInput.descriptor.header([
            "profile": 2, "status code": 0x1F4, "flags": 0x0F, "acceptable types": 0x80,
        ])
        #expect(bytes == [2, 0xF4, 0x01, 0x0F, 0x80])
        var input = CorpusInput(bytes)
        _ = input.option()
        #expect(input.option16() == 500)
    }

    @Test(arguments: [
        #"{"foo": "bar", "baz": [1, 2, {"$double": "-0.0"}], "s": {"$set": [true, null]}, "d": {"$data": "00ff"}}"#,
        #"[[[[{"$dict": [["k", 1], ["k", 2]]}]]]]"#, #""top""#, "-9223372036854775808",
    ])
    func aParameterProgramDecodesBackToItsTree(_ json: String) throws {
        let tree = try Codec.decodeParameters(try JSONParser().parse(Array(json.utf8)), path: "t")
        let program = try #require(ParameterProgram.encode(tree))
        var input = CorpusInput(program)
        #expect(ParameterProgram.decode(&input) == tree)
    }

    @Test func textsTooLongForTheirLengthByteAreRefused() {
        #expect(ParameterProgram.encode(.string(String(repeating: "x", count: 16))) == nil)
        #expect(ParameterProgram.encode(.string(String(repeating: "x", count: 15))) != nil)
        #expect(ParameterProgram.encode(.dictionary([.init("12345678", .null)])) == nil)
        #expect(ParameterProgram.encode(.data([UInt8](repeating: 0, count: 8))) == nil)
    }

    /// The coding and the boundary are spelled out in the payload: the header byte must give their
    /// exact length, or the decoded coding swallows the body's first byte.
    @Test func aContentDecodeVectorKeepsItsCodingAndBody() throws {
        let v = try Self.vector(
            "content-decode",
            #"{"id": "x", "input": {"contentEncoding": "gzip, deflate", "body": {"hex": "#
                + #""1f8b08"}}, "options": {"chunkSizes": [3], "maxDecodedSize": 64}}"#
        )
        var input = CorpusInput(try #require(ContentDecodeInput.seed(from: v)))
        let request = try #require(ContentDecodeInput.vectorRequest(&input))
        #expect(request.input["contentEncoding"] == .string("gzip, deflate"))
        #expect(request.input["body"] == .object([.init("hex", .string("1f8b08"))]))
        #expect(request.options["chunkSizes"] == .array([.number("3"), .number("3")]))
    }

    @Test func aMultipartParseVectorKeepsItsBoundaryAndBody() throws {
        let v = try Self.vector(
            "multipart-parse", #"{"id": "x", "input": {"boundary": "q'(+)", "body": {"text": "--q'(+)--"}}}"#)
        var input = CorpusInput(try #require(MultipartParserInput.seed(from: v)))
        let request = try #require(MultipartParserInput.vectorRequest(&input))
        #expect(request.input["boundary"] == .string("q'(+)"))
        #expect(request.input["body"] == .object([.init("text", .string("--q'(+)--"))]))
    }

    @Test func aPercentEscapeVectorKeepsItsStyleBatchAndText() throws {
        let v = try Self.vector(
            "percent-escape",
            #"{"id": "x", "input": {"text": "a b"}, "options": {"style": "whatwgForm", "batchSize": 3}}"#)
        var input = CorpusInput(try #require(PercentEscapeInput.seed(from: v)))
        let request = try #require(PercentEscapeInput.vectorRequest(&input))
        #expect(request.options["style"] == .string("whatwgForm"))
        #expect(request.options["batchSize"] == .number("3"))
        #expect(request.input == .object([.init("text", .string("a b"))]))
        #expect(
            PercentEscapeInput.seed(
                from: try Self.vector("percent-escape", #"{"input": {"text": "a"}, "options": {"style": null}}"#))
                == nil)
    }

    @Test func aResponseVectorGoesToTheJSONTargetOrTheMediaTypeTargetNeverBoth() throws {
        let json = try Self.vector(
            "response", #"{"id": "j", "input": {"serializer": "json", "statusCode": 200, "body": {"text": "[1]"}}}"#)
        #expect(JSONInput.seed(from: json) != nil)
        #expect(MediaTypeInput.seed(from: json) == nil)
        #expect(ResponseInput.seed(from: json) != nil)
        let xml = try Self.vector(
            "response",
            #"{"id": "x", "input": {"serializer": "xml", "statusCode": 404, "headers": "#
                + #"[["Content-Type", "text/xml"]], "body": {"text": "<a/>"}}}"#
        )
        #expect(JSONInput.seed(from: xml) == nil)
        let media = try #require(MediaTypeInput.seed(from: xml))
        #expect(Array(media.prefix(5)) == [1, 0x94, 0x01, 0x0E, 0x07])
        #expect(String(decoding: media.dropFirst(5), as: UTF8.self) == "text/xml")
    }

    @Test func boundedTargetsGetACopyWithTheBitSet() throws {
        let inputs = CorpusSeeds.inputs(QueryStringInput.self, vectors: [])
        let plain = try #require(inputs.first { $0.label == "seed-spec-2.5-af4" })
        let bounded = try #require(inputs.first { $0.label == "bounded-seed-spec-2.5-af4" })
        #expect(bounded.bytes[2] == plain.bytes[2] | 0x02)
        #expect(CorpusSeeds.inputs(PercentEscapeInput.self, vectors: []).allSatisfy { !$0.label.hasPrefix("bounded-") })
    }

    @Test func fileNamesKeepSafeCharactersAndCollapseEveryOtherRun() {
        #expect(CorpusSeeds.fileName("vec-query-string/errors/004") == "vec-query-string_errors_004")
        #expect(CorpusSeeds.fileName("a  b\u{E9}\u{E9}c.d_e-f") == "a_b_c.d_e-f")
        #expect(CorpusSeeds.fileName(String(repeating: "x", count: 100)).count == 80)
    }
}
