import AFFuzzBodies
import AFFuzzXMLOracle

/// Before each input: expat as the strict-XML reference, and Foundation's property-list reader in
/// a child process (swift-corelibs-foundation's per-refusal leak stays there), installed once.
func prepare() {
    if FuzzOracles.installed.xmlReference == nil {
        ExpatOracle.install()
        ForkedPlistReader.install()
    }
}

/// LeakSanitizer's built-in suppressions: swift-corelibs-foundation leaks the CFError of a property
/// list it cannot read (see ``ForkedPlistReader``), which is not our code. The forked reader's
/// children exit without a leak check; the process's own probe reads remain.
@_cdecl("__lsan_default_suppressions")
public func lsanDefaultSuppressions() -> UnsafePointer<CChar> {
    let text: StaticString = "leak:CFPropertyListCreateWithData\n"
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
