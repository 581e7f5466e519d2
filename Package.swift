// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "AFSerialization",
    products: [
        .library(name: "AFSerialization", targets: ["AFSerialization"]),
        .executable(name: "conformance", targets: ["conformance"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // The serialization core. No Foundation here (see README "Design").
        .target(name: "AFSerialization"),
        // Vector/eval codecs and component adapters shared by the CLI, tests and fuzzers.
        .target(name: "AFConformance", dependencies: ["AFSerialization"]),
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
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "AFConformanceTests", dependencies: ["AFConformance"]),
    ]
)
