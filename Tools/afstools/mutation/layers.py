"""Running mutants and the layers, each run only on the mutants the ones before it left alive
(docs/mutation/README.md, "Layers"), and each layer's coverage of the core, per file. Mutants run in a
seeded random order (a run stopped early has covered a uniform sample), each result appended to the
progress file (run --resume reuses it); each layer's timeout comes from the unmutated program's time."""
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from afstools import ROOT, coverage, fuzz, proc
from afstools.mutation import covmap
from afstools.mutation.build import ASAN_EXIT, LEAK_EXIT, asan_env, mutant_env
from afstools.mutation.sites import ASAN_SCRATCH, CORE, COV_SCRATCH, FUZZ_SCRATCH, PROGRESS, SCRATCH, norm_key

# Suites that test the harness's own process protocol (child processes, timeouts): slow, and
# they reach the core only through what the vectors layer already ran. `--tests-skip ''` keeps them.
TESTS_SKIP = "ImplementationRunnerTests|EvalProtocolTests"
# A layer's result for a mutant that no test of the layer executes: not run, neither killed nor a
# survivor the layer tried (the report lists these apart).
NOT_COVERED = "not covered"
INITIALIZER_RE = re.compile(r"(?:^|\.)(?:var|let) [^.]+$")
# Swift Testing's console line for a failing expectation (a known issue or a warning says "recorded a
# known issue", "recorded a warning"): the run will fail, so a mutant's tests stop at the first one.
ISSUE_LINE = re.compile(r"✘(?:\x1b\[[0-9;]*m)? (?:Test|Suite) .* recorded an issue\b")


def seeded_order(mutants, label, done_before):
    """The mutants in a seeded random order, minus those with a result in `done_before` (returned as
    the first results)."""
    results = {}
    order = list(mutants)
    random.Random(20261123).shuffle(order)
    for m in order:
        k = norm_key(m["key"])
        if done_before and k in done_before:
            results[m["id"]] = done_before[k]
    pending = [m for m in order if m["id"] not in results]
    if results:
        proc.log(f"  {label}: {len(results)} results reused from {PROGRESS}")
    return results, pending


def progress_line(layer, m, killed, how):
    """One result as a line of the progress file (load_progress reads the last line per key)."""
    return json.dumps({"layer": layer, "key": norm_key(m["key"]), "killed": killed, "how": how}) + "\n"


def load_progress(layer):
    return {r["key"]: (r["killed"], r["how"]) for r in proc.read_jsonl(os.path.join(ROOT, PROGRESS)) if r.get("layer") == layer}


class Progress:
    """Records each result: into `results`, appended to the progress file, and a log line every 200."""

    def __init__(self, results, pending, label, layer):
        self.results, self.total, self.label, self.layer = results, len(pending), label, layer
        self.done, self.t0 = 0, time.time()
        self.file = open(os.path.join(ROOT, PROGRESS), "a")

    def record(self, m, killed, how):
        self.results[m["id"]] = (killed, how)
        self.file.write(progress_line(self.layer, m, killed, how))
        self.file.flush()
        self.done += 1
        if self.done % 200 == 0 or self.done == self.total:
            proc.log(f"  {self.label}: {self.done}/{self.total} in {time.time() - self.t0:.0f}s "
                     f"({sum(1 for k, _ in self.results.values() if k)} killed so far)")

    def close(self):
        self.file.close()


def run_pool(mutants, fn, jobs, label, deadline=None, layer=None, done_before=None):
    """fn(mutant) -> (killed: bool, how: str), `jobs` at a time until `deadline`. Returns {id: (killed, how)}."""
    results, pending = seeded_order(mutants, label, done_before)
    prog = Progress(results, pending, label, layer or label)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        inflight = {}
        it = iter(pending)
        stop = False
        while True:
            while not stop and len(inflight) < jobs:
                if deadline and time.time() > deadline:
                    stop = True
                    proc.log(f"  {label}: time limit reached; {len(pending) - prog.done - len(inflight)} mutants not run")
                    break
                m = next(it, None)
                if m is None:
                    stop = True
                    break
                inflight[pool.submit(fn, m)] = m
            if not inflight:
                break
            finished, _ = concurrent.futures.wait(inflight, return_when=concurrent.futures.FIRST_COMPLETED)
            for f in finished:
                prog.record(inflight.pop(f), *f.result())
    prog.close()
    return results


