#if canImport(Glibc)
    import Glibc
#endif

/// Puts a fuzz executable's thread and its helper process (``ForkedChild``) on one CPU.
///
/// The two never compute at the same time: the executable sends a request and waits, the helper
/// answers and waits for the next one. When they sit on different CPUs, each request and each answer
/// wakes a process that sleeps on the other CPU, an inter-processor interrupt; on a virtual machine
/// that costs more than the helper's own work. fuzz-plist-request, alone on a 2-CPU machine for 60 s
/// from its committed corpus, ran 1,131 exec/s with afs-oracle-host free to run anywhere and 1,651
/// with both on one CPU (`taskset -c 1`). On one CPU a wakeup is a switch between two processes there.
///
/// The CPU is the one the thread runs on when it starts a helper, chosen again for every helper (a
/// helper is replaced after its `requestsPerChild` requests): the thread first goes back to every
/// CPU it was allowed and yields, so the kernel can move it where there is room, and then the
/// thread and the helper are pinned there. A thread allowed only one CPU is left as it is, and
/// `AFS_FUZZ_SHARED_CPU=0` turns the pinning off. Only fuzz executables ask for it (the oracles'
/// `install` functions); the replay tests run their helpers where the kernel puts them.
///
/// glibc's `sched_getaffinity`, `sched_setaffinity` and `sched_getcpu` are declared only under
/// `_GNU_SOURCE`, which Swift's Glibc module leaves out, so they are looked up by name.
enum SharedCPU {
    private typealias Affinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    private typealias CurrentCPU = @convention(c) () -> Int32

    private struct Calls {
        let get: Affinity, set: Affinity, current: CurrentCPU
    }

    /// nil: a lookup failed, and nothing is pinned.
    private static let calls: Calls? = {
        guard let get = dlsym(nil, "sched_getaffinity"), let set = dlsym(nil, "sched_setaffinity"),
            let current = dlsym(nil, "sched_getcpu")
        else { return nil }
        return Calls(
            get: unsafeBitCast(get, to: Affinity.self), set: unsafeBitCast(set, to: Affinity.self),
            current: unsafeBitCast(current, to: CurrentCPU.self))
    }()

    /// The CPUs of the thread that first starts a helper, before any pinning; nil when pinning is off.
    private static let allowed: cpu_set_t? = {
        if let value = getenv("AFS_FUZZ_SHARED_CPU"), String(cString: value) == "0" { return nil }
        return affinity(0)
    }()

    /// The CPUs thread or process `id` may run on (0: the calling thread); nil if unknown.
    static func affinity(_ id: pid_t) -> cpu_set_t? {
        guard let calls else { return nil }
        var set = cpu_set_t()
        return withUnsafeMutableBytes(of: &set) { calls.get(id, $0.count, $0.baseAddress!) } == 0 ? set : nil
    }

    /// Restricts thread or process `id` (0: the calling thread) to `set`; false if it failed.
    static func restrict(_ id: pid_t, to set: cpu_set_t) -> Bool {
        guard let calls else { return false }
        var set = set
        return withUnsafeMutableBytes(of: &set) { calls.set(id, $0.count, $0.baseAddress!) } == 0
    }

    /// The number of CPUs in `set`.
    static func count(_ set: cpu_set_t) -> Int {
        withUnsafeBytes(of: set) { $0.reduce(0) { $0 + $1.nonzeroBitCount } }
    }

    /// The set holding CPU `cpu` alone.
    static func only(_ cpu: Int32) -> cpu_set_t {
        var set = cpu_set_t()
        withUnsafeMutableBytes(of: &set) { bytes in
            let i = Int(cpu)
            if i >= 0, i / 8 < bytes.count { bytes[i / 8] = 1 << UInt8(i % 8) }
        }
        return set
    }

    /// Pins the calling thread and process `child` to the CPU the thread runs on, chosen afresh;
    /// the CPU, or nil when nothing was pinned.
    @discardableResult
    static func pin(child: pid_t) -> Int32? {
        guard let calls, let allowed, count(allowed) > 1, restrict(0, to: allowed) else { return nil }
        sched_yield()
        let cpu = calls.current()
        guard cpu >= 0, restrict(0, to: only(cpu)), restrict(child, to: only(cpu)) else { return nil }
        return cpu
    }
}
