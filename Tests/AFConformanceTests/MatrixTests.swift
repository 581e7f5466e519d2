import AFSerialization
import Testing
@testable import AFConformance

/// `conformance matrix`: cells from runs, classes from classes.json, minimal examples, the
/// committed state and what `--check` reports. Synthetic results, no processes.
@Suite struct MatrixTests {
    static func vector(_ id: String, _ component: String = "percent-escape", input: String = "x", refs: [String] = [])
        -> Vector
    {
        Vector(
            id: id, component: component, profiles: nil, options: nil, input: .obj(["text": .string(input)]),
            expected: .obj(["text": .string(input)]), comment: nil, refs: refs, review: false, file: "f.json", index: 0)
    }

    static func result(_ v: Vector, _ profile: String, _ status: RunResult.Status) -> RunResult {
        RunResult(vector: v, profile: profile, status: status, actual: nil, mismatches: [])
    }

    static func adapter(_ name: String, version: String = "1.0", _ results: [RunResult]) -> AdapterResult {
        var report = RunReport()
        report.results = results
        var summary = ImplementationSummary(command: name, window: 16, requestTimeoutSeconds: 10)
        var d = try! #require(
            try HandshakeDeclaration(
                reply: .obj(["implementation": .obj(["name": .string(name), "version": .string(version)])])))
        d.components = ["percent-escape": ["af4"]]
        summary.declaration = d
        report.implementation = summary
        var a = AdapterResult(
            manifest: ImplementationManifest(
                name: name, title: name, command: name, requires: [], install: "", ci: true, directory: name))
        a.report = report
        return a
    }

    static let a = vector("percent-escape/t/a", input: "a long input", refs: ["SPEC§1.1"])
    static let b = vector("percent-escape/t/b", input: "b", refs: ["SPEC§1.1", "SPEC§1.2"])
    static let c = vector("percent-escape/t/c", input: "cc", refs: ["SPEC§1.2"])
    static let d = vector("query-string/t/d", "query-string")

    /// A vector's cell: differ if any run it was sent failed, agree if all passed, n/a if none was sent.
    @Test func cellsCombineTheRunsOfAVector() {
        let x = Self.adapter(
            "x",
            [
                Self.result(Self.a, "af3", .passed), Self.result(Self.a, "af4", .failed),
                Self.result(Self.b, "af4", .notApplicable("no")), Self.result(Self.b, "strict", .passed),
                Self.result(Self.c, "af4", .harnessError("bad")),
                Self.result(Self.d, "af4", .notApplicable("component not declared in the handshake")),
            ])
        #expect(
            x.cells == [
                "percent-escape/t/a": .differ, "percent-escape/t/b": .agree, "percent-escape/t/c": .differ,
                "query-string/t/d": .notApplicable,
            ])
        let m = Matrix(vectors: [Self.a, Self.b, Self.c, Self.d], adapters: [x], classes: [:])
        #expect(m.counts(x) { _ in true } == (agree: 1, differ: 2, na: 1))
        #expect(m.counts(x) { Matrix.sections(of: $0).contains("1.2") } == (agree: 1, differ: 1, na: 0))
        #expect(m.sections == ["1.1", "1.2"])
    }

    /// Each differing vector goes to the first class that covers it (id or glob); the rest are
    /// unclassified, and the class's minimal example is its shortest input.
    @Test func classesMinimalExamplesAndUnclassifiedCells() {
        let x = Self.adapter(
            "x",
            [
                Self.result(Self.a, "af4", .failed), Self.result(Self.b, "af4", .failed),
                Self.result(Self.c, "af4", .failed),
            ])
        let classes = [
            DisagreementClass(
                id: "x-one", title: "t", verdict: "bug", rule: "r", cite: "", vectors: ["percent-escape/t/[ab]"]),
            DisagreementClass(
                id: "x-two", title: "t", verdict: "projection", rule: "r", cite: "", vectors: ["percent-escape/t/a"]),
        ]
        let m = Matrix(vectors: [Self.a, Self.b, Self.c], adapters: [x], classes: ["x": classes])
        let assigned = m.assignment(x)
        #expect(assigned["percent-escape/t/a"] == .some("x-one"))  // the first class wins
        #expect(assigned["percent-escape/t/b"] == .some("x-one"))
        #expect(m.unclassified(x) == ["percent-escape/t/c"])
        #expect(m.minimalExample(["percent-escape/t/a", "percent-escape/t/b"])?.id == "percent-escape/t/b")
        let md = MatrixReport.markdown(m)
        #expect(md.contains("| `x-one` | bug | 2 |"))
        #expect(md.contains("| `x-two` | projection | 0 |"))
        #expect(md.contains("| **unclassified** | — | 1 |"))
    }

    /// `--check`: the same version must give the same cells and classes; a new version is a note.
    @Test func checkReportsChangedCellsAndNotesNewVersions() {
        let classes = [
            "x": [
                DisagreementClass(
                    id: "x-k", title: "t", verdict: "bug", rule: "r", cite: "", vectors: ["percent-escape/t/*"])
            ]
        ]
        let before = Matrix(
            vectors: [Self.a, Self.b],
            adapters: [Self.adapter("x", [Self.result(Self.a, "af4", .failed), Self.result(Self.b, "af4", .passed)])],
            classes: classes)
        let committed = MatrixReport.state(before)
        #expect(MatrixReport.compare(before, committed: committed).changes.isEmpty)

        let after = Matrix(
            vectors: [Self.a, Self.b],
            adapters: [Self.adapter("x", [Self.result(Self.a, "af4", .passed), Self.result(Self.b, "af4", .failed)])],
            classes: classes)
        let changes = MatrixReport.compare(after, committed: committed).changes
        #expect(changes.contains("x: percent-escape/t/a no longer differs"))
        #expect(changes.contains("x: percent-escape/t/b now differs"))

        let upgraded = Matrix(
            vectors: [Self.a, Self.b],
            adapters: [Self.adapter("x", version: "2.0", [Self.result(Self.a, "af4", .passed)])], classes: classes)
        let (c2, notes) = MatrixReport.compare(upgraded, committed: committed)
        #expect(c2.isEmpty)
        #expect(notes == ["x: version 1.0 → 2.0; not compared (re-record)"])

        let newcomer = Matrix(
            vectors: [Self.a], adapters: [Self.adapter("y", [Self.result(Self.a, "af4", .passed)])], classes: [:])
        let (c3, n3) = MatrixReport.compare(newcomer, committed: committed)
        #expect(c3 == ["y: not in the committed matrix (record it with `conformance matrix`)"])
        #expect(n3 == ["x: in the committed matrix but not run here (runtime missing?)"])
    }

    /// The page embeds only vectors some implementation was sent, one status letter per cell,
    /// the diff of each differing cell and its class.
    @Test func thePageDataHasOneLetterPerCell() throws {
        let x = Self.adapter(
            "x",
            [
                Self.result(Self.a, "af4", .failed), Self.result(Self.b, "af4", .passed),
                Self.result(Self.c, "af4", .notApplicable("no")),
            ])
        let m = Matrix(
            vectors: [Self.a, Self.b, Self.c], adapters: [x],
            classes: [
                "x": [
                    DisagreementClass(
                        id: "x-k", title: "t", verdict: "bug", rule: "r", cite: "u", vectors: ["percent-escape/t/a"])
                ]
            ])
        let data = MatrixPage.data(m)
        #expect(data["vectors"]?.arrayValue?.count == 2)
        #expect(data["status"] == .array([.string("da")]))
        #expect(data["classes"] == .array([.obj(["0": .string("x-k")])]))
        #expect(data["diffs"]?.arrayValue?.first?["0"]?.stringValue?.hasPrefix("✗ percent-escape/t/a [af4]") == true)
        let html = MatrixPage.html(m)
        #expect(html.contains("<script type=\"application/json\" id=\"data\">{"))
        #expect(!html.contains("__DATA__"))
    }

    @Test func classesFileIsValidated() throws {
        let s = try ScratchVectors()
        let path = try s.write(
            "classes.json", #"{"classes": [{"id": "k", "title": "t", "verdict": "maybe", "vectors": ["a"]}]}"#)
        #expect(throws: HarnessError.self) { try DisagreementClass.load(path) }
        let ok = try s.write(
            "ok.json",
            #"{"classes": [{"id": "k", "title": "t", "verdict": "AF quirk", "rule": "r", "vectors": ["a*"]}]}"#)
        let loaded = try DisagreementClass.load(ok)
        #expect(loaded.count == 1 && loaded[0].covers("abc") && !loaded[0].covers("b"))
    }

    /// Corpus differential signatures: who rejected, or what differs at the first differing byte.
    @Test func corpusDifferenceSignatures() {
        #expect(
            CorpusDifferential.textDifference(Array("a%5B%5D=1".utf8), Array("a[]=1".utf8))
                == "core writes %5B where the implementation writes [")
        #expect(
            CorpusDifferential.textDifference(Array("b=1&a=2".utf8), Array("a=2&b=1".utf8))
                == "the same &-separated pairs in another order")
        #expect(
            CorpusDifferential.textDifference(Array("abc".utf8), Array("ab".utf8))
                == "the implementation stops where the core writes c")
        #expect(CorpusDifferential.indexless("output.parts[12].headers[0]") == "output.parts[].headers[]")
    }
}
