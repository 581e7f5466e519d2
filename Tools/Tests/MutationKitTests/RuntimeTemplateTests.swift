import Testing
@testable import MutationKit

/// The runtime template defines every helper an operator can call, in both copies.
@Suite struct RuntimeTemplateTests {
    func defines(_ text: String, _ prefix: String, _ name: String) -> Bool {
        text.contains("\(prefix) \(name)(") || text.contains("\(prefix) \(name)<")
    }

    @Test func everyHelperIsDefined() {
        for h in Helper.allCases {
            #expect(
                defines(RuntimeTemplate.fileHelpers, "@inline(__always) fileprivate func", h.rawValue), "\(h.rawValue)")
            #expect(
                defines(RuntimeTemplate.switchFile, "@inlinable @inline(__always) func", h.inlinableName),
                "\(h.inlinableName)")
        }
    }

    @Test func theCopiesReadTheirOwnSwitch() {
        #expect(RuntimeTemplate.fileHelpers.hasPrefix("@inline(__always) fileprivate func __afsAt(_ id: Int) -> Int {"))
        #expect(!RuntimeTemplate.fileHelpers.contains("@inlinable"))
        #expect(!RuntimeTemplate.fileHelpers.contains("__afsGAt"))
        // The global copies read the global switch (`__afsAt` is each file's own).
        #expect(!RuntimeTemplate.switchFile.contains("__afsAt("))
        #expect(RuntimeTemplate.switchFile.contains("__afsGAt(id) == id"))
        #expect(RuntimeTemplate.switchFile.contains("public func __afsActivateMutant(_ id: Int)"))
    }

    /// Every helper reads the switch with its site's first id, so that recording (`afs-mutants
    /// --reach`) marks each site that runs; a helper that read it without the id would run unrecorded.
    @Test func everyReadOfTheSwitchNamesTheSite() {
        let helpers = RuntimeTemplate.helpers
        #expect(!helpers.contains("__afsActive"))
        let reads = helpers.ranges(of: "__afsAt(").count
        #expect(reads == helpers.ranges(of: "__afsAt(id)").count && reads >= Helper.allCases.count)
        #expect(RuntimeTemplate.switchFile.contains("public func __afsRecordReach()"))
        #expect(RuntimeTemplate.switchFile.contains("public func __afsReachedIDs() -> [Int]?"))
    }
}
