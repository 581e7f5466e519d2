import AFConformance
import AFSerialization
import Foundation
import Testing

/// VECTORS.md §5.5, checked on a real `conformance eval` child process driven in
/// lockstep: one line written, its reply awaited with stdin still open.
@Suite struct EvalProtocolTests {
    @Test func lockstepDriverGetsEveryReplyWithThePipeOpen() throws {
        let child = try EvalChild()
        defer { child.close() }
        for i in 0..<20 {
            let reply = try child.ask(#"{"id":"r\#(i)","component":"percent-escape","input":{"text":"a b/\#(i)"}}"#)
            #expect(reply["id"] == .string("r\(i)"))
            #expect(reply["output"]?["text"] == .string("a%20b/\(i)"))
        }
    }

    /// Parameters 3,000 levels deep: valid JSON, so the reply is the core's own depth error
    /// (SPEC §8 default 512) under the request's id, not a harness error.
    @Test func tooDeepParametersGetTheComponentsTypedErrorWithTheID() throws {
        let child = try EvalChild()
        defer { child.close() }
        let deep = String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000)
        for component in ["query-string", "multipart"] {
            let input =
                component == "query-string"
                ? #"{"parameters":{"a":\#(deep)}}"#
                : #"{"method":"POST","url":"http://h/","boundary":"B","parameters":{"a":\#(deep)},"parts":[]}"#
            let reply = try child.ask(#"{"id":"deep-\#(component)","component":"\#(component)","input":\#(input)}"#)
            #expect(reply["id"] == .string("deep-\(component)"))
            #expect(reply["harnessError"] == nil)
            #expect(reply["output"]?["error"]?["kind"] == .string("nestingTooDeep"))
            #expect(reply["output"]?["error"]?["domain"] == .string("AFSerialization"))
        }
        // The JSON request serializer's own limit (maxJSONDepth) answers for a JSON body.
        let json = try child.ask(
            #"{"id":7,"component":"request","options":{"maxParameterDepth":5000},"input":{"serializer":"json","#
                + #""method":"POST","url":"http://h/","parameters":{"a":\#(deep)}}}"#
        )
        #expect(json["id"] == .int(7))
        #expect(json["output"]?["error"]?["kind"] == .string("nestingTooDeep"))
        #expect(json["output"]?["error"]?["description"]?.stringValue?.contains("512") == true)
        // Below the component's limit the same shape is evaluated normally.
        let ok = try child.ask(
            #"{"id":"ok","component":"query-string","options":{"maxParameterDepth":4000},"#
                + #""input":{"parameters":{"a":\#(deep)}}}"#
        )
        #expect(ok["output"]?["text"] == .string(""))
    }

    /// Deeper than the envelope can carry (past every component's cap): a harness error that
    /// still names the request, and the child goes on.
    @Test func linePastTheEnvelopeLimitKeepsItsID() throws {
        let child = try EvalChild()
        defer { child.close() }
        let n = Evaluator.maxLineDepth + 10
        let line =
            #"{"id":"way-too-deep","component":"echo","input":{"x":"# + String(repeating: "[", count: n)
            + String(repeating: "]", count: n) + "}}"
        let reply = try child.ask(line)
        #expect(reply["id"] == .string("way-too-deep"))
        #expect(reply["harnessError"]?.stringValue?.contains("deeper than \(Evaluator.maxLineDepth)") == true)
        #expect(try child.ask(#"{"id":"after","component":"echo","input":{"x":1}}"#)["output"] == .obj(["x": .int(1)]))
    }

    @Test func lineThatIsNotJSON() throws {
        let child = try EvalChild()
        defer { child.close() }
        let garbage = try child.ask("this is not json")
        #expect(garbage["id"] == .null)
        #expect(garbage["harnessError"]?.stringValue?.hasPrefix("line is not JSON") == true)
        // Broken after a complete id: the reply still carries it, and names the byte offset.
        let broken = try child.ask(#"{"id":"b1","component":"echo","input":{"x":[1,}}"#)
        #expect(broken["id"] == .string("b1"))
        #expect(broken["harnessError"]?.stringValue?.contains("byte offset 46") == true)
        let notObject = try child.ask("[1,2]")
        #expect(notObject["id"] == .null)
        #expect(notObject["harnessError"] == .string("line is not a JSON object"))
    }

    @Test func lineWithoutAnID() throws {
        let child = try EvalChild()
        defer { child.close() }
        let reply = try child.ask(#"{"component":"echo","input":{"x":"no id"}}"#)
        #expect(reply == .obj(["id": .null, "output": .obj(["x": .string("no id")])]))
    }

    /// A 10 MB line: answered whole, in lockstep, and the next line still works.
    @Test func tenMegabyteLine() throws {
        let child = try EvalChild()
        defer { child.close() }
        let text = String(repeating: "a b", count: 10_000_000 / 3)
        let reply = try child.ask(
            #"{"id":"big","component":"percent-escape","input":{"text":"\#(text)"}}"#, timeout: 60)
        #expect(reply["id"] == .string("big"))
        let out = reply["output"]?["text"]?.stringValue ?? ""
        #expect(out.utf8.count == 5 * (10_000_000 / 3))
        #expect(out.hasPrefix("a%20ba%20b"))
        #expect(try child.ask(#"{"id":"next","component":"echo","input":{}}"#)["id"] == .string("next"))
    }
}

/// A `conformance eval` child process with pipes; every read has a deadline, so a hang fails the
/// test instead of the suite.
final class EvalChild {
    let process = Process()
    let stdin = Pipe()
    let stdout = Pipe()
    private var buffered: [UInt8] = []

    /// The `conformance` binary built next to the test bundle (same scratch path as the tests).
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("conformance")
    }

    init(arguments: [String] = ["eval"]) throws {
        process.executableURL = Self.binary
        process.arguments = arguments
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
    }

    /// Writes one line and waits (at most `timeout` seconds) for one reply line.
    func ask(_ line: String, timeout: Double = 20) throws -> JSONValue {
        stdin.fileHandleForWriting.write(Data((line + "\n").utf8))
        let reply = try readLine(timeout: timeout)
        return try JSONParser(maxDepth: Evaluator.maxLineDepth + 16).parse(Array(reply.utf8))
    }

    func readLine(timeout: Double) throws -> String {
        let fd = stdout.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        var scanned = 0  // bytes of `buffered` already searched for a newline
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            if let nl = buffered[scanned...].firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<nl], as: UTF8.self)
                buffered.removeSubrange(...nl)
                return line
            }
            scanned = buffered.count
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw EvalChildError.timeout(timeout) }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { throw EvalChildError.closed }
            buffered.append(contentsOf: chunk[..<n])
        }
    }

    func close() {
        try? stdin.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }
}

enum EvalChildError: Error {
    case timeout(Double)
    case closed
}
