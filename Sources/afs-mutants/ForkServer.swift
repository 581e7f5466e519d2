import AFConformance
import AFSerialization
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// The vectors layer of mutation analysis as a fork server: the vectors are loaded and checked once
/// by the original program, then each mutant runs in a forked child that switches itself to that
/// mutant. Loading is most of a `conformance run`, so this is what makes a full run fit in minutes.
struct MutantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutants",
        abstract: "Mutation analysis: run the vectors against many mutants of a schemata build.",
        discussion: """
            Only in a mutant-schemata build (AFS_MUTANTS=1, as scripts/mutation/mutate.py builds it). \
            Reads mutants from stdin until end of input, one per line: "<id>" or "<id> <group>" (the \
            group is any word, e.g. the mutated file). Loads the vectors once, checks that the original \
            program passes them (exit 2 if not), then forks one child per mutant (--jobs at a time). \
            The child activates that mutant and evaluates the runs until the first one that fails \
            (expected failures applied): first the runs that killed earlier mutants of its group, most \
            recent first, then the rest in the vectors' order. The order changes how soon a mutant \
            dies, never whether it does: a survivor passes every run. Each run has --run-timeout \
            seconds (a hang is caught in one run, not after the whole set), the mutant --timeout in all. \
            For each mutant one line is written, flushed, as it ends: "<id> killed <how> <ms>" (how: \
            exit-1, signal-N, timeout, run-timeout; an AddressSanitizer build run with \
            ASAN_OPTIONS=exitcode=86, as mutate.py's asan layer does, says exit-86 for a memory error) or "<id> survived - <ms>" ("<id> error \
            fork-failed-errno-N <ms>" when no child could be started: not a verdict). Unlike one \
            `conformance run` per mutant, the vector files are read by the original program, so a \
            mutant of the JSON parser is judged by the vectors that test the parser, not by breaking \
            the harness's own loading. Tables the loading itself builds (static lets) are inherited \
            from the original program, so mutants inside property initializers need a fresh process \
            (AFS_MUTANT=<id> conformance run): mutate.py runs them that way.
            """
    )

    @OptionGroup var vectors: VectorOptions

    @Option(help: "Mutants evaluated at once (forked children).")
    var jobs = 2

    @Option(help: ArgumentHelp("Seconds a mutant may run; past that it is killed and counts as killed (timeout).", valueName: "SECONDS"))
    var timeout: Double = 10

    @Option(help: ArgumentHelp("Seconds one run (a vector under one profile) may take; past that the mutant is killed (run-timeout). The original program's runs are held to it too.", valueName: "SECONDS"))
    var runTimeout: Double = 1

    @Option(help: ArgumentHelp("Address space each child may add to what it starts with, in MiB (a mutant that allocates without bound dies instead of swapping; relative, so an AddressSanitizer build's reserved shadow does not count).", valueName: "MiB"))
    var memoryLimit = 4096

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
        guard runTimeout >= 0.001, runTimeout.isFinite, runTimeout <= timeout else {
            throw ValidationError("--run-timeout must be at least 0.001 seconds and at most --timeout")
        }
        guard memoryLimit >= 64 else { throw ValidationError("--memory-limit must be at least 64 MiB") }
    }

    func run() throws {
        #if AFS_MUTANTS
        if let v = getenv("AFS_MUTANT"), let id = Int(String(cString: v)), id != 0 {
            throw fail("AFS_MUTANT=\(id) is set: the server must load the vectors with the original program; unset it")
        }
        var mutants: [(id: Int, group: String)] = []
        var lineNumber = 0
        while let line = readLine() {
            lineNumber += 1
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if words.isEmpty { continue }
            guard words.count <= 2, let id = Int(words[0]), id > 0 else {
                throw fail("stdin line \(lineNumber): \"\(line)\" is not \"<id>\" or \"<id> <group>\" (id a positive integer)")
            }
            mutants.append((id, words.count == 2 ? String(words[1]) : ""))
        }
        let set = try vectors.load()
        let xfail = try vectors.directoryExpectedFailures()
        var server = ForkServer(jobs: jobs, timeout: timeout, runTimeout: runTimeout, memoryLimit: memoryLimit,
                                runs: VectorRunner.selectedRuns(set, selection: vectors.selection), expectedFailures: xfail)
        // The original program is checked in a child too: evaluating here would initialize the
        // core's lazily built tables (static lets) with their original values, and every child
        // would inherit them, so a mutant in such a table or its builder could never be active.
        switch server.original() {
        case .passed: break
        case .failed: throw fail("the original program fails the selected vectors (run `conformance run` to see which): fix that first")
        case .runTimedOut:
            throw fail("a run of the original program took longer than --run-timeout \(runTimeout) s: raise it (the machine may be busy)")
        }
        server.run(mutants)
        #else
        throw fail("this conformance binary is not a mutant-schemata build (build it with AFS_MUTANTS=1; scripts/mutation/mutate.py does)")
        #endif
    }
}

#if AFS_MUTANTS
/// Forks one child per mutant, `jobs` at a time; kills those that outlive `timeout`.
struct ForkServer {
    var jobs: Int
    var timeout: Double
    var runTimeout: Double
    var memoryLimit: Int
    var runs: [(vector: Vector, profile: String)]
    var expectedFailures: ExpectedFailures
    /// Per group: indices of runs that killed a mutant of the group, most recent first. Children
    /// inherit it at fork; a child reports the run it is on in a shared page.
    fileprivate var killers: [String: [Int]] = [:]
    private static let killersKept = 32

    enum Original { case passed, failed, runTimedOut }

    private struct Child {
        var id: Int
        var group: String
        var start: UInt64
        /// A shared page where the child keeps the index of the run it is on (-1 when done).
        var report: UnsafeMutablePointer<Int32>
    }

    mutating func run(_ mutants: [(id: Int, group: String)]) {
        var running: [pid_t: Child] = [:]
        var next = 0
        while next < mutants.count || !running.isEmpty {
            while running.count < jobs, next < mutants.count {
                let m = mutants[next]
                next += 1
                let start = FileSystem.now()
                switch spawn(m.id, group: m.group) {
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
        return last >= 0 && Int(last) < runs.count ? Int(last) : nil
    }

    /// The runs in the order a child of `group` tries them.
    private func order(for group: String) -> [Int] {
        let first = killers[group, default: []]
        if first.isEmpty { return Array(runs.indices) }
        var seen = [Bool](repeating: false, count: runs.count)
        for i in first { seen[i] = true }
        return first + runs.indices.filter { !seen[$0] }
    }

    private enum Spawned {
        case started(pid_t, UnsafeMutablePointer<Int32>)
        case failed(errno: Int32)
    }

    private func spawn(_ id: Int, group: String) -> Spawned {
        guard let raw = mmap(nil, 4, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED else {
            return .failed(errno: errno)
        }
        let page = raw.bindMemory(to: Int32.self, capacity: 1)
        page.pointee = -1
        let order = order(for: group)
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
        for i in order {
            // Stored before the run: a run that crashes or hangs is the killer too.
            page.pointee = Int32(i)
            arm(runTimeout)
            let r = expectedFailures.applied(to: VectorRunner.evaluate(runs[i].vector, profile: runs[i].profile))
            if r.isFailure { _exit(1) }
        }
        arm(0)
        page.pointee = -1
        _exit(0)
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
    private func arm(_ seconds: Double) {
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
#endif
