import Foundation

/// Paths in this checkout, for tests that read the repository's own files. The root is found once,
/// from this file's place in it (`Tests/TestSupport/Repository.swift`).
public enum Repository {
    /// The repository root (the directory that holds Package.swift).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Tests/TestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `root` as a path (no trailing slash).
    public static var rootPath: String { root.path }

    /// The bundled vectors: `Vectors/`.
    public static var vectors: URL { root.appendingPathComponent("Vectors") }

    /// The fuzz corpus: `Corpus/<target>/`.
    public static var corpus: URL { root.appendingPathComponent("Corpus") }

    /// The committed output snapshots: `Snapshots/`.
    public static var snapshots: URL { root.appendingPathComponent("Snapshots") }

    /// Test fixtures: `Tests/Fixtures/`.
    public static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures") }

    /// `relative` under the root, as a path.
    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