def run_server(mutants, jobs, timeout, label, deadline=None, done_before=None, run_timeout=1.0, binary=None,
               env_of=mutant_env, extra=(), units=None, layer=None):
    """The vectors layer through `afs-mutants` (a fork server: the vectors are loaded once,
    each mutant runs in a forked child and stops at its first failing run). Same contract as run_pool.
    `units` ({id: units or None}, the coverage map's choice): a mutant runs only the runs of its
    units; one with none is not sent and is (False, NOT_COVERED)."""
    results, pending = seeded_order(mutants, label, done_before)
    if not pending:
        return results
    units = units or {}
    prog = Progress(results, pending, label, layer or label)
    for m in pending:
        if units.get(m["id"]) == []:
            prog.record(m, False, NOT_COVERED)
    pending, uncovered = [m for m in pending if units.get(m["id"]) != []], prog.done
    if not pending:
        prog.close()
        return results
    by_id = {m["id"]: m for m in pending}
    env = {**os.environ, **env_of()}
    env.pop("AFS_MUTANT", None)
    cmd = proc.NICE + [binary, "--jobs", str(jobs), "--timeout", f"{timeout:.1f}",
                       "--run-timeout", f"{min(run_timeout, timeout):.2f}", *extra]
    err = tempfile.TemporaryFile(mode="w+")
    p = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True,
                         start_new_session=True)  # at a deadline the server and its forked children go together

    def feed():
        try:
            # The file is the mutant's group: runs that killed a mutant of the same file go first.
            p.stdin.write("".join(f"{m['id']} {m['file']}" + (" " + ",".join(units[m["id"]]) if units.get(m["id"]) else "")
                                  + "\n" for m in pending))
            p.stdin.close()
        except (BrokenPipeError, OSError):
            pass
    threading.Thread(target=feed, daemon=True).start()
    stopped = False
    for line in p.stdout:
        parts = line.split()
        if len(parts) < 3 or not parts[0].isdigit() or int(parts[0]) not in by_id or parts[1] not in ("killed", "survived"):
            proc.log(f"  {label}: unexpected line from afs-mutants: {line.rstrip()}")
            continue
        killed = parts[1] == "killed"
        prog.record(by_id[int(parts[0])], killed, parts[2].replace("-", " ") if killed else "")
        if deadline and time.time() > deadline:
            stopped = True
            proc.log(f"  {label}: time limit reached; {len(pending) - (prog.done - uncovered)} mutants not run")
            proc.kill_tree(p)
            break
    prog.close()
    p.wait()
    served = prog.done - uncovered
    if not stopped and (p.returncode != 0 or served < len(pending)):
        err.seek(0)
        raise SystemExit(f"afs-mutants failed (exit {p.returncode}, {served}/{len(pending)} results): {err.read()[-3000:]}")
    return results


