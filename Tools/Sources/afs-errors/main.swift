// afs-errors: the reference table of every AFSError kind and AF-compatible code (VECTORS.md §6),
// generated from the core's source.
//
//   afs-errors --check VECTORS.md   exit 1 when the block is out of date (a kind added without its row)
//   afs-errors --write VECTORS.md   rewrite the block
//   afs-errors --print              print the table
//   [--src DIR]…                    default: the core, AFFoundationCompat and the eval components
//
// Also exits 1 when a declared kind has no construction site it can read, or a construction's
// kind cannot be followed: then the table would be incomplete.
import ErrorCatalog
import Foundation

func fail(_ message: String, _ status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data(("afs-errors: " + message + "\n").utf8))
    exit(status)
}

var args = Array(CommandLine.arguments.dropFirst())
var mode = ""
var doc = ""
var dirs: [String] = []
while !args.isEmpty {
    let a = args.removeFirst()
    switch a {
    case "--check", "--write":
        guard !args.isEmpty else { fail("\(a) needs a file") }
        mode = a
        doc = args.removeFirst()
    case "--print": mode = a
    case "--src":
        guard !args.isEmpty else { fail("--src needs a directory") }
        dirs.append(args.removeFirst())
    case "-h", "--help":
        print(
            "usage: afs-errors (--check FILE | --write FILE | --print) [--src DIR]…\n"
                + "The error reference table of VECTORS.md §6, generated from the core's source."
        )
        exit(0)
    default: fail("unknown argument \(a) (see --help)")
    }
}
guard !mode.isEmpty else { fail("give --check FILE, --write FILE or --print (see --help)") }
if dirs.isEmpty {
    dirs = ["Sources/AFSerialization", "Sources/AFFoundationCompat", "Sources/AFConformance/Components"]
}

var sources: [(path: String, text: String)] = []
for dir in dirs {
    guard let walker = FileManager.default.enumerator(atPath: dir) else { fail("cannot read \(dir)") }
    for case let rel as String in walker where rel.hasSuffix(".swift") {
        let path = dir + "/" + rel
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
        sources.append((path, text))
    }
}
sources.sort { $0.path < $1.path }
let catalog = ErrorCatalog(sources: sources)
var problems: [String] = []
for k in catalog.kindsWithoutSites { problems.append("kind \(k) is declared but no construction of it could be read") }
for s in catalog.unresolvedSites {
    problems.append("an AFSError construction in \(s.file) has a kind or domain that cannot be followed")
}
if !problems.isEmpty { fail(problems.joined(separator: "\n"), 1) }

let table = ReferenceTable.markdown(catalog, stripPrefix: "Sources/AFSerialization/")
if mode == "--print" { print(table); exit(0) }

guard let current = try? String(contentsOfFile: doc, encoding: .utf8) else { fail("cannot read \(doc)") }
let updated: String
do { updated = try ReferenceTable.replacingBlock(in: current, with: table, docName: doc) } catch { fail("\(error)") }
if mode == "--write" {
    do { try updated.write(toFile: doc, atomically: true, encoding: .utf8) } catch {
        fail("cannot write \(doc): \(error)")
    }
    print(
        "afs-errors: \(doc) §6 written: \(catalog.kinds.count) kinds, "
            + "\(catalog.constructionCount) constructions, \(catalog.sites.count) call paths"
    )
} else if updated != current {
    fail(
        "\(doc) §6 (the error reference) is out of date with the core's source: a kind, code, message "
            + "or context key changed. Run: swift run --package-path Tools afs-errors --write \(doc)",
        1)
} else {
    print(
        "afs-errors: \(doc) §6 is up to date (\(catalog.kinds.count) kinds, "
            + "\(catalog.constructionCount) constructions, \(catalog.sites.count) call paths)"
    )
}
