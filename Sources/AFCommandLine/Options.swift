// Command-line pieces shared by `conformance` and `afs-mutants` (the mutation fork server).
import AFConformance
import AFSerialization
import ArgumentParser

/// Options shared by the commands that read vectors.
public struct VectorOptions: ParsableArguments {
    public init() {}

    @Option(
        name: .customLong("vectors"),
        help: ArgumentHelp(
            "A vector directory (DIR/<component>/<topic>.json); repeatable. Default: the bundled Vectors/.",
            valueName: "DIR"))
    public var directories: [String] = []

    @Option(
        help: ArgumentHelp(
            "Select vectors whose id contains TEXT or whose component is TEXT; a pattern "
                + "with * ? [ is a glob on the id. Repeatable (any match selects).",
            valueName: "TEXT"))
    public var filter: [String] = []

    @Option(help: "Only this profile: af3, af4 or strict.")
    public var profile: String?

    @Option(
        help: ArgumentHelp(
            "Only the runs at these levels (VECTORS.md §1.3), comma-separated: must, "
                + "should, af, decision, implementation-defined. An implementation is "
                + "judged by the authorities it claims, e.g. --level must,should.",
            valueName: "LEVELS"))
    public var level: String?

    public func validate() throws {
        if let profile, Profile(rawValue: profile) == nil {
            throw ValidationError("unknown profile \"\(profile)\"; expected af3, af4 or strict")
        }
        if let level {
            do { _ = try Level.list(level) } catch { throw ValidationError(error.message) }
        }
    }

    /// The bundled vectors; also where the schema and coverage list come from.
    public var root: String { VectorPaths.defaultRoot() }
    public var dirs: [String] { directories.isEmpty ? [root] : directories }
    public var selection: RunSelection {
        RunSelection(filters: filter, profile: profile, levels: level.flatMap { try? Level.list($0) })
    }

    /// The directories' expected-failures.json lists, merged (this core's accepted deviations).
    public func directoryExpectedFailures() throws -> ExpectedFailures {
        var merged = ExpectedFailures()
        do {
            for dir in dirs {
                merged = merged.merged(with: try ExpectedFailures.load(VectorPaths.expectedFailuresFile(root: dir)))
            }
        } catch {
            throw fail("\(error)")
        }
        return merged
    }

    /// The suite the run's one vector directory holds (VECTORS.md §7.2), for the handshake; nil when
    /// several directories are given or the one given has no `suite.json`.
    public func suite() throws -> SuiteInfo? {
        guard dirs.count == 1, FileSystem.isFile(SuiteInfo.file(root: dirs[0])) else { return nil }
        do { return try SuiteInfo.load(root: dirs[0]) } catch { throw fail("\(error)") }
    }

    public func load() throws -> VectorSet {
        do {
            return try VectorLoader(root: root).load(directories: dirs)
        } catch {
            throw fail("\(error)")
        }
    }
}

/// The message on stderr, prefixed with the program's name (`conformance`, `afs-mutants`), and exit
/// status 2: the harness itself cannot work (README "The conformance gate").
public func fail(_ message: String) -> ExitCode {
    var err = StandardError()
    let program = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "conformance"
    print("\(program): \(message)", to: &err)
    return ExitCode(2)
}

public struct StandardError: TextOutputStream {
    public init() {}
    public mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

public func writeOrFail(_ path: String, _ text: String) throws {
    do { try FileSystem.writeFileAtomically(path, Array(text.utf8)) } catch {
        throw fail("cannot write \(path): \(error.message)")
    }
}

#if canImport(Glibc)
    import Glibc
#endif
