import AFSerialization
import AFVectorFormat
import Foundation
import Testing
@testable import AFConformance

/// The suite's version and vectors digest (VECTORS.md §7.2, §7.3): SHA-256 against FIPS 180-4's
/// examples, the digest against the shell recipe that defines it, and the handshake member.
@Suite struct SuiteVersionTests {
    /// FIPS 180-4's examples (NIST CSRC "Examples with Intermediate Values", SHA-256), and the
    /// empty message as `sha256sum` prints it.
    @Test func sha256MatchesTheStandardsExamples() {
        let cases: [(String, String)] = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ]
        for (message, digest) in cases {
            #expect(SHA256.hex(SHA256.hash(Array(message.utf8))) == digest, "\(message)")
        }
        // One million `a`, given in pieces that straddle the 64-byte blocks.
        var h = SHA256()
        var left = 1_000_000
        var piece = 1
        while left > 0 {
            let n = min(left, piece)
            h.update([UInt8](repeating: 0x61, count: n))
            left -= n
            piece = piece % 97 + 13
        }
        #expect(SHA256.hex(h.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    static func shell(_ script: String, in dir: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", script]
        p.currentDirectoryURL = URL(fileURLWithPath: dir)
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The digest is what the recipe in VECTORS.md §7.3 prints, on a tree with nested folders, names
    /// that sort differently by byte and by locale, and hidden files the recipe skips.
    @Test func theDigestIsTheShellRecipe() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("afs-suite-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            "suite.json": #"{"suite": "afserialization-vectors", "version": "2.10.0-dev"}"#,
            "b/Z.json": "[1]", "b/a.json": "[2]", "b-c/x.json": "[]", "B/y": "bytes\n", "b/deep/er/f.json": "{}",
            ".hidden": "no", "b/.git/config": "no",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let recipe = "find . -name '.?*' -prune -o -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum"
        let expected = try Self.shell(recipe, in: root.path).prefix(64)
        #expect(expected.count == 64)
        let suite = try SuiteInfo.load(root: root.path)
        #expect(suite.vectors == "sha256:" + expected)
        #expect(suite.version == "2.10.0-dev")
        // Any byte of any file moves it; a hidden file does not.
        try Data("[3]".utf8).write(to: root.appendingPathComponent("b/a.json"))
        let moved = try SuiteInfo.digest(root: root.path)
        #expect(moved != suite.vectors)
        try Data("changed".utf8).write(to: root.appendingPathComponent(".hidden"))
        #expect(try SuiteInfo.digest(root: root.path) == moved)
    }

    @Test func aVersionIsSemVerWithAnOptionalDevSuffix() {
        for ok in ["1.0.0", "1.0.0-dev", "0.12.3", "10.0.1-dev"] { #expect(SuiteInfo.isVersion(ok), "\(ok)") }
        for bad in ["1.0", "1.0.0.0", "01.0.0", "1.0.0-rc1", "v1.0.0", "1..0", "", "1.0.0-"] {
            #expect(!SuiteInfo.isVersion(bad), "\(bad)")
        }
    }

    @Test func aBadSuiteFileIsNamedWithWhatIsWrong() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("afs-suite-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        #expect(throws: HarnessError.self) { try SuiteInfo.load(root: root.path) }
        try Data(#"{"suite": "afserialization-vectors", "version": "1.0"}"#.utf8)
            .write(to: root.appendingPathComponent("suite.json"))
        do {
            _ = try SuiteInfo.load(root: root.path)
            Issue.record("a two-part version was accepted")
        } catch {
            #expect("\(error)".contains("suite.json") && "\(error)".contains("MAJOR.MINOR.PATCH"), "\(error)")
        }
    }

    /// The bundled suite has a version and the handshake tells it to every process.
    @Test func theHandshakeCarriesTheSuite() throws {
        let suite = try SuiteInfo.load(root: VectorPaths.defaultRoot())
        #expect(SuiteInfo.isVersion(suite.version))
        var machine = ImplementationMachine(
            config: .init(window: 1, requestTimeout: 10, maxSilentStarts: 3, maxCrashes: 5, suite: suite),
            items: ImplementationMachineTests.items([("echo", 1)]), command: "impl")
        _ = machine.start()
        let actions = machine.handle(.spawned(now: 1))
        guard case .send(let line)? = actions.first else {
            Issue.record("no handshake sent: \(actions)")
            return
        }
        let request = try JSONParser().parse(Array(line.dropLast()))
        #expect(request["input"]?["suite"]?["version"] == .string(suite.version))
        #expect(request["input"]?["suite"]?["vectors"] == .string(suite.vectors))
        #expect(request["input"]?["protocol"] == .string("1.1"))
    }

    /// A runner started anywhere evaluates the bundled vectors from their suite root: the multipart
    /// `path` parts name files relative to it (VECTORS.md §1.1), so a run from another directory
    /// failed every one of them before.
    @Test func aRunFromAnotherDirectoryResolvesPathsFromTheSuiteRoot() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("afs-cwd-\(UUID())")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let vectors = FileManager.default.currentDirectoryPath + "/Vectors"
        let p = Process()
        p.executableURL = EvalChild.binary
        p.arguments = ["run", "--filter", "multipart/"]
        p.currentDirectoryURL = elsewhere
        p.environment = ["AFS_CONFORMANCE_VECTORS": vectors]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(p.terminationStatus == 0, "\(last)")
        #expect(last.hasSuffix(" 0 failed, 0 expected, 0 n/a") && !last.hasPrefix("0 passed"), "\(last)")
    }
}
