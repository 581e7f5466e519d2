import AFFuzzBodies
import AFFuzzXMLOracle

/// Before each input: expat as the strict-XML reference, installed once, and the budget of property
/// lists Foundation may read in this process (≈ 90 MB of its leak, then plists are skipped).
func prepare() {
    if FuzzOracles.installed.xmlReference == nil {
        ExpatOracle.install()
        ResponseFuzz.plistBudget = 100_000
    }
}

/// LeakSanitizer's built-in suppressions: swift-corelibs-foundation leaks the CFError of a property
/// list it cannot read (swiftlang/swift-corelibs-foundation#3366, open), which is not our code.
@_cdecl("__lsan_default_suppressions")
public func lsanDefaultSuppressions() -> UnsafePointer<CChar> {
    let text: StaticString = "leak:CFPropertyListCreateWithData\n"
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
