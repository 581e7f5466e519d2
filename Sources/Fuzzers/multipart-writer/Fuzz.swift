// libFuzzer target: the entry point (and, in our build, a `main` running libFuzzer's driver).
import AFFuzzBodies
#if AFS_OWN_MAIN
import AFFuzzDriver
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    MultipartWriterFuzz.fuzzerEntry(data, size)
}

#if AFS_OWN_MAIN
/// Our build (scripts/fuzz/build.sh) links libFuzzer without its `main`; under OSS-Fuzz's global
/// flags (.clusterfuzzlite/build.sh) libFuzzer's own `main` is used and this is compiled out.
@main
enum FuzzMain {
    static func main() {
        runLibFuzzer(testOneInput)
    }
}
#endif
