@testable import AFConformance
import AFCorpus
import AFCorpusFormat
import Foundation
import Testing
import TestSupport

/// `conformance fuzz`: a fake implementation with a planted bug (percent-escape replies lose one
/// `~` of a `~~`, which no committed corpus input holds) must be found, named, minimized and written.
@Suite struct DifferentialFuzzerTests {
    static var conformance: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("conformance").path
    }

    static func planted() throws -> DifferentialFuzzer.Implementation {
        let script = Repository.fixtures.appendingPathComponent("implementations/fake_implementation.py").path
        let command = "python3 '\(script)' drop-double-tilde -- '\(conformance)' eval"
        return .init(name: "planted", source: try ImplementationSource(command: command))
    }

    static func pool() throws -> [[UInt8]] {
        let dir = Repository.corpus.appendingPathComponent("percent-escape")
        let recorder = SnapshotRecorder(corpusRoot: Repository.corpus, snapshotRoot: Repository.snapshots)
        return try recorder.inputPaths("percent-escape").map {
            try Array(Data(contentsOf: dir.appendingPathComponent($0)))
        }
    }

    @Test func thePlantedBugIsFoundMinimizedAndWritten() throws {
        let impl = try Self.planted()
        var fuzzer = DifferentialFuzzer(targets: [PercentEscapeInput.self], pools: ["percent-escape": try Self.pool()])
        #expect(fuzzer.baseline([impl]).isEmpty, "the committed corpus already shows the planted bug")
        let (totals, findings) = fuzzer.run([impl], config: .init(seconds: 120, rounds: 12, batch: 400, seed: 1))
        #expect(totals.inputs > 4000)
        let finding = try #require(findings.first)
        #expect(findings.allSatisfy { $0.implementation == "planted" && $0.component == "percent-escape" })
        // The signature names the kind of the missing `~` (unreserved); the payload is cut down to the
        // `~~` and at most the byte whose escape the signature names.
        #expect(finding.signature.contains("core writes <unreserved>"), "\(finding.signature)")
        let payload = finding.input.dropFirst(PercentEscapeInput.descriptor.headerSize)
        #expect(String(decoding: payload, as: UTF8.self).contains("~~"))
        #expect(
            payload.count <= 4,
            "not minimized: \(finding.signature) \(Array(finding.input)) \(finding.request.jsonText)")
        #expect(finding.input.count <= finding.original.count)

        let folder = FuzzCampaignFolder(
            root: FileManager.default.temporaryDirectory.appendingPathComponent("afs-fuzz-\(UUID())"))
        defer { try? FileManager.default.removeItem(at: folder.root) }
        try folder.write(finding, command: impl.source.command)
        try folder.save(known: fuzzer.known, totals: totals)
        let case_ = try String(contentsOf: folder.folder(finding).appendingPathComponent("case.json"), encoding: .utf8)
        #expect(case_.contains("\"replay\"") && case_.contains("\"send\""))
        let (known, reloaded) = try folder.load()
        #expect(known == fuzzer.known)
        #expect(reloaded.inputs == totals.inputs)

        // The same campaign again, from the saved state: the class is counted, not reported again.
        var again = DifferentialFuzzer(
            targets: [PercentEscapeInput.self], pools: ["percent-escape": try Self.pool()], known: known)
        let second = again.run([impl], config: .init(seconds: 120, rounds: 12, batch: 400, seed: 1))
        #expect(second.findings.isEmpty)
        #expect(second.totals.disagreements > 0)
    }

    /// A classes.json `fuzz` entry makes the same disagreement known: counted, never reported.
    @Test func aClassesJSONFuzzEntryIsCountedNotReported() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("afs-classes-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(
            #"""
            {"classes": [{"id": "planted-tilde", "title": "t", "verdict": "bug", "vectors": [],
              "fuzz": ["percent-escape: output: the implementation stops where the core writes ~",
                       "percent-escape: output: core writes ~ where the implementation writes a",
                       "percent-escape: output: core writes ~ where the implementation writes %XX",
                       "percent-escape: output: core writes ~ where the implementation writes /"]}]}
            """#.utf8
        ).write(to: file)
        let classes = try DisagreementClass.load(file.path)
        let keys = DifferentialFuzzer.keys(of: classes, implementation: "planted")
        #expect(keys.count == 4 && Set(keys.values) == ["planted-tilde"])
        let impl = try Self.planted()
        var fuzzer = DifferentialFuzzer(
            targets: [PercentEscapeInput.self], pools: ["percent-escape": try Self.pool()], known: Set(keys.keys))
        let (totals, findings) = fuzzer.run([impl], config: .init(seconds: 120, rounds: 12, batch: 400, seed: 1))
        #expect(totals.disagreements > 0)
        #expect(findings.isEmpty, "\(findings.map(\.signature))")
    }

    @Test func theMutatorKeepsTheHeaderSizeAndIsRepeatable() {
        var a = CorpusMutator(seed: 7), b = CorpusMutator(seed: 7)
        let input = PercentEscapeInput.seeds[0].bytes
        for _ in 0..<200 {
            let x = a.mutate(input, of: QueryStringInput.self), y = b.mutate(input, of: QueryStringInput.self)
            #expect(x == y)
            #expect(x.count >= QueryStringInput.descriptor.headerSize)
        }
    }

    @Test func aClassIsTheKindOfWhatDiffersNotTheBytes() {
        let cases: [(String, String)] = [
            (
                #"output.parts[].body: core writes \xc0 where the implementation writes \xef"#,
                "output.parts[].body: core writes <non-ascii> where the implementation writes <non-ascii>"
            ),
            (
                #"output.text: core writes \x1f where the implementation writes \r"#,
                "output.text: core writes <other-ascii> where the implementation writes <other-ascii>"
            ),
            (
                "output.text: core writes %5B where the implementation writes [",
                "output.text: core writes %XX where the implementation writes <gen-delim>"
            ),
            (
                "output.text: core writes %26 where the implementation writes &",
                "output.text: core writes %XX where the implementation writes <query-delim>"
            ),
            (
                "output.text: core writes %21 where the implementation writes !",
                "output.text: core writes %XX where the implementation writes <sub-delim>"
            ),
            (
                "output.text: core writes %20 where the implementation writes  ",
                "output.text: core writes %XX where the implementation writes <other-ascii>"
            ),
            ("output: the implementation writes more (Q)", "output: the implementation writes more (<unreserved>)"),
            ("output: the implementation writes more (%)", "output: the implementation writes more (<other-ascii>)"),
            ("implementation rejects, core accepts", "implementation rejects, core accepts"),
            (
                "output.parts: expected 4 item(s), found 2; first difference at [1]",
                "output.parts: the implementation has fewer items"
            ),
            (
                "output.parts: expected 1 item(s), found 3; first difference at [0]",
                "output.parts: the implementation has more items"
            ),
            (
                #"output.object.a/.b: members differ: missing ["\u{FEFF}k"], unexpected ["k"]"#,
                "output.object…: members differ"
            ),
            (
                "output.object[].d: same members in a different order",
                "output.object…: same members in a different order"
            ),
            (#"output.object: members differ: missing ["x"], unexpected []"#, "output.object: members differ"),
        ]
        for (signature, kind) in cases {
            #expect(DifferentialFuzzer.kind(of: signature, component: "query-string") == kind)
            // Stored keys are re-read through `kind`: it must leave a kind as it is.
            #expect(DifferentialFuzzer.kind(of: kind, component: "query-string") == kind)
        }
        // Outside URL text the kind of byte says nothing: a decoded body differs at `<byte>`.
        let body = #"output.body: core writes \x1f where the implementation writes %41"#
        let byte = "output.body: core writes <byte> where the implementation writes <byte>"
        #expect(DifferentialFuzzer.kind(of: body, component: "content-decode") == byte)
        #expect(DifferentialFuzzer.kind(of: byte, component: "content-decode") == byte)
    }

    /// The fuzzer names the bytes where two outputs part by their kind when it makes the signature,
    /// so a `%` that starts no escape is one byte of its kind, never a token that swallows what follows.
    @Test func theSignatureNamesTheUnitWhereTheOutputsPart() {
        let vector = Vector(
            id: "query-string/x/001", component: "query-string", profiles: nil, options: nil, input: .obj([:]),
            expected: .obj(["text": .string("x")]), comment: nil, refs: [], review: false, file: "f.json", index: 0)
        let r = RunResult(
            vector: vector, profile: "af4", status: .failed, actual: .obj(["text": .string("%% =1")]),
            mismatches: [Mismatch(path: "output.text", expected: .string("x"), actual: .string("%% =1"), note: "")])
        #expect(CorpusDifferential.signature(r) == "output.text: core writes x where the implementation writes %% ")
        // A key of a decoded response is data, even one holding `: `.
        let keyed = RunResult(
            vector: vector, profile: "af4", status: .failed, actual: nil,
            mismatches: [
                Mismatch(
                    path: "output.object[].a: b", expected: nil, actual: nil, note: "same members in a different order")
            ])
        #expect(DifferentialFuzzer.signature(keyed) == "output.object…: same members in a different order")
        #expect(
            DifferentialFuzzer.signature(r)
                == "output.text: core writes <unreserved> where the implementation writes <other-ascii>")
    }

    /// Each payload kind gets its own structured change and no other kind's; the header and bytes
    /// are edited for every kind.
    @Test func eachPayloadKindGetsItsOwnChanges() {
        func changes(_ kind: PayloadKind, splice: Bool) -> [CorpusMutator.Change] {
            (0..<10).map { CorpusMutator.change(pick: $0, payload: kind, canSplice: splice) }
        }
        #expect(
            changes(.bytes, splice: true) == [.header, .header, .bytes, .bytes, .bytes, .splice]
                + Array(repeating: .bytes, count: 4))
        #expect(changes(.bytes, splice: false) == [.header, .header] + Array(repeating: .bytes, count: 8))
        #expect(
            changes(.parameterProgram, splice: true) == [.header, .header, .tree, .tree, .tree, .splice]
                + Array(repeating: .bytes, count: 4))
        #expect(
            changes(.lines, splice: true) == [.header, .header, .lines, .lines, .bytes, .splice]
                + Array(repeating: .bytes, count: 4))
    }

    @Test func dictionaryTokensAreReadWithTheirEscapes() {
        let tokens = CorpusMutator.dictionaryTokens("# comment\n\"\\x08\"\nkw=\"a\\\"b\"\n\"\\\\\"\n")
        #expect(tokens == [[0x08], [0x61, 0x22, 0x62], [0x5C]])
    }
}
