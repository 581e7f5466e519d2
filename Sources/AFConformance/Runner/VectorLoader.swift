import AFSerialization
import AFVectorFormat

#if canImport(Glibc)
    import Glibc
#endif

/// Finds, parses, schema-checks and cross-checks vector files.
///
/// Layout: `DIR/<component>/<topic>.json`. Files directly in `DIR` (`coverage.json`,
/// `expected-failures.json`) and the `schema/` folder are not vector files. A broken file or vector
/// is reported as a ``VectorProblem`` and skipped; everything else still loads.
public struct VectorLoader: Sendable {
    public static let schemaTag = "afserialization-vectors/1"
    public let schema: JSONSchema

    public init(schema: JSONSchema) { self.schema = schema }

    /// Loads the schema from `Vectors/schema/vectors.schema.json` under `root`.
    public init(root: String) throws(HarnessError) {
        let path = VectorPaths.schemaFile(root: root)
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(path) } catch {
            throw HarnessError(path, "cannot read the vector schema: \(error.message)")
        }
        let json: JSONValue
        do { json = try JSONParser().parse(bytes) } catch {
            throw HarnessError(path, "the vector schema is not valid JSON: \(error)")
        }
        self.init(schema: try JSONSchema(json))
    }

    /// The vector files under `directory`, sorted.
    public static func vectorFiles(in directory: String) throws(FileSystem.IOError) -> [String] {
        var out: [String] = []
        for name in try FileSystem.entries(directory) where name != "schema" && !name.hasPrefix(".") {
            let sub = FileSystem.join(directory, name)
            if FileSystem.isDirectory(sub) { try collect(sub, into: &out) }
        }
        return out
    }

    private static func collect(_ dir: String, into out: inout [String]) throws(FileSystem.IOError) {
        for name in try FileSystem.entries(dir) where !name.hasPrefix(".") {
            let p = FileSystem.join(dir, name)
            if FileSystem.isDirectory(p) {
                try collect(p, into: &out)
            } else if name.hasSuffix(".json") {
                out.append(p)
            }
        }
    }

    public func load(directories: [String]) -> VectorSet {
        var set = VectorSet()
        var seen: [String: String] = [:]  // id → file of first occurrence
        for dir in directories {
            let files: [String]
            do {
                files = try Self.vectorFiles(in: dir)
            } catch {
                set.problems.append(
                    VectorProblem(file: dir, message: "cannot read the vector directory: \(error.message)"))
                continue
            }
            if files.isEmpty {
                set.problems.append(
                    VectorProblem(file: dir, message: "no vector files (expected DIR/<component>/<topic>.json)"))
            }
            for file in files { loadFile(file, into: &set, seen: &seen) }
        }
        return set
    }

    func loadFile(_ file: String, into set: inout VectorSet, seen: inout [String: String]) {
        set.files.append(file)
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(file) } catch {
            set.problems.append(VectorProblem(file: file, message: "cannot read: \(error.message)"))
            return
        }
        let doc: JSONValue
        do { doc = try JSONParser(maxDepth: 4096).parse(bytes) } catch {
            let at = error.offset.map { " at \(Self.lineColumn(bytes, $0))" } ?? ""
            set.problems.append(VectorProblem(file: file, message: "not valid JSON\(at): \(error.message)"))
            return
        }
        let problems = validate(document: doc, file: file)
        let rejectedIndexes = problems.rejected
        set.problems.append(contentsOf: problems.list)
        if problems.fileRejected { return }

        let component = doc["component"]?.stringValue ?? ""
        set.fileComponents[file] = component
        let fileRefs = doc["refs"]?.arrayValue?.compactMap(\.stringValue) ?? []
        for (i, v) in (doc["vectors"]?.arrayValue ?? []).enumerated() where !rejectedIndexes.contains(i) {
            guard let id = v["id"]?.stringValue else { continue }
            if let first = seen[id] {
                set.problems.append(
                    VectorProblem(
                        file: file, id: id, field: "vectors[\(i)].id",
                        message: "duplicate id (first defined in \(first)); this copy is not run"))
                continue
            }
            let ownRefs = v["refs"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let profiles = v["profiles"]?.arrayValue?.compactMap(\.stringValue)
            let authority: (levels: [String: Level], citations: [String: String])
            switch Self.authority(of: v, profiles: profiles ?? Vector.allProfiles) {
            case .success(let a): authority = a
            case .failure(let problem):
                set.problems.append(VectorProblem(file: file, id: id, field: problem.field, message: problem.message))
                continue
            }
            seen[id] = file
            set.vectors.append(
                Vector(
                    id: id, component: component, profiles: profiles,
                    options: v["options"], input: v["input"] ?? .object([]), expected: v["expected"] ?? .object([]),
                    comment: v["comment"]?.stringValue, refs: ownRefs + fileRefs.filter { !ownRefs.contains($0) },
                    review: v["review"]?.boolValue ?? false, file: file, index: i,
                    levels: authority.levels, authorities: authority.citations,
                    acceptable: v["acceptable"]?.arrayValue ?? []))
        }
    }

    struct FieldProblem: Error {
        var field: String
        var message: String
    }

    /// `level` and `authority` spread over the vector's profiles (VECTORS.md §1.3): a string holds for
    /// every profile, an object names each of them, and exactly them. Their form is the schema's;
    /// this checks what a schema cannot: that they agree with `profiles`, and `acceptable` with the level.
    static func authority(of v: JSONValue, profiles: [String]) -> Result<
        (levels: [String: Level], citations: [String: String]), FieldProblem
    > {
        func spread(_ field: String) -> Result<[String: String], FieldProblem> {
            switch v[field] {
            case nil: return .success([:])
            case .string(let s)?: return .success(Dictionary(uniqueKeysWithValues: profiles.map { ($0, s) }))
            case .object(let members)?:
                let keys = members.map(\.key)
                guard Set(keys) == Set(profiles) else {
                    return .failure(
                        FieldProblem(
                            field: field,
                            message:
                                "names profiles \(keys.joined(separator: ", ")) but the "
                                + "vector runs under \(profiles.joined(separator: ", "))"
                        ))
                }
                return .success(Dictionary(members.map { ($0.key, $0.value.stringValue ?? "") }) { a, _ in a })
            default: return .success([:])  // the schema reports the wrong type
            }
        }
        let names: [String: String], citations: [String: String]
        switch spread("level") {
        case .success(let x): names = x;
        case .failure(let p): return .failure(p)
        }
        switch spread("authority") {
        case .success(let x): citations = x;
        case .failure(let p): return .failure(p)
        }
        if names.isEmpty != citations.isEmpty {
            return .failure(
                FieldProblem(
                    field: names.isEmpty ? "level" : "authority",
                    message: "level and authority come together (VECTORS.md §1.3)"))
        }
        let levels = names.compactMapValues(Level.init(rawValue:))
        let open = levels.values.contains(.implementationDefined)
        if open, v["acceptable"] == nil {
            return .failure(
                FieldProblem(
                    field: "acceptable", message: "an implementation-defined run lists its acceptable outcomes"))
        }
        if !open, v["acceptable"] != nil {
            return .failure(
                FieldProblem(field: "acceptable", message: "only implementation-defined runs have acceptable outcomes"))
        }
        return .success((levels, citations))
    }

    struct FileProblems {
        var list: [VectorProblem] = []
        var rejected: Set<Int> = []
        var fileRejected = false
    }

    /// Schema violations, mapped to the vector they are in, plus the checks a schema cannot express.
    func validate(document doc: JSONValue, file: String) -> FileProblems {
        var out = FileProblems()
        let vectors = doc["vectors"]?.arrayValue ?? []
        func idOf(_ i: Int) -> String? { i < vectors.count ? vectors[i]["id"]?.stringValue : nil }
        for violation in schema.validate(doc) {
            if let (i, rest) = Self.vectorIndex(violation.path) {
                out.rejected.insert(i)
                out.list.append(
                    VectorProblem(
                        file: file, id: idOf(i) ?? "vectors[\(i)]",
                        field: rest.isEmpty ? "vectors[\(i)]" : rest, message: violation.message))
            } else {
                out.fileRejected = true
                out.list.append(VectorProblem(file: file, field: violation.path, message: violation.message))
            }
        }
        if out.fileRejected { return out }
        let component = doc["component"]?.stringValue ?? ""
        let folder = FileSystem.lastComponent(FileSystem.parent(file))
        if folder != component {
            out.list.append(
                VectorProblem(
                    file: file, field: "component",
                    message: "file declares component \"\(component)\" but lives in folder \"\(folder)\""))
        }
        for (i, v) in vectors.enumerated() where !out.rejected.contains(i) {
            let id = v["id"]?.stringValue ?? ""
            if !id.hasPrefix(component + "/") {
                out.rejected.insert(i)
                out.list.append(
                    VectorProblem(
                        file: file, id: id, field: "id",
                        message: "ids start with the component name: \"\(component)/…\""))
            }
        }
        return out
    }

    /// `vectors[12].expected.text` → (12, "expected.text").
    static func vectorIndex(_ path: String) -> (Int, String)? {
        guard path.hasPrefix("vectors[") else { return nil }
        let rest = path.dropFirst("vectors[".count)
        guard let close = rest.firstIndex(of: "]"), let i = Int(rest[..<close]) else { return nil }
        var tail = rest[rest.index(after: close)...]
        if tail.hasPrefix(".") { tail = tail.dropFirst() }
        return (i, String(tail))
    }

    static func lineColumn(_ bytes: [UInt8], _ offset: Int) -> String {
        var line = 1, col = 1
        for b in bytes.prefix(offset) {
            if b == 0x0A { line += 1; col = 1 } else { col += 1 }
        }
        return "line \(line), column \(col)"
    }
}

