import AFConformance
import AFCorpus
import Foundation
import Testing
import TestSupport

/// Output snapshots: digest, file format, comparison, and the committed `Snapshots/`.
@Suite struct SnapshotTests {
    /// Expected digests: the FNV-1a 64-bit test vectors published with the algorithm
    /// (Noll's FNV test suite / draft-eastlake-fnv: "" → cbf29ce484222325, "a", "foobar").
    @Test func fnv1a64MatchesPublishedVectors() {
        #expect(FNV1a64.hex(FNV1a64.hash("".utf8)) == "cbf29ce484222325")
        #expect(FNV1a64.hex(FNV1a64.hash("a".utf8)) == "af63dc4c8601ec8c")
        #expect(FNV1a64.hex(FNV1a64.hash("foobar".utf8)) == "85944171f73967e8")
    }

    @Test func excerptEscapesControlsAndCuts() {
        #expect(SnapshotEntry.excerpt("a\tb\nc\\d\u{1}") == "a\\tb\\nc\\\\d\\u{1}")
        #expect(SnapshotEntry.excerpt("abcdef", limit: 3) == "abc…")
        #expect(SnapshotEntry.excerpt("é\u{2028}", limit: 5) == "é\\u{2028}")
    }

    @Test func fileRoundTripsAndIsSorted() throws {
        let s = Snapshot(
            target: "json", rendersOutput: true,
            entries: [
                SnapshotEntry(path: "json/b", output: "value 1"),
                SnapshotEntry(path: "json/a", output: "error x\ty"),
            ])
        #expect(s.entries.map(\.path) == ["json/a", "json/b"])
        #expect(s.text.hasPrefix("# conformance snapshot v1: json (output)\n"))
        #expect(try Snapshot.parse(s.text) == s)
    }

    @Test func malformedFilesAreRejectedWithALine() {
        #expect(throws: Snapshot.ParseError.self) { try Snapshot.parse("no header\n") }
        #expect { try Snapshot.parse("# conformance snapshot v1: json (output)\nzz\tjson/a\tx\n") } throws: {
            ($0 as? Snapshot.ParseError)?.line == 2
        }
        #expect {
            try Snapshot.parse(
                "# conformance snapshot v1: json (output)\n0000000000000001\tjson/a\tx\n0000000000000001\tjson/a\tx\n")
        } throws: {
            ($0 as? Snapshot.ParseError)?.line == 3
        }
    }

    @Test func comparisonListsChangedNewAndGoneInputs() {
        let old = Snapshot(
            target: "t", rendersOutput: true,
            entries: [
                SnapshotEntry(path: "t/same", output: "x"),
                SnapshotEntry(path: "t/changed", output: "before"),
                SnapshotEntry(path: "t/gone", output: "y"),
            ])
        let now = Snapshot(
            target: "t", rendersOutput: true,
            entries: [
                SnapshotEntry(path: "t/same", output: "x"),
                SnapshotEntry(path: "t/changed", output: "after"),
                SnapshotEntry(path: "t/new", output: "z"),
            ])
        let c = SnapshotComparison(recorded: old, current: now, outputs: ["t/changed": "after"])
        #expect(c.changed.map(\.path) == ["t/changed"])
        #expect(c.added == ["t/new"])
        #expect(c.removed == ["t/gone"])
        #expect(!c.isClean)
        let report = c.report(diffs: 1)
        #expect(report.contains("CHANGED t/changed"))
        #expect(report.contains("recorded: before"))
        #expect(report.contains("now:      after"))
        #expect(SnapshotComparison(recorded: old, current: old, outputs: [:]).isClean)
    }

    /// Records the real corpus into a temp dir, then checks with a renderer whose behaviour was
    /// deliberately changed on inputs whose output mentions an error: exactly those are flagged.
    @Test func aDeliberateBehaviourChangeIsFlagged() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent(
            "snapshot-test-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let recorder = SnapshotRecorder(corpusRoot: Repository.corpus, snapshotRoot: tmp)
        let json = try #require(SnapshotRecorder.targets.first { $0.name == "json" })
        #expect(json.rendersOutput)
        let n = try recorder.write(json)
        #expect(n >= 3)
        #expect(try recorder.check(json).isClean)

        var changed = json
        changed.describe = { bytes in
            let out = json.describe(bytes)
            return out.contains("\nerror ") ? out.replacingOccurrences(of: "3840", with: "3841") : out
        }
        let (_, outputs) = try recorder.record(json)
        let expected = outputs.filter { $0.value.contains("\nerror ") && $0.value.contains("3840") }.keys.sorted()
        #expect(!expected.isEmpty, "the corpus has no rejected JSON input: the test would be vacuous")
        let comparison = try recorder.check(changed)
        #expect(comparison.changed.map(\.path).sorted() == expected)
        #expect(comparison.added.isEmpty && comparison.removed.isEmpty)
    }

    /// The gate: the committed `Snapshots/` match the core's current output on every corpus input.
    /// After an intended behaviour change or new corpus inputs: `swift run conformance snapshot`.
    @Test(arguments: SnapshotRecorder.targets.map(\.name))
    func committedSnapshotsMatch(_ name: String) throws {
        let recorder = SnapshotRecorder(corpusRoot: Repository.corpus, snapshotRoot: Repository.snapshots)
        let target = try #require(SnapshotRecorder.targets.first { $0.name == name })
        let comparison = try recorder.check(target)
        #expect(comparison.isClean, "\(comparison.report(diffs: 3))")
    }
}
