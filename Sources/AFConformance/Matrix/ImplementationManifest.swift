import AFSerialization
import AFVectorFormat
#if canImport(Glibc)
    import Glibc
#endif

/// `Implementations/<name>/adapter.json` (Implementations/README.md): how to start an adapter,
/// what must be installed for it, and how to install that.
public struct ImplementationManifest: Sendable, Hashable {
    public var name: String
    public var title: String
    /// Started from the repository root, split like a shell splits words.
    public var command: String
    /// Commands that all exit 0 when the runtime and libraries are installed.
    public var requires: [String]
    public var install: String
    /// Whether CI installs and runs it.
    public var ci: Bool
    public var directory: String

    /// Every `DIR/*/adapter.json`, sorted by name; a malformed manifest is an error naming its file.
    public static func discover(in root: String) throws(HarnessError) -> [ImplementationManifest] {
        var out: [ImplementationManifest] = []
        let entries: [String]
        do { entries = try FileSystem.entries(root) } catch { throw HarnessError(root, error.message) }
        for entry in entries.sorted() {
            let dir = FileSystem.join(root, entry)
            let path = FileSystem.join(dir, "adapter.json")
            guard FileSystem.isFile(path) else { continue }
            out.append(try load(path, directory: dir))
        }
        return out
    }

    public static func load(_ path: String, directory: String) throws(HarnessError) -> ImplementationManifest {
        let doc: JSONValue
        do { doc = try JSONParser().parse(try FileSystem.readFile(path)) } catch {
            throw HarnessError(path, "\(error)")
        }
        let f = try Fields(doc, path: path)
        let requires: [String]
        do {
            requires = try (f.array("requires") ?? []).enumerated().map { (i, v) throws(HarnessError) -> String in
                guard let s = v.stringValue else {
                    throw HarnessError("\(path): requires[\(i)]", "expected a command string")
                }
                return s
            }
        }
        let m = ImplementationManifest(
            name: try f.requireString("name"), title: try f.string("title") ?? "",
            command: try f.requireString("command"),
            requires: requires, install: try f.string("install") ?? "", ci: try f.bool("ci") ?? false,
            directory: directory)
        do { _ = try ShellWords.split(m.command) } catch { throw HarnessError("\(path): command", "\(error)") }
        guard m.name == FileSystem.lastComponent(directory) else {
            throw HarnessError(
                "\(path): name", "\"\(m.name)\" must be the folder's name, \"\(FileSystem.lastComponent(directory))\"")
        }
        return m
    }

    /// The first requirement that does not exit 0 within `timeout` seconds, with why; nil when all do.
    public func missingRequirement(timeout: Double = 30) -> String? {
        for r in requires {
            let argv: [String]
            do { argv = try ShellWords.split(r) } catch { return "\(r): \(error)" }
            let child: ChildProcess
            do { child = try ChildProcess.spawn(argv) } catch { return "\(r): \(error.description)" }
            child.closeStdin()
            let exited = child.waitForExit(milliseconds: Int(timeout * 1000))
            let status = child.reap(blocking: exited)
            child.terminate()
            guard exited, let status else { return "\(r): no answer within \(Int(timeout)) s" }
            if status != 0 { return "\(r): \(ChildProcess.describe(waitStatus: status))" }
        }
        return nil
    }
}
