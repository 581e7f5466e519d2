import AFConformance
import AFSerialization
#if canImport(Glibc)
    import Glibc
#endif

/// Forks one child per mutant, `jobs` at a time; kills those that outlive `timeout`.
struct ForkServer {
    var jobs: Int
    var timeout: Double
    var runTimeout: Double
    var memoryLimit: Int
    var runs: [(vector: Vector, profile: String)]
    var expectedFailures: ExpectedFailures
    /// When set (`--fresh`), each child loads its own runs after it activated its mutant, and
    /// `runs` stays empty in the parent, which then runs no code of the core before it forks: a
    /// mutant in a property's initializer is active in the table built from it, as in a process of
    /// its own, without the process's start and with the first failing run ending it.
    var loader: (() throws -> Loaded)?
    typealias Loaded = (runs: [(vector: Vector, profile: String)], expectedFailures: ExpectedFailures)
    /// After its last run, a child asks LeakSanitizer for memory it allocated and can no longer
    /// reach (`--leak-check`, in an AddressSanitizer build): a mutant that leaks dies with
    /// ``leakExit``, deterministically, where only the fuzz layer's luck saw it before.
    var leakCheck = false
    static let leakExit: Int32 = 87
    /// Per group: indices of runs that killed a mutant of the group, most recent first. Children
    /// inherit it at fork; a child reports the run it is on in a shared page.
    var killers: [String: [Int]] = [:]
    private static let killersKept = 32
    /// Each run's ``unit(of:)``, computed once by ``run(_:)``.
    var runUnits: [String] = []

    enum Original { case passed, failed, runTimedOut, leaked }

    /// One mutant to judge: `units`, when given, are the only runs it gets (see ``unit(of:)``).
    struct Mutant {
        var id: Int
        var group: String
        var units: Set<String>?
    }

    /// A run's unit: its vector's file ("<component>/<topic>", the id without its last part) and
    /// its profile, "<component>/<topic>@<profile>".
    static func unit(of run: (vector: Vector, profile: String)) -> String {
        let id = run.vector.id
        let file = id.lastIndex(of: "/").map { id[..<$0] } ?? id[...]
        return "\(file)@\(run.profile)"
    }

    private struct Child {
        var id: Int
        var group: String
        var start: UInt64
        /// A shared page where the child keeps the index of the run it is on (-1 when done).
        var report: UnsafeMutablePointer<Int32>
    }

    mutating func run(_ mutants: [Mutant]) {
        runUnits = runs.map(Self.unit)
        var running: [pid_t: Child] = [:]
        var next = 0
        while next < mutants.count || !running.isEmpty {
            while running.count < jobs, next < mutants.count {
                let m = mutants[next]
                next += 1
                let start = FileSystem.now()
                switch spawn(m.id, group: m.group, units: m.units) {
                case .started(let pid, let page):
                    running[pid] = Child(id: m.id, group: m.group, start: start, report: page)
                case .failed(let error):
                    // Not a verdict: mutate.py stops on a line it cannot read instead of scoring it.
                    emit(m.id, "error", "fork-failed-errno-\(error)", start)
                }
            }
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            if pid > 0, let c = running.removeValue(forKey: pid) {
                let killer = readKiller(c.report)
                let sig = status & 0x7F
                if sig == 0 {
                    let code = (status >> 8) & 0xFF
                    if code != 0, let k = killer { remember(k, for: c.group) }
                    emit(c.id, code == 0 ? "survived" : "killed", code == 0 ? "-" : "exit-\(code)", c.start)
                } else if sig == SIGALRM {
                    // Only the run watchdog raises SIGALRM (the core sets no timers).
                    if let k = killer { remember(k, for: c.group) }
                    emit(c.id, "killed", "run-timeout", c.start)
                } else {
                    if let k = killer { remember(k, for: c.group) }
                    emit(c.id, "killed", "signal-\(sig)", c.start)
                }
                continue
            }
            let now = FileSystem.now()
            for (pid, c) in running where Double(now - c.start) / 1e9 > timeout {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                _ = readKiller(c.report)
                running[pid] = nil
                emit(c.id, "killed", "timeout", c.start)
            }
            usleep(500)
        }
    }

    /// Mutant 0 (the original program) in a child, waited for without a whole-set timeout (each
    /// run still has `runTimeout`).
    func original() -> Original {
        guard case .started(let pid, let report) = spawn(0, group: "") else { return .failed }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        _ = readKiller(report)
        if status & 0x7F == SIGALRM { return .runTimedOut }
        if status & 0x7F == 0, (status >> 8) & 0xFF == Self.leakExit { return .leaked }
        return status == 0 ? .passed : .failed
    }

