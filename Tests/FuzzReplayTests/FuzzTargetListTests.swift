import AFCorpusFormat
import AFFuzzBodies
import Foundation
import Testing
import TestSupport

/// `scripts/fuzz/targets.json` is the one list of fuzz targets: Package.swift declares `fuzz-<name>`
/// from it; targets.sh, seeds.py, the overnight driver and the mutation fuzz layer read it. It must
/// list the bodies of ``FuzzTargets/all`` in order, then the canary; each with its executable, its
/// oracles, and as many header bytes as its input format's doc comment gives ("Header (N bytes,
/// frozen)", on `<Name>Input` in Sources/AFCorpusFormat). The corpus format lists the same targets.
@Suite struct FuzzTargetListTests {
    struct List: Decodable { let targets: [Entry] }
    struct Entry: Decodable { let name: String, body: String, canary: Bool?, oracles: [String], header: [Field] }
    /// A header field: one byte (`"byte": 3`) or a span (`"byte": [1, 2]`).
    struct Field: Decodable {
        let width: Int
        enum Key: CodingKey { case byte }
        init(from decoder: any Decoder) throws {
            let span = try? decoder.container(keyedBy: Key.self).decode([Int].self, forKey: .byte)
            width = span.map { $0[1] - $0[0] + 1 } ?? 1
        }
    }

    static let root = Repository.root
    static func list() throws -> [Entry] {
        try JSONDecoder().decode(List.self, from: Data(contentsOf: root.appendingPathComponent("scripts/fuzz/targets.json"))).targets
    }

    @Test func theListIsFuzzTargetsAllThenTheCanary() throws {
        let bodies: [any FuzzBody.Type] = FuzzTargets.all + [CanaryFuzz.self]
        let list = try Self.list()
        #expect(list.map(\.name) == bodies.map { $0.name })
        #expect(list.map(\.body) == bodies.map { String(describing: $0) })
        #expect(list.map { $0.canary ?? false } == bodies.map { $0.name == CanaryFuzz.name })
    }

    @Test func theCorpusFormatHasEveryBodyAndNoOther() {
        #expect(CorpusTargets.all.map { $0.name } == FuzzTargets.all.map { $0.name })
        #expect(CorpusTargets.all.map { String(describing: $0) } == FuzzTargets.all.map { String(describing: $0).replacingOccurrences(of: "Fuzz", with: "Input") })
    }

    @Test func everyTargetHasItsExecutableOraclesAndHeader() throws {
        for t in try Self.list() {
            let executable = Self.root.appendingPathComponent("Sources/Fuzzers/\(t.name)")
            #expect(FileManager.default.fileExists(atPath: executable.path), "no \(executable.path)")
            #expect(!t.oracles.isEmpty, "\(t.name) lists no oracles")
            guard t.canary != true else { continue }
            let format = t.body.replacingOccurrences(of: "Fuzz", with: "Input")
            let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/AFCorpusFormat/\(format).swift"), encoding: .utf8)
            let documented = source.components(separatedBy: "Header (").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) }
            let size = try #require(documented, "\(format).swift gives no header size")
            let listed = t.header.reduce(0) { $0 + $1.width }
            #expect(listed == size, "\(t.name): \(listed) header bytes in targets.json, \(size) in \(format).swift")
        }
    }
}
