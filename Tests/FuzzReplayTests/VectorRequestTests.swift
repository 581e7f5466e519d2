import AFConformance
import AFCorpus
import AFFuzzBodies
import AFSerialization
import AFVectorFormat
import Foundation
import Testing
import TestSupport

/// `conformance snapshot --vector-request` for request, multipart-writer and multipart-parser
/// inputs: every corpus input restates as a vector request that the named component
/// evaluates without a harness error, and the component's output agrees with what the target's
/// snapshot renderer saw for the same input (two different paths into the core: the renderer calls
/// the core as the fuzz body does, the component goes through the vector contract).
@Suite struct VectorRequestTests {
    static let corpus = Repository.corpus

    /// (path, renderer output, component output) for every input of `name`.
    static func evaluated(_ name: String) throws -> [(String, String, JSONValue)] {
        let recorder = SnapshotRecorder(corpusRoot: corpus, snapshotRoot: corpus)
        let target = try #require(SnapshotRecorder.targets.first { $0.name == name })
        var out: [(String, String, JSONValue)] = []
        for path in recorder.inputPaths(name) {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(name).appendingPathComponent(path)))
            let request = try #require(target.vectorRequest(bytes), "\(name)/\(path): no vector request")
            let outcome = Evaluator.evaluate(
                component: request.component, profile: request.profile.rawValue,
                options: request.options, input: request.input)
            guard case .output(let output) = outcome else {
                Issue.record("\(name)/\(path): \(outcome) for \(request.requestText)")
                continue
            }
            out.append((path, SnapshotEntry.result(target.describe(bytes)), output))
        }
        #expect(out.count >= 3, "Corpus/\(name) has too few inputs for this test to mean anything")
        return out
    }

    @Test func everyTargetRendersItsOutput() {
        for t in SnapshotRecorder.targets { #expect(t.rendersOutput, "\(t.name) records invariant verdicts only") }
    }

    @Test func requestInputsPromote() throws {
        for (path, rendered, output) in try Self.evaluated("request") {
            let firstLine = rendered.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
            if rendered.hasPrefix("error ") {
                #expect(
                    output["error"] != nil,
                    "request/\(path): renderer saw \(firstLine), vector gives \(output.jsonText)")
            } else {
                let line = "\(output["method"]?.stringValue ?? "?") \(output["url"]?.stringValue ?? "?")"
                #expect(line == firstLine, "request/\(path)")
            }
        }
    }

    @Test func multipartParserInputsPromote() throws {
        for (path, rendered, output) in try Self.evaluated("multipart-parser") {
            if rendered.hasPrefix("error ") {
                #expect(output["error"] != nil, "multipart-parser/\(path): vector gives \(output.jsonText)")
            } else {
                let count = rendered.prefix { $0 != " " }
                #expect(
                    output["parts"]?.arrayValue.map { String($0.count) } == String(count), "multipart-parser/\(path)")
            }
        }
    }

    @Test func multipartWriterInputsPromote() throws {
        for (path, rendered, output) in try Self.evaluated("multipart-writer") {
            let lines = rendered.split(separator: "\n").map(String.init)
            if rendered.hasPrefix("build error") || lines.dropFirst().first?.hasPrefix("error ") == true {
                #expect(output["error"] != nil, "multipart-writer/\(path): vector gives \(output.jsonText)")
                continue
            }
            // "contentLength N boundary B"
            let words = (lines.first ?? "").split(separator: " ").map(String.init)
            #expect(words.count == 4, "multipart-writer/\(path): \(lines.first ?? "")")
            // A form without parts goes out as an empty url-encoded body (no multipart Content-Type).
            guard words.count == 4, words[1] != "0" else { continue }
            #expect(
                output["contentLength"]?.intValue == Int(words[1]), "multipart-writer/\(path): \(lines.first ?? "")")
            #expect(
                output["headers"]?.jsonText.contains("boundary=" + words[3] + "\"") == true,
                "multipart-writer/\(path): boundary \(words[3])")
        }
    }
}
