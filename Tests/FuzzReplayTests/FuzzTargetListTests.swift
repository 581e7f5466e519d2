import AFCorpusFormat
import AFFuzzBodies
import Foundation
import Testing
import TestSupport

/// The fuzz targets are declared once, as descriptors (``FuzzTargetCatalog``: each `<Name>Input`'s
/// `descriptor`, the canary); `scripts/fuzz/targets.json` (for Package.swift and the scripts) and the
/// entry points `Sources/Fuzzers/<name>/Fuzz.swift` are their rendering, and the descriptors follow the fuzz bodies of
/// ``FuzzTargets/all`` in order.
@Suite struct FuzzTargetListTests {
    static let root = Repository.root

    @Test func theCommittedListIsTheDescriptorsRendering() throws {
        let committed = try String(
            contentsOf: Self.root.appendingPathComponent("scripts/fuzz/targets.json"), encoding: .utf8)
        #expect(committed == FuzzTargetCatalog.json(), "run `conformance fuzz-targets`")
    }

    @Test func everyEntryPointIsTheDescriptorsRendering() throws {
        for t in FuzzTargetCatalog.all {
            let folder = Self.root.appendingPathComponent("Sources/Fuzzers/\(t.name)")
            let setup = FileManager.default.fileExists(atPath: folder.appendingPathComponent("Setup.swift").path)
            let committed = try String(contentsOf: folder.appendingPathComponent("Fuzz.swift"), encoding: .utf8)
            #expect(
                committed == FuzzTargetCatalog.entrySource(t, setup: setup), "\(t.name): run `conformance fuzz-targets`"
            )
        }
    }

    @Test func theCatalogIsFuzzTargetsAllThenTheCanary() {
        let bodies: [any FuzzBody.Type] = FuzzTargets.all + [CanaryFuzz.self]
        let catalog = FuzzTargetCatalog.all
        #expect(catalog.map(\.name) == bodies.map { $0.name })
        #expect(catalog.map(\.body) == bodies.map { String(describing: $0) })
        #expect(catalog.map(\.canary) == bodies.map { $0.name == CanaryFuzz.name })
    }

    @Test func theCorpusFormatHasEveryBodyAndNoOther() {
        #expect(CorpusTargets.all.map { $0.name } == FuzzTargets.all.map { $0.name })
        #expect(
            CorpusTargets.all.map { String(describing: $0) }
                == FuzzTargets.all.map { String(describing: $0).replacingOccurrences(of: "Fuzz", with: "Input") })
        #expect(CorpusTargets.all.map { $0.descriptor.name } == CorpusTargets.all.map { $0.name })
    }

    /// Every header byte from 0 to the last belongs to exactly one field, and a field names either a
    /// value or its bits; every target has its executable and oracles.
    @Test func everyTargetHasAWholeHeaderItsExecutableAndOracles() {
        for t in FuzzTargetCatalog.all {
            let executable = Self.root.appendingPathComponent("Sources/Fuzzers/\(t.name)")
            #expect(FileManager.default.fileExists(atPath: executable.path), "no \(executable.path)")
            #expect(!t.oracles.isEmpty, "\(t.name) lists no oracles")
            let bytes = t.header.flatMap { Array($0.first...$0.last) }
            #expect(bytes == Array(0..<t.headerSize), "\(t.name): header bytes \(bytes)")
            for f in t.header {
                #expect(f.value != nil || !f.bits.isEmpty, "\(t.name) \(f.field): says neither its value nor its bits")
                #expect(
                    f.bits.keys.allSatisfy { (0..<8).contains($0) } && f.first == f.last || f.bits.isEmpty,
                    "\(t.name) \(f.field)")
            }
        }
    }
}
