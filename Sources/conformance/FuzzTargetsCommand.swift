import AFConformance
import AFCorpusFormat
import ArgumentParser
import ConformanceCLI

/// `conformance fuzz-targets [--check]`: scripts/fuzz/targets.json rendered from the descriptors.
struct FuzzTargetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz-targets",
        abstract: "Write (or --check) scripts/fuzz/targets.json from the fuzz targets' descriptors.",
        discussion: """
            Each fuzz target's frozen header, payload and oracles are declared once, as the \
            `descriptor` of its Sources/AFCorpusFormat/<Name>Input.swift (the canary and the \
            'reaches' table in FuzzTargetCatalog.swift). The JSON file is their rendering for the \
            tools that are not Swift: Package.swift, the fuzz scripts, the overnight driver and the \
            mutation fuzz layer. Run it after changing a descriptor; CI runs --check.
            """
    )

    @Flag(help: "Exit 1 when the file differs from the descriptors instead of writing it.")
    var check = false

    @Option(help: "The file to write or check.")
    var file = "scripts/fuzz/targets.json"

    func run() throws {
        let text = FuzzTargetCatalog.json()
        if check {
            let committed = (try? FileSystem.readFile(file)).map { String(decoding: $0, as: UTF8.self) }
            guard committed == text else {
                print("fuzz-targets: \(file) is not the descriptors' rendering; run `conformance fuzz-targets`")
                throw ExitCode.failure
            }
            print("fuzz-targets: \(file) matches the \(FuzzTargetCatalog.all.count) descriptors")
        } else {
            try writeOrFail(file, text)
            print("fuzz-targets: wrote \(file) (\(FuzzTargetCatalog.all.count) targets)")
        }
    }
}
