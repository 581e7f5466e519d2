import AFConformance
import AFSerialization
import AFVectorFormat
import Foundation

/// A campaign's folder: `state.json` (the class keys known and the totals so far, so a restarted
/// campaign goes on where it stopped), `findings/<implementation>/<component>-<digest>/` (the
/// minimized input, `case.json` with the request, both answers and the commands that replay it),
/// and `corpus/<target>/` (each finding's input, for `conformance replay --corpus`).
public struct FuzzCampaignFolder {
    public var root: URL

    public init(root: URL) { self.root = root }

    var stateURL: URL { root.appendingPathComponent("state.json") }

    /// The known keys and the totals of earlier runs (none when the folder is new).
    public func load() throws -> (known: Set<String>, totals: DifferentialFuzzer.Totals) {
        guard let data = FileManager.default.contents(atPath: stateURL.path) else { return ([], .init()) }
        let doc: JSONValue
        do { doc = try JSONParser().parse(Array(data)) } catch {
            throw HarnessError(stateURL.path, "not valid JSON: \(error)")
        }
        var totals = DifferentialFuzzer.Totals()
        totals.inputs = doc["inputs"]?.intValue ?? 0
        totals.runs = doc["runs"]?.intValue ?? 0
        totals.disagreements = doc["disagreements"]?.intValue ?? 0
        func seconds(_ name: String) -> Double {
            doc[name].flatMap { if case .number(let t) = $0 { Double(t) } else { nil } } ?? 0
        }
        totals.seconds = seconds("seconds")
        totals.evaluationSeconds = seconds("evaluationSeconds")
        // Keys are read through `kind` again: a key stored under a finer kind merges into its class.
        func rekind(_ key: String) -> String {
            let f = key.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard f.count == 3 else { return key }
            return DifferentialFuzzer.key(String(f[0]), String(f[1]), String(f[2]))
        }
        for m in doc["classes"]?.objectValue ?? [] {
            totals.classes[rekind(m.key), default: 0] += m.value.intValue ?? 0
        }
        let known = Set((doc["known"]?.arrayValue ?? []).compactMap(\.stringValue).map(rekind))
        return (known, totals)
    }

    public func save(known: Set<String>, totals: DifferentialFuzzer.Totals) throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let doc = JSONValue.obj([
            "inputs": .int(totals.inputs), "runs": .int(totals.runs), "disagreements": .int(totals.disagreements),
            "seconds": .number(String(format: "%.1f", totals.seconds)),
            "evaluationSeconds": .number(String(format: "%.1f", totals.evaluationSeconds)),
            "classes": .object(totals.classes.sorted { $0.key < $1.key }.map { .init($0.key, .int($0.value)) }),
            "known": .array(known.sorted().map { .string($0) }),
        ])
        try Data((doc.prettyJSONText + "\n").utf8).write(to: stateURL, options: .atomic)
    }

    /// The folder a finding is written to.
    public func folder(_ f: DifferentialFuzzer.Finding) -> URL {
        root.appendingPathComponent("findings").appendingPathComponent(f.implementation)
            .appendingPathComponent("\(f.component)-\(FNV1a64.hex(FNV1a64.hash(Array(f.signature.utf8))))")
    }

    /// Writes `f` with the command that sends its request to `command` and the one that replays its input.
    public func write(_ f: DifferentialFuzzer.Finding, command: String) throws {
        let dir = folder(f)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(f.input).write(to: dir.appendingPathComponent("input"))
        let corpus = root.appendingPathComponent("corpus").appendingPathComponent(f.target)
        try FileManager.default.createDirectory(at: corpus, withIntermediateDirectories: true)
        let name = "\(f.implementation)-\(dir.lastPathComponent)"
        try Data(f.input).write(to: corpus.appendingPathComponent(name))
        var line = f.request.objectValue ?? []
        line.insert(.init("id", .string("finding")), at: 0)
        let evalLine = JSONValue.object(line).jsonText
        let doc = JSONValue.obj([
            "implementation": .string(f.implementation), "command": .string(command), "target": .string(f.target),
            "component": .string(f.component), "profile": .string(f.profile), "signature": .string(f.signature),
            "request": f.request, "core": f.core, "reply": f.reply ?? .null,
            "input": .string(Codec.hex(f.input)), "original": .string(Codec.hex(f.original)),
            "send": .string("printf '%s\\n' \(ShellWords.quote(evalLine)) | \(command)"),
            "replay": .string(
                "conformance replay --implementation \(ShellWords.quote(command)) "
                    + "--corpus \(ShellWords.quote(root.appendingPathComponent("corpus").path)) --target \(f.target)"
            ),
        ])
        try Data((doc.prettyJSONText + "\n").utf8).write(to: dir.appendingPathComponent("case.json"))
    }
}
