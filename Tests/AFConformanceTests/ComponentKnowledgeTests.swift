import AFSerialization
import AFVectorFormat
import Testing
@testable import AFConformance

/// What each component says about its own options (``EvalComponent/optionDefaults``,
/// ``EvalComponent/outputIndependentOptions``), checked against what it does: promote, the corpus
/// differential and replay rely on it instead of tables of their own.
@Suite struct ComponentKnowledgeTests {
    static let vectors: [Vector] =
        (try? RunnerFixtures.loader().load(directories: [RunnerFixtures.bundledRoot]).vectors) ?? []

    func output(_ v: Vector, options: JSONValue?) -> Evaluator.Outcome {
        Evaluator.evaluate(
            component: v.component, profile: v.profiles?.first ?? "af4", options: options, input: v.input)
    }

    /// Every bundled vector that leaves a defaulted option out answers the same with it spelt out.
    @Test(arguments: Components.all.filter { !$0.optionDefaults.isEmpty }.map(\.name))
    func aDefaultSpeltOutChangesNoOutput(_ component: String) throws {
        let c = try #require(Components.byName[component])
        let vs = Self.vectors.filter { $0.component == component }
        #expect(!vs.isEmpty)
        var checked = 0
        for v in vs {
            let members = v.options?.objectValue ?? []
            let missing = c.optionDefaults.filter { d in !members.contains { $0.key == d.key } }.sorted {
                $0.key < $1.key
            }
            guard !missing.isEmpty else { continue }
            let spelt = JSONValue.object(members + missing.map { .init($0.key, $0.value) })
            #expect(output(v, options: spelt) == output(v, options: v.options), "\(v.id)")
            checked += 1
        }
        #expect(checked > 0)
    }

    /// Dropping an output-independent option changes no output the option does not itself add
    /// (`batches`, `reads`), and a changed default would be caught: the defaults are read back.
    @Test(arguments: Components.all.filter { !$0.outputIndependentOptions.isEmpty }.map(\.name))
    func anOutputIndependentOptionChangesNoOutput(_ component: String) throws {
        let c = try #require(Components.byName[component])
        var checked = 0
        for v in Self.vectors where v.component == component {
            let members = v.options?.objectValue ?? []
            guard members.contains(where: { c.outputIndependentOptions.contains($0.key) }) else { continue }
            // The options that report the chunking (`reportBatches`, `reportReads`) go with them,
            // and so do the keys they add to the output.
            let reports: Set<String> = ["reportBatches", "reportReads"]
            let kept = JSONValue.object(
                members.filter { !c.outputIndependentOptions.contains($0.key) && !reports.contains($0.key) })
            guard case .output(let full) = output(v, options: v.options), full["error"] == nil,
                case .output(let plain) = output(v, options: kept)
            else { continue }
            let withoutReports = JSONValue.object(
                (full.objectValue ?? []).filter { !["batches", "reads"].contains($0.key) })
            #expect(withoutReports == plain, "\(v.id)")
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test func aFilesBytesGoWhereTheComponentSays() throws {
        let bytes = Array("text/html; charset=utf-8".utf8)
        #expect(
            try Promote.makeRequest(component: "media-type", bytes: bytes, field: nil, with: nil).input
                == .obj(["contentType": .string("text/html; charset=utf-8")]))
        #expect(
            try Promote.makeRequest(component: "response", bytes: [0x41], field: nil, with: nil).input
                == .obj(["body": Codec.encodeBytes([0x41])]))
        #expect(
            try Promote.makeRequest(component: "percent-escape", bytes: [0x41], field: nil, with: nil).input
                == Codec.encodeBytes([0x41]))
        #expect(throws: HarnessError.self) {
            try Promote.makeRequest(component: "query-string", bytes: [0x41], field: nil, with: nil)
        }
        #expect(throws: HarnessError.self) {
            try Promote.makeRequest(component: "media-type", bytes: [0xFF], field: nil, with: nil)
        }
    }

    @Test func aSeededBoundaryIsSpeltOutForAnotherImplementation() throws {
        let input = try JSONParser.parse(
            #"{"method":"POST","url":"http://example.com/","seed":7,"#
                + #""parts":[{"kind":"form","name":"x","body":{"text":"1"}}]}"#
        )
        let item = CorpusDifferential.Item(
            id: "multipart/x", component: "multipart", input: input,
            options: .obj(["readSizes": .array([.int(1)]), "packetSize": .int(4)]))
        let boundary = try #require(item.input["boundary"]?.stringValue)
        #expect(item.input["seed"] == nil)
        #expect(
            item.core.first?.output["headers"]?.arrayValue?.contains {
                $0.arrayValue?.last?.stringValue?.hasSuffix("boundary=" + boundary) == true
            } == true)
        #expect(item.options == .object([]))
    }

    /// The corpus differential sends neither the chunking options nor options spelt out at their
    /// default, and keeps every other option.
    @Test func aCorpusRequestKeepsOnlyTheOptionsTheOutputDependsOn() throws {
        let item = CorpusDifferential.Item(
            id: "percent-escape/x", component: "percent-escape", input: .obj(["text": .string("a b")]),
            options: .obj(["style": .string("afnetworking"), "batchSize": .int(2), "reportBatches": .bool(true)]))
        #expect(item.options == .object([]))
        let form = CorpusDifferential.Item(
            id: "query-string/x", component: "query-string", input: .obj(["parameters": .obj([:])]),
            options: .obj(["style": .string("whatwgForm"), "arrayStyle": .string("brackets")]))
        #expect(form.options == .obj(["style": .string("whatwgForm")]))
    }
}
