import AFConformance
import AFSerialization
import ArgumentParser
import AFCommandLine
#if canImport(Glibc)
    import Glibc
#endif

/// The vectors layer of mutation analysis as a fork server: the vectors are loaded and checked once
/// by the original program, then each mutant runs in a forked child that switches itself to that
/// mutant. Loading is most of a `conformance run`, so this is what makes a full run fit in minutes.
@main
struct MutantsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "afs-mutants",
        abstract: "Mutation analysis: run the vectors against many mutants of a schemata build.",
        discussion: """
            Exists only in a mutant-schemata build (AFS_MUTANTS=1, as scripts/mutation/mutate.py builds it). \
            Reads mutants from stdin until end of input, one per line: "<id>", "<id> <group>" or "<id> \
            <group> <units>" (the group is any word, e.g. the mutated file; units, comma-separated, name \
            the only runs the mutant gets, each "<component>/<topic>@<profile>": a vector file under a \
            profile, as mutate.py's coverage map chooses them). Loads the vectors once, checks that the original \
            program passes them (exit 2 if not), then forks one child per mutant (--jobs at a time). \
            The child activates that mutant and evaluates the runs until the first one that fails \
            (expected failures applied): first the runs that killed earlier mutants of its group, most \
            recent first, then the rest in the vectors' order. The order changes how soon a mutant \
            dies, never whether it does: a survivor passes every run. Each run has --run-timeout \
            seconds (a hang is caught in one run, not after the whole set), the mutant --timeout in all. \
            For each mutant one line is written, flushed, as it ends: "<id> killed <how> <ms>" (how: \
            exit-1, signal-N, timeout, run-timeout; an AddressSanitizer build run with \
            ASAN_OPTIONS=exitcode=86, as mutate.py's asan layer does, says exit-86 for a memory error, \
            and exit-87 for a leak with --leak-check) or "<id> survived - <ms>" ("<id> error \
            fork-failed-errno-N <ms>" when no child could be started: not a verdict). Unlike one \
            `conformance run` per mutant, the vector files are read by the original program, so a \
            mutant of the JSON parser is judged by the vectors that test the parser, not by breaking \
            the harness's own loading. Tables the loading itself builds (static lets) are inherited \
            from the original program, so mutants inside property initializers need --fresh: the \
            server then loads nothing, and each child activates its mutant before it loads the vectors \
            itself, as `AFS_MUTANT=<id> conformance run` would, still stopping at its first failing run \
            (a load that fails kills the mutant: exit-1).
            """
    )

    @OptionGroup var vectors: VectorOptions

    @Flag(
        help: ArgumentHelp(
            "After its runs, each child (the original program's too) asks LeakSanitizer for "
                + "unreachable memory and exits 87 (leak-87) if any. Needs an AddressSanitizer "
                + "build run with ASAN_OPTIONS=detect_leaks=1:leak_check_at_exit=0."
        ))
    var leakCheck = false

    @Flag(
        help: ArgumentHelp(
            "Each child loads the vectors after activating its mutant, and the server loads nothing: for "
                + "mutants in property initializers (static tables), which a loaded server would have built "
                + "already with their original values. No units on stdin lines."))
    var fresh = false

    @Flag(
        help: ArgumentHelp(
            "Judge no mutant and read no stdin: for each unit of the selected vectors (a vector file under a "
                + "profile), in a child forked from the loaded server with no mutant active, record the "
                + "mutation sites its runs execute, and print \"<unit> <id>,<id>,...\" (each site's first "
                + "id; \"-\" for none), the units in the vectors' order. A unit that fails to finish stops "
                + "the command (exit 1)."))
    var reach = false

    @Option(help: "Mutants evaluated at once (forked children).")
    var jobs = 2

    @Option(
        help: ArgumentHelp(
            "Seconds a mutant may run; past that it is killed and counts as killed (timeout).", valueName: "SECONDS"))
    var timeout: Double = 10

    @Option(
        help: ArgumentHelp(
            "Seconds one run (a vector under one profile) may take; past that the mutant is "
                + "killed (run-timeout). The original program's runs are held to it too.",
            valueName: "SECONDS"))
    var runTimeout: Double = 1

    @Option(
        help: ArgumentHelp(
            "Address space each child may add to what it starts with, in MiB (a mutant that allocates without bound "
                + "dies instead of swapping; relative, so an AddressSanitizer build's reserved shadow does not count).",
            valueName: "MiB"))
    var memoryLimit = 4096

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard timeout > 0, timeout.isFinite else {
            throw ValidationError("--timeout must be a positive number of seconds")
        }
        guard runTimeout >= 0.001, runTimeout.isFinite, runTimeout <= timeout else {
            throw ValidationError("--run-timeout must be at least 0.001 seconds and at most --timeout")
        }
        guard memoryLimit >= 64 else { throw ValidationError("--memory-limit must be at least 64 MiB") }
        guard !(reach && (fresh || leakCheck)) else {
            throw ValidationError("--reach runs no mutant: it takes neither --fresh nor --leak-check")
        }
    }

    func run() throws {
        if let v = getenv("AFS_MUTANT"), let id = Int(String(cString: v)), id != 0 {
            throw fail("AFS_MUTANT=\(id) is set: the server must load the vectors with the original program; unset it")
        }
        var mutants: [ForkServer.Mutant] = []
        var lines: [Int] = []
        var lineNumber = 0
        while !reach, let line = readLine() {
            lineNumber += 1
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if words.isEmpty { continue }
            guard words.count <= 3, let id = Int(words[0]), id > 0 else {
                throw fail(
                    "stdin line \(lineNumber): \"\(line)\" is not \"<id>\", \"<id> <group>\" or "
                        + "\"<id> <group> <units>\" (id a positive integer)")
            }
            let units = words.count == 3 ? Set(words[2].split(separator: ",").map(String.init)) : nil
            mutants.append(.init(id: id, group: words.count >= 2 ? String(words[1]) : "", units: units))
            lines.append(lineNumber)
        }
        if fresh, let i = mutants.firstIndex(where: { $0.units != nil }) {
            throw fail("stdin line \(lines[i]): units are not taken with --fresh (each child runs every run)")
        }
        let options = vectors
        let load: () throws -> ForkServer.Loaded = {
            (
                VectorRunner.selectedRuns(try options.load(), selection: options.selection),
                try options.directoryExpectedFailures()
            )
        }
        var server = ForkServer(
            jobs: jobs, timeout: timeout, runTimeout: runTimeout, memoryLimit: memoryLimit,
            runs: [], expectedFailures: ExpectedFailures(), leakCheck: leakCheck)
        if fresh {
            server.loader = load
        } else {
            (server.runs, server.expectedFailures) = try load()
        }
        // A unit that names no run would leave its mutant fewer runs than asked for, in silence.
        let known = Set(server.runs.map(ForkServer.unit))
        for (m, line) in zip(mutants, lines) {
            if let unknown = m.units?.subtracting(known).sorted().first {
                throw fail("stdin line \(line): unit \"\(unknown)\" names no run of the selected vectors")
            }
        }
        // The original program is checked in a child too: evaluating here would initialize the
        // core's lazily built tables (static lets) with their original values, and every child
        // would inherit them, so a mutant in such a table or its builder could never be active.
        switch server.original() {
        case .passed: break
        case .failed:
            throw fail(
                "the original program fails the selected vectors (run `conformance run` to see which): fix that first")
        case .leaked:
            throw fail(
                "the original program leaks under LeakSanitizer (--leak-check): "
                    + "run it without --leak-check, or fix the leak first"
            )
        case .runTimedOut:
            throw fail(
                "a run of the original program took longer than --run-timeout "
                    + "\(runTimeout) s: raise it (the machine may be busy)"
            )
        }
        guard reach else { return server.run(mutants) }
        do {
            for (unit, sites) in try server.reach() {
                print("\(unit) \(sites.isEmpty ? "-" : sites.map(String.init).joined(separator: ","))")
            }
        } catch .fork(let unit, let error) {
            throw fail("--reach: no child process for unit \(unit) (errno \(error))")
        } catch .child(let unit, let how) {
            throw fail("--reach: the child recording unit \(unit) did not finish: \(how)")
        }
    }
}
