import AFSerialization
import AFVectorFormat
import Foundation
import Testing
@testable import AFConformance
import TestSupport

/// `update`, `promote`, coverage, the schema, and the bundled vectors themselves.
@Suite struct RunnerMaintenanceTests {
    @Test func updateReblessesOnlyWhatChangedKeepsShapeAndNeverDeletes() throws {
        let s = try ScratchVectors()
        let file = try s.write(
            "echo/u.json",
            RunnerFixtures.echoFile([
                #"{"id":"echo/u/1","comment":"stale expectation","input":{"a":2,"extra":"x"},"expected":{"a":1}}"#,
                #"{"id":"echo/u/2","comment":"already right","input":{"b":{"text":"AB"}},"#
                    + #""expected":{"b":{"hex":"4142"}}}"#,
                #"{"id":"echo/u/3","comment":"not selected","input":{"c":2},"expected":{"c":1}}"#,
            ]))
        let set = try RunnerFixtures.loader().load(directories: [s.root])
        let plan = Rebless.plan(set, selection: RunSelection(filters: ["echo/u/[12]"]))
        #expect(plan.changes.map(\.vector.id) == ["echo/u/1"])
        #expect(plan.unchanged == 1)
        #expect(plan.changes[0].new == .obj(["a": .int(2)]))  // the listed field only, not "extra"
        #expect(try Rebless.apply(plan) == [file])

        let reloaded = try RunnerFixtures.loader().load(directories: [s.root])
        #expect(reloaded.problems.isEmpty)
        #expect(reloaded.vectors.map(\.id) == ["echo/u/1", "echo/u/2", "echo/u/3"])
        #expect(reloaded.vector(id: "echo/u/2")?.expected == .obj(["b": .obj(["hex": .string("4142")])]))  // untouched
        #expect(reloaded.vector(id: "echo/u/3")?.expected == .obj(["c": .int(1)]))  // not selected
        let report = VectorRunner.run(reloaded, selection: RunSelection(filters: ["echo/u/1"]))
        #expect(report.succeeded)
        #expect(try s.files(in: "echo") == ["u.json"])  // no temporary file left behind
    }

