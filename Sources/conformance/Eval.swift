import AFConformance
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

struct Eval: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Evaluate JSON-lines requests from stdin (one object per line), one result line each on stdout.",
        discussion: """
            Input line:  {"id": "x", "component": "percent-escape", "profile": "af4", "options": {…}, "input": {…}}
            Output line: {"id": "x", "output": {…}}, {"id": "x", "output": {"error": {…}}}
                         or {"id": "x", "harnessError": "…"} for a malformed line (the run goes on).
            Empty lines are skipped. See VECTORS.md for every component's fields.
            """
    )

    func run() throws {
        while let line = readLine(strippingNewline: true) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            print(Evaluator.evaluateLine(line))
            // VECTORS.md "Protocol rules": a driver may wait for this reply with the pipe open.
            fflush(nil)  // all output streams (stdout is a C global Swift 6 will not touch)
        }
    }
}
