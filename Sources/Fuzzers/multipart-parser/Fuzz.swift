// libFuzzer entry point only: no top-level code (libFuzzer provides main). See scripts/fuzz/build.sh.
import AFFuzzBodies
#if AFS_FUZZ_KIT
import AFFuzzMultipartKitOracle
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    #if AFS_FUZZ_KIT
    MultipartKitOracle.install()
    #endif
    return MultipartParserFuzz.fuzzerEntry(data, size)
}
