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
        #expect(RuntimeTemplate.fileHelpers.hasPrefix("@inline(__always) fileprivate var __afsActive: Int {"))
        #expect(!RuntimeTemplate.fileHelpers.contains("@inlinable"))
        #expect(!RuntimeTemplate.fileHelpers.contains("__afsGActive"))
        // The global copies read the global switch (`__afsActive` is each file's own).
        #expect(!RuntimeTemplate.switchFile.contains("__afsActive "))
        #expect(RuntimeTemplate.switchFile.contains("__afsGActive == id"))
        #expect(RuntimeTemplate.switchFile.contains("public func __afsActivateMutant(_ id: Int)"))
    }
}
