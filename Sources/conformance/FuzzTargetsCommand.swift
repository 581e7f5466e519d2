import AFConformance
import AFCorpusFormat
import ArgumentParser
import AFCommandLine

/// `conformance fuzz-targets [--check]`: scripts/fuzz/targets.json rendered from the descriptors.
struct FuzzTargetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz-targets",
        abstract:
            "Write (or --check) scripts/fuzz/targets.json and the fuzz entry points from the targets' descriptors.",
        discussion: """
            Each fuzz target's frozen header, payload and oracles are declared once, as the \
            `descriptor` of its Sources/AFCorpusFormat/<Name>Input.swift (the canary and the \
            'reaches' table in FuzzTargetCatalog.swift). The JSON file is their rendering for the \
            tools that are not Swift: Package.swift, the fuzz scripts, the overnight driver and the \
            mutation fuzz layer. Each target's Sources/Fuzzers/<name>/Fuzz.swift is generated too; a \
            target whose executable installs references of its own has a hand-written Setup.swift \
            beside it defining prepare(). Run it after changing a descriptor; CI runs --check.
            """
    )

    @Flag(help: "Exit 1 when the file differs from the descriptors instead of writing it.")
    var check = false

    @Option(help: "The file to write or check.")
    var file = "scripts/fuzz/targets.json"

    @Option(help: "The folder of the fuzz executables (one folder per target, its Fuzz.swift generated).")
    var fuzzers = "Sources/Fuzzers"

    func run() throws {
        var files = [(file, FuzzTargetCatalog.json())]
        for t in FuzzTargetCatalog.all {
            let folder = FileSystem.join(fuzzers, t.name)
            let setup = FileSystem.isFile(FileSystem.join(folder, "Setup.swift"))
            files.append((FileSystem.join(folder, "Fuzz.swift"), FuzzTargetCatalog.entrySource(t, setup: setup)))
        }
        if check {
            let stale = files.filter { path, text in
                (try? FileSystem.readFile(path)).map { String(decoding: $0, as: UTF8.self) } != text
            }
            for (path, _) in stale { print("fuzz-targets: \(path) is not the descriptors' rendering") }
            guard stale.isEmpty else {
                print("fuzz-targets: run `conformance fuzz-targets` and commit the files")
                throw ExitCode.failure
            }
            print(
                "fuzz-targets: \(file) and \(files.count - 1) entry points "
                    + "match the \(FuzzTargetCatalog.all.count) descriptors"
            )
        } else {
            for (path, text) in files {
                if !FileSystem.isDirectory(FileSystem.parent(path)) {
                    do { try FileSystem.makeDirectory(FileSystem.parent(path)) } catch {
                        throw fail("cannot create \(FileSystem.parent(path)): \(error.message)")
                    }
                }
                try writeOrFail(path, text)
            }
            print(
                "fuzz-targets: wrote \(file) and \(files.count - 1) entry "
                    + "points (\(FuzzTargetCatalog.all.count) targets)"
            )
        }
    }
}
