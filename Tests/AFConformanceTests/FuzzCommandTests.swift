import AFSerialization
import Foundation
import Testing
import TestSupport

/// `conformance fuzz` as a program: its exit statuses, and a campaign folder that a second run goes
/// on from (the totals add up, the known classes stay known).
@Suite struct FuzzCommandTests {
    static func state(_ folder: URL) throws -> JSONValue {
        try JSONParser().parse(Array(try Data(contentsOf: folder.appendingPathComponent("state.json"))))
    }

    @Test func aSecondRunGoesOnFromTheSavedState() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("afs-fuzz-cli-\(UUID())")
        defer { try? FileManager.default.removeItem(at: out) }
        let args = [
            "fuzz", "--implementation", Implementations.fake("forward"), "--target", "percent-escape", "--rounds", "2",
            "--batch", "50", "--out", out.path,
        ]
        let first = try Implementations.cli(args)
        #expect(first.status == 0, "\(first.output)")
        let inputs = try #require(try Self.state(out)["inputs"]?.intValue)
        #expect(inputs > 0)
        let second = try Implementations.cli(args)
        #expect(second.status == 0, "\(second.output)")
        #expect(try Self.state(out)["inputs"]?.intValue ?? 0 > inputs)
        #expect(second.output.contains("0 new class(es)"))
    }

    @Test func aPlantedBugExitsOneAndItsCaseIsWritten() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("afs-fuzz-cli-\(UUID())")
        defer { try? FileManager.default.removeItem(at: out) }
        let r = try Implementations.cli([
            "fuzz", "--implementation", Implementations.fake("drop-double-tilde"), "--target", "percent-escape",
            "--rounds", "12", "--batch", "400", "--out", out.path,
        ])
        #expect(r.status == 1, "\(r.output)")
        #expect(r.output.contains("new: "))
        let findings = out.appendingPathComponent("findings")
        let implementations = try FileManager.default.contentsOfDirectory(atPath: findings.path)
        #expect(implementations.count == 1)
    }

    @Test func usageErrorsExit64() throws {
        #expect(try Implementations.cli(["fuzz"]).status == 64)
        #expect(
            try Implementations.cli(["fuzz", "--implementation", "cat", "--target", "no-such-target"]).status == 64)
    }
}
