// libFuzzer entry point only: no top-level code (libFuzzer provides main). See scripts/fuzz/build.sh.
import AFFuzzBodies

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    ContentDecodeFuzz.fuzzerEntry(data, size)
}
