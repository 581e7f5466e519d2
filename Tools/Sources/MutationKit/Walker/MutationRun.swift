// The whole run: every file of a source tree parsed, walked and switched; the sites listed.
import SwiftOperators
import SwiftParser
import SwiftSyntax

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One source file's schemata.
public struct SchemataFile: Sendable {
    /// Relative to the source directory (as in sites.json).
    public var path: String
    /// The file with every site switched, each piece of code on its original line.
    public var switched: String
    /// What afs-mutate writes: `switched`, then the fileprivate helper copies after its last line.
    public var text: String {
        switched + (switched.hasSuffix("\n") ? "" : "\n")
            + "// afs-mutate: mutant switch helpers (fileprivate copies)\n" + RuntimeTemplate.fileHelpers
    }
}

/// Mutation sites and schemata for a set of source files (the library entry point).
public struct MutationRun: Sendable {
    public var excludedKeys: Set<String>
    public var operators: [any MutationOperator]

    /// `excludedKeys`: a site with one of these mutant keys is left unmutated (it did not compile).
    public init(excludedKeys: Set<String> = [], operators: [any MutationOperator] = Operators.all) {
        self.excludedKeys = excludedKeys
        self.operators = operators
    }

    /// `files`: (path relative to the source directory, contents), in the order ids are given
    /// (afs-mutate: sorted paths). Returns the switched files in that order and every mutant, by id.
    public func run(_ files: [(path: String, text: String)]) -> (files: [SchemataFile], mutants: [Mutant]) {
        let numbering = Numbering()
        var out: [SchemataFile] = []
        var all: [Mutant] = []
        for (path, text) in files {
            precondition(
                !text.unicodeScalars.contains(Numbering.open), "\(path): U+E000 is afs-mutate's id placeholder")
            let folded = OperatorTable.standardOperators.foldAll(Parser.parse(source: text)) { _ in }.as(
                SourceFileSyntax.self)!
            let m = Mutator(
                file: path, tree: folded, numbering: numbering, excludedKeys: excludedKeys, operators: operators)
            out.append(SchemataFile(path: path, switched: m.render(Syntax(folded)).text))
            all += m.mutants
        }
        // Ids of later tiers are known now (Numbering).
        out = out.map { SchemataFile(path: $0.path, switched: numbering.resolve($0.switched)) }
        all = all.map { numbering.resolve($0) }.sorted { $0.id < $1.id }
        return (out, all)
    }

    /// The mutants of the files matching one of `files` (fnmatch globs, relative paths) and of
    /// the sites that overlap one of `lines` (path, from, to); an empty filter selects everything.
    public static func select(_ mutants: [Mutant], files: [String], lines: [(String, Int, Int)]) -> [Mutant] {
        var selected = mutants
        if !files.isEmpty { selected = selected.filter { m in files.contains { fnmatch($0, m.file, 0) == 0 } } }
        if !lines.isEmpty {
            selected = selected.filter { m in lines.contains { $0.0 == m.file && m.line <= $0.2 && m.endLine >= $0.1 } }
        }
        return selected
    }

    /// __AFSMutantSwitch.swift: reads AFS_MUTANT, and the global helper copies for @inlinable code.
    public static var switchFile: String { RuntimeTemplate.switchFile }
}
