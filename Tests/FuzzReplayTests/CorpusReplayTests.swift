import AFFuzzBodies
import AFFuzzMultipartKitOracle
import AFFuzzXMLOracle
import Foundation
import Testing
import TestSupport

/// Replays every file of `Corpus/<target>/` (seeds, derived vector inputs and `regressions/`)
/// through the shared fuzz bodies, so machines without libFuzzer/ASan still catch regressions.
@Suite struct CorpusReplayTests {
    static let corpusRoot = Repository.corpus

    static let targetNames = FuzzTargets.all.map { $0.name }

    /// Links the multipart-parser target's multipart-kit differential and the response target's
    /// expat oracle in, once (a lazy static).
    static let oracles: Void = {
        MultipartKitOracle.install(); ExpatOracle.install()
    }()

    /// Input files under `dir`, recursively; dictionaries, options and notes are not inputs.
    static func inputs(in dir: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .filter { !["dict", "md", "txt", "options"].contains($0.pathExtension) }
            .sorted { $0.path < $1.path }
    }

    @Test(arguments: targetNames)
    func replayCorpus(_ name: String) throws {
        _ = Self.oracles
        let body = try #require(FuzzTargets.all.first { $0.name == name })
        var files = Self.inputs(in: Self.corpusRoot.appendingPathComponent(name))
        // A target without seeds would make this test vacuous.
        #expect(files.count >= 3, "Corpus/\(name) has only \(files.count) inputs")
        // FUZZ_REPLAY_DIR=fuzz-out also replays what a libFuzzer campaign kept (e.g. through the
        // multipart-kit oracle, which CI's sanitizer build leaves out).
        if let extra = ProcessInfo.processInfo.environment["FUZZ_REPLAY_DIR"] {
            files += Self.inputs(
                in: URL(fileURLWithPath: extra).appendingPathComponent(name).appendingPathComponent("corpus"))
        }
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            do {
                try body.run(bytes: bytes)
            } catch {
                Issue.record("\(file.path): \(error.message)")
            }
        }
    }

    @Test func multipartKitOracleIsInstalled() {
        _ = Self.oracles
        #expect(FuzzOracles.installed.multipartReference != nil)
    }

    /// The XML oracle is expat, not a stand-in: it accepts and rejects as XML 1.0 says.
    @Test func expatOracleIsInstalled() throws {
        _ = Self.oracles
        let expat = try #require(FuzzOracles.installed.xmlReference)
        #expect(expat(Array("<a b='1'>x&amp;y</a>".utf8)) == nil)
        #expect(expat(Array("<a>&nope;</a>".utf8)) != nil)
        #expect(expat(Array("<a>x\u{1}</a>".utf8))?.byteIndex == 4)  // as Vectors/response/xml-strict.json pins
    }

    /// Every directory under Corpus/ belongs to a replayed target (or the canary), and each has its
    /// libFuzzer dictionary.
    @Test func everyCorpusHasATargetAndADictionary() throws {
        let dirs = try FileManager.default.contentsOfDirectory(atPath: Self.corpusRoot.path).filter {
            !$0.hasPrefix(".")
        }
        for dir in dirs where dir != "canary" && !dir.hasSuffix(".md") {
            #expect(Self.targetNames.contains(dir), "Corpus/\(dir) has no fuzz body in FuzzTargets.all")
        }
        for name in Self.targetNames {
            let dict = Self.corpusRoot.appendingPathComponent(name).appendingPathComponent("\(name).dict")
            #expect(FileManager.default.fileExists(atPath: dict.path), "missing \(dict.path)")
        }
    }
}
