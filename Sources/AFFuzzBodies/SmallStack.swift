#if canImport(Glibc)
    import Glibc
#endif

/// Runs a piece of a fuzz body on a thread with a small stack: work that recurses once per unit of
/// input (a gzip member, a container) overflows it at sizes the fuzzer reaches, where the main
/// thread's 8 MiB would take inputs far beyond `-max_len` (Go's gzip reader recursed per member,
/// CVE-2022-30631). SPEC §8: the core must not crash, whatever the input.
enum SmallStack {
    /// 128 KiB: ample for the core's iterative code and zlib under AddressSanitizer.
    static let bytes = 128 << 10

    static func run<T>(_ body: () -> T) -> T {
        withoutActuallyEscaping(body) { body in
            let box = Box<T>(body)
            var attr = pthread_attr_t()
            pthread_attr_init(&attr)
            defer { pthread_attr_destroy(&attr) }
            pthread_attr_setstacksize(&attr, bytes)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(box as AnyObject).toOpaque()
            let rc = pthread_create(
                &thread, &attr,
                { raw in
                    let box = Unmanaged<AnyObject>.fromOpaque(raw!).takeRetainedValue() as! Running
                    box.run()
                    return nil
                }, context)
            guard rc == 0 else {
                Unmanaged<AnyObject>.fromOpaque(context).release()
                return body()  // no thread to be had: the check is skipped, the work still done
            }
            pthread_join(thread, nil)
            return box.result!
        }
    }

    private protocol Running: AnyObject { func run() }

    private final class Box<T>: Running {
        let body: () -> T
        var result: T?
        init(_ body: @escaping () -> T) { self.body = body }
        func run() { result = body() }
    }
}
