// libFuzzer's driver entry (compiler-rt FuzzerInterface.h), for the fuzz executables' own `main`.
// SwiftPM links an executable's `main` to its module's top-level code, which would shadow
// libFuzzer's `main` when only some modules get -sanitize=fuzzer; the executables therefore run
// the driver themselves. Linked from libclang_rt.fuzzer (swiftc -sanitize=fuzzer at link time).
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

#endif
