import AFSerialization
import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import Testing
@testable import AFConformance

/// The runner machinery, exercised with the `echo` component and synthetic vector folders.
@Suite struct RunnerTests {
    // MARK: Loading and bad input

    @Test func badInputIsReportedWithFileIdAndFieldAndOtherFilesStillRun() throws {
        let s = try ScratchVectors()
        let good = try s.write(
            "echo/a-good.json",
            RunnerFixtures.echoFile([
                #"{"id":"echo/good/1","comment":"passes","input":{"a":1},"expected":{"a":1}}"#
            ]))
        let bad = try s.write(
            "echo/bad.json",
            RunnerFixtures.echoFile([
                #"{"id":"echo/bad/1","comment":"no expected","input":{}}"#,
                #"{"id":"echo/bad/2","comment":"bad profile","profiles":["af9"],"input":{},"expected":{}}"#,
                #"{"id":"echo/good/1","comment":"duplicate id","input":{},"expected":{}}"#,
                #"{"id":"echo/bad/3","comment":"runs","input":{"x":"y"},"expected":{"x":"y"}}"#,
            ]))
        let broken = try s.write("echo/broken.json", #"{"schema": "afserialization-vectors/1", "vectors": ["#)
        let unknown = try s.write(
            "nope/x.json",
            #"{"schema":"afserialization-vectors/1","component":"nope","#
                + #""vectors":[{"id":"nope/1","comment":"c","input":{},"expected":{}}]}"#
        )
        let misfiled = try s.write(
            "media-type/m.json", RunnerFixtures.echoFile([#"{"id":"echo/m/1","comment":"c","input":{},"expected":{}}"#])
        )

        let set = try RunnerFixtures.loader().load(directories: [s.root])
        func problem(_ file: String, _ id: String?) -> VectorProblem? {
            set.problems.first { $0.file == file && $0.id == id }
        }

        #expect(problem(bad, "echo/bad/1")?.field == "vectors[0]")
        #expect(problem(bad, "echo/bad/1")?.message.contains("\"expected\"") == true)
        #expect(problem(bad, "echo/bad/2")?.field == "profiles[0]")
        #expect(problem(bad, "echo/good/1")?.message.contains("duplicate id") == true)
        #expect(problem(broken, nil)?.message.contains("not valid JSON") == true)
        #expect(problem(unknown, nil)?.field == "component")
        #expect(problem(misfiled, nil)?.message.contains("folder") == true)
        #expect(set.vectors.map(\.id).sorted() == ["echo/bad/3", "echo/good/1", "echo/m/1"])
        #expect(set.vectors.first { $0.id == "echo/good/1" }?.file == good)

        let report = VectorRunner.run(set)
        #expect(report.passed == 9)  // 3 runnable vectors × 3 profiles
        #expect(report.failed == set.problems.count)
        #expect(!report.succeeded)
    }

    @Test func aComponentMissingFromTheBuildIsOneGroupNotOneDiffPerVector() throws {
        let s = try ScratchVectors()
        try s.write(
            "echo/a.json",
            RunnerFixtures.echoFile(
                (1...40).map {
                    #"{"id":"echo/a/\#($0)","comment":"c","input":{"n":\#($0)},"expected":{"n":\#($0)}}"#
                }))
        let set = try RunnerFixtures.loader().load(directories: [s.root])
        let report = VectorRunner.run(set, available: [])
        #expect(report.results.isEmpty)
        #expect(report.unavailableComponents.count == 1)
        #expect(report.unavailableComponents[0].runs == 120)
        #expect(report.failed == 120)
        let text = Reporters.console(report)
        #expect(text.components(separatedBy: "unknown component in this build").count == 2)  // exactly one line
        #expect(!text.contains("Failures ("))
        #expect(text.hasSuffix("0 passed, 120 failed, 0 expected, 0 n/a"))
    }

    @Test func profilesAndFiltersSelectRuns() throws {
        let s = try ScratchVectors()
        try s.write(
            "echo/p.json",
            RunnerFixtures.echoFile([
                #"{"id":"echo/p/one","comment":"c","profiles":["strict"],"input":{},"expected":{}}"#,
                #"{"id":"echo/p/two","comment":"c","input":{},"expected":{}}"#,
            ]))
        let set = try RunnerFixtures.loader().load(directories: [s.root])
        #expect(VectorRunner.run(set).results.count == 4)
        #expect(
            VectorRunner.run(set, selection: RunSelection(profile: "af4")).results.map(\.vector.id) == ["echo/p/two"])
        #expect(VectorRunner.run(set, selection: RunSelection(filters: ["one"])).results.map(\.profile) == ["strict"])
        #expect(VectorRunner.run(set, selection: RunSelection(filters: ["echo/p/t*"])).results.count == 3)
        #expect(VectorRunner.run(set, selection: RunSelection(filters: ["echo"])).results.count == 4)
    }

    @Test func parallelEvaluationGivesTheSameResultsInTheSameOrder() throws {
        let s = try ScratchVectors()
        try s.write(
            "echo/many.json",
            RunnerFixtures.echoFile(
                (1...300).map {
                    $0 % 7 == 0
                        ? #"{"id":"echo/many/\#($0)","comment":"fails","input":{"n":\#($0)},"expected":{"n":-1}}"#
                        : #"{"id":"echo/many/\#($0)","comment":"passes","input":{"n":\#($0)},"expected":{"n":\#($0)}}"#
                }))
        let set = try RunnerFixtures.loader().load(directories: [s.root])
        let one = VectorRunner.run(set, jobs: 1)
        let four = VectorRunner.run(set, jobs: 4)
        #expect(one.results.count == 900)
        #expect(one.results.map(\.name) == four.results.map(\.name))
        #expect(one.results.map(\.status) == four.results.map(\.status))
        #expect(one.results.map(\.mismatches) == four.results.map(\.mismatches))
        #expect(four.failed == 42 * 3)
    }

    // MARK: expected-failures.json

    @Test func expectedFailuresFailOnUnexpectedPassesAndStaleEntries() throws {
        let s = try ScratchVectors()
        try s.write(
            "echo/x.json",
            RunnerFixtures.echoFile([
                #"{"id":"echo/x/fails","comment":"c","input":{"a":1},"expected":{"a":2}}"#,
                #"{"id":"echo/x/passes","comment":"c","input":{"a":1},"expected":{"a":1}}"#,
            ]))
        let set = try RunnerFixtures.loader().load(directories: [s.root])

        let accepted = ExpectedFailures(entries: [("echo/x/fails", "known deviation")])
        let r1 = VectorRunner.run(set, expectedFailures: accepted)
        #expect(r1.succeeded)
        #expect(r1.expectedFailureCount == 3)
        #expect(r1.passed == 3)
        #expect(r1.finalLine == "3 passed, 0 failed, 3 expected, 0 n/a")  // each run counted once

        let onlyAF4 = ExpectedFailures(entries: [("echo/x/fails@af4", "known in af4 only")])
        let r2 = VectorRunner.run(set, expectedFailures: onlyAF4)
        #expect(r2.failed == 2)  // af3 and strict still fail

        let wrong = ExpectedFailures(entries: [("echo/x/passes", "stale reason")])
        let r3 = VectorRunner.run(set, expectedFailures: wrong)
        #expect(r3.results.filter { if case .unexpectedPass = $0.status { true } else { false } }.count == 3)
        // The message names the file the entry is in, whatever it is called.
        let named = ExpectedFailures(entries: [("echo/x/passes", "stale reason")], file: "my-adapter-deviations.json")
        let console = Reporters.console(VectorRunner.run(set, expectedFailures: named), verbose: true)
        #expect(
            console.contains(
                "echo/x/passes [af3, af4, strict] passed but is listed in "
                    + "my-adapter-deviations.json (stale reason); remove the entry"
            ))
        #expect(r3.failed == 6)  // 3 real failures + 3 unexpected passes

        let stale = ExpectedFailures(entries: [("echo/x/gone", "removed vector"), ("echo/x/fails", "ok")])
        let r4 = VectorRunner.run(set, expectedFailures: stale)
        #expect(r4.staleExpectedFailures == ["echo/x/gone"])
        #expect(r4.failed == 1)
        #expect(
            Reporters.console(r4).contains(
                "Stale expected-failures entries (no such vector):\n  echo/x/gone (in expected-failures.json)"))
    }

