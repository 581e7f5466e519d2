// fuzz-response: the libFuzzer entry point; in our build also a `main` that runs libFuzzer's driver
// (AFFuzzDriver; compiled out under OSS-Fuzz's global flags, where libFuzzer's own `main` is used).
import AFFuzzBodies
import AFFuzzXMLOracle

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if FuzzOracles.installed.xmlReference == nil {
        ExpatOracle.install()
        ResponseFuzz.plistBudget = 100_000  // ≈ 90 MB of Foundation's leak, then plists are skipped
    }
    return ResponseFuzz.fuzzerEntry(data, size)
}

/// LeakSanitizer's built-in suppressions: swift-corelibs-foundation leaks the CFError of a property
/// list it cannot read (swiftlang/swift-corelibs-foundation#3366, open), which is not our code.
@_cdecl("__lsan_default_suppressions")
public func lsanDefaultSuppressions() -> UnsafePointer<CChar> {
    let text: StaticString = "leak:CFPropertyListCreateWithData\n"
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}
#if AFS_OWN_MAIN
import AFFuzzDriver
@main enum FuzzMain { static func main() { runLibFuzzer(testOneInput) } }
#endif
