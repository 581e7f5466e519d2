import Foundation
import Testing

/// `conformance run`'s exit status for every path README "The conformance gate" and VECTORS.md §1.4 and §5.8
/// document: 0 when nothing failed, 1 on any failure, 2 when the harness cannot start, and
/// ArgumentParser's 64 for a command line it cannot parse.
@Suite struct ExitStatusTests {
    /// A vector file of the media-type component holding `vectors` (JSON objects, comma-joined).
    func file(_ vectors: String) -> String {
        #"{"schema":"afserialization-vectors/1","component":"media-type","description":"d","vectors":["# + vectors
            + "]}"
    }

    let good =
        #"{"profiles":["af4"],"id":"media-type/x/001","comment":"c","level":"decision","authority":"SPEC§6.2","#
        + #""input":{"contentType":"text/plain"},"expected":{"mimeType":"text/plain"}}"#

    func run(_ scratch: ScratchVectors, _ extra: [String] = [], in directory: String? = nil) throws -> (
        status: Int32, output: String
    ) {
        try Implementations.cli(["run", "--vectors", scratch.root] + extra, in: directory)
    }

    @Test func nothingFailedIsZero() throws {
        let scratch = try ScratchVectors()
        try scratch.write("media-type/x.json", file(good))
        let r = try run(scratch)
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.hasSuffix("1 passed, 0 failed, 0 expected, 0 n/a\n"))
    }

    @Test(arguments: [
        (
            "a mismatch",
            #"{"profiles":["af4"],"id":"media-type/x/002","comment":"c","level":"decision","authority":"SPEC§6.2","#
                + #""input":{"contentType":"text/plain"},"expected":{"mimeType":"text/html"}}"#
        ),
        (
            "a harness error",
            #"{"profiles":["af4"],"id":"media-type/x/002","comment":"c","level":"decision","#
                + #""authority":"SPEC§6.2","input":{"contentType":5},"expected":{"mimeType":"text/html"}}"#
        ),
        (
            "a problem in a vector file",
            #"{"profiles":["af4"],"id":"media-type/x/001","comment":"a duplicate id","#
                + #""level":"decision","authority":"SPEC§6.2","input":{},"expected":{}}"#
        ),
    ])
    func anyFailureIsOne(_ what: String, _ vector: String) throws {
        let scratch = try ScratchVectors()
        try scratch.write("media-type/x.json", file(good + "," + vector))
        let r = try run(scratch)
        #expect(r.status == 1, "\(what): \(r.output)")
        #expect(r.output.contains("1 passed, "), "\(what): the good vector still ran")
    }

    @Test func aMalformedVectorFileIsOneAndTheOtherFilesStillRun() throws {
        let scratch = try ScratchVectors()
        try scratch.write("media-type/x.json", file(good))
        try scratch.write("media-type/y.json", "{not json")
        let r = try run(scratch)
        #expect(r.status == 1, "\(r.output)")
        #expect(r.output.contains("y.json"))
        #expect(r.output.contains("1 passed, 1 failed"))
    }

    @Test(arguments: [
        ("an unexpected pass", #"{"media-type/x/001": "listed, but it passes"}"#),
        ("a stale entry", #"{"media-type/none/001": "matches no vector"}"#),
    ])
    func expectedFailuresThatDoNotHoldAreOne(_ what: String, _ list: String) throws {
        let scratch = try ScratchVectors()
        try scratch.write("media-type/x.json", file(good))
        try scratch.write("expected-failures.json", list)
        let r = try run(scratch)
        #expect(r.status == 1, "\(what): \(r.output)")
    }

    @Test func aMalformedExpectedFailuresFileIsTwo() throws {
        let scratch = try ScratchVectors()
        try scratch.write("media-type/x.json", file(good))
        try scratch.write("expected-failures.json", "{not json")
        let r = try run(scratch)
        #expect(r.status == 2, "\(r.output)")
        #expect(r.output.contains("expected-failures.json"))
    }

    /// The schema is found in ./Vectors before the checkout the binary was built from.
    @Test func aSchemaThatCannotBeReadIsTwo() throws {
        let scratch = try ScratchVectors()
        try scratch.write("media-type/x.json", file(good))
        let cwd = try ScratchVectors()
        try cwd.write("Vectors/schema/vectors.schema.json", "{")
        let r = try run(scratch, in: cwd.root)
        #expect(r.status == 2, "\(r.output)")
        #expect(r.output.contains("Vectors/schema/vectors.schema.json: the vector schema is not valid JSON"))
    }

    @Test func aCommandLineItCannotParseIsSixtyFour() throws {
        let scratch = try ScratchVectors()
        #expect(try run(scratch, ["--profile", "af5"]).status == 64)
        #expect(try Implementations.cli(["no-such-command"]).status == 64)
    }
}
