import Foundation

/// Issue 26: the JSON document's peers in other languages, timed on the same bytes in the same run
/// as the core. Each peer reads the file, decodes it to its native string once (not timed: JSON.parse
/// and json.loads take text, so the peer is spared the UTF-8 decoding the core does), checks the
/// top-level element count, then reports its best of `repeats` wall times in seconds.
struct JSONPeer: Sendable {
    let name: String
    let executable: String
    let arguments: @Sendable (_ file: String, _ repeats: Int) -> [String]

    static let all: [JSONPeer] = [
        JSONPeer(name: "Node JSON.parse", executable: "node") { file, repeats in
            [
                "-e",
                """
                const fs = require('fs'); const text = fs.readFileSync(\(peerLiteral(file)), 'utf8');
                let best = Infinity, n = 0;
                for (let r = 0; r < \(repeats); r++) {
                  const t = process.hrtime.bigint(); const v = JSON.parse(text);
                  const s = Number(process.hrtime.bigint() - t) / 1e9; n = v.length; if (s < best) best = s;
                }
                console.log(n + ' ' + best);
                """,
            ]
        },
        JSONPeer(name: "Python json.loads", executable: "python3") { file, repeats in
            [
                "-c",
                """
                import json, time
                text = open(\(peerLiteral(file)), encoding='utf-8').read()
                best, n = float('inf'), 0
                for _ in range(\(repeats)):
                    t = time.perf_counter(); v = json.loads(text); s = \
                time.perf_counter() - t; n = len(v); best = min(best, s)
                print(n, best)
                """,
            ]
        },
    ]

    /// Best time in seconds, or why there is none (not installed, failed, disagreed on the count).
    func time(file: String, repeats: Int, expectedCount: Int) -> Result<Double, PeerFailure> {
        guard let path = Self.which(executable) else {
            return .failure(.init(reason: "\(executable) is not installed"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments(file, repeats)
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return .failure(.init(reason: "\(executable) did not start: \(error)")) }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = output.split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == 2, let count = Int(fields[0]),
            let seconds = Double(fields[1])
        else {
            return .failure(
                .init(reason: "\(executable) failed (status \(process.terminationStatus)): \(output.prefix(200))"))
        }
        guard count == expectedCount else {
            return .failure(.init(reason: "\(name) read \(count) top-level elements, the core \(expectedCount)"))
        }
        return .success(seconds)
    }

    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

}

/// A string literal valid in both JavaScript and Python.
func peerLiteral(_ s: String) -> String {
    "'" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
}

struct PeerFailure: Error {
    let reason: String
}
