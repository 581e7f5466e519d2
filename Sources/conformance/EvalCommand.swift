import AFConformance
import AFSerialization
import AFVectorFormat
import ArgumentParser
import Foundation

struct EvalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Evaluate JSON-lines requests from stdin (one object per line), one result line each on stdout.",
        discussion: """
            Input line:  {"id": "x", "component": "percent-escape", "profile": "af4", "options": {…}, "input": {…}}
            Output line: {"id": "x", "output": {…}}, {"id": "x", "output": {"error": {…}}}
                         or {"id": "x", "harnessError": "…"} for a malformed line (the run goes on).
            Each reply is written and flushed as soon as its line is evaluated, so a driver may send
            one line and wait for its reply with the pipe open. Replies carry the line's id whenever
            it has one. A line may nest up to 100,000 levels: deeper than a component allows gets
            that component's typed error (nestingTooDeep). Empty lines are skipped. See VECTORS.md
            for every component's fields.
            """
    )

    @Flag(
        help: ArgumentHelp(
            "Reply to every request with its input as output, evaluating nothing: the eval protocol's own cost "
                + "(the ceiling `conformance fuzz --ceiling` measures).")
    )
    var echo = false

    func run() throws {
        if echo { return Self.serve(Self.echoLine) }
        // Lines run on a thread with a large stack: decoding, echoing and freeing a line's tree
        // recurse as deep as the line nests (up to Evaluator.maxLineDepth).
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            Self.serve(Evaluator.evaluateLine)
            done.signal()
        }
        thread.stackSize = Evaluator.evalStackBytes
        thread.start()
        done.wait()
    }

    static func serve(_ answer: (String) -> String) {
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            print(answer(line))
            // VECTORS.md §5.5: a driver may wait for this reply with the pipe open.
            fflush(nil)  // every output stream (Swift 6 will not touch the C global stdout)
        }
    }
}

extension EvalCommand {
    /// `{"id": …, "output": <the request's input>}`.
    static func echoLine(_ line: String) -> String {
        guard let request = try? JSONParser(maxDepth: Evaluator.maxLineDepth).parse(Array(line.utf8)) else {
            return JSONValue.obj(["harnessError": .string("not JSON")]).jsonText
        }
        return JSONValue.obj(["id": request["id"] ?? .null, "output": request["input"] ?? .null]).jsonText
    }
}
