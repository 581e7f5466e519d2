// swift-tools-version:6.1
import PackageDescription

/// The core and the harness are compiled with -O even in debug builds, so the main job
/// (`swift run conformance`) and the property/differential tests run at release speed. Tests still
/// get `@testable` access (SwiftPM passes -enable-testing in debug).
let optimizedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "AFSerialization",
    products: [
        .library(name: "AFSerialization", targets: ["AFSerialization", "AFFoundationCompat"]),
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
        // The serialization core. No Foundation here (see README "Design").
        .target(name: "AFSerialization", dependencies: ["CZlib"], swiftSettings: optimizedEvenInDebug),
        // Foundation interop (property lists) kept out of the core.
        .target(name: "AFFoundationCompat", dependencies: ["AFSerialization"]),
        // Vector/eval codecs and component adapters shared by the CLI, tests and fuzzers.
        .target(name: "AFConformance", dependencies: ["AFSerialization", "AFFoundationCompat"], swiftSettings: optimizedEvenInDebug),
        // Benchmarks against same-run baselines: `swift run -c release afbench`.
        .executableTarget(name: "afbench", dependencies: ["AFSerialization", "AFFoundationCompat"]),
        // Whole-process peak RSS of multipart streaming, in a process without Foundation.
        .executableTarget(name: "afbench-rss", dependencies: ["AFSerialization"]),
        .executableTarget(
            name: "conformance",
            dependencies: [
                "AFConformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "AFSerializationTests",
            dependencies: [
                "AFSerialization",
                "AFFoundationCompat",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "MultipartKit", package: "multipart-kit"),
            ]
        ),
        .testTarget(name: "AFConformanceTests", dependencies: ["AFConformance"]),
    ]
)