    @Test func updateSwitchesBetweenOutputAndErrorWholesale() throws {
        let o = try JSONParser.parse(#"{"text":"a","batches":[[0,1]]}"#)
        #expect(Rebless.project(try JSONParser.parse(#"{"error":{"domain":"D"}}"#), onto: o, path: "output") == o)
        let err = try JSONParser.parse(#"{"error":{"domain":"D","kind":"k","description":"d"}}"#)
        #expect(
            Rebless.project(try JSONParser.parse(#"{"error":{"domain":"X"}}"#), onto: err, path: "output")
                == (try JSONParser.parse(#"{"error":{"kind":"k","domain":"D"}}"#)))  // identity pinned, description not
    }

    @Test func promoteAddsFreshReviewFlaggedIdsAndNeverOverwrites() throws {
        let s = try ScratchVectors()
        try s.write(
            "echo/promoted.json",
            """
            {"schema":"afserialization-vectors/1","component":"echo","refs":[],"vectors":[
            {"id":"echo/promoted/002","comment":"existing","input":{},"expected":{}}
            ]}
            """)
        let set = try RunnerFixtures.loader().load(directories: [s.root])
        let req = try Promote.makeRequest(
            component: "echo", bytes: Array("crash".utf8) + [0xFF], field: "data", with: .obj(["k": .string("v")]))
        let r1 = try Promote.promote(
            root: s.root, set: set, component: "echo", profile: "af4", input: req.input, options: nil,
            source: "crash-1", date: "2026-11-22")
        #expect(r1.id == "echo/promoted/003")
        let set2 = try RunnerFixtures.loader().load(directories: [s.root])
        let r2 = try Promote.promote(
            root: s.root, set: set2, component: "echo", profile: "af4", input: req.input, options: nil,
            source: "crash-2", date: "2026-11-22")
        #expect(r2.id == "echo/promoted/004")
        let final = try RunnerFixtures.loader().load(directories: [s.root])
        #expect(final.problems.isEmpty)
        #expect(final.vectors.map(\.id) == ["echo/promoted/002", "echo/promoted/003", "echo/promoted/004"])
        let v = try #require(final.vector(id: "echo/promoted/003"))
        #expect(v.review)
        #expect(v.profiles == ["af4"])
        // not UTF-8 → hex
        #expect(v.input == .obj(["data": .obj(["hex": .string("6372617368ff")]), "k": .string("v")]))
        #expect(v.expected == v.input)  // echo's current output
        #expect(VectorRunner.run(final).succeeded)
        #expect(throws: HarnessError.self) {
            try Promote.promote(
                root: s.root, set: final, component: "no-such", profile: "af4", input: .object([]), options: nil,
                source: "x", date: "d")
        }
    }

    // MARK: Bundled vectors

    @Test func bundledVectorsLoadCleanlyAndAreEnough() throws {
        let set = try RunnerFixtures.loader().load(directories: [RunnerFixtures.bundledRoot])
        #expect(set.problems.isEmpty, "\(set.problems.prefix(5))")
        #expect(set.vectors.count >= 1000)
        #expect(set.vectors.allSatisfy { !($0.comment ?? "").isEmpty })
        #expect(!set.vectors.contains { $0.review }, "promoted vectors must be reviewed before they ship")
    }

    @Test func everyRequiredReferenceIsCovered() throws {
        let root = RunnerFixtures.bundledRoot
        let set = try RunnerFixtures.loader().load(directories: [root])
        let requirements = try CoverageReport.load(requirements: VectorPaths.coverageFile(root: root))
        let report = CoverageReport(requirements: requirements, vectors: set.vectors)
        #expect(requirements.count >= 50)
        #expect(report.uncovered.isEmpty, "\(report.uncovered.map(\.ref))")
        // Dropping the vectors of one folder must uncover its references: the check can fail.
        let withoutMultipart = CoverageReport(
            requirements: requirements, vectors: set.vectors.filter { !$0.component.hasPrefix("multipart") })
        #expect(withoutMultipart.uncovered.map(\.ref).contains("RFC7578#4.3"))
    }

    @Test func expectedFailuresOfTheBundledVectorsLoad() throws {
        _ = try ExpectedFailures.load(VectorPaths.expectedFailuresFile(root: RunnerFixtures.bundledRoot))
    }

    // MARK: Schema

    @Test func schemaValidatorRejectsWhatItShould() throws {
        let schema = try RunnerFixtures.loader().schema
        func violations(_ doc: String) throws -> [String] {
            schema.validate(try JSONParser.parse(doc)).map(\.description)
        }
        let ok =
            #"{"schema":"afserialization-vectors/1","component":"echo","#
            + #""vectors":[{"id":"echo/1","comment":"c","input":{},"expected":{}}]}"#
        #expect(try violations(ok).isEmpty)
        #expect(
            try violations(ok.replacingOccurrences(of: "vectors/1", with: "vectors/2")).first?.hasPrefix("schema:")
                == true)
        #expect(
            try violations(ok.replacingOccurrences(of: #""comment":"c","#, with: "")) == [
                #"vectors[0]: required field "comment" is missing"#
            ])
        #expect(
            try violations(ok.replacingOccurrences(of: #""input":{}"#, with: #""input":{},"extra":1"#)) == [
                #"vectors[0].extra: unknown field "extra""#
            ])
        #expect(
            try violations(ok.replacingOccurrences(of: #""expected":{}"#, with: #""expected":{"error":{"code":1}}"#))
                .count == 1)
        #expect(
            try violations(
                ok.replacingOccurrences(of: #""expected":{}"#, with: #""expected":{"error":{"domain":"D","code":1.5}}"#)
            ).count == 1)
        #expect(throws: HarnessError.self) { try JSONSchema(try JSONParser.parse(#"{"pattern":"^a"}"#)) }
    }

    /// The same documents through Python's `jsonschema` (draft 2020-12) when it is installed: the
    /// schema file is standard, and our subset validator agrees with a reference implementation.
    @Test(.enabled(if: PythonJSONSchema.available)) func schemaAgreesWithPythonJSONSchema() throws {
        let root = RunnerFixtures.bundledRoot
        let ok =
            #"{"schema":"afserialization-vectors/1","component":"echo","#
            + #""vectors":[{"id":"echo/1","comment":"c","input":{},"expected":{}}]}"#
        var docs = [ok]
        for (from, to) in [
            ("vectors/1", "vectors/2"), (#""comment":"c","#, ""), (#""input":{}"#, #""input":{},"extra":1"#),
            (#""expected":{}"#, #""expected":{"error":{"code":1}}"#),
            (#""expected":{}"#, #""expected":{"error":{"domain":"D","code":-1011}}"#),
            (#""expected":{}"#, #""expected":{"error":{"domain":"D","code":1.5}}"#),
            (#""expected":{}"#, #""expected":{"object":{"$absent":true}}"#),
            (#""expected":{}"#, #""expected":{"error":{"$absent":true}}"#),
            (#""expected":{}"#, #""expected":{"error":{"$absent":false}}"#),
            (#""id":"echo/1","#, #""id":"echo/1","profiles":["af3","af3"],"#),
            (#""id":"echo/1","#, #""id":"echo/1","profiles":[],"#),
            (#""component":"echo""#, #""component":"echoes""#), (#""vectors":["#, #""refs":["a","a"],"vectors":["#),
            (#""expected":{}"#, #""expected":{"error":{"domain":"D","underlying":null,"offset":-1}}"#),
        ] { docs.append(ok.replacingOccurrences(of: from, with: to)) }
        let python = try PythonJSONSchema.validate(schemaPath: VectorPaths.schemaFile(root: root), docs: docs)
        let schema = try RunnerFixtures.loader().schema
        for (doc, pyValid) in zip(docs, python) {
            #expect(schema.validate(try JSONParser.parse(doc)).isEmpty == pyValid, "\(doc)")
        }
        #expect(python.filter { $0 }.count >= 3 && python.filter { !$0 }.count >= 8)

        // And every bundled file passes both.
        let files = try VectorLoader.vectorFiles(in: root)
        let contents = try files.map { try String(contentsOfFile: $0, encoding: .utf8) }
        #expect(
            try PythonJSONSchema.validate(schemaPath: VectorPaths.schemaFile(root: root), docs: contents).allSatisfy {
                $0
            })
    }
}

enum PythonJSONSchema {
    static let script = """
        import json, sys
        from jsonschema import Draft202012Validator
        v = Draft202012Validator(json.load(open(sys.argv[1])))
        for line in sys.stdin:
            print("1" if v.is_valid(json.loads(line)) else "0")
        """

    static var available: Bool { (try? run(["-c", "import jsonschema"], input: "")) != nil }

    static func validate(schemaPath: String, docs: [String]) throws -> [Bool] {
        // One document per line: re-serialize compactly.
        let lines = try docs.map { try JSONParser(maxDepth: 4096).parse(Array($0.utf8)).jsonText }
        let out = try run(["-c", script, schemaPath], input: lines.joined(separator: "\n") + "\n")
        return out.split(separator: "\n").map { $0 == "1" }
    }

    static func run(_ args: [String], input: String) throws -> String {
        // Input and output go through files (TestProcess): with megabytes of input and more output than
        // a pipe holds (e.g. a broken jsonText that puts newlines in a document), pipes could deadlock.
        let r = try Python.run(args, input: Data(input.utf8))
        guard r.status == 0 else { throw CocoaError(.fileReadUnknown) }
        return r.text
    }
}
