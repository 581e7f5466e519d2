import AFSerialization
import Foundation
@testable import AFConformance
import TestSupport

/// Scratch vector directories for runner tests; each test gets its own, removed on deinit.
final class ScratchVectors {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "afs-runner-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `text` to `root/relative`, creating folders.
    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }

    func files(in relative: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root + "/" + relative).sorted()
    }
}

enum RunnerFixtures {
    /// The bundled Vectors/ folder of this checkout.
    static var bundledRoot: String { Repository.vectors.path }

    static func loader() throws -> VectorLoader { try VectorLoader(root: bundledRoot) }

    /// A vector file for the `echo` component, one vector per JSON object text.
    static func echoFile(_ vectors: [String], topic: String = "t") -> String {
        """
        {"schema":"afserialization-vectors/1","component":"echo","description":"test","refs":["VECTORS.md"],"vectors":[
        \(vectors.joined(separator: ",\n"))
        ]}
        """
    }
}
