import AFConformance
import AFCorpusFormat
import AFSerialization
import ArgumentParser
import AFCommandLine

/// `conformance seeds`: the fuzz targets' hand seeds and the inputs derived from the golden vectors.
struct SeedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seeds",
        abstract: "Write the fuzz targets' seed inputs: hand-made ones and one per golden vector a target can express.",
        discussion: """
            Each target's seeds and its reading of a vector sit in its Sources/AFCorpusFormat/<Name>Input.swift, \
            beside the header they encode. Files are Corpus/<target>/seed-<label> and vec-<vector id>, plus a \
            bounded- copy of each for the targets whose header has a bounded-tree bit. Existing files with other \
            names are left alone; a file whose bytes change is reported. Re-record the output snapshots \
            (`conformance snapshot`) after adding inputs to a committed corpus.
            """
    )

    @Option(help: ArgumentHelp("The corpus folder (one folder per target).", valueName: "DIR"))
    var corpus = "Corpus"

    @Option(help: ArgumentHelp("The golden vectors (DIR/<component>/<topic>.json).", valueName: "DIR"))
    var vectors = "Vectors"

    @Option(help: ArgumentHelp("Only this target; repeatable. Default: every target.", valueName: "NAME"))
    var target: [String] = []

    func validate() throws {
        for name in target where CorpusTargets.named(name) == nil {
            throw ValidationError(
                "unknown target \"\(name)\"; expected one of "
                    + "\(CorpusTargets.all.map { $0.name }.joined(separator: ", "))"
            )
        }
    }

    func run() throws {
        let seedVectors = try loadVectors()
        var total = (new: 0, changed: 0, unchanged: 0, fromVectors: 0)
        for t in CorpusTargets.all where target.isEmpty || target.contains(t.name) {
            let folder = FileSystem.join(corpus, t.name)
            if !FileSystem.isDirectory(folder) {
                do { try FileSystem.makeDirectory(folder) } catch {
                    throw fail("cannot create \(folder): \(error.message)")
                }
            }
            var counts = (new: 0, changed: 0, unchanged: 0)
            var written: [String: [UInt8]] = [:]
            for seed in CorpusSeeds.inputs(t, vectors: seedVectors) { written[seed.label] = seed.bytes }
            for (name, bytes) in written.sorted(by: { $0.key < $1.key }) {
                let path = FileSystem.join(folder, name)
                let old = FileSystem.isFile(path) ? try? FileSystem.readFile(path) : nil
                if old == bytes { counts.unchanged += 1; continue }
                if old == nil { counts.new += 1 } else { counts.changed += 1; print("seeds: \(path) changed") }
                do { try FileSystem.writeFileAtomically(path, bytes) } catch {
                    throw fail("cannot write \(path): \(error.message)")
                }
            }
            let fromVectors = written.keys.filter { $0.hasPrefix("vec-") }.count
            print(
                "seeds: \(t.name): \(written.count) inputs (\(fromVectors) from vectors, bounded copies included): "
                    + "\(counts.new) new, \(counts.changed) changed, \(counts.unchanged) unchanged")
            total = (
                total.new + counts.new, total.changed + counts.changed, total.unchanged + counts.unchanged,
                total.fromVectors + fromVectors
            )
        }
        print(
            "seeds: \(total.new) new, \(total.changed) changed, \(total.unchanged) unchanged in \(corpus); "
                + "\(total.fromVectors) inputs from \(seedVectors.count) golden vectors in \(vectors)")
    }

    /// Every vector of DIR/<component>/<topic>.json, files in byte order of their paths.
    private func loadVectors() throws -> [SeedVector] {
        guard FileSystem.isDirectory(vectors) else { throw fail("\(vectors): no such vector folder") }
        var out: [SeedVector] = []
        let components: [String]
        do { components = try FileSystem.entries(vectors) } catch {
            throw fail("cannot read \(vectors): \(error.message)")
        }
        for component in components
        where !component.hasPrefix(".") && FileSystem.isDirectory(FileSystem.join(vectors, component)) {
            let folder = FileSystem.join(vectors, component)
            let files: [String]
            do { files = try FileSystem.entries(folder) } catch {
                throw fail("cannot read \(folder): \(error.message)")
            }
            for file in files where file.hasSuffix(".json") && !file.hasPrefix(".") {
                let path = FileSystem.join(folder, file)
                let doc: JSONValue
                do { doc = try JSONParser(maxDepth: 4096).parse(try FileSystem.readFile(path)) } catch {
                    throw fail("\(path): not a vector file: \(error)")
                }
                let name = doc["component"]?.stringValue ?? ""
                for v in doc["vectors"]?.arrayValue ?? [] { out.append(SeedVector(component: name, vector: v)) }
            }
        }
        return out
    }
}