    @Test func expectedFailuresFileFormat() throws {
        let s = try ScratchVectors()
        let ok = try s.write("xf.json", #"{"echo/a/1": "reason", "echo/a/2@strict": "other"}"#)
        #expect(try ExpectedFailures.load(ok).entries.map(\.key) == ["echo/a/1", "echo/a/2@strict"])
        let bad = try s.write("bad.json", #"{"echo/a/1": ""}"#)
        #expect(throws: HarnessError.self) { try ExpectedFailures.load(bad) }
        #expect(try ExpectedFailures.load(s.root + "/missing.json").entries.isEmpty)
    }

    // MARK: Reports

    @Test func reportsAreWellFormed() throws {
        let s = try ScratchVectors()
        try s.write(
            "echo/r.json",
            RunnerFixtures.echoFile([
                #"{"id":"echo/r/1","comment":"c <&>","input":{"b":{"hex":"00ff"}},"expected":{"b":{"hex":"0000"}}}"#,
                #"{"id":"echo/r/2","comment":"c","input":{"a":1},"expected":{"a":1}}"#,
            ]))
        try s.write("echo/broken.json", "{")
        let set = try RunnerFixtures.loader().load(directories: [s.root])
        let report = VectorRunner.run(set)

        let junit = Reporters.junit(report)
        let doc = try XMLDocument(xmlString: junit)
        let cases = try doc.nodes(forXPath: "//testcase")
        #expect(cases.count == 7)  // 6 runs + 1 file problem
        #expect(try doc.nodes(forXPath: "//testcase/failure").count == 4)

        let json = try JSONParser.parse(Reporters.json(report))
        #expect(json["passed"] == .int(3))
        #expect(json["failed"] == .int(4))
        #expect(json["results"]?.arrayValue?.count == 6)

        let md = Reporters.markdown(report)
        #expect(md.hasPrefix("## Conformance: ❌ 3 passed, 4 failed"))
        #expect(md.contains("| `echo` | 3 | 3 |"))
    }

    // MARK: Canonical layout

    @Test func canonicalWriterReproducesEveryGeneratedFileByteForByte() throws {
        var checked = 0
        for file in try VectorLoader.vectorFiles(in: RunnerFixtures.bundledRoot) {
            let bytes = try FileSystem.readFile(file)
            let doc = try JSONParser(maxDepth: 4096).parse(bytes)
            guard doc["generatedBy"] != nil else { continue }
            #expect(Array(VectorFileWriter.text(doc).utf8) == bytes, "\(file)")
            checked += 1
        }
        #expect(checked > 20)
    }
}
