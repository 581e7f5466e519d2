// libFuzzer target: the entry point, and a `main` that runs libFuzzer's driver (see CLibFuzzer.h).
import AFFuzzBodies
import CLibFuzzer
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    QueryStringFuzz.fuzzerEntry(data, size)
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
