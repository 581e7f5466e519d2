import AFSerialization
import AFVectorFormat

/// The suite a vectors directory holds (VECTORS.md §7.2, §7.3): its version, read from `suite.json`
/// (the version's one home), and the digest of every file in the directory, which `conformance
/// --version` prints and the handshake carries, so an adopter can tell which vectors a gate ran.
public struct SuiteInfo: Sendable, Equatable {
    /// The suite's version, `MAJOR.MINOR.PATCH`, with `-dev` between releases.
    public var version: String
    /// `sha256:` and 64 hex digits (``digest(root:)``).
    public var vectors: String
    /// The vectors directory this was read from.
    public var root: String

    public static func file(root: String) -> String { FileSystem.join(root, "suite.json") }

    /// Reads `root/suite.json` and hashes the directory.
    public static func load(root: String) throws(HarnessError) -> SuiteInfo {
        let path = file(root: root)
        let doc: JSONValue
        do { doc = try JSONParser().parse(try FileSystem.readFile(path)) } catch let e as FileSystem.IOError {
            throw HarnessError(path, "cannot read the suite file: \(e.message)")
        } catch {
            throw HarnessError(path, "the suite file is not valid JSON: \(error)")
        }
        guard doc["suite"]?.stringValue == "afserialization-vectors" else {
            throw HarnessError(path, "member \"suite\" must be \"afserialization-vectors\"")
        }
        guard let version = doc["version"]?.stringValue, isVersion(version) else {
            throw HarnessError(path, "member \"version\" must be MAJOR.MINOR.PATCH, optionally followed by -dev")
        }
        return SuiteInfo(version: version, vectors: try digest(root: root), root: root)
    }

    /// `1.2.3` or `1.2.3-dev`, numbers without leading zeros (SemVer 2.0.0 §2).
    static func isVersion(_ s: String) -> Bool {
        let core = s.hasSuffix("-dev") ? String(s.dropLast(4)) : s
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 3
            && parts.allSatisfy { p in
                !p.isEmpty && p.allSatisfy { $0.isASCII && $0.isNumber } && (p == "0" || p.first != "0")
            }
    }

    /// The digest of the directory's files, defined so that a shell recomputes it:
    ///
    ///     cd Vectors && find . -name '.?*' -prune -o -type f -print0 | LC_ALL=C sort -z \
    ///       | xargs -0 sha256sum | sha256sum
    ///
    /// that is, the SHA-256 of the `sha256sum` lines (`<hex>  ./<path>`) of every file whose path has
    /// no component starting with `.`, in byte order of the path.
    public static func digest(root: String) throws(HarnessError) -> String {
        var files: [String] = []
        do { try collect(root, ".", into: &files) } catch { throw HarnessError(root, error.message) }
        var listing = SHA256()
        for rel in files.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            // sha256sum escapes a name holding a backslash or a newline; the recipe would no longer match.
            if rel.contains("\\") || rel.contains("\n") {
                throw HarnessError(FileSystem.join(root, rel), "a suite file's name must not hold \\ or a newline")
            }
            let bytes: [UInt8]
            do { bytes = try FileSystem.readFile(FileSystem.join(root, rel)) } catch {
                throw HarnessError(FileSystem.join(root, rel), error.message)
            }
            listing.update(Array("\(SHA256.hex(SHA256.hash(bytes)))  \(rel)\n".utf8))
        }
        return "sha256:" + SHA256.hex(listing.finalize())
    }

    private static func collect(_ root: String, _ rel: String, into out: inout [String]) throws(FileSystem.IOError) {
        for name in try FileSystem.entries(FileSystem.join(root, rel)) where !name.hasPrefix(".") {
            let sub = rel + "/" + name
            if FileSystem.isDirectory(FileSystem.join(root, sub)) {
                try collect(root, sub, into: &out)
            } else if FileSystem.isFile(FileSystem.join(root, sub)) {
                out.append(sub)
            }
        }
    }

    /// The handshake's `suite` member (VECTORS.md §5.4).
    public var handshakeMember: JSONValue {
        .object([.init("version", .string(version)), .init("vectors", .string(vectors))])
    }
}
