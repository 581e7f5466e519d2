// libFuzzer target: the entry point, and a `main` that runs libFuzzer's driver (see CLibFuzzer.h).
// `@main`, not top-level code, so it also builds with OSS-Fuzz's global `-parse-as-library`.
import AFFuzzBodies
import CLibFuzzer
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    QueryStringFuzz.fuzzerEntry(data, size)
}

@main
enum FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}
