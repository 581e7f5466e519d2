import AFSerialization
import Foundation
import Testing
@testable import AFConformance

/// Verdicts that carry their authority (VECTORS.md §1.3, §4 rule 11, §5.3): levels per profile,
/// acceptable outcomes, `--level`, failure classes, the authority checks of `coverage`, and replies
/// read as RFC 8259 JSON.
@Suite struct RunnerVerdictTests {
    func j(_ s: String) throws -> JSONValue { try JSONParser.parse(s) }

    func load(_ vectors: [String]) throws -> (VectorSet, ScratchVectors) {
        let scratch = try ScratchVectors()
        try scratch.write("echo/t.json", RunnerFixtures.echoFile(vectors))
        return (try RunnerFixtures.loader().load(directories: [scratch.root]), scratch)
    }

    // MARK: Levels on vectors

    @Test func aLevelHoldsForEveryProfileOrNamesEach() throws {
        let (set, _) = try load([
            #"{"id":"echo/t/1","comment":"c","level":"must","authority":"RFC3986#2.1 SHOULD","#
                + #""input":{"a":1},"expected":{"a":1}}"#,
            #"{"id":"echo/t/2","comment":"c","profiles":["af4","strict"],"level":{"af4":"af","strict":"decision"},"#
                + #""authority":{"af4":"AF-4.0.1/X.m#L1-L2","strict":"SPEC§2.3"},"input":{"a":1},"expected":{"a":1}}"#,
            #"{"id":"echo/t/3","comment":"no level: loads, counts under no level","input":{"a":1},"expected":{"a":1}}"#,
        ])
        #expect(set.problems.isEmpty)
        #expect(set.vectors[0].levels == ["af3": .must, "af4": .must, "strict": .must])
        #expect(set.vectors[1].level(for: "strict") == .decision)
        #expect(set.vectors[1].authorities["af4"] == "AF-4.0.1/X.m#L1-L2")
        #expect(set.vectors[1].levelSummary == "af4: af; strict: decision")
        #expect(set.vectors[2].levels.isEmpty)
        #expect(set.vectors[2].levelSummary == "no level")
    }

