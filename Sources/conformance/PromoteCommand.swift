import AFConformance
import AFSerialization
import AFVectorFormat
import ArgumentParser
import AFCommandLine

struct PromoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "promote",
        abstract: "Turn an input file (e.g. a fuzzer crash) into a new vector flagged for review.",
        discussion: """
            The file is either JSON {"input": {…}, "options": {…}} or raw bytes, which go into --field, \
            or without it where the component puts a file's bytes (e.g. response → body, media-type → \
            contentType; a component without such a place asks for --field). --with adds input \
            fields, e.g. --with '{"boundary":"B"}'. The vector gets a fresh id <component>/promoted/NNN \
            (never an existing one), today's output as `expected`, and "review": true; it is appended to \
            Vectors/<component>/promoted.json.
            """
    )

    @Argument(help: "The input file.")
    var file: String

    @Option(help: "The component the input is for.")
    var component: String

    @Option(help: "The profile to evaluate under (the vector is limited to it).")
    var profile = "af4"

    @Option(help: "Input field that receives the file's bytes.")
    var field: String?

    @Option(name: .customLong("with"), help: ArgumentHelp("Extra input fields as a JSON object.", valueName: "JSON"))
    var with: String?

    @Option(
        name: .customLong("vectors"),
        help: ArgumentHelp("The vector directory to add to (default: the bundled Vectors/).", valueName: "DIR"))
    var directory: String?

    func run() throws {
        guard Profile(rawValue: profile) != nil else { throw fail("unknown profile \(profile)") }
        let root = directory ?? VectorPaths.defaultRoot()
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(file) } catch { throw fail("\(error)") }
        do {
            var extra: JSONValue?
            if let with {
                do { extra = try JSONParser().parse(Array(with.utf8)) } catch {
                    throw HarnessError("--with", "not JSON: \(error)")
                }
            }
            let request = try Promote.makeRequest(component: component, bytes: bytes, field: field, with: extra)
            let set = try VectorLoader(root: VectorPaths.defaultRoot()).load(directories: [root])
            let result = try Promote.promote(
                root: root, set: set, component: component, profile: profile,
                input: request.input, options: request.options,
                source: FileSystem.lastComponent(file), date: today())
            print("added \(result.id) to \(result.file) (flagged for review):")
            print(result.vector.jsonText)
        } catch let e as HarnessError {
            throw fail("\(e)")
        }
    }

    func today() -> String {
        var t = time(nil)
        var tmv = tm()
        gmtime_r(&t, &tmv)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(tmv.tm_year + 1900)-\(two(tmv.tm_mon + 1))-\(two(tmv.tm_mday))"
    }
}

#if canImport(Glibc)
    import Glibc
#endif
