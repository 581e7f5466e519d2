// swift-tools-version:6.1
// Conformance adapters for Swift server-side libraries (Implementations/README.md). A package of its
// own, so the main package's build never compiles Vapor, Hummingbird or swift-nio-extras:
//
//     swift build --package-path Implementations/swift-server
//
// Each executable speaks the eval protocol (VECTORS.md §5) in front of one library; the folders
// Implementations/swift-{multipartkit,vapor,hummingbird,nio} hold their manifests and READMEs.
import PackageDescription

let package = Package(
    name: "afs-swift-server-adapters",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/vapor/vapor", from: "4.122.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        // NIOEmbedded and NIOHTTP1 for the decompressor's channel (already a dependency of all four).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        // The project itself, for its ordered JSON reader/writer (JSONParser, JSONValue).
        .package(name: "AFSerialization", path: "../.."),
    ],
    targets: [
        // The eval loop (read lines, dispatch, one reply per line) and value helpers.
        .target(
            name: "AFSAdapterKit",
            dependencies: [
                .product(name: "AFSerialization", package: "AFSerialization"),
                .product(name: "AFVectorFormat", package: "AFSerialization"),
            ]),
        .executableTarget(
            name: "afs-adapter-multipartkit",
            dependencies: ["AFSAdapterKit", .product(name: "MultipartKit", package: "multipart-kit")]),
        .executableTarget(
            name: "afs-adapter-vapor",
            dependencies: ["AFSAdapterKit", .product(name: "Vapor", package: "vapor")]),
        .executableTarget(
            name: "afs-adapter-hummingbird",
            dependencies: ["AFSAdapterKit", .product(name: "Hummingbird", package: "hummingbird")]),
        .executableTarget(
            name: "afs-adapter-nio",
            dependencies: [
                "AFSAdapterKit",
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
    ],
    swiftLanguageModes: [.v5]
)
