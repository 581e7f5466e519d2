import AFConformance
import AFSerialization
import AFVectorFormat
import ArgumentParser
import ConformanceCLI

struct Update: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Re-bless the expected outputs of selected vectors after a deliberate behaviour change.",
        discussion: """
            Evaluates each selected vector under all its profiles and, where the output changed, rewrites \
            its `expected` (keeping only the fields it already listed) and prints the diff. Files are \
            rewritten atomically (temporary file + rename). Vectors are never added or deleted. A vector \
            whose profiles now disagree, or that hits a harness error, is skipped and reported. \
            Select with --filter or ids (or --all on purpose).
            """
    )

    @Argument(help: "Vector ids to update.")
    var ids: [String] = []

    @OptionGroup var vectors: VectorOptions

    @Flag(help: "Update every vector (only when the whole behaviour change is intended).")
    var all = false

    @Flag(help: "Print the changes without writing.")
    var dryRun = false

    func validate() throws {
        if ids.isEmpty && vectors.filter.isEmpty && !all {
            throw ValidationError("select vectors with ids, --filter, or --all")
        }
    }

    func run() throws {
        let set = try vectors.load()
        var selection = vectors.selection
        if !ids.isEmpty {
            let unknown = ids.filter { set.vector(id: $0) == nil }
            if !unknown.isEmpty { throw fail("no such vector: \(unknown.joined(separator: ", "))") }
            selection.filters += ids.map { "[\($0.first!)]\($0.dropFirst())" }  // exact id as a glob
        }
        let plan = Rebless.plan(set, selection: selection)
        for c in plan.changes {
            print("~ \(c.vector.id)  (\(c.vector.file))")
            for m in c.differences {
                for line in DiffFormatter.render(m, labels: ("old", "new")) { print(line) }
            }
        }
        for s in plan.skipped { print("skipped \(s.id): \(s.reason)") }
        if dryRun {
            print("\(plan.changes.count) would change, \(plan.unchanged) unchanged, \(plan.skipped.count) skipped (dry run, nothing written)")
            return
        }
        let written: [String]
        do { written = try Rebless.apply(plan) } catch { throw fail("\(error)") }
        print("\(plan.changes.count) updated in \(written.count) file(s), \(plan.unchanged) unchanged, \(plan.skipped.count) skipped")
        let generated = written.filter { file in
            ((try? FileSystem.readFile(file)).map { String(decoding: $0, as: UTF8.self).contains("\"generatedBy\"") }) ?? false
        }
        if !generated.isEmpty {
            print("\(generated.joined(separator: ", ")) \(generated.count == 1 ? "is" : "are") generated (see its generatedBy): change the generator too, or the next regeneration reverts this")
        }
        if !plan.skipped.isEmpty { throw ExitCode.failure }
    }
}

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

    @Option(name: .customLong("vectors"), help: ArgumentHelp("The vector directory to add to (default: the bundled Vectors/).", valueName: "DIR"))
    var directory: String?

    func run() throws {
        guard Profile(rawValue: profile) != nil else { throw fail("unknown profile \(profile)") }
        let root = directory ?? VectorPaths.defaultRoot()
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(file) } catch { throw fail("\(error)") }
        do {
            var extra: JSONValue?
            if let with {
                do { extra = try JSONParser().parse(Array(with.utf8)) } catch { throw HarnessError("--with", "not JSON: \(error)") }
            }
            let request = try Promote.makeRequest(component: component, bytes: bytes, field: field, with: extra)
            let set = try VectorLoader(root: VectorPaths.defaultRoot()).load(directories: [root])
            let result = try Promote.promote(root: root, set: set, component: component, profile: profile,
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
