import CLibFuzzer
#if canImport(Glibc)
    import Glibc
#endif

/// Runs libFuzzer's driver on `testOneInput` with the process arguments and exits with its status.
///
/// The fuzz executables call this from their own `main`: without a global `--sanitize=fuzzer`,
/// SwiftPM binds an executable's `main` to its module, which keeps libFuzzer's `main` out of the
/// link (see Package.swift and CLibFuzzer.h).
public func runLibFuzzer(_ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
}