    @Test func levelsThatDisagreeWithTheProfilesRejectTheVector() throws {
        let (set, _) = try load([
            #"{"id":"echo/t/1","comment":"c","profiles":["af4"],"level":{"af4":"af","#
                + #""strict":"must"},"authority":"SPEC§1","input":{},"expected":{}}"#,
            #"{"id":"echo/t/2","comment":"c","level":"decision","input":{},"expected":{}}"#,
            #"{"id":"echo/t/3","comment":"c","level":"implementation-defined","#
                + #""authority":"SPEC§5.7","input":{},"expected":{}}"#,
            #"{"id":"echo/t/4","comment":"c","level":"must","authority":"RFC1 MUST","#
                + #""acceptable":[{}],"input":{},"expected":{}}"#,
            #"{"id":"echo/t/5","comment":"c","level":"sometimes","authority":"SPEC§1","input":{},"expected":{}}"#,
        ])
        #expect(set.vectors.isEmpty)
        let fields = set.problems.map { "\($0.id ?? ""): \($0.field ?? "")" }
        #expect(
            fields == [
                "echo/t/5: level", "echo/t/1: level", "echo/t/2: authority", "echo/t/3: acceptable",
                "echo/t/4: acceptable",
            ])
        #expect(set.problems[1].message == "names profiles af4, strict but the vector runs under af4")
    }

    // MARK: Acceptable outcomes

    @Test func anImplementationDefinedRunPassesByAnyAcceptableOutcome() throws {
        let (set, _) = try load([
            #"{"id":"echo/t/1","comment":"c","level":"implementation-defined","#
                + #""authority":"RFC2046#5.1.1","input":{"error":{"domain":"X","kind":"k"}},"#
                + #""expected":{"parts":[]},"acceptable":[{"parts":[1]},{"error":{"$any":true}}]}"#,
            #"{"id":"echo/t/2","comment":"c","level":"implementation-defined","#
                + #""authority":"RFC2046#5.1.1","input":{"parts":[2]},"expected":{"parts":[]},"#
                + #""acceptable":[{"parts":[1]},{"error":{"$any":true}}]}"#,
            #"{"id":"echo/t/3","comment":"c","level":"must","authority":"RFC2046#5.1.1 MUST","#
                + #""input":{"parts":[1]},"expected":{"parts":[]}}"#,
        ])
        let report = VectorRunner.run(set)
        let byID = Dictionary(grouping: report.results, by: \.vector.id)
        #expect(
            byID["echo/t/1"]!.allSatisfy {
                $0.status == .passed && $0.acceptedAlternative == 1 && $0.mismatches.isEmpty
            })
        #expect(byID["echo/t/2"]!.allSatisfy { $0.status == .failed && $0.mismatches.map(\.path) == ["output.parts"] })
        #expect(byID["echo/t/3"]!.allSatisfy { $0.status == .failed })
        let rows = report.byLevel()
        #expect(rows.map(\.name) == ["must", "implementation-defined"])
        #expect(rows[1].acceptable == 3 && rows[1].failed == 3 && rows[1].passed == 3)
        #expect(
            report.failuresByLevel
                == "3 RFC violations (must), 3 outcomes outside the acceptable ones (implementation-defined)")
        let console = Reporters.console(report)
        #expect(
            console.contains(
                "failures by authority: 3 RFC violations (must), 3 outcomes "
                    + "outside the acceptable ones (implementation-defined)"
            ))
        #expect(console.contains("(3 passed by an acceptable outcome other than this core's)"))
        let json = try j(Reporters.json(report))
        #expect(json["results"]?.arrayValue?.first?["acceptable"] == .int(1))
        #expect(json["levels"]?.arrayValue?.first?["level"] == .string("must"))
    }

    @Test func aHarnessErrorIsCountedApartFromTheAuthorityItsRunCarries() throws {
        let (set, _) = try load([
            #"{"id":"echo/t/1","comment":"c","level":"must","authority":"RFC3986#2.1 MUST","#
                + #""input":{"a":1},"expected":{"a":2}}"#,
            #"{"id":"echo/t/2","comment":"c","level":"must","authority":"RFC3986#2.1 MUST","#
                + #""input":{"a":1},"expected":{"a":1}}"#,
        ])
        var report = VectorRunner.run(set)
        for i in report.results.indices where report.results[i].vector.id == "echo/t/2" {
            report.results[i].status = .harnessError("the implementation gave no answer")
        }
        let must = try #require(report.byLevel().first)
        #expect(must.failed == 6 && must.unjudged == 3)
        #expect(
            report.failuresByLevel == "3 RFC violations (must), 3 not judged (harness errors: no answer to compare)")
        #expect(try j(Reporters.json(report))["levels"]?.arrayValue?.first?["unjudged"] == .int(3))
    }

    @Test func anyMatchesAPresentValueOnly() throws {
        #expect(
            Matcher.compare(expected: try j(#"{"error":{"$any":true}}"#), actual: try j(#"{"error":{"domain":"D"}}"#))
                .isEmpty)
        #expect(Matcher.compare(expected: try j(#"{"a":{"$any":true}}"#), actual: try j(#"{"a":null}"#)).isEmpty)
        #expect(
            Matcher.compare(expected: try j(#"{"error":{"$any":true}}"#), actual: try j(#"{"parts":[]}"#)).map(\.note)
                == ["expected an error, the output has none"])
    }

    // MARK: --level

    @Test func levelSelectionRunsOnlyTheRunsAtThoseLevels() throws {
        let (set, _) = try load([
            #"{"id":"echo/t/1","comment":"c","level":{"af3":"af","af4":"af","strict":"must"},"#
                + #""authority":{"af3":"AF-3.2.1/X.m#L1","af4":"AF-4.0.1/X.m#L1","#
                + #""strict":"RFC1#1 MUST"},"input":{},"expected":{}}"#,
            #"{"id":"echo/t/2","comment":"c","level":"decision","authority":"SPEC§1","input":{},"expected":{}}"#,
            #"{"id":"echo/t/3","comment":"c","input":{},"expected":{}}"#,
        ])
        let must = VectorRunner.run(set, selection: RunSelection(levels: [.must, .should]))
        #expect(must.results.map(\.name) == ["echo/t/1 [strict]"])
        let afAndDecision = VectorRunner.run(set, selection: RunSelection(levels: try Level.list("af, decision")))
        #expect(afAndDecision.results.count == 5)
        #expect(VectorRunner.run(set).results.count == 9)
        #expect(throws: HarnessError.self) { try Level.list("must,rfc") }
    }

    // MARK: Failure classes

    @Test func failingRunsGroupByComponentLevelPathAndNote() throws {
        let (set, _) = try load(
            (1...4).map { i in
                #"{"id":"echo/t/\#(i)","comment":"c","level":"\#(i == 4 ? "af" : "decision")","#
                    + #""authority":"\#(i == 4 ? "AF-4.0.1/X.m#L1" : "SPEC§1")","#
                    + #""input":{"parts":[\#(i),\#(i)]},"expected":{"parts":[0,\#(i)]}}"#
            })
        let classes = VectorRunner.run(set).failureClasses()
        #expect(
            classes.map(\.title) == [
                "echo [decision] output.parts[]: numbers differ", "echo [af] output.parts[]: numbers differ",
            ])
        #expect(classes.map { $0.runs.count } == [9, 3])
        #expect(classes[0].example.name == "echo/t/1 [af3]")
    }

    @Test func protocolErrorsGroupWithoutTheirReplyText() {
        var report = RunReport()
        report.protocolErrors = [
            ProtocolError(
                message:
                    #"reply id "x" matches no request in flight (oldest in "#
                    + #"flight: "a/b/001@af4#12"): "{\"id\":\"x\"}""#,
                run: "a/b/001 [af4]"),
            ProtocolError(
                message:
                    #"reply id "y" matches no request in flight (oldest in flight: "#
                    + #""a/b/002@af4#19"): "{\"id\":\"y\",\"output\":1}"… (812 bytes)"#
            ),
        ]
        let classes = report.protocolErrorClasses()
        #expect(classes.count == 1)
        #expect(classes[0].key == #"reply id "…" matches no request in flight (oldest in flight: "…"): "…""#)
        #expect(classes[0].errors.count == 2)
    }

    // MARK: Reading replies

    @Test func loneSurrogateEscapesAreReadAndTagged() throws {
        let v = try ReplyJSON.read(
            Array(#"{"id":"a","output":{"s":"x\uD83Dy","pair":"\uD83D\uDE00","k":{"\uDC00":1},"lit":"\\uD83D"}}"#.utf8))
        let out = try #require(v["output"])
        #expect(out["s"] == .obj([ReplyJSON.loneSurrogateTag: .string("x\u{FFFD}y")]))
        #expect(out["pair"] == .string("😀"))
        #expect(out["k"] == .obj([ReplyJSON.loneSurrogateTag: .object([.init("\u{FFFD}", .int(1))])]))
        #expect(out["lit"] == .string(#"\uD83D"#))
        #expect(v["id"] == .string("a"))
        // A line that already holds the first stand-in gets another one, so nothing else is tagged.
        let fdd0 = String(Unicode.Scalar(0xFDD0)!)  // a noncharacter: Swift refuses it in a literal
        let w = try ReplyJSON.read(Array("{\"a\":\"\(fdd0)\",\"b\":\"\\uDBFF\"}".utf8))
        #expect(w["a"] == .string(fdd0))
        #expect(w["b"] == .obj([ReplyJSON.loneSurrogateTag: .string("\u{FFFD}")]))
        // A lone surrogate never passes for U+FFFD.
        #expect(!Matcher.matches(expected: .obj(["s": .string("x\u{FFFD}y")]), actual: out))
    }

    @Test func aReplyThatIsNotJSONNamesTheOffsetAndReason() throws {
        do {
            _ = try ReplyJSON.read(Array(#"{"id":"a","output":tru}"#.utf8))
            Issue.record("parsed")
        } catch {
            #expect(error.offset == 19)
            #expect(error.description.hasPrefix("at byte 19: "))
            #expect(!error.reason.isEmpty)
        }
    }

    // MARK: coverage's authority checks

    func checker(readme: String = "# T\n## Writing an adapter\n") -> AuthorityCheck {
        let audit = AFAudit(rows: [
            AFAudit.Row(
                id: "2.2/set", spec: "SPEC§2.2", lines: ["3.2.1": "A.m#L1-L2", "4.0.1": "A.m#L3-L4 B.m#L9"],
                verdict: "agrees"),
            AFAudit.Row(id: "2.7/data", spec: "SPEC§2.7", lines: ["4.0.1": "A.m#L7"], verdict: "deviation"),
        ])
        let spec =
            "## 2. Query\n### 2.2 Flattening\n## 9. Normative references\n"
            + "- (`RFC2046#5.1.1`), (`RFC1952`), (`WHATWG-URL#5.2`)\n"
        return AuthorityCheck(
            audit: audit, spec: SpecSections(document: "SPEC", text: spec),
            vectorsDoc: SpecSections(document: "VECTORS.md", text: "## 4. Matching\n"),
            specText: spec, readmeText: readme)
    }

    @Test func authoritiesAreCheckedByLevel() {
        let c = checker()
        #expect(c.problem(level: .must, authority: "RFC2046#5.1.1 MUST NOT", profile: "af4") == nil)
        #expect(c.problem(level: .must, authority: "RFC1952#2.3.1.2 MUST", profile: "af4") == nil)
        #expect(c.problem(level: .must, authority: "RFC2046#5.1.1 SHOULD", profile: "af4")?.contains("keyword") == true)
        #expect(
            c.problem(level: .must, authority: "RFC2046 MUST", profile: "af4")
                == "\"RFC2046\" names no section (RFC3986#2.1)")
        #expect(
            c.problem(level: .should, authority: "RFC9999#1 SHOULD", profile: "af4")?.hasPrefix(
                "RFC9999 is not a normative reference") == true)
        #expect(c.problem(level: .af, authority: "AF-3.2.1/A.m#L1-L2", profile: "af3") == nil)
        #expect(c.problem(level: .af, authority: "AF-4.0.1/A.m#L3-L4 AF-4.0.1/B.m#L9", profile: "strict") == nil)
        #expect(
            c.problem(level: .af, authority: "AF-4.0.1/A.m#L3-L4", profile: "af4")?.contains(
                "not the citation of any row") == true)
        #expect(
            c.problem(level: .af, authority: "AF-4.0.1/A.m#L3-L4 AF-4.0.1/B.m#L9", profile: "af3")?.contains(
                "cites AF 3.2.1") == true)
        #expect(
            c.problem(level: .af, authority: "AF-4.0.1/A.m#L7", profile: "af4")
                == "cites audit row 2.7/data, whose verdict is deviation: AF's source "
                + "does not decide this value (level decision, by SPEC§2.7)"
        )
        #expect(c.problem(level: .decision, authority: "SPEC§2.2", profile: "af4") == nil)
        #expect(c.problem(level: .decision, authority: "VECTORS.md§4", profile: "af4") == nil)
        #expect(c.problem(level: .decision, authority: "SPEC§2.9", profile: "af4") == "SPEC.md has no section 2.9")
        #expect(
            c.problem(level: .decision, authority: "RFC2046#5.1.1", profile: "af4")?.hasPrefix(
                "a decision cites its SPEC rule") == true)
        #expect(c.problem(level: .implementationDefined, authority: "RFC2046#5.1.1", profile: "af4") == nil)
        #expect(
            c.problem(level: .decision, authority: "unreviewed", profile: "af4")?.hasPrefix("promoted vector") == true)
    }

    @Test func commentsCiteReadmeByHeadingsOnly() {
        let c = checker()
        #expect(c.commentProblems(#"see README "Writing an adapter" and Examples/urllib-adapter/README.md"#).isEmpty)
        #expect(
            c.commentProblems(#"README "Design" says"#) == [#"cites README "Design", a heading README does not have"#])
        #expect(c.commentProblems("last wins (README §6.4 decision)").count == 1)
        #expect(c.commentProblems("a README decision").count == 1)
    }

    @Test func theBundledAuditHasEveryRowAtSomeTag() throws {
        let audit = try AFAudit.load(AFAudit.file(root: RunnerFixtures.bundledRoot))
        #expect(audit.rows.count >= 40)
        #expect(audit.rows.allSatisfy { !$0.lines.isEmpty })
        #expect(Set(audit.rows.map(\.id)).count == audit.rows.count)
    }
}