def calibrate(cmd, env, minimum=5.0, factor=10.0, label="", runs=3):
    """The unmutated run's time (the best of `runs`, as the machine may be busy) and the timeout."""
    el = None
    for _ in range(runs):
        t = time.time()
        r = subprocess.run(cmd, cwd=ROOT, env={**os.environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        el = min(el or 1e9, time.time() - t)
        if r.returncode != 0:
            break
    if r.returncode != 0:
        proc.log(r.stdout[-3000:])
        raise SystemExit(f"the unmutated schemata build fails {label}: fix that first")
    return el, max(minimum, factor * el)


def confirm_timeouts(mutants, res, cmd_of, timeout_of, layer, jobs, deadline=None, stop=None):
    """A timeout under parallel load is only a kill if the mutant also times out alone, with a
    longer limit (a mutant that finishes then is judged by its exit status). Past the deadline the
    rest stay unconfirmed timeouts (counted as kills; the log says how many). `cmd_of(mutant)` is
    the command the mutant ran, `timeout_of(mutant)` its limit alone."""
    todo = [m for m in mutants if res.get(m["id"], (False, ""))[1] == "timeout"]
    if not todo or jobs < 2:
        return
    proc.log(f"  {layer}: {len(todo)} timeouts with {jobs} jobs; re-running each alone with twice its limit")
    with open(os.path.join(ROOT, PROGRESS), "a") as progress:
        for i, m in enumerate(todo):
            if deadline and time.time() > deadline:
                proc.log(f"  {layer}: time limit reached; {len(todo) - i} timeouts not confirmed alone (counted as kills)")
                todo = todo[:i]
                break
            killed, how = proc.run_one(cmd_of(m), mutant_env({"AFS_MUTANT": str(m["id"])}), timeout_of(m), stop=stop)
            how = f"{how} (alone)" if killed else ""
            res[m["id"]] = (killed, how)
            progress.write(progress_line(layer, m, killed, how))
    proc.log(f"  {layer}: {sum(1 for m in todo if res[m['id']][0])} of the {len(todo)} kills confirmed alone")


def conformance_bin(scratch=SCRATCH):
    return os.path.join(ROOT, scratch, "debug", "conformance")


def mutants_bin(scratch=SCRATCH):
    """The fork server, an executable only the schemata build has (Package.swift, AFS_MUTANTS)."""
    return os.path.join(ROOT, scratch, "debug", "afs-mutants")


def vectors_cmd(binary=None):
    return [binary or conformance_bin(), "run", "--jobs", "1", "--max-diffs", "0"]


def in_initializer(m):
    """The site is in a property declaration (stored, static or global: its initializer may run once)."""
    return bool(INITIALIZER_RE.search(m.get("function", "")))


def layer_vectors(mutants, jobs, minimum=10.0, deadline=None, done_before=None, asan=False, selector=None):
    """The vectors through the fork server; with asan, through the AddressSanitizer build, so a
    read or write out of bounds kills the mutant although every output is right. With a `selector`
    (covmap.Selector over the vectors map, or reach.ReachSelector) a forked mutant runs only the vector
    files and profiles that reach it. Returns ({id: (killed, how)}, seconds, the unmutated run's seconds, {id: units or None})."""
    binary = conformance_bin(ASAN_SCRATCH if asan else SCRATCH)
    env_of = asan_env if asan else mutant_env
    label = "asan" if asan else "vectors"
    base, timeout = calibrate(vectors_cmd(binary), env_of({"AFS_MUTANT": "0"}), minimum=minimum, label=f"the vectors ({label})")
    proc.log(f"{label}: unmutated run {base:.2f}s; timeout {timeout:.1f}s; {len(mutants)} mutants, {jobs} jobs")
    t0 = time.time()
    # A mutant inside a property's initializer (a table in a `static let`, a global, a default) may
    # live in a lazily initialized global that the server's parent has already initialized with the
    # original value, so in a child forked after the loading it would never be active: those go to
    # a server with --fresh, whose children each load the vectors under their mutant.
    fresh = [m for m in mutants if in_initializer(m)]
    forked = [m for m in mutants if not in_initializer(m)]
    # A run's own limit: no single run takes as long as the whole unmutated set (at least 1 s), so
    # a hang is caught in about a second instead of after the mutant's whole timeout.
    # Initializer mutants are outside every mapped function (Swift gives a stored property's
    # initializer no coverage record), so they run every vector anyway.
    chosen = {m["id"]: selector.units_for(m) if selector else None for m in forked}
    if selector:
        proc.log(f"  {label}: forked mutants" + selection_text(chosen, selector, "units"))
    server = mutants_bin(ASAN_SCRATCH if asan else SCRATCH)
    leak = ["--leak-check"] if asan else []
    res = run_server(forked, jobs, timeout, label, deadline, done_before, run_timeout=max(1.0, base),
                     binary=server, env_of=env_of, extra=leak, units=chosen)
    # Without the leak check, as a process of its own was run: a fresh child's loading is not the
    # original program's, which the check takes as its baseline.
    res.update(run_server(fresh, jobs, timeout, f"{label} (initializers, fresh children)", deadline, done_before,
                          run_timeout=max(1.0, base), binary=server, env_of=env_of, extra=["--fresh"], layer=label))
    if asan:
        named = {f"exit {ASAN_EXIT}": "memory error (ASan)", f"exit {LEAK_EXIT}": "leak (LSan)"}
        res = {k: (killed, named.get(how.replace("-", " "), how)) for k, (killed, how) in res.items()}
    return res, time.time() - t0, base, chosen


def selection_text(chosen, selector, what):
    """The log's account of a layer's selection ({id: units or None})."""
    if not selector:
        return ""
    uncovered = sum(1 for v in chosen.values() if v == [])
    unmapped = sum(1 for v in chosen.values() if v is None)
    mapped = [len(v) for v in chosen.values() if v]
    outside = f"{unmapped} outside every mapped function (all {len(selector.units)} {what}), " if unmapped else ""
    return (f"; by {selector.name}: {uncovered} reached by no {what[:-1]} (not covered), {outside}the rest "
            f"{sum(mapped) / max(1, len(mapped)):.1f} of {len(selector.units)} {what} on average")


def selection_stats(chosen, selector):
    """What a layer's selection chose, for the report."""
    return {"units": len(selector.units), "unmapped": sum(1 for v in chosen.values() if v is None),
            "not_covered": sum(1 for v in chosen.values() if v == []),
            "units_run": sum(len(selector.units) if v is None else len(v) for v in chosen.values())}


def tests_cmd(skip=TESTS_SKIP, scratch=SCRATCH):
    # --ignore-lock: SwiftPM locks the scratch path for a whole `swift test`, so parallel jobs
    # otherwise queue behind each other while their timeouts run (a job waiting for the lock
    # was counted as a timeout kill). --skip-build only reads the build products.
    cmd = ["swift", "test", "--skip-build", "--ignore-lock", "--scratch-path", scratch]
    return cmd + (["--skip", skip] if skip else [])


def tests_binary(scratch=SCRATCH):
    return os.path.join(ROOT, scratch, "debug", "AFSerializationPackageTests.xctest")


def direct_tests_cmd(skip=TESTS_SKIP, scratch=SCRATCH):
    """The test binary's Swift Testing run without `swift test` (covmap.swift_testing_cmd), or
    `swift test`'s command (tests_cmd) when the binary also has XCTest tests."""
    cmd = covmap.swift_testing_cmd(tests_binary(scratch))
    if cmd is None:
        return tests_cmd(skip, scratch)
    return cmd + (["--skip", skip] if skip else [])


def selected_timeout(units, selector, timeout, minimum=10.0, factor=4.0):
    """A mutant's limit for its selected suites: `factor` × what they took in the map's profiled runs
    (each alone, so with a process start apiece: generous), at least `minimum`, at most `timeout`."""
    if not units or not selector or not selector.seconds:
        return timeout
    return min(timeout, max(minimum, factor * sum(selector.seconds.get(u, timeout) for u in units)))


def layer_tests(mutants, jobs, deadline=None, done_before=None, skip=TESTS_SKIP, selector=None):
    """`swift test` per mutant; with a `selector` (covmap.Selector) only the suites that reach the
    mutant run (`--filter`), and a mutant no suite reaches is not run: (False, NOT_COVERED).
    Returns ({id: (killed, how)}, seconds, the unmutated run's seconds, {id: suites run or None})."""
    cmd = direct_tests_cmd(skip)
    chosen = {m["id"]: selector.units_for(m) if selector else None for m in mutants}
    # The unmutated run checks the suites the mutants will get: all of them, or (when every mutant has
    # its selection) only those, which is most of a small change's wait.
    every = not chosen or any(u is None for u in chosen.values())
    union = sorted({s for u in chosen.values() if u for s in u})
    calibration = cmd if every or not union else cmd + ["--filter", covmap.suite_filter(union)]
    base, timeout = calibrate(calibration, mutant_env({"AFS_MUTANT": "0"}), minimum=30, factor=4, label="swift test",
                              runs=1)
    limit = {i: selected_timeout(u, selector, timeout) for i, u in chosen.items()}
    proc.log(f"tests: unmutated run {base:.1f}s" + ("" if calibration is cmd else f" ({len(union)} suites)")
             + f"; timeout {timeout:.0f}s; {len(mutants)} mutants, {jobs} jobs"
             + selection_text(chosen, selector, "suites"))

    def cmd_of(m):
        suites = chosen[m["id"]]
        return cmd if suites is None else cmd + ["--filter", covmap.suite_filter(suites)]

    def one(m):
        if chosen[m["id"]] == []:
            return False, NOT_COVERED
        return proc.run_one(cmd_of(m), mutant_env({"AFS_MUTANT": str(m["id"])}), limit[m["id"]], stop=ISSUE_LINE)

    t0 = time.time()
    res = run_pool(mutants, one, jobs, "tests", deadline, "tests", done_before)
    confirm_timeouts(mutants, res, cmd_of, lambda m: 2 * limit[m["id"]], "tests", jobs, deadline, stop=ISSUE_LINE)
    return res, time.time() - t0, base, chosen


def fuzz_cmd(t, seconds, out, scratch=FUZZ_SCRATCH):
    """fuzz-<t> for `seconds`, new inputs and crash artifacts into `out`; Corpus/<t> is only read."""
    return [os.path.join(ROOT, scratch, "release", f"fuzz-{t}"), f"-max_total_time={seconds}", "-print_final_stats=0",
            "-timeout=10", "-rss_limit_mb=4096", f"-artifact_prefix={out}/"] + fuzz.flags(t) + [out, os.path.join(ROOT, "Corpus", t)]


def layer_fuzz(mutants, jobs, seconds, deadline=None, done_before=None):
    targets = fuzz.load()
    t0 = time.time()

    def run(t, mutant):
        with tempfile.TemporaryDirectory() as out:
            return proc.run_one(fuzz_cmd(t, seconds, out), mutant_env({"AFS_MUTANT": str(mutant)}), timeout=seconds * 3 + 120)

    # The original program first, on every target the mutants need and for as long as a mutant gets:
    # a target that crashes, leaks or trips an oracle unmutated would "kill" every mutant it runs.
    needed = sorted({t for m in mutants for t in targets.reaching(m["file"])})
    proc.log(f"fuzz: the original program on {len(needed)} targets ({', '.join(needed)}), {seconds} s each, before any mutant")
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        originals = list(pool.map(lambda t: (t, *run(t, 0)), needed))
    broken = [f"fuzz-{t} ({how})" for t, failed, how in originals if failed]
    if broken:
        raise SystemExit("fuzz layer: the original program fails " + ", ".join(broken) +
                         f": fix that first (scripts/fuzz/run.sh {seconds} <target> reproduces it)")

    def one(m):
        reaching = targets.reaching(m["file"])
        if not reaching:
            return False, "no fuzz target reaches this file"
        for t in reaching:
            killed, how = run(t, m["id"])
            if killed:
                return True, f"fuzz-{t}: {how}"
        return False, ""

    res = run_pool(mutants, one, jobs, "fuzz", deadline, f"fuzz{seconds}", done_before)
    return res, time.time() - t0


def coverage_conformance():
    """The instrumented build of conformance (normal sources) that the vectors and fuzz coverage use."""
    return coverage.build("conformance", COV_SCRATCH + "-vectors", nice=True) or sys.exit("the coverage build of conformance failed (see above)")


def coverage_vectors():
    """The vectors layer's coverage: the instrumented conformance running the vectors."""
    return coverage.profiled_run(coverage_conformance(), ["run", "--max-diffs", "0"], os.path.join(ROOT, CORE))


def coverage_tests():
    """The tests layer's coverage: swift test --enable-code-coverage (normal sources)."""
    scratch = COV_SCRATCH + "-tests"
    # The coverage map's flags: the same scratch path is not rebuilt for each.
    covmap.fresh_scratch(scratch, covmap.TESTS_INPUTS[2])
    proc.sh(proc.NICE + ["swift", "test", "--scratch-path", scratch, *covmap.TESTS_FLAGS], check=False, capture=True)
    prof = os.path.join(ROOT, scratch, "debug", "codecov", "default.profdata")
    binary = os.path.join(ROOT, scratch, "debug", "AFSerializationPackageTests.xctest")
    if not os.path.exists(prof) or not os.path.exists(binary):
        return None
    return coverage.summary(prof, binary, os.path.join(ROOT, CORE))


def coverage_fuzz(seconds, jobs):
    """The fuzz layer's coverage: every fuzz target reached by some core file runs unmutated for `seconds`
    (the fuzz build, new inputs to a temporary directory), then its committed corpus plus those new
    inputs are replayed through the core by the coverage build of `conformance snapshot`, which
    renders each input with the fuzz body's own decoding (the oracles are not core code)."""
    targets = sorted({t for ts in fuzz.load().reaches.values() for t in ts})
    root = tempfile.mkdtemp()
    corpus, snaps = os.path.join(root, "corpus"), os.path.join(root, "snapshots")

    def grow(t):
        d = os.path.join(corpus, t)
        shutil.copytree(os.path.join(ROOT, "Corpus", t), d)
        new = os.path.join(root, "new-" + t)
        os.makedirs(new)
        proc.run_one(fuzz_cmd(t, seconds, new), mutant_env({"AFS_MUTANT": "0"}), timeout=seconds * 3 + 120)
        for x in os.listdir(new):
            shutil.copy(os.path.join(new, x), os.path.join(d, "fuzz-" + x))

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(grow, targets))
    os.makedirs(snaps)
    try:
        return coverage.profiled_run(coverage_conformance(), ["snapshot", "--corpus", corpus, "--snapshots", snaps]
                                     + sum((["--target", t] for t in targets), []), os.path.join(ROOT, CORE))
    finally:
        shutil.rmtree(root, ignore_errors=True)
