#if canImport(Glibc)
    import Glibc
#endif
import AFSerialization
import Foundation

/// fuzz-plist-request's comparison with Foundation (``PlistRequestFuzz/checkAgainstFoundation(_:_:)``)
/// in `afs-oracle-host`, a program built without sanitizers (``ForkedChild/Venue/exec(path:arguments:)``).
///
/// In the fuzzing process Foundation's writer would be most of an execution of that target: under
/// AddressSanitizer each of its many allocations goes through the sanitizer's allocator and
/// libFuzzer's malloc hooks, and outside them the same check costs about half as much. The host
/// runs the same function on the same tree and body and answers with its verdict, so the comparison
/// and its message are those of the in-process check. The core's writer stays in the fuzzing
/// process, under ASan and coverage.
///
/// A request is the tree's ``TreeWire`` bytes (their 4-byte length first) and the body; the answer is
/// `P` (passed) or `F` and the failure's message. A host that dies fails the input being checked
/// (Foundation crashed on it). Where no host can be started, the check runs in this process and
/// the executable says so once.
public enum FoundationHost {
    /// The service's name on the host's command line (``OracleHost``).
    static let service = "plist-request-foundation"
    /// Checks before the host is replaced: Foundation leaks for property lists it cannot read.
    static let checksPerHost = 100_000
    /// The environment variable that names the host program; default: `afs-oracle-host` beside
    /// the executable (scripts/fuzz/build.sh puts it there).
    public static let pathVariable = "AFS_ORACLE_HOST"

    nonisolated(unsafe) private static var tried = false

    /// The host program this process would start: ``pathVariable``, else `afs-oracle-host` in the
    /// executable's directory.
    public static var programPath: String {
        if let path = ProcessInfo.processInfo.environment[pathVariable], !path.isEmpty { return path }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("afs-oracle-host").path
    }

    /// A helper that starts the host at `path`.
    public static func child(path: String) -> ForkedChild {
        ForkedChild(
            name: "fuzz-plist-request: Foundation's check in \(path)", requestsPerChild: checksPerHost,
            venue: .exec(path: path, arguments: [service]))
    }

    /// Once per process: starts the host on this thread's CPU (``SharedCPU``) and installs it as
    /// ``FuzzOracles/foundationHost`` when it gives the in-process verdict on a tree that passes and
    /// on one that fails; stops the process when it gives another (a broken transport would be every
    /// input's fault). Without a host program, a line on standard error, and the checks stay in this
    /// process.
    public static func installOnce() {
        guard !tried else { return }
        tried = true
        let path = programPath
        guard FileManager.default.isExecutableFile(atPath: path) else {
            standardError("fuzz-plist-request: no \(path); Foundation's checks run in this process")
            return
        }
        let host = child(path: path)
        host.sharesCPU = true
        switch probe(host) {
        case .agrees: FuzzOracles.install { $0.foundationHost = host }
        case .unavailable(let why):
            standardError(
                "fuzz-plist-request: \(path) did not answer (\(why)); Foundation's checks run in this process")
        case .disagrees(let what):
            standardError("fuzz-plist-request: \(path) disagrees with Foundation in this process: \(what)")
            abort()
        }
    }

    enum Probe: Equatable {
        case agrees
        case unavailable(String)
        case disagrees(String)
    }

    /// The host's verdicts against this process's on two trees and bodies: one the check passes,
    /// and the same with a byte added, which it fails.
    static func probe(_ host: ForkedChild) -> Probe {
        let tree = ParameterValue.dictionary([
            .init("b", .array([.integer(1), .string("x<&>")])), .init("a", .data([0, 1, 2])),
        ])
        guard let body = try? PlistXMLWriter.write(tree) else { return .disagrees("the probe tree has no body") }
        let wire = TreeWire.encode(tree)
        for candidate in [body, body + [0x0A]] {
            let here = inProcess(tree, candidate), there: Verdict
            switch host.ask(request(wire, candidate)) {
            case .answered(let reply):
                guard let verdict = verdict(reply) else { return .disagrees("an answer that does not decode") }
                there = verdict
            case .unavailable: return .unavailable("no child process")
            case .died(let how): return .unavailable(how)
            }
            guard "\(here)" == "\(there)" else { return .disagrees("\(there) against \(here)") }
        }
        return .agrees
    }

    /// The comparison for `parameters` (whose ``TreeWire`` bytes are `tree`) and the core's `body`,
    /// in `host`; in this process when no child can be started.
    static func check(_ host: ForkedChild, _ parameters: ParameterValue, tree: [UInt8], body: [UInt8])
        throws(FuzzFailure)
    {
        switch host.ask(request(tree, body)) {
        case .answered(let reply):
            guard let verdict = verdict(reply) else {
                throw FuzzFailure("afs-oracle-host sent an answer that does not decode (\(reply.count) bytes)")
            }
            if case .failed(let message) = verdict { throw FuzzFailure(message) }
        case .unavailable:
            try PlistRequestFuzz.checkAgainstFoundation(parameters, body)
        case .died(let how):
            throw FuzzFailure("Foundation's check died in afs-oracle-host (\(how)) on this tree and body")
        }
    }

    static func request(_ tree: [UInt8], _ body: [UInt8]) -> [UInt8] {
        var r = ForkedChild.Frame.length(tree.count)
        r.reserveCapacity(4 + tree.count + body.count)
        r += tree
        r += body
        return r
    }

    enum Verdict: Equatable, CustomStringConvertible {
        case passed
        case failed(String)

        var description: String {
            switch self {
            case .passed: "passed"
            case .failed(let message): "failed: \(message)"
            }
        }
    }

    static func verdict(_ reply: [UInt8]) -> Verdict? {
        switch reply.first {
        case UInt8(ascii: "P") where reply.count == 1: .passed
        case UInt8(ascii: "F"): .failed(String(decoding: reply.dropFirst(), as: UTF8.self))
        default: nil
        }
    }

    /// The check in this process.
    static func inProcess(_ tree: ParameterValue, _ body: [UInt8]) -> Verdict {
        do {
            try PlistRequestFuzz.checkAgainstFoundation(tree, body)
            return .passed
        } catch { return .failed(error.message) }
    }

    /// The host's side: the in-process check on the request's tree and body.
    static func answer(_ request: [UInt8]) -> [UInt8] {
        guard request.count >= 4 else { return Array("Fa request of \(request.count) bytes".utf8) }
        let n = ForkedChild.Frame.length(in: request, at: 0)
        guard n <= request.count - 4, let tree = TreeWire.decode(Array(request[4..<4 + n])) else {
            return Array("Fafs-oracle-host cannot read the tree of a \(request.count)-byte request".utf8)
        }
        let body = Array(request[(4 + n)...])
        switch inProcess(tree, body) {
        case .passed: return [UInt8(ascii: "P")]
        case .failed(let message): return [UInt8(ascii: "F")] + Array(message.utf8)
        }
    }

    /// How many checks hosts made, and how many hosts there were; nil when none was started.
    static var summary: String? {
        guard let host = FuzzOracles.installed.foundationHost else { return nil }
        return "fuzz-plist-request: \(host.answered) Foundation checks in \(host.children) afs-oracle-host processes"
    }
}
