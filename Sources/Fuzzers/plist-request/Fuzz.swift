// fuzz-plist-request: the libFuzzer entry point; in our build also a `main` that runs libFuzzer's driver
// (AFFuzzDriver; compiled out under OSS-Fuzz's global flags, where libFuzzer's own `main` is used).
import AFFuzzBodies

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    PlistRequestFuzz.fuzzerEntry(data, size)
}
#if AFS_OWN_MAIN
import AFFuzzDriver
@main enum FuzzMain { static func main() { runLibFuzzer(testOneInput) } }
#endif
