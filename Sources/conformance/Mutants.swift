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
            Reads mutant ids, one per line, from stdin until end of input. Loads the vectors once, \
            checks that the original program passes them (exit 2 if not), then forks one child per \
            mutant (--jobs at a time). The child activates that mutant and evaluates the runs in order \
            until the first one that fails (expected failures applied). For each mutant one line is \
            written, flushed, as it ends: "<id> killed <how> <ms>" (how: exit-1, signal-N, timeout) \
            or "<id> survived - <ms>" ("<id> error fork-failed-errno-N <ms>" when no child could \
            be started: not a verdict). Unlike one `conformance run` per mutant, the vector files are \
            read by the original program, so a mutant of the JSON parser is judged by the vectors \
            that test the parser, not by breaking the harness's own loading. Tables the loading \
            itself builds (static lets) are inherited from the original program, so mutants inside \
            property initializers need a fresh process (AFS_MUTANT=<id> conformance run): \
            mutate.py runs them that way.
            """
    )

    @OptionGroup var vectors: VectorOptions

    @Option(help: "Mutants evaluated at once (forked children).")
    var jobs = 2

    @Option(help: ArgumentHelp("Seconds a mutant may run; past that it is killed and counts as killed (timeout).", valueName: "SECONDS"))
    var timeout: Double = 10

    @Option(help: ArgumentHelp("Address-space limit of each child, in MiB (a mutant that allocates without bound dies instead of swapping).", valueName: "MiB"))
    var memoryLimit = 4096

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--timeout must be a positive number of seconds") }
        guard memoryLimit >= 64 else { throw ValidationError("--memory-limit must be at least 64 MiB") }
    }

    func run() throws {
        #if AFS_MUTANTS
        if let v = getenv("AFS_MUTANT"), let id = Int(String(cString: v)), id != 0 {
            throw fail("AFS_MUTANT=\(id) is set: the server must load the vectors with the original program; unset it")
        }
        var ids: [Int] = []
        var lineNumber = 0
        while let line = readLine() {
            lineNumber += 1
            let t = String(line.filter { $0 != " " && $0 != "\t" && $0 != "\r" })
            if t.isEmpty { continue }
            guard let id = Int(t), id > 0 else { throw fail("stdin line \(lineNumber): \"\(t)\" is not a mutant id (a positive integer)") }
            ids.append(id)
        }
        let set = try vectors.load()
        let xfail = try vectors.directoryExpectedFailures()
        let server = ForkServer(jobs: jobs, timeout: timeout, memoryLimit: memoryLimit) {
            VectorRunner.firstFailure(set, selection: vectors.selection, expectedFailures: xfail) == nil
        }
        // The original program is checked in a child too: evaluating here would initialize the
        // core's lazily built tables (static lets) with their original values, and every child
        // would inherit them, so a mutant in such a table or its builder could never be active.
        guard server.originalPasses() else {
            throw fail("the original program fails the selected vectors (run `conformance run` to see which): fix that first")
        }
        server.run(ids)
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
    var memoryLimit: Int
    /// Runs in the child after the mutant is active: true when every vector passes.
    var passes: () -> Bool

    func run(_ ids: [Int]) {
        var running: [pid_t: (id: Int, start: UInt64)] = [:]
        var next = 0
        while next < ids.count || !running.isEmpty {
            while running.count < jobs, next < ids.count {
                let id = ids[next]
                next += 1
                let start = FileSystem.now()
                let pid = spawn(id)
                if pid < 0 {
                    // Not a verdict: mutate.py stops on a line it cannot read instead of scoring it.
                    emit(id, "error", "fork-failed-errno-\(errno)", start)
                } else {
                    running[pid] = (id, start)
                }
            }
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            if pid > 0, let r = running.removeValue(forKey: pid) {
                let sig = status & 0x7F
                if sig == 0 {
                    let code = (status >> 8) & 0xFF
                    emit(r.id, code == 0 ? "survived" : "killed", code == 0 ? "-" : "exit-\(code)", r.start)
                } else {
                    emit(r.id, "killed", "signal-\(sig)", r.start)
                }
                continue
            }
            let now = FileSystem.now()
            for (pid, r) in running where Double(now - r.start) / 1e9 > timeout {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                running[pid] = nil
                emit(r.id, "killed", "timeout", r.start)
            }
            usleep(500)
        }
    }

    /// Mutant 0 (the original program) in a child, waited for without a timeout.
    func originalPasses() -> Bool {
        let pid = spawn(0)
        guard pid > 0 else { return false }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return status == 0
    }

    private func spawn(_ id: Int) -> pid_t {
        fflush(nil)
        let pid = fork()
        guard pid == 0 else { return pid }
        // The child: quiet, bounded, on the mutant.
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, 1); dup2(null, 2) }
        var lim = rlimit(rlim_cur: rlim_t(memoryLimit) << 20, rlim_max: rlim_t(memoryLimit) << 20)
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &lim)
        __afsActivateMutant(id)
        _exit(passes() ? 0 : 1)
    }

    private func emit(_ id: Int, _ verdict: String, _ how: String, _ start: UInt64) {
        let ms = (FileSystem.now() - start) / 1_000_000
        print("\(id) \(verdict) \(how) \(ms)")
        fflush(nil)
    }
}
#endif
