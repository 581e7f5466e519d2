// swift-tools-version:6.1
import PackageDescription
import Foundation

/// The core and the harness are compiled with -O even in debug builds, so the main job
/// (`swift run conformance`) and the property/differential tests run at release speed. Tests still
/// get `@testable` access (SwiftPM passes -enable-testing in debug).
let optimizedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "AFSerialization",
    products: [
        .library(name: "AFSerialization", targets: ["AFSerialization", "AFFoundationCompat"]),
        // The vector wire format and its JSON text, for adapters in packages of their own.
        .library(name: "AFVectorFormat", targets: ["AFVectorFormat"]),
        .executable(name: "conformance", targets: ["conformance"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
    ],
    targets: [
        // zlib from the system, behind a one-header shim.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        // SIMD percent-escaping (AVX2, checked at run time), behind the core's scalar reference
        // loop; optimized in every build like the core.
        .target(name: "CPercentEscape", cSettings: [.unsafeFlags(["-O2"])]),
        // The serialization core. No Foundation here (README "The core, by SPEC section").
        .target(
            name: "AFSerialization", dependencies: ["CZlib", "CPercentEscape"], swiftSettings: optimizedEvenInDebug),
        // Foundation interop (property lists) kept out of the core.
        .target(name: "AFFoundationCompat", dependencies: ["AFSerialization"]),
        // The vector wire format (VECTORS.md value encodings, harness errors, digests): the runner
        // and the fuzz bodies both depend on it, and not on each other.
        .target(name: "AFVectorFormat", dependencies: ["AFSerialization"], swiftSettings: optimizedEvenInDebug),
        // The vector runner, eval and the component adapters (the library behind the CLI).
        .target(
            name: "AFConformance", dependencies: ["AFSerialization", "AFFoundationCompat", "AFVectorFormat"],
            swiftSettings: optimizedEvenInDebug),
        // The corpus file format: every fuzz target's option header and payload, the core's output
        // for them as text, and the same call as a vector request. The fuzz bodies decode their
        // inputs with it; the corpus tooling reads corpora with it and never sees a fuzz body.
        .target(
            name: "AFCorpusFormat", dependencies: ["AFSerialization", "AFFoundationCompat", "AFVectorFormat", "CZlib"]),
        // The fuzz corpus as data: output snapshots and the corpus differential's requests.
        .target(name: "AFCorpus", dependencies: ["AFConformance", "AFCorpusFormat", "AFVectorFormat"]),
        // Benchmarks against same-run baselines: `swift run -c release afbench`.
        .executableTarget(
            name: "afbench",
            dependencies: ["AFSerialization", "AFFoundationCompat", "CPercentEscape", "CEscapeBaseline"]),
        // afbench's plain C escape loop (the peer the SIMD kernel is measured against).
        .target(name: "CEscapeBaseline", cSettings: [.unsafeFlags(["-O3", "-march=native"])]),
        // The Foundation calls AF itself makes, behind the eval protocol (Implementations/foundation).
        .executableTarget(
            name: "afs-adapter-foundation", dependencies: ["AFSerialization", "AFVectorFormat"],
            path: "Implementations/foundation/Sources/afs-adapter-foundation"),
        // Whole-process peak RSS of multipart streaming, in a process without Foundation.
        .executableTarget(name: "afbench-rss", dependencies: ["AFSerialization"]),
        // Command-line pieces shared by `conformance` and the mutation fork server (`afs-mutants`).
        .target(
            name: "AFCommandLine",
            dependencies: ["AFConformance", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "conformance",
            dependencies: [
                "AFConformance", "AFCorpus", "AFCorpusFormat", "AFVectorFormat", "AFCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What the test targets share: the repository's paths (root, Vectors/, Corpus/, Tests/Fixtures)
        // and child processes (python3 as an oracle, the CLI with a watchdog). Foundation only; no
        // product or executable depends on it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "AFSerializationTests",
            dependencies: [
                "AFSerialization",
                "AFFoundationCompat",
                "AFVectorFormat",
                "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "MultipartKit", package: "multipart-kit"),
            ]
        ),
        .testTarget(name: "AFConformanceTests", dependencies: ["AFConformance", "AFVectorFormat", "TestSupport"]),
        // Fuzz bodies shared by the libFuzzer executables and the corpus replay tests.
        .target(
            name: "AFFuzzBodies",
            dependencies: ["AFSerialization", "AFFoundationCompat", "AFVectorFormat", "AFCorpusFormat", "CZlib"]),
        // Corpus inputs through the fuzz bodies without libFuzzer: the overnight driver's coverage step.
        .executableTarget(
            name: "afs-fuzz-replay",
            dependencies: ["AFFuzzBodies", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Oracles a fuzz executable runs outside its sanitizers (AFFuzzBodies' OracleHost), built
        // without them by scripts/fuzz/build.sh and started by the fuzz executables.
        .executableTarget(name: "afs-oracle-host", dependencies: ["AFFuzzBodies"]),
        // vapor/multipart-kit as the multipart-parser target's oracle, apart so that fuzz builds
        // without it (AFS_FUZZ_KIT=0, as in CI) do not compile SwiftNIO with sanitizers.
        .target(
            name: "AFFuzzMultipartKitOracle",
            dependencies: ["AFFuzzBodies", .product(name: "MultipartKit", package: "multipart-kit")]
        ),
        // expat as the response target's strict-XML oracle, apart so that `conformance` does not link it.
        .systemLibrary(name: "CExpat", providers: [.apt(["libexpat1-dev"])]),
        .target(name: "AFFuzzXMLOracle", dependencies: ["AFFuzzBodies", "CExpat"]),
        .testTarget(
            name: "FuzzReplayTests",
            dependencies: [
                "AFFuzzBodies", "AFCorpusFormat", "AFFuzzMultipartKitOracle", "AFFuzzXMLOracle", "AFCorpus",
                "AFConformance", "TestSupport",
            ]),
    ]
)

// libFuzzer executables, one per Sources/Fuzzers/<name>, only for scripts/fuzz/build.sh
// (AFS_FUZZ=1): they need libFuzzer's runtime at link time.
//
// Sanitizers are set per module, not with `swift build --sanitize`: coverage (`-sanitize=fuzzer`:
// edge counters and comparison hooks) only where behaviour lives, the core and its Foundation
// interop (and the thin executables); ASan everywhere we compile. Coverage in the fuzz bodies and
// oracles would only steer libFuzzer toward the checkers' own branches, and their counters and
// hooks cost about a third of each execution. Both go in one `-sanitize=` flag (given two separate
// flags, swiftc keeps one). Without a global `--sanitize=fuzzer`, SwiftPM binds `main` to the
// executable's module, so each executable runs libFuzzer's driver itself (Sources/AFFuzzDriver,
// Sources/CLibFuzzer). scripts/fuzz/build.sh checks what every module got.
if Context.environment["AFS_FUZZ"] == "1" {
    let withKit = Context.environment["AFS_FUZZ_KIT"] != "0"
    // OSS-Fuzz/ClusterFuzzLite pass their sanitizer flags to every module (AFS_FUZZ_GLOBAL_FLAGS=1
    // from .clusterfuzzlite/build.sh): then SwiftPM links libFuzzer's `main` and we add nothing.
    let global = Context.environment["AFS_FUZZ_GLOBAL_FLAGS"] == "1"
    let covered: [SwiftSetting] = global ? [] : [.unsafeFlags(["-sanitize=fuzzer,address"])]
    let asanOnly: [SwiftSetting] = global ? [] : [.unsafeFlags(["-sanitize=address"])]
    for target in package.targets {
        switch target.name {
        case "AFSerialization", "AFFoundationCompat": target.swiftSettings = (target.swiftSettings ?? []) + covered
        case "AFFuzzBodies", "AFCorpusFormat", "AFFuzzMultipartKitOracle", "AFFuzzXMLOracle", "AFVectorFormat":
            target.swiftSettings = (target.swiftSettings ?? []) + asanOnly
        case "CPercentEscape" where !global:
            // The escape kernel is core code: coverage counters and ASan, like the Swift core.
            target.cSettings = [.unsafeFlags(["-O2", "-fsanitize=fuzzer-no-link,address"])]
        default: break
        }
    }
    if !global {
        package.targets.append(.target(name: "CLibFuzzer"))
        package.targets.append(.target(name: "AFFuzzDriver", dependencies: ["CLibFuzzer"], swiftSettings: asanOnly))
    }
    // The fuzz targets, the canary included: scripts/fuzz/targets.json, the one list the scripts
    // read too, rendered from the descriptors in Sources/AFCorpusFormat (`conformance fuzz-targets`).
    struct FuzzTargetList: Decodable { struct Target: Decodable { let name: String }; let targets: [Target] }
    let listURL = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent("scripts/fuzz/targets.json")
    let fuzzTargets: [String]
    do {
        fuzzTargets = try JSONDecoder().decode(FuzzTargetList.self, from: Data(contentsOf: listURL)).targets.map(\.name)
    } catch { fatalError("\(listURL.path): \(error)") }
    for name in fuzzTargets {
        let kit = withKit && name == "multipart-parser"
        let defines: [SwiftSetting] = (global ? [] : [.define("AFS_OWN_MAIN")]) + (kit ? [.define("AFS_FUZZ_KIT")] : [])
        package.targets.append(
            .executableTarget(
                name: "fuzz-\(name)",
                dependencies: ["AFFuzzBodies"] + (global ? [] : ["AFFuzzDriver"])
                    + (kit ? ["AFFuzzMultipartKitOracle"] : [])
                    + (name == "response" ? ["AFFuzzXMLOracle"] : []),
                path: "Sources/Fuzzers/\(name)", swiftSettings: covered + defines,
                linkerSettings: global ? [] : [.unsafeFlags(["-sanitize=fuzzer,address"])]))
        package.products.append(.executable(name: "fuzz-\(name)", targets: ["fuzz-\(name)"]))
    }
}

// Real-fault replay (scripts/mutation/faults.py, docs/faults/): AFS_CORE=<dir> compiles the core from
// that directory, a copy of Sources/AFSerialization with one catalogued fault patched in. Use a
// scratch path of its own (.build-faults/…) and --manifest-cache none.
if let core = Context.environment["AFS_CORE"], !core.isEmpty {
    for target in package.targets where target.name == "AFSerialization" { target.path = core }
}

// Mutation analysis (scripts/mutation/mutate.py): with AFS_MUTANTS set, the core is
// compiled from the mutant schemata that Tools/afs-mutate writes (every mutant behind a runtime switch,
// AFS_MUTANT=<id>; unset or 0 = the original program). AFS_MUTANTS=1 means the default directory;
// any other value is the directory itself. Use a scratch path of its own (.build-mutants/…).
if let mutants = Context.environment["AFS_MUTANTS"], !mutants.isEmpty, mutants != "0" {
    let path = mutants == "1" ? ".build-mutants/schemata/AFSerialization" : mutants
    for target in package.targets where target.name == "AFSerialization" {
        target.path = path
        // The switch is a plain global read: no dynamic exclusivity check on each site.
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-enforce-exclusivity=unchecked"])]
    }
    // The fork server switches mutants through the schemata's __afsActivateMutant, which only a
    // schemata build has, so its executable exists only here.
    package.targets.append(
        .executableTarget(
            name: "afs-mutants",
            dependencies: [
                "AFConformance", "AFCommandLine", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]))
    package.products.append(.executable(name: "afs-mutants", targets: ["afs-mutants"]))
}