/// Where the bundled vectors live.
public enum VectorPaths {
    /// The environment variable that names a vectors directory to use instead of the bundled one.
    public static let environmentVariable = "AFS_CONFORMANCE_VECTORS"

    /// The first of: `$AFS_CONFORMANCE_VECTORS`; the release layouts beside this executable
    /// (`<dir>/Vectors` in the tarball, `<dir>/../share/afs-conformance/Vectors` where pip installs the
    /// wheel); `./Vectors` when run from the package root (the usual `swift run conformance`); the
    /// `Vectors` folder of the source tree this binary was built from. The release layouts come before
    /// the working directory, so an installed runner never picks up a checkout's vectors by accident.
    public static func defaultRoot() -> String {
        if let named = getenv(environmentVariable).map({ String(cString: $0) }), !named.isEmpty { return named }
        if let exe = executablePath() {
            let dir = FileSystem.parent(exe)
            for candidate in [
                FileSystem.join(dir, "Vectors"), FileSystem.join(dir, "../share/afs-conformance/Vectors"),
            ]
            where FileSystem.isFile(schemaFile(root: candidate)) {
                guard let real = realpath(candidate, nil) else { return candidate }
                defer { free(real) }
                return String(cString: real)
            }
        }
        if FileSystem.isFile(schemaFile(root: "Vectors")) { return "Vectors" }
        var p = #filePath
        for _ in 0..<4 { p = FileSystem.parent(p) }  // Runner → AFConformance → Sources → package
        return FileSystem.join(p, "Vectors")
    }

