// afs-mutate: lists the mutation sites of a Swift source directory and writes mutant schemata
// (every mutant compiled into one build, each behind a runtime switch: AFS_MUTANT=<id>).
//
//   afs-mutate sites    [--src DIR] [--files GLOB…] [--lines FILE:FROM-TO…] [--exclude-keys FILE]
//   afs-mutate schemata --out DIR [--src DIR] [--exclude-keys FILE]
//
// Argument parsing and file I/O only: the operators, the schemata and the site model are the
// MutationKit library. See Tools/README.md and docs/mutation/README.md.
import MutationKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: - Files

func readFile(_ path: String) -> String? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n <= 0 { break }
        bytes += buf[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ path: String, _ text: String) {
    guard let f = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, f) }
    fclose(f)
}

func mkdirs(_ path: String) {
    var cur = path.hasPrefix("/") ? "" : "."
    for part in path.split(separator: "/") {
        cur += "/" + part
        mkdir(cur, 0o755)
    }
}

/// The .swift files under `dir`, relative to it, sorted (the order ids are given in).
func swiftFiles(_ dir: String) -> [String] {
    var out: [String] = []
    func walk(_ rel: String) {
        guard let d = opendir(dir + (rel.isEmpty ? "" : "/" + rel)) else { return }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: e.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            names.append(name)
        }
        for name in names.sorted() {
            let r = rel.isEmpty ? name : rel + "/" + name
            if let sub = opendir(dir + "/" + r) {
                closedir(sub); walk(r)
            } else if name.hasSuffix(".swift") {
                out.append(r)
            }
        }
    }
    walk("")
    return out.sorted()
}

// MARK: - Arguments

struct Options {
    var command = ""
    var src = "Sources/AFSerialization"
    var out: String? = nil
    var files: [String] = []
    var lines: [(String, Int, Int)] = []
    var excludeKeys: String? = nil
}

func usage() -> Never {
    print(
        """
        usage: afs-mutate sites    [--src DIR] [--files GLOB…] [--lines FILE:FROM-TO…] [--exclude-keys FILE]
               afs-mutate schemata --out DIR [--src DIR] [--exclude-keys FILE]
        sites: prints the mutants (one JSON object per mutant, in a JSON array).
        schemata: writes DIR/<each file> rewritten with runtime switches (AFS_MUTANT=<id>),
          DIR/__AFSMutantSwitch.swift, and DIR/../sites.json.
        --files and --lines match paths relative to --src (GLOB as fnmatch).
        --exclude-keys FILE: one key per line; a group with an excluded key is left unmutated.
        """)
    exit(2)
}

func parseOptions() -> Options {
    var o = Options()
    var args = Array(CommandLine.arguments.dropFirst())
    guard !args.isEmpty else { usage() }
    o.command = args.removeFirst()
    var mode = ""
    while !args.isEmpty {
        let a = args.removeFirst()
        switch a {
        case "--src", "--out", "--exclude-keys":
            if args.isEmpty { usage() }
            let v = args.removeFirst()
            mode = ""
            if a == "--src" { o.src = v } else if a == "--out" { o.out = v } else { o.excludeKeys = v }
        case "--files": mode = "files"
        case "--lines": mode = "lines"
        case "-h", "--help": usage()
        default:
            if mode == "files" {
                o.files.append(a)
            } else if mode == "lines" {
                // FILE:FROM-TO
                guard let colon = a.lastIndex(of: ":") else { usage() }
                let f = String(a[..<colon])
                let range = a[a.index(after: colon)...].split(separator: "-")
                guard let from = Int(range.first ?? ""), let to = Int(range.last ?? "") else { usage() }
                o.lines.append((f, from, to))
            } else {
                usage()
            }
        }
    }
    return o
}

// MARK: - Main

func main() {
    let o = parseOptions()
    guard o.command == "sites" || o.command == "schemata" else { usage() }
    var excluded = Set<String>()
    if let path = o.excludeKeys {
        guard let text = readFile(path) else { fputs("cannot read \(path)\n", stderr); exit(2) }
        for line in text.split(separator: "\n") where !line.isEmpty && !line.hasPrefix("#") {
            excluded.insert(String(line))
        }
    }
    let paths = swiftFiles(o.src)
    if paths.isEmpty { fputs("no .swift files under \(o.src)\n", stderr); exit(2) }
    var sources: [(path: String, text: String)] = []
    for rel in paths {
        guard let text = readFile(o.src + "/" + rel) else { fputs("cannot read \(rel)\n", stderr); exit(2) }
        sources.append((rel, text))
    }
    let (files, mutants) = MutationRun(excludedKeys: excluded).run(sources)
    let selected = MutationRun.select(mutants, files: o.files, lines: o.lines)
    let json = sitesJSON(selected)
    guard o.command == "schemata", let out = o.out else {
        print(json, terminator: "")
        return
    }
    for (file, source) in zip(files, sources) {
        // The helpers go after the file's last line: every original line keeps its number.
        let oldLines = source.text.split(separator: "\n", omittingEmptySubsequences: false).count
        let newLines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count
        if oldLines > newLines { fputs("warning: \(file.path): \(oldLines) lines became \(newLines)\n", stderr) }
        let dest = out + "/" + file.path
        if let slash = dest.lastIndex(of: "/") { mkdirs(String(dest[..<slash])) }
        writeFile(dest, file.text)
    }
    writeFile(out + "/__AFSMutantSwitch.swift", MutationRun.switchFile)
    var parent = out
    while parent.hasSuffix("/") { parent.removeLast() }
    if let slash = parent.lastIndex(of: "/") { parent = String(parent[..<slash]) } else { parent = "." }
    writeFile(parent + "/sites.json", json)
    fputs("afs-mutate: \(selected.count) mutants in \(files.count) files → \(out)\n", stderr)
}

main()