    private mutating func remember(_ run: Int, for group: String) {
        var list = killers[group, default: []]
        list.removeAll { $0 == run }
        list.insert(run, at: 0)
        if list.count > Self.killersKept { list.removeLast() }
        killers[group] = list
    }

    /// The run a finished child was on (the one that failed, crashed or hung), if any; unmaps the page.
    private func readKiller(_ page: UnsafeMutablePointer<Int32>) -> Int? {
        let last = page.pointee
        munmap(page, 4)
        // A fresh child's runs are its own: only it can tell an index from a stray value.
        return last >= 0 && (loader != nil || Int(last) < runs.count) ? Int(last) : nil
    }

    /// The runs in the order a child of `group` tries them: those of `units` (nil: every run).
    private func order(for group: String, units: Set<String>?, runCount: Int) -> [Int] {
        let first = killers[group, default: []].filter { $0 < runCount }
        var seen = [Bool](repeating: false, count: runCount)
        for i in first { seen[i] = true }
        let all = first + (0..<runCount).filter { !seen[$0] }
        guard let units else { return all }
        return all.filter { units.contains(runUnits[$0]) }
    }

    private enum Spawned {
        case started(pid_t, UnsafeMutablePointer<Int32>)
        case failed(errno: Int32)
    }

    private func spawn(_ id: Int, group: String, units: Set<String>? = nil) -> Spawned {
        guard let raw = mmap(nil, 4, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED
        else {
            return .failed(errno: errno)
        }
        let page = raw.bindMemory(to: Int32.self, capacity: 1)
        page.pointee = -1
        fflush(nil)
        let pid = fork()
        guard pid == 0 else {
            if pid > 0 { return .started(pid, page) }
            let error = errno
            munmap(raw, 4)
            return .failed(errno: error)
        }
        // The child: quiet, bounded, on the mutant.
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, 1); dup2(null, 2) }
        let cap = Self.addressSpaceInUse() + (rlim_t(memoryLimit) << 20)
        var lim = rlimit(rlim_cur: cap, rlim_max: cap)
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &lim)
        __afsActivateMutant(id)
        var runs = runs
        var expectedFailures = expectedFailures
        if let loader {
            // Loading under the mutant is part of its verdict, as in `AFS_MUTANT=<id> conformance run`.
            guard let loaded = try? loader() else { _exit(1) }
            (runs, expectedFailures) = loaded
        }
        for i in order(for: group, units: units, runCount: runs.count) {
            // Stored before the run: a run that crashes or hangs is the killer too.
            page.pointee = Int32(i)
            arm(runTimeout)
            let r = expectedFailures.applied(to: VectorRunner.evaluate(runs[i].vector, profile: runs[i].profile))
            if r.isFailure { _exit(1) }
        }
        arm(0)
        page.pointee = -1
        if leakCheck, Self.leaksFound() { _exit(Self.leakExit) }
        _exit(0)
    }

    /// LeakSanitizer's recoverable check: true when some heap block is unreachable from the
    /// globals, the stack and the registers. Looked up at run time (RTLD_DEFAULT), as only an
    /// AddressSanitizer build has it; it reports nothing unless ASAN_OPTIONS has detect_leaks=1.
    static func leaksFound() -> Bool {
        guard let symbol = dlsym(nil, "__lsan_do_recoverable_leak_check") else { return false }
        typealias Check = @convention(c) () -> Int32
        return unsafeBitCast(symbol, to: Check.self)() != 0
    }

    /// The bytes of address space mapped now (`/proc/self/statm`'s first field), 0 if unreadable.
    /// Under AddressSanitizer that includes terabytes of reserved shadow, so the limit is on top.
    private static func addressSpaceInUse() -> rlim_t {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return 0 }
        var pages: rlim_t = 0
        for byte in buffer[..<n] {
            guard byte >= 0x30, byte <= 0x39 else { break }
            pages = pages * 10 + rlim_t(byte - 0x30)
        }
        return pages * rlim_t(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Arms (or, with 0, disarms) the one-shot real-time timer whose SIGALRM ends the child.
    func arm(_ seconds: Double) {
        var t = itimerval()
        t.it_value.tv_sec = Int(seconds)
        t.it_value.tv_usec = Int((seconds - Double(Int(seconds))) * 1e6)
        setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &t, nil)
    }

    private func emit(_ id: Int, _ verdict: String, _ how: String, _ start: UInt64) {
        let ms = (FileSystem.now() - start) / 1_000_000
        print("\(id) \(verdict) \(how) \(ms)")
        fflush(nil)
    }
}
