// swift-tools-version:6.1
// The project's tools that read Swift source with swift-syntax, in a package of their own so that
// the main package's `swift build` / `swift test` never compile swift-syntax:
// - afs-mutate: mutation sites and mutant schemata for Sources/AFSerialization (scripts/mutation),
//   a thin command over the MutationKit library (site model, one file per operator family, the
//   schemata placer and runtime template);
// - afs-errors: the reference table of every AFSError kind and AF-compatible code, generated
//   from the core's throw sites into VECTORS.md §6 (`--check` in CI).
import PackageDescription

let syntax: [Target.Dependency] = [
    .product(name: "SwiftSyntax", package: "swift-syntax"),
    .product(name: "SwiftParser", package: "swift-syntax"),
]

let package = Package(
    name: "afs-tools",
    products: [
        .executable(name: "afs-mutate", targets: ["afs-mutate"]),
        .executable(name: "afs-errors", targets: ["afs-errors"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1")
    ],
    targets: [
        .target(
            name: "MutationKit", dependencies: syntax + [.product(name: "SwiftOperators", package: "swift-syntax")]),
        .executableTarget(name: "afs-mutate", dependencies: ["MutationKit"]),
        .testTarget(name: "MutationKitTests", dependencies: ["MutationKit"]),
        .target(name: "ErrorCatalog", dependencies: syntax),
        .executableTarget(name: "afs-errors", dependencies: ["ErrorCatalog"]),
        .testTarget(name: "ErrorCatalogTests", dependencies: ["ErrorCatalog"]),
    ],
    swiftLanguageModes: [.v5]
)
