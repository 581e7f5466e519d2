// swift-tools-version:6.1
// afs-mutate: mutation sites and mutant schemata for Sources/AFSerialization (issue 13).
// Its own package so that the main package's `swift build` / `swift test` / CI never compile
// swift-syntax; scripts/mutation/mutate.py builds it on demand.
import PackageDescription

let package = Package(
    name: "afs-mutate",
    products: [.executable(name: "afs-mutate", targets: ["afs-mutate"])],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .executableTarget(
            name: "afs-mutate",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v5]
)
