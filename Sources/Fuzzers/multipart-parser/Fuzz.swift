// fuzz-multipart-parser: the libFuzzer entry point; in our build also a `main` that runs libFuzzer's driver
// (AFFuzzDriver; compiled out under OSS-Fuzz's global flags, where libFuzzer's own `main` is used).
import AFFuzzBodies
#if AFS_FUZZ_KIT
import AFFuzzMultipartKitOracle
#endif

// The oracle is installed by the entry point itself, so OSS-Fuzz's build (libFuzzer's own `main`)
// compares with multipart-kit too.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    #if AFS_FUZZ_KIT
    if FuzzOracles.installed.multipartReference == nil { MultipartKitOracle.install() }
    #endif
    return MultipartParserFuzz.fuzzerEntry(data, size)
}
#if AFS_OWN_MAIN
import AFFuzzDriver
@main enum FuzzMain { static func main() { runLibFuzzer(testOneInput) } }
#endif