    /// This process's executable, from `/proc/self/exe` (argv[0] may be a bare name found on PATH).
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The suite root of a vectors directory: the folder holding it, which the paths inside vectors
    /// (multipart `path` parts) are relative to (VECTORS.md §1.1).
    public static func suiteRoot(of vectors: String) -> String { FileSystem.parent(vectors) }

    /// Runs `body` with the working directory at `vectors`' suite root, and back where it was after, so
    /// that the paths inside vectors resolve from anywhere. Nothing changes when the suite root is the
    /// working directory already (the usual `Vectors` of the package root), or `vectors` is nil
    /// (directories named on the command line keep the caller's directory, as they always have).
    public static func evaluating<T>(from vectors: String?, _ body: () throws -> T) throws -> T {
        guard let vectors else { return try body() }
        let root = suiteRoot(of: vectors)
        guard !root.isEmpty, root != ".", let here = getcwd(nil, 0) else { return try body() }
        defer { free(here) }
        guard chdir(root) == 0 else { throw HarnessError(root, "cannot enter the suite root: errno \(errno)") }
        defer { _ = chdir(here) }
        return try body()
    }

    public static func schemaFile(root: String) -> String { FileSystem.join(root, "schema/vectors.schema.json") }
    public static func coverageFile(root: String) -> String { FileSystem.join(root, "coverage.json") }
    public static func expectedFailuresFile(root: String) -> String { FileSystem.join(root, "expected-failures.json") }
}
