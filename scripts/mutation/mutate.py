#!/usr/bin/env python3
"""Mutation analysis of Sources/AFSerialization (issue 13): how many planted bugs the harness catches.

Mutant schemata: afs-mutate (Tools/, swift-syntax, its own package) rewrites every mutation site of the
core into runtime-switched code; one build holds every mutant and AFS_MUTANT=<id> activates one
(unset or 0 = the original program). Package.swift compiles the core from the schemata when
AFS_MUTANTS=1; those builds use their own scratch paths under .build-mutants/.

Layers, each run only on the mutants the previous one left alive:
  vectors  AFS_MUTANT=id conformance run            (exit != 0, a crash or a timeout = killed)
  tests    AFS_MUTANT=id swift test --skip-build    (includes the fuzz corpus replay)
  fuzz     AFS_MUTANT=id fuzz-<target>, N s each, for the targets that reach the mutated file
           (scripts/mutation/fuzz-targets.json), libFuzzer + ASan, seeded with Corpus/<target>

Commands:
  run       the analysis; writes report.md and report.json (default docs/mutation/)
  sites     list the mutants (JSON) after building the schemata (pruning what does not compile)
  triage    propose entries for docs/mutation/diagnostic.json (messages of core errors)
  ratchet   CI: the vectors layer, then its survivors under AddressSanitizer, against docs/mutation/baseline.json (exit 1 if lower)

Examples:
  python3 scripts/mutation/mutate.py run                                  # vectors layer, every site
  python3 scripts/mutation/mutate.py run --layers vectors,tests,fuzz --fuzz-seconds 60
  python3 scripts/mutation/mutate.py run --files 'PercentEscaping/*' --layers vectors,tests
  python3 scripts/mutation/mutate.py run --diff origin/main --summary "$GITHUB_STEP_SUMMARY"
  python3 scripts/mutation/mutate.py ratchet [--update-baseline]
"""

import argparse
import concurrent.futures
import fnmatch
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pruning  # noqa: E402 (the compile-error pruning rules, one concern per file)
from pruning import HELPER_OPS, helper_sites, operator_char, prune  # noqa: E402,F401
CORE = "Sources/AFSerialization"
MB = ".build-mutants"
SCHEMATA = pruning.SCHEMATA  # where afs-mutate writes the switched sources
SITES = f"{MB}/schemata/sites.json"
PRUNED = f"{MB}/pruned.json"
SCRATCH = f"{MB}/debug"
FUZZ_SCRATCH = f"{MB}/fuzz"
ASAN_SCRATCH = f"{MB}/asan"
# In the order they run: each layer tries only what the ones before it left alive.
LAYERS = ("vectors", "asan", "tests", "fuzz")
# The asan layer: a memory error exits with this code (a failing vector exits 1), so the report can
# say which one killed the mutant. Leaks are not looked for: the fork server's children _exit.
ASAN_EXIT = 86
ASAN_OPTIONS = f"exitcode={ASAN_EXIT}:detect_leaks=0:abort_on_error=0:halt_on_error=1:symbolize=0"
COV_SCRATCH = f"{MB}/cov"
TOOL_PKG = "Tools"
# Debug: swift-syntax builds in 1-2.5 min in debug, several times that in release (CI builds it
# cold), and the tool only parses the core's 5,000 lines.
TOOL_BIN = f"{TOOL_PKG}/.build/debug/afs-mutate"
DOCS = "docs/mutation"
SECTIONS = ["PercentEscaping", "QueryString", "Request", "Multipart", "Response", "ContentEncoding",
            "Values", "Errors", "Limits", "Profile"]
NICE = ["nice", "-n", "10"]


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def sh(cmd, env=None, check=True, capture=False, timeout=None):
    e = dict(os.environ)
    e.update(env or {})
    r = subprocess.run(cmd, cwd=ROOT, env=e, text=True, timeout=timeout,
                       stdout=subprocess.PIPE if capture else None,
                       stderr=subprocess.STDOUT if capture else None)
    if check and r.returncode != 0:
        if capture:
            log(r.stdout[-6000:])
        raise SystemExit(f"command failed ({r.returncode}): {' '.join(cmd)}")
    return r


def load_json(path, default):
    p = os.path.join(ROOT, path)
    if not os.path.exists(p):
        return default
    with open(p) as f:
        return json.load(f)


def save_json(path, data):
    p = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


def fingerprint():
    """Hash of the core's sources, the tool's and the pruning rules (pruning.py): the pruned list
    is valid for one fingerprint."""
    h = hashlib.sha256()
    with open(pruning.__file__, "rb") as f:
        h.update(f.read())
    for base in (CORE, f"{TOOL_PKG}/Sources/afs-mutate"):
        for dirpath, _, files in sorted(os.walk(os.path.join(ROOT, base))):
            for name in sorted(files):
                if name.endswith(".swift"):
                    p = os.path.join(dirpath, name)
                    h.update(os.path.relpath(p, ROOT).encode())
                    with open(p, "rb") as f:
                        h.update(f.read())
    return h.hexdigest()[:16]


# ---------------------------------------------------------------------------------------------
# Building: the tool, the schemata (with compile-error pruning), the mutant world


def build_tool():
    t = time.time()
    sh(NICE + ["swift", "build", "--package-path", TOOL_PKG, "--product", "afs-mutate"], capture=True)
    return time.time() - t


def generate(pruned):
    keys = os.path.join(ROOT, MB, "exclude-keys.txt")
    os.makedirs(os.path.dirname(keys), exist_ok=True)
    with open(keys, "w") as f:
        for k in sorted(pruned):
            f.write(k + "\n")
    out = os.path.join(ROOT, SCHEMATA)
    if os.path.isdir(out):
        # Keep files whose content does not change (so SwiftPM's incremental build stays small).
        tmp = out + ".new"
        shutil.rmtree(tmp, ignore_errors=True)
        sh([TOOL_BIN, "schemata", "--src", CORE, "--out", tmp, "--exclude-keys", keys], capture=True)
        sync_tree(tmp, out)
        os.replace(os.path.join(os.path.dirname(tmp), "sites.json"), os.path.join(ROOT, SITES)) \
            if os.path.exists(os.path.join(os.path.dirname(tmp), "sites.json")) else None
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        sh([TOOL_BIN, "schemata", "--src", CORE, "--out", out, "--exclude-keys", keys], capture=True)
    return load_json(SITES, [])


def sync_tree(src, dst):
    want = set()
    for dirpath, _, files in os.walk(src):
        for name in files:
            rel = os.path.relpath(os.path.join(dirpath, name), src)
            want.add(rel)
            a, b = os.path.join(src, rel), os.path.join(dst, rel)
            with open(a, "rb") as f:
                data = f.read()
            if os.path.exists(b):
                with open(b, "rb") as f:
                    if f.read() == data:
                        continue
            os.makedirs(os.path.dirname(b), exist_ok=True)
            with open(b, "wb") as f:
                f.write(data)
    for dirpath, _, files in os.walk(dst):
        for name in files:
            rel = os.path.relpath(os.path.join(dirpath, name), dst)
            if rel not in want:
                os.remove(os.path.join(dst, rel))


ERROR_RE = re.compile(r"^(/[^:\n]+\.swift):(\d+):(\d+): error: (.*)$", re.M)


def mutant_env(extra=None):
    e = {"AFS_MUTANTS": "1", "SWIFT_BACKTRACE": "enable=no"}
    e.update(extra or {})
    return e


def build_world(products, tests=False, max_rounds=12):
    """Builds the mutant world; prunes sites whose code does not compile. Returns (sites, pruned, seconds)."""
    fp = fingerprint()
    state = load_json(PRUNED, {})
    pruned = state.get("pruned", {}) if state.get("fingerprint") == fp else {}
    t0 = time.time()
    for rnd in range(max_rounds):
        sites = generate(pruned)
        cmds = [["swift", "build", "--scratch-path", SCRATCH, "--product", p] for p in products]
        if tests:
            cmds.append(["swift", "build", "--scratch-path", SCRATCH, "--build-tests"])
        errors = []
        for cmd in cmds:
            r = sh(NICE + cmd, env=mutant_env(), check=False, capture=True)
            if r.returncode != 0:
                errors = ERROR_RE.findall(r.stdout)
                if not errors:
                    log(r.stdout[-4000:])
                    raise SystemExit("mutant build failed without a compiler error to map")
                break
        if not errors:
            save_json(PRUNED, {"fingerprint": fp, "pruned": pruned})
            return sites, pruned, time.time() - t0
        newly = prune(errors, sites, pruned)
        log(f"  build round {rnd + 1}: {len(errors)} errors, pruned {newly} mutants")
        if newly == 0:
            for e in errors[:10]:
                log("  ", e)
            raise SystemExit("compiler errors outside the schemata (or unmappable): see above")
    raise SystemExit("pruning did not converge")


# ---------------------------------------------------------------------------------------------
# Selecting mutants


def diff_lines(base):
    out = sh(["git", "diff", "-U0", base, "--", CORE], capture=True).stdout
    ranges, cur = [], None
    for ln in out.splitlines():
        if ln.startswith("+++ "):
            cur = ln[6:] if ln.startswith("+++ b/") else None
        m = re.match(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", ln)
        if m and cur and cur.startswith(CORE + "/"):
            start, count = int(m.group(1)), int(m.group(2) if m.group(2) is not None else 1)
            rel = cur[len(CORE) + 1:]
            ranges.append((rel, start, start + max(count, 1) - 1))
    return ranges


def select(sites, pruned, args):
    sel = [s for s in sites if s["key"] not in pruned]
    if getattr(args, "files", None):
        sel = [s for s in sel if any(fnmatch.fnmatch(s["file"], g) for g in args.files)]
    if getattr(args, "diff", None):
        ranges = diff_lines(args.diff)
        sel = [s for s in sel if any(r[0] == s["file"] and s["line"] <= r[2] and s["end_line"] >= r[1] for r in ranges)]
    if getattr(args, "fraction", None):
        # Membership by key, not by position: a mutant stays in (or out of) the sample when other
        # code changes, and new code's mutants join it at the same rate (the CI ratchet).
        def keep(key):
            h = hashlib.sha256(f"{args.seed}:{norm_key(key)}".encode()).digest()
            return int.from_bytes(h[:4], "big") < args.fraction * 2**32
        sel = [s for s in sel if keep(s["key"])]
    if getattr(args, "sample", None):
        rng = random.Random(args.seed)
        sel = sorted(rng.sample(sel, min(args.sample, len(sel))), key=lambda s: s["id"])
    return sel


def section(s):
    return s["file"].split("/")[0] if "/" in s["file"] else "(top)"


OLD_OP_NAMES = {"bitwise &/|": "bitwise and↔or", "logical &&/||": "logical and↔or", "arith +/-": "arith +↔-",
                "arith *//": "arith *↔/", "shift <</>>": "shift <<↔>>"}


def norm_key(key):
    for old, new in OLD_OP_NAMES.items():
        key = key.replace("|" + old + "|", "|" + new + "|")
    return key


def op_of_key(key):
    for old in OLD_OP_NAMES:
        if "|" + old + "|" in key:
            return old
    return key.split("|")[2]


def op_family(op):
    op = OLD_OP_NAMES.get(op, op)
    if op.startswith("relational"):
        return "relational < <= > >="
    if op.startswith("equality"):
        return "equality == !="
    if op.startswith("integer"):
        return "integer literal ±1/→0"
    return op


# ---------------------------------------------------------------------------------------------
# Layers


PROGRESS = f"{MB}/progress.jsonl"


def seeded_order(mutants, label, done_before):
    """The mutants in a seeded random order (a run stopped early has covered a uniform sample),
    minus those with a result in `done_before` (returned as the first results)."""
    results = {}
    order = list(mutants)
    random.Random(20261123).shuffle(order)
    for m in order:
        k = norm_key(m["key"])
        if done_before and k in done_before:
            results[m["id"]] = done_before[k]
    pending = [m for m in order if m["id"] not in results]
    if results:
        log(f"  {label}: {len(results)} results reused from {PROGRESS}")
    return results, pending


def progress_line(layer, m, killed, how):
    """One result as a line of the progress file (load_progress reads the last line per key)."""
    return json.dumps({"layer": layer, "key": norm_key(m["key"]), "killed": killed, "how": how}) + "\n"


class Progress:
    """Records each result: into `results`, appended to the progress file (run --resume reuses it),
    and a log line every 200."""

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
            log(f"  {self.label}: {self.done}/{self.total} in {time.time() - self.t0:.0f}s "
                f"({sum(1 for k, _ in self.results.values() if k)} killed so far)")

    def close(self):
        self.file.close()


def run_pool(mutants, fn, jobs, label, deadline=None, layer=None, done_before=None):
    """fn(mutant) -> (killed: bool, how: str). Returns {id: (killed, how)}.

    Mutants run in a seeded random order, so a run stopped by its deadline has covered a uniform
    random sample; each result is appended to .build-mutants/progress.jsonl (run --resume reuses it)."""
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
                    log(f"  {label}: time limit reached; {len(pending) - prog.done - len(inflight)} mutants not run")
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


def load_progress(layer):
    out = {}
    p = os.path.join(ROOT, PROGRESS)
    if os.path.exists(p):
        with open(p) as f:
            for line in f:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                if r.get("layer") == layer:
                    out[r["key"]] = (r["killed"], r["how"])
    return out


def run_one(cmd, env, timeout, cwd=ROOT):
    e = dict(os.environ)
    e.update(env)
    # A session of its own, killed whole on timeout: `swift test` runs the tests in a child
    # process, which would otherwise go on running (and loading the machine) after its parent.
    p = subprocess.Popen(cmd, cwd=cwd, env=e, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    try:
        rc = p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group(p)
        return True, "timeout"
    if rc == 0:
        return False, ""
    if rc < 0:
        return True, f"signal {-rc}"
    return True, f"exit {rc}"


def descendants(pid):
    """Every live process below `pid` (from /proc), children before their own children's parents die."""
    children = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            children.setdefault(ppid, []).append(int(d))
    out, todo = [], [pid]
    while todo:
        for c in children.get(todo.pop(), []):
            out.append(c)
            todo.append(c)
    return out


def kill_group(p):
    # `swift test` starts the test runner (the .xctest) in a process group of its own, so killing
    # our group left the runner going: a timed-out mutant's tests kept both cores busy and made
    # the next mutants time out too. Kill the whole tree, found before anything is reparented.
    tree = descendants(p.pid)
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for pid in tree:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    p.wait()


def conformance_bin(scratch=SCRATCH):
    return os.path.join(ROOT, scratch, "debug", "conformance")


def vectors_cmd(binary=None):
    return [binary or conformance_bin(), "run", "--jobs", "1", "--max-diffs", "0"]


def build_asan():
    """The schemata conformance under AddressSanitizer (the asan layer); build_world has pruned
    what does not compile, and a sanitizer changes no compile error."""
    t = time.time()
    r = sh(NICE + ["swift", "build", "--scratch-path", ASAN_SCRATCH, "--product", "conformance", "--sanitize=address"],
           env=mutant_env(), check=False, capture=True)
    if r.returncode != 0:
        log(r.stdout[-4000:])
        raise SystemExit("the AddressSanitizer schemata build failed (see above)")
    return time.time() - t


def asan_env(extra=None):
    return mutant_env({"ASAN_OPTIONS": ASAN_OPTIONS, **(extra or {})})


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
        log(r.stdout[-3000:])
        raise SystemExit(f"the unmutated schemata build fails {label}: fix that first")
    return el, max(minimum, factor * el)


def layer_vectors(mutants, jobs, minimum=10.0, deadline=None, done_before=None, asan=False):
    """The vectors through the fork server; with asan, through the AddressSanitizer build, so a
    read or write out of bounds kills the mutant although every output is right."""
    binary = conformance_bin(ASAN_SCRATCH if asan else SCRATCH)
    env_of = asan_env if asan else mutant_env
    label = "asan" if asan else "vectors"
    env0 = env_of({"AFS_MUTANT": "0"})
    base, timeout = calibrate(vectors_cmd(binary), env0, minimum=minimum, label=f"the vectors ({label})")
    log(f"{label}: unmutated run {base:.2f}s; timeout {timeout:.1f}s; {len(mutants)} mutants, {jobs} jobs")
    t0 = time.time()
    # A mutant inside a property's initializer (a table in a `static let`, a global, a default) may
    # live in a lazily initialized global that the server's parent has already initialized with the
    # original value, so in a forked child it would never be active: those run in a fresh process.
    fresh = [m for m in mutants if in_initializer(m)]
    forked = [m for m in mutants if not in_initializer(m)]
    # A run's own limit: no single run takes as long as the whole unmutated set (at least 1 s), so
    # a hang is caught in about a second instead of after the mutant's whole timeout.
    res = run_server(forked, jobs, timeout, label, deadline, done_before, run_timeout=max(1.0, base),
                     binary=binary, env_of=env_of)
    res.update(run_pool(fresh, lambda m: run_one(vectors_cmd(binary), env_of({"AFS_MUTANT": str(m["id"])}), timeout),
                        jobs, f"{label} (initializers, one process each)", deadline, label, done_before))
    if asan:
        res = {k: (killed, "memory error (ASan)" if how in (f"exit-{ASAN_EXIT}", f"exit {ASAN_EXIT}") else how)
               for k, (killed, how) in res.items()}
    return res, time.time() - t0, base


INITIALIZER_RE = re.compile(r"(?:^|\.)(?:var|let) [^.]+$")


def in_initializer(m):
    """The site is in a property declaration (stored, static or global: its initializer may run once)."""
    return bool(INITIALIZER_RE.search(m.get("function", "")))


def run_server(mutants, jobs, timeout, label, deadline=None, done_before=None, run_timeout=1.0, binary=None,
               env_of=mutant_env):
    """The vectors layer through `conformance mutants` (a fork server: the vectors are loaded once,
    each mutant runs in a forked child and stops at its first failing run). Same contract as
    run_pool: seeded random order, results appended to the progress file, {id: (killed, how)}."""
    results, pending = seeded_order(mutants, label, done_before)
    if not pending:
        return results
    by_id = {m["id"]: m for m in pending}
    env = {**os.environ, **env_of()}
    env.pop("AFS_MUTANT", None)
    cmd = NICE + [binary or conformance_bin(), "mutants", "--jobs", str(jobs), "--timeout", f"{timeout:.1f}",
                  "--run-timeout", f"{min(run_timeout, timeout):.2f}"]
    err = tempfile.TemporaryFile(mode="w+")
    p = subprocess.Popen(cmd, cwd=ROOT, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, text=True,
                         start_new_session=True)  # at a deadline the server and its forked children go together

    def feed():
        try:
            # The file is the mutant's group: runs that killed a mutant of the same file go first.
            p.stdin.write("".join(f"{m['id']} {m['file']}\n" for m in pending))
            p.stdin.close()
        except (BrokenPipeError, OSError):
            pass
    threading.Thread(target=feed, daemon=True).start()
    prog = Progress(results, pending, label, label)
    stopped = False
    for line in p.stdout:
        parts = line.split()
        if len(parts) < 3 or not parts[0].isdigit() or int(parts[0]) not in by_id or parts[1] not in ("killed", "survived"):
            log(f"  {label}: unexpected line from conformance mutants: {line.rstrip()}")
            continue
        killed = parts[1] == "killed"
        prog.record(by_id[int(parts[0])], killed, parts[2].replace("-", " ") if killed else "")
        if deadline and time.time() > deadline:
            stopped = True
            log(f"  {label}: time limit reached; {len(pending) - prog.done} mutants not run")
            kill_group(p)
            break
    prog.close()
    p.wait()
    if not stopped and (p.returncode != 0 or prog.done < len(pending)):
        err.seek(0)
        raise SystemExit(f"conformance mutants failed (exit {p.returncode}, {prog.done}/{len(pending)} results): {err.read()[-3000:]}")
    return results


# Suites that test the harness's own process protocol (child processes, timeouts): slow, and
# they reach the core only through what the vectors layer already ran. `--tests-skip ''` keeps them.
TESTS_SKIP = "ImplementationRunnerTests|EvalProtocolTests"


def tests_cmd():
    # --ignore-lock: SwiftPM locks the scratch path for a whole `swift test`, so parallel jobs
    # otherwise queue behind each other while their timeouts run (a job waiting for the lock
    # was counted as a timeout kill). --skip-build only reads the build products.
    cmd = ["swift", "test", "--skip-build", "--ignore-lock", "--scratch-path", SCRATCH]
    return cmd + (["--skip", TESTS_SKIP] if TESTS_SKIP else [])


def layer_tests(mutants, jobs, deadline=None, done_before=None):
    env0 = mutant_env({"AFS_MUTANT": "0"})
    base, timeout = calibrate(tests_cmd(), env0, minimum=30, factor=4, label="swift test", runs=1)
    log(f"tests: unmutated run {base:.1f}s; timeout {timeout:.0f}s; {len(mutants)} mutants, {jobs} jobs")
    t0 = time.time()
    res = run_pool(mutants, lambda m: run_one(tests_cmd(), mutant_env({"AFS_MUTANT": str(m["id"])}), timeout),
                   jobs, "tests", deadline, "tests", done_before)
    confirm_timeouts(mutants, res, tests_cmd(), 2 * timeout, "tests", jobs, deadline)
    return res, time.time() - t0, base


def confirm_timeouts(mutants, res, cmd, timeout, layer, jobs, deadline=None):
    """A timeout under parallel load is only a kill if the mutant also times out alone, with a
    longer limit (a mutant that finishes then is judged by its exit status). Past the deadline the
    rest stay unconfirmed timeouts (counted as kills; the log says how many)."""
    todo = [m for m in mutants if res.get(m["id"], (False, ""))[1] == "timeout"]
    if not todo or jobs < 2:
        return
    log(f"  {layer}: {len(todo)} timeouts with {jobs} jobs; re-running each alone with a {timeout:.0f}s limit")
    with open(os.path.join(ROOT, PROGRESS), "a") as progress:
        for i, m in enumerate(todo):
            if deadline and time.time() > deadline:
                log(f"  {layer}: time limit reached; {len(todo) - i} timeouts not confirmed alone (counted as kills)")
                todo = todo[:i]
                break
            killed, how = run_one(cmd, mutant_env({"AFS_MUTANT": str(m["id"])}), timeout)
            how = f"{how} (alone)" if killed else ""
            res[m["id"]] = (killed, how)
            progress.write(progress_line(layer, m, killed, how))
    log(f"  {layer}: {sum(1 for m in todo if res[m['id']][0])} of the {len(todo)} kills confirmed alone")


def fuzz_map():
    return load_json("scripts/mutation/fuzz-targets.json", {})


def targets_for(file, fmap):
    out = []
    for pattern, targets in fmap.get("map", {}).items():
        if fnmatch.fnmatch(file, pattern):
            out += [t for t in targets if t not in out]
    return out


def target_flags(t):
    r = subprocess.run(["bash", "-c", f"source scripts/fuzz/targets.sh; target_flags {t}"], cwd=ROOT,
                       capture_output=True, text=True)
    return r.stdout.split()


def build_fuzz():
    t = time.time()
    env = mutant_env({"FUZZ_SCRATCH": FUZZ_SCRATCH, "AFS_FUZZ_KIT": "0"})
    sh(NICE + ["scripts/fuzz/build.sh"], env=env, capture=True)
    return time.time() - t


def layer_fuzz(mutants, jobs, seconds, deadline=None, done_before=None):
    fmap = fuzz_map()
    fbin = os.path.join(ROOT, FUZZ_SCRATCH, "release")
    flags = {}
    t0 = time.time()

    def fuzz(t, mutant):
        if t not in flags:
            flags[t] = target_flags(t)
        with tempfile.TemporaryDirectory() as out:
            # New inputs and crash artifacts go to the temporary directory; the corpus is only read.
            cmd = [os.path.join(fbin, f"fuzz-{t}"), f"-max_total_time={seconds}", "-print_final_stats=0",
                   "-timeout=10", "-rss_limit_mb=4096", f"-artifact_prefix={out}/"] + flags[t] + [out, os.path.join(ROOT, "Corpus", t)]
            return run_one(cmd, mutant_env({"AFS_MUTANT": str(mutant)}), timeout=seconds * 3 + 120)

    # The original program first, on every target the mutants need and for as long as a mutant gets:
    # a target that crashes, leaks or trips an oracle unmutated would "kill" every mutant it runs.
    needed = sorted({t for m in mutants for t in targets_for(m["file"], fmap)})
    log(f"fuzz: the original program on {len(needed)} targets ({', '.join(needed)}), {seconds} s each, before any mutant")
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        originals = list(pool.map(lambda t: (t, *fuzz(t, 0)), needed))
    broken = [f"fuzz-{t} ({how})" for t, failed, how in originals if failed]
    if broken:
        raise SystemExit("fuzz layer: the original program fails " + ", ".join(broken) +
                         f": fix that first (scripts/fuzz/run.sh {seconds} <target> reproduces it)")

    def one(m):
        targets = targets_for(m["file"], fmap)
        if not targets:
            return False, "no fuzz target reaches this file"
        for t in targets:
            killed, how = fuzz(t, m["id"])
            if killed:
                return True, f"fuzz-{t}: {how}"
        return False, ""

    res = run_pool(mutants, one, jobs, "fuzz", deadline, f"fuzz{seconds}", done_before)
    return res, time.time() - t0


# ---------------------------------------------------------------------------------------------
# Coverage (per layer, per file)


def llvm_tool(name):
    # The toolchain's own first: a system LLVM may not read Swift's profile format.
    swiftc = shutil.which("swiftc")
    tc = os.path.dirname(os.path.realpath(swiftc)) if swiftc else "/opt/swift/usr/bin"
    for cand in (os.path.join(tc, name), f"/opt/swift/usr/bin/{name}", name):
        if shutil.which(cand):
            return shutil.which(cand)
    return None


def cov_summary(profdata, binary):
    cov = llvm_tool("llvm-cov")
    r = subprocess.run([cov, "export", "-summary-only", "-instr-profile", profdata, binary], cwd=ROOT,
                       capture_output=True, text=True)
    if r.returncode != 0:
        log(r.stderr[-2000:])
        return None
    data = json.loads(r.stdout)
    out = {}
    core = os.path.join(ROOT, CORE) + "/"
    for f in data["data"][0]["files"]:
        name = f["filename"]
        if name.startswith(core):
            s = f["summary"]
            out[name[len(core):]] = {"lines": [s["lines"]["covered"], s["lines"]["count"]],
                                     "regions": [s["regions"]["covered"], s["regions"]["count"]]}
    return out


def coverage_conformance():
    """The instrumented build of conformance (normal sources) that layers 1 and 3 measure with."""
    flags = ["-Xswiftc", "-profile-generate", "-Xswiftc", "-profile-coverage-mapping"]
    sh(NICE + ["swift", "build", "--scratch-path", COV_SCRATCH + "-vectors", "--product", "conformance"] + flags, capture=True)
    return os.path.join(ROOT, COV_SCRATCH + "-vectors", "debug", "conformance")


def profiled_run(binary, args):
    """Runs the instrumented `binary` with `args`; the per-file coverage of the core it executed,
    or None when it wrote no profile."""
    d = tempfile.mkdtemp()
    try:
        subprocess.run([binary] + args, cwd=ROOT, env={**os.environ, "LLVM_PROFILE_FILE": f"{d}/%p.profraw"},
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        raws = [os.path.join(d, x) for x in os.listdir(d) if x.endswith(".profraw")]
        if not raws:
            return None
        prof = os.path.join(d, "merged.profdata")
        sh([llvm_tool("llvm-profdata"), "merge", "-sparse", "-o", prof] + raws, capture=True)
        return cov_summary(prof, binary)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def coverage_vectors():
    """Layer 1's coverage: the instrumented conformance running the vectors."""
    return profiled_run(coverage_conformance(), ["run", "--max-diffs", "0"])


def coverage_tests():
    """Layer 2's coverage: swift test --enable-code-coverage (normal sources)."""
    scratch = COV_SCRATCH + "-tests"
    sh(NICE + ["swift", "test", "--scratch-path", scratch, "--enable-code-coverage"], check=False, capture=True)
    prof = os.path.join(ROOT, scratch, "debug", "codecov", "default.profdata")
    binary = os.path.join(ROOT, scratch, "debug", "AFSerializationPackageTests.xctest")
    if not os.path.exists(prof) or not os.path.exists(binary):
        return None
    return cov_summary(prof, binary)


def coverage_fuzz(seconds, jobs):
    """Layer 3's coverage: every fuzz target reached by some core file runs unmutated for `seconds`
    (the fuzz build, new inputs to a temporary directory), then its committed corpus plus those new
    inputs are replayed through the core by the coverage build of `conformance snapshot`, which
    renders each input with the fuzz body's own decoding (the oracles are not core code)."""
    targets = sorted({t for ts in fuzz_map().get("map", {}).values() for t in ts})
    fbin = os.path.join(ROOT, FUZZ_SCRATCH, "release")
    root = tempfile.mkdtemp()
    corpus, snaps = os.path.join(root, "corpus"), os.path.join(root, "snapshots")

    def grow(t):
        d = os.path.join(corpus, t)
        shutil.copytree(os.path.join(ROOT, "Corpus", t), d)
        new = os.path.join(root, "new-" + t)
        os.makedirs(new)
        cmd = [os.path.join(fbin, f"fuzz-{t}"), f"-max_total_time={seconds}", "-print_final_stats=0", "-timeout=10",
               "-rss_limit_mb=4096", f"-artifact_prefix={new}/"] + target_flags(t) + [new, os.path.join(ROOT, "Corpus", t)]
        run_one(cmd, mutant_env({"AFS_MUTANT": "0"}), timeout=seconds * 3 + 120)
        for x in os.listdir(new):
            shutil.copy(os.path.join(new, x), os.path.join(d, "fuzz-" + x))

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(grow, targets))
    os.makedirs(snaps)
    try:
        return profiled_run(coverage_conformance(), ["snapshot", "--corpus", corpus, "--snapshots", snaps]
                            + sum((["--target", t] for t in targets), []))
    finally:
        shutil.rmtree(root, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# Reviewed lists


def reviewed(sites_all, pruned=()):
    eq = load_json(f"{DOCS}/equivalent.json", {})
    dg = load_json(f"{DOCS}/diagnostic.json", {})
    eq = {k: v for k, v in eq.items() if not k.startswith("_")}
    dg = {k: v for k, v in dg.items() if not k.startswith("_")}
    keys = {s["key"] for s in sites_all} | set(pruned)
    stale = sorted(k for k in list(eq) + list(dg) if k not in keys)
    return eq, dg, stale


# ---------------------------------------------------------------------------------------------
# Reports


def pct(a, b):
    return f"{100.0 * a / b:.1f} %" if b else "n/a"


def rate(a, b):
    return round(100.0 * a / b, 2) if b else None


def make_report(ctx):
    sites_all, sel, pruned = ctx["sites"], ctx["selected"], ctx["pruned"]
    eq, dg, stale = reviewed(sites_all, pruned)
    layers = ctx["layers"]
    results = ctx["results"]  # id -> {"layer": name or None, "how": str, "reached": last layer}
    scored = [s for s in sel if s["key"] not in eq and s["key"] not in dg]
    names = [l for l in LAYERS if l in layers]

    def killed_by(s, upto):
        r = results.get(s["id"])
        return r is not None and r["layer"] is not None and names.index(r["layer"]) <= names.index(upto)

    cum = {l: sum(1 for s in scored if killed_by(s, l)) for l in names}
    survivors = [s for s in scored if results.get(s["id"], {}).get("layer") is None]

    def table(keyfn, order=None):
        groups = {}
        for s in scored:
            groups.setdefault(keyfn(s), []).append(s)
        keys = order if order else sorted(groups)
        rows = []
        for k in keys:
            g = groups.get(k, [])
            if not g:
                continue
            rows.append((k, len(g), [sum(1 for s in g if killed_by(s, l)) for l in names]))
        return rows

    by_section = table(section, [x for x in SECTIONS] + sorted({section(s) for s in scored} - set(SECTIONS)))
    by_op = table(lambda s: op_family(s["operator"]))
    js = {
        "generated": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "commit": sh(["git", "rev-parse", "--short", "HEAD"], capture=True).stdout.strip(),
        "scope": ctx["scope"],
        "layers": names,
        "counts": {"sites_total": len(sites_all) + len(pruned), "not_compiled": len(pruned),
                   "selected": len(sel), "equivalent": len([s for s in sel if s["key"] in eq]),
                   "diagnostic": len([s for s in sel if s["key"] in dg]), "scored": len(scored),
                   "stale_reviewed_keys": stale},
        "kill_rate": {l: {"killed": cum[l], "scored": len(scored), "rate": rate(cum[l], len(scored))} for l in names},
        "per_section": {k: {"mutants": n, **{l: c for l, c in zip(names, cs)}} for k, n, cs in by_section},
        "per_operator": {k: {"mutants": n, **{l: c for l, c in zip(names, cs)}} for k, n, cs in by_op},
        "sites_per_operator": {},
        "timing_seconds": ctx["timing"],
        "coverage": ctx.get("coverage", {}),
        "survivors": [{"id": s["id"], "key": s["key"], "file": s["file"], "line": s["line"], "operator": s["operator"],
                       "original": s["original"], "mutated": s["mutated"], "function": s["function"],
                       "last_layer": results.get(s["id"], {}).get("reached", names[-1] if names else "")}
                      for s in survivors],
        "mutants": [{"id": s["id"], "key": s["key"], "killed_by": results.get(s["id"], {}).get("layer"),
                     "reached": results.get(s["id"], {}).get("reached"),
                     "how": results.get(s["id"], {}).get("how", ""),
                     "reviewed": "equivalent" if s["key"] in eq else "diagnostic" if s["key"] in dg else None}
                    for s in sel],
        "not_compiled": [{"key": k, "why": v} for k, v in sorted(pruned.items())],
        "unscored_functions": unscored_functions(sites_all, pruned, eq, dg),
    }
    ops = {}
    for op in [s["operator"] for s in sites_all] + [op_of_key(k) for k in pruned]:
        f = op_family(op)
        ops.setdefault(f, [0, 0])
        ops[f][0] += 1
    for k in pruned:
        ops[op_family(op_of_key(k))][1] += 1
    js["sites_per_operator"] = {k: {"mutants": v[0], "not_compiled": v[1]} for k, v in sorted(ops.items())}

    md = []
    md.append("# Mutation analysis of Sources/AFSerialization\n")
    md.append(f"Generated {js['generated']} at commit {js['commit']} by `python3 scripts/mutation/mutate.py "
              f"{ctx['argv']}`. Scope: {ctx['scope']}.\n")
    c = js["counts"]
    md.append(f"{c['sites_total']} mutants in the core; {c['not_compiled']} not compiled (pruned, not scored); "
              f"{c['selected']} selected; {c['equivalent']} equivalent and {c['diagnostic']} diagnostic-only "
              f"(reviewed lists, not scored); **{c['scored']} scored**.\n")
    md.append("## Kill rate (behaviour mutants, cumulative)\n")
    md.append("| layers | killed | of | rate | layer time |")
    md.append("|---|---:|---:|---:|---:|")
    acc = []
    for l in names:
        acc.append(l)
        lt = ctx["timing"].get(l, ctx["timing"].get(l + " (reused)"))
        md.append(f"| {' + '.join(acc)} | {cum[l]} | {len(scored)} | {pct(cum[l], len(scored))} | "
                  f"{'n/a' if lt is None else f'{lt:.0f} s'}{' (reused)' if l + ' (reused)' in ctx['timing'] else ''} |")
    md.append("")
    t = ctx["timing"]
    md.append("Times: " + ", ".join(f"{k} {v:.1f} s" for k, v in t.items()) + ".\n")

    def rows_md(title, rows):
        md.append(f"## {title}\n")
        md.append("| | mutants | " + " | ".join(f"killed ≤ {l}" for l in names) + " | rate (all layers run) |")
        md.append("|---|---:|" + "---:|" * len(names) + "---:|")
        for k, n, cs in rows:
            md.append(f"| {k} | {n} | " + " | ".join(str(x) for x in cs) + f" | {pct(cs[-1], n) if cs else ''} |")
        md.append("")

    rows_md("Per SPEC section (core folder)", by_section)
    rows_md("Per operator", by_op)
    md.append("## Sites per operator (whole core, before pruning)\n")
    md.append("| operator | mutants | not compiled |")
    md.append("|---|---:|---:|")
    for k, v in js["sites_per_operator"].items():
        md.append(f"| {k} | {v['mutants']} | {v['not_compiled']} |")
    md.append("")
    cov = ctx.get("coverage") or {}
    if cov:
        md.append("## Coverage per file (lines / regions executed)\n")
        cl = [l for l in ("vectors", "tests", "fuzz") if l in cov]
        md.append("Each layer alone: vectors = `conformance run`; tests = `swift test` (with the corpus replay); "
                  "fuzz = every target's committed corpus plus up to 60 s of unmutated fuzzing, replayed through "
                  "the core by `conformance snapshot` (the fuzz bodies' input decoding, without the oracles).\n")
        md.append("| file | " + " | ".join(f"{l} lines | {l} regions" for l in cl) + " |")
        md.append("|---|" + "---:|---:|" * len(cl))
        files = sorted(set().union(*[set((cov[l] or {}).keys()) for l in cl]))
        tot = {l: [0, 0, 0, 0] for l in cl}
        for f in files:
            cells = []
            for l in cl:
                x = (cov[l] or {}).get(f)
                if x:
                    cells += [pct(*x["lines"]), pct(*x["regions"])]
                    tot[l] = [tot[l][0] + x["lines"][0], tot[l][1] + x["lines"][1],
                              tot[l][2] + x["regions"][0], tot[l][3] + x["regions"][1]]
                else:
                    cells += ["n/a", "n/a"]
            md.append(f"| {f} | " + " | ".join(cells) + " |")
        md.append("| **all** | " + " | ".join(f"{pct(v[0], v[1])} | {pct(v[2], v[3])}" for v in tot.values()) + " |")
        md.append("")
        for l in ("vectors", "tests", "fuzz"):
            if l in names and l not in cov:
                md.append(f"Coverage for the {l} layer: n/a (not measured in this run).\n")
    md.append(f"## Survivors ({len(survivors)})\n")
    md.append("Not killed by any layer that ran; `last layer` is the last one that tried.\n")
    md.append("| file:line | operator | original → mutated | function | last layer | key |")
    md.append("|---|---|---|---|---|---|")
    for s in js["survivors"]:
        md.append(f"| {s['file']}:{s['line']} | {s['operator']} | `{esc(s['original'])}` → `{esc(s['mutated'])}` | "
                  f"{esc(s['function'])} | {s['last_layer']} | <sub>{esc(s['key'])}</sub> |")
    md.append("")
    if stale:
        md.append(f"## Stale reviewed entries ({len(stale)})\n")
        md.append("Keys in equivalent.json / diagnostic.json that match no site any more:\n")
        for k in stale:
            md.append(f"- `{esc(k)}`")
        md.append("")
    uf = js["unscored_functions"]
    md.append(f"## Functions with sites and no scored mutant ({len(uf)})\n")
    md.append("Every mutant of these functions is out of the score; the reason is the list that took each out "
              "(a compiler error, a reviewed claim). None may be missing a reason.\n")
    if uf:
        md.append("| function | sites | not compiled | equivalent | diagnostic | reason |")
        md.append("|---|---:|---:|---:|---:|---|")
        for u in uf:
            md.append(f"| {esc(u['file'])} {esc(u['function'])} | {u['sites']} | {u['not_compiled']} | {u['equivalent']} | "
                      f"{u['diagnostic']} | {esc(u['reason'])} |")
    md.append("")
    md.append(f"## Not compiled ({len(js['not_compiled'])})\n")
    md.append("Sites whose switched code did not type-check (pruned from the schemata, not scored):\n")
    md.append("| key | compiler error |")
    md.append("|---|---|")
    for x in js["not_compiled"]:
        md.append(f"| <sub>{esc(x['key'])}</sub> | {esc(x['why'])} |")
    md.append("")
    return js, "\n".join(md)


def unscored_functions(sites_all, pruned, eq, dg):
    """Functions with mutation sites of which none can be scored (every one pruned or reviewed),
    each with the reason the first exclusion gives: the report must leave none unexplained."""
    fns = {}
    for st in sites_all:
        f = fns.setdefault((st["file"], st["function"]), {"sites": 0, "not_compiled": 0, "equivalent": 0, "diagnostic": 0, "why": []})
        f["sites"] += 1
        if st["key"] in eq:
            f["equivalent"] += 1
            f["why"].append(eq[st["key"]])
        elif st["key"] in dg:
            f["diagnostic"] += 1
            f["why"].append(dg[st["key"]])
    for k, why in pruned.items():
        parts = k.split("|")
        f = fns.setdefault((parts[0], parts[1]), {"sites": 0, "not_compiled": 0, "equivalent": 0, "diagnostic": 0, "why": []})
        f["sites"] += 1
        f["not_compiled"] += 1
        f["why"].insert(0, "not compiled: " + why)
    out = []
    for (file, fn), f in sorted(fns.items()):
        if f["not_compiled"] + f["equivalent"] + f["diagnostic"] == f["sites"]:
            out.append({"file": file, "function": fn, "sites": f["sites"], "not_compiled": f["not_compiled"],
                        "equivalent": f["equivalent"], "diagnostic": f["diagnostic"],
                        "reason": (f["why"][0] if f["why"] else "no reason recorded")[:200]})
    return out


def esc(s):
    return str(s).replace("|", "\\|").replace("`", "'").replace("\n", " ")


def diff_summary(js, sel):
    """PR mode: the survivors on the change's own lines, as a CI job summary."""
    md = ["## Mutation analysis of the change\n"]
    n = js["counts"]["scored"]
    if n == 0:
        md.append("No mutation site on the changed lines of Sources/AFSerialization.")
        return "\n".join(md)
    last = js["layers"][-1]
    k = js["kill_rate"][last]["killed"]
    md.append(f"{n} mutants on the changed lines; {k} killed ({pct(k, n)}) by {' + '.join(js['layers'])}.\n")
    if js["survivors"]:
        md.append("Survivors (each is a behaviour of the change that no vector or test pins):\n")
        md.append("| file:line | mutation | function |")
        md.append("|---|---|---|")
        for s in js["survivors"]:
            md.append(f"| {CORE}/{s['file']}:{s['line']} | `{esc(s['original'])}` → `{esc(s['mutated'])}` ({s['operator']}) | {esc(s['function'])} |")
    return "\n".join(md)


# ---------------------------------------------------------------------------------------------
# Commands


def cmd_run(args):
    global TESTS_SKIP
    TESTS_SKIP = args.tests_skip
    t_all = time.time()
    timing = {}
    layers = [l.strip() for l in args.layers.split(",") if l.strip()]
    for l in layers:
        if l not in LAYERS:
            raise SystemExit(f"unknown layer {l} (the layers: {', '.join(LAYERS)})")
    if args.no_build:
        # Use the mutant world as the last build left it (e.g. while another run uses it).
        sites = load_json(SITES, [])
        pruned = load_json(PRUNED, {}).get("pruned", {})
    else:
        log("building afs-mutate ...")
        timing["tool build"] = build_tool()
        log("building the mutant world (schemata + conformance" + (" + tests" if "tests" in layers else "") + ") ...")
        sites, pruned, tb = build_world(["conformance"], tests="tests" in layers)
        timing["schemata build"] = tb
    sel = select(sites, pruned, args)
    log(f"{len(sites)} mutants, {len(pruned)} not compiled, {len(sel)} selected")
    eq, dg, _ = reviewed(sites)
    todo = [s for s in sel if s["key"] not in eq and s["key"] not in dg]
    results = {s["id"]: {"layer": None, "how": "", "reached": None} for s in sel}
    per_mutant = {}
    reused = set()
    if args.from_report:
        # Reuse the results of layers a previous run already did (matched by key), e.g. a full
        # vectors run, and run only the later layers on what survived them.
        old = load_json(args.from_report, None) or {}
        old_layers = old.get("layers", [])
        reused = {l for l in layers if l in old_layers}
        if [l for l in layers if l in reused] != layers[:len(reused)]:
            raise SystemExit("--from-report: the reused layers must come first in --layers")
        by_key = {norm_key(m["key"]): m for m in old.get("mutants", [])}
        missing = [s for s in todo if norm_key(s["key"]) not in by_key]
        if missing:
            log(f"--from-report: {len(missing)} selected mutants are not in {args.from_report} (sources changed?): skipped")
            skip = {s["id"] for s in missing}
            todo = [s for s in todo if s["id"] not in skip]
            sel = [s for s in sel if s["id"] not in skip]
        for s in todo:
            m = by_key[norm_key(s["key"])]
            if m["killed_by"] in reused:
                results[s["id"]].update(layer=m["killed_by"], how=m.get("how", ""), reached=m["killed_by"])
            else:
                results[s["id"]]["reached"] = layers[len(reused) - 1] if reused else None
        for l in reused:
            timing[l + " (reused)"] = old.get("timing_seconds", {}).get(l, 0.0)
        log(f"reused {', '.join(sorted(reused))} results from {args.from_report}")
    deadline = t_all + args.max_minutes * 60 if args.max_minutes else None
    not_run = 0
    if not args.resume and os.path.exists(os.path.join(ROOT, PROGRESS)):
        os.remove(os.path.join(ROOT, PROGRESS))
    os.makedirs(os.path.join(ROOT, MB), exist_ok=True)
    for layer in layers:
        if layer in reused:
            continue
        alive = [s for s in todo if results[s["id"]]["layer"] is None]
        if not alive:
            break
        pl = f"fuzz{args.fuzz_seconds}" if layer == "fuzz" else layer
        prev = load_progress(pl) if args.resume else {}
        if layer == "vectors":
            res, el, base = layer_vectors(alive, args.jobs, deadline=deadline, done_before=prev)
            per_mutant["vectors unmutated run"] = round(base, 3)
        elif layer == "asan":
            if not args.no_build:
                log("building the schemata conformance under AddressSanitizer ...")
                timing["asan build"] = build_asan()
            res, el, base = layer_vectors(alive, args.jobs, deadline=deadline, done_before=prev, asan=True)
            per_mutant["asan unmutated run"] = round(base, 3)
        elif layer == "tests":
            res, el, base = layer_tests(alive, args.jobs, deadline=deadline, done_before=prev)
            per_mutant["tests unmutated run"] = round(base, 3)
        else:
            if not args.no_build:
                log("building the fuzz targets (AFS_MUTANTS=1, libFuzzer + ASan) ...")
                timing["fuzz build"] = build_fuzz()
            res, el = layer_fuzz(alive, args.jobs, args.fuzz_seconds, deadline=deadline, done_before=prev)
        timing[layer] = el
        ran = [s for s in alive if s["id"] in res]
        fresh = max(1, len(ran) - len([s for s in ran if norm_key(s["key"]) in prev]))
        per_mutant[f"{layer} per mutant (wall, {args.jobs} jobs)"] = round(el / fresh, 3)
        unrun = [s for s in alive if s["id"] not in res]
        if unrun:
            # Stopped by --max-minutes: what did not run is left out of the scored set.
            skip = {s["id"] for s in unrun}
            not_run += len(skip)
            todo = [s for s in todo if s["id"] not in skip]
            sel = [s for s in sel if s["id"] not in skip]
        for s in ran:
            killed, how = res[s["id"]]
            results[s["id"]]["reached"] = layer
            if killed:
                results[s["id"]].update(layer=layer, how=how)
    coverage = {}
    if args.coverage:
        t = time.time()
        if "vectors" in layers:
            log("coverage: vectors ...")
            coverage["vectors"] = coverage_vectors()
        if "tests" in layers:
            log("coverage: tests ...")
            coverage["tests"] = coverage_tests()
        if "fuzz" in layers:
            log(f"coverage: fuzz (every target {min(args.fuzz_seconds, 60)} s unmutated, then its corpus replayed) ...")
            coverage["fuzz"] = coverage_fuzz(min(args.fuzz_seconds, 60), args.jobs)
        timing["coverage"] = time.time() - t
    for item in args.timing or []:
        k, _, v = item.partition("=")
        timing[k] = float(v)
    timing["total"] = time.time() - t_all if not args.timing else sum(v for k, v in timing.items() if k in layers)
    scope = "every site" if not (args.files or args.diff or args.sample) else \
        ", ".join(x for x in [f"files {args.files}" if args.files else "", f"diff {args.diff}" if args.diff else "",
                              f"sample {args.sample} seed {args.seed}" if args.sample else ""] if x)
    if "fuzz" in layers:
        scope += f"; fuzz {args.fuzz_seconds} s per target"
    if not_run:
        scope += (f"; stopped by --max-minutes {args.max_minutes}: {not_run} selected mutants not run, so the figures "
                  f"cover the {len(todo)} scored mutants that ran (a uniform random sample: mutants run in a seeded random order)")
    ctx = {"sites": sites, "selected": sel, "pruned": pruned, "layers": layers, "results": results,
           "timing": {k: round(v, 1) for k, v in timing.items()}, "coverage": coverage, "scope": scope,
           "argv": " ".join(a for i, a in enumerate(sys.argv[1:]) if a != "--note" and (i == 0 or sys.argv[i] != "--note"))}
    js, md = make_report(ctx)
    if args.note:
        js["note"] = args.note
        lines = md.split("\n")
        lines.insert(3, "\n" + args.note + "\n")
        md = "\n".join(lines)
    js["per_mutant_seconds"] = per_mutant
    js["argv"] = ctx["argv"]
    out = args.out
    if os.path.realpath(os.path.join(ROOT, out)) == os.path.realpath(os.path.join(ROOT, DOCS)):
        save_json(f"{MB}/last-run-sites.json", sites)
        save_json(f"{MB}/last-run-pruned.json", {"pruned": pruned})
    save_json(f"{out}/report.json", js)
    with open(os.path.join(ROOT, out, "report.md"), "w") as f:
        f.write(md)
    if args.diff:
        s = diff_summary(js, sel)
        if args.summary:
            with open(args.summary, "a") as f:
                f.write(s + "\n")
        print(s)
    last = layers[-1]
    kr = js["kill_rate"].get(last, {})
    print(f"mutation: {kr.get('killed', 0)}/{kr.get('scored', 0)} killed ({kr.get('rate')} %) by {' + '.join(layers)}; "
          f"{len(js['survivors'])} survivors; report in {out}/report.md ({timing['total']:.0f} s)")
    return 0


def cmd_report(args):
    """Re-renders report.md/json from a saved report.json (e.g. after the reviewed lists changed)."""
    js = load_json(args.source, None)
    if js is None:
        raise SystemExit(f"no {args.source}")
    sites = load_json(args.sites, [])
    pruned = load_json(args.pruned, {}).get("pruned", {})
    ids = {m["id"] for m in js["mutants"]}
    sel = [s for s in sites if s["id"] in ids]
    last = {s["id"]: s["last_layer"] for s in js["survivors"]}
    results = {m["id"]: {"layer": m["killed_by"], "how": m.get("how", ""),
                         "reached": m.get("reached") or m["killed_by"] or last.get(m["id"], js["layers"][-1])}
               for m in js["mutants"]}
    ctx = {"sites": sites, "selected": sel, "pruned": pruned, "layers": js["layers"], "results": results,
           "timing": js["timing_seconds"], "coverage": js.get("coverage", {}), "scope": js["scope"],
           "argv": js.get("argv", "run")}
    new, md = make_report(ctx)
    new["generated"], new["commit"] = js["generated"], js["commit"]
    new["per_mutant_seconds"] = js.get("per_mutant_seconds", {})
    new["argv"] = ctx["argv"]
    md = md.replace(md.split("\n")[2], f"Generated {js['generated']} at commit {js['commit']} by `python3 scripts/mutation/mutate.py "
                    f"{ctx['argv']}`. Scope: {ctx['scope']}.", 1)
    save_json(f"{args.out}/report.json", new)
    with open(os.path.join(ROOT, args.out, "report.md"), "w") as f:
        f.write(md)
    print(f"re-rendered {args.out}/report.md")


def cmd_recheck(args):
    """Re-runs the vectors layer on a report's survivors with the mutant world the last run built (no
    build): the loop for writing vectors that kill survivors. Writes nothing."""
    rep = load_json(os.path.join(ROOT, args.report), None)
    if rep is None:
        raise SystemExit(f"{args.report}: no such report (run `mutate.py run` first)")
    if not os.path.exists(conformance_bin()) or not os.path.exists(os.path.join(ROOT, SITES)):
        raise SystemExit(f"no mutant world under {MB}/ (run `mutate.py run` or `ratchet` once to build it)")
    ids = {norm_key(s["key"]): s for s in load_json(os.path.join(ROOT, SITES), [])}
    surv = [m for m in rep["survivors"] if not args.files or any(fnmatch.fnmatch(m["file"], g) for g in args.files)]
    if args.line:
        surv = [m for m in surv if m["line"] in args.line]
    cmd = vectors_cmd() + sum((["--filter", f] for f in (args.filter or [])), [])
    base, timeout = calibrate(cmd, mutant_env({"AFS_MUTANT": "0"}), minimum=10.0, label="the selected vectors", runs=1)
    stale, rows = [], []
    todo = []
    for m in surv:
        s = ids.get(norm_key(m["key"]))
        if s is None:
            stale.append(m)
        else:
            todo.append((m, s))

    def one(pair):
        m, s = pair
        return pair, run_one(cmd, mutant_env({"AFS_MUTANT": str(s["id"])}), timeout)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        for (m, s), (killed, how) in ex.map(one, todo):
            rows.append((killed, m))
            if killed or not args.killed_only:
                state = f"killed ({how})" if killed else "survives"
                print(f"{state:18} {m['file']}:{m['line']}  {m['original']} → {m['mutated']}  [{m['operator']}]  id {s['id']}", flush=True)
    for m in stale:
        print(f"{'stale key':18} {m['file']}:{m['line']}  {m['key']}")
    k = sum(1 for killed, _ in rows if killed)
    print(f"{k} of {len(rows)} survivors of {args.report} now killed; {len(rows) - k} survive; {len(stale)} not in the current schemata")
    return 0


def cmd_sites(args):
    build_tool()
    sites, pruned, _ = build_world(["conformance"])
    sel = select(sites, pruned, args)
    print(json.dumps(sel, indent=1, ensure_ascii=False))


def cmd_triage(args):
    """Proposes diagnostic.json entries: string literals that are only a core error's message."""
    build_tool()
    r = sh([TOOL_BIN, "sites", "--src", CORE], capture=True)
    sites = json.loads(r.stdout)
    # Functions of the core that build an AFSError from a message argument.
    helpers = set()
    for dirpath, _, files in os.walk(os.path.join(ROOT, CORE)):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(dirpath, name)) as f:
                    for m in re.finditer(r"func (\w+)\([^)]*\)\s*->\s*AFSError", f.read()):
                        helpers.add(m.group(1))
    dg = load_json(f"{DOCS}/diagnostic.json", {})
    eq = load_json(f"{DOCS}/equivalent.json", {})
    strong, check = {}, {}
    for s in sites:
        if s["operator"] != "string literal" or s["key"] in dg or s["key"] in eq:
            continue
        ctxs = s.get("context", "")
        m = re.match(r"^(.*)#(\d+):([^|]*)\|first=(.*)$", ctxs)
        if not m:
            continue
        callee, index, label, first = m.group(1), int(m.group(2)), m.group(3), m.group(4)
        base = callee.split(".")[-1]
        if base == "AFSError" and index == 1 and label == "" and first.startswith("."):
            strong[s["key"]] = f"message of a core error (AFSError({first}, …)): the kind and offset are what is compared"
        elif base in helpers:
            check[s["key"]] = f"argument {index} of {callee}(…) -> AFSError: CHECK whether it is a core error's message or AF-visible text"
    # Equivalent candidates: deleting a capacity hint or a deallocation changes no output.
    equiv = {}
    for s in sites:
        if s["key"] in dg or s["key"] in eq or s["operator"] != "delete statement":
            continue
        if re.search(r"(\.|^)(reserveCapacity|reserve|deallocate)\(", s["original"]):
            equiv[s["key"]] = "capacity hint / deallocation only: no output changes (CHECK: speed or memory only)"
    print(json.dumps({"diagnostic (strong)": strong, "diagnostic (check by hand)": check,
                      "equivalent (check by hand)": equiv}, indent=1, ensure_ascii=False))
    if args.write:
        merged = dict(dg)
        merged.update({k: v + " [proposed by triage; review]" for k, v in strong.items()})
        save_json(f"{DOCS}/diagnostic.json", dict(sorted(merged.items())))
        save_json(f"{DOCS}/triage-candidates.json", {
            "_": "Proposals of `mutate.py triage` still to review by hand: move an entry to diagnostic.json or equivalent.json with its reason, or drop it.",
            "diagnostic": check, "equivalent": equiv})
        log(f"added {len(strong)} entries to {DOCS}/diagnostic.json (review them); "
            f"{len(check)} diagnostic and {len(equiv)} equivalent candidates in {DOCS}/triage-candidates.json")


def cmd_ratchet(args):
    """CI: vectors layer over every mutant (or the baseline's fixed sample), then its survivors
    through the AddressSanitizer build; fail if the rate drops."""
    t0 = time.time()
    base = load_json(f"{DOCS}/baseline.json", {})
    fraction = args.fraction if args.fraction is not None else base.get("fraction")
    sample = None if fraction else (args.sample if args.sample is not None else base.get("sample"))
    seed = args.seed if args.seed is not None else base.get("seed", 13)
    ns = argparse.Namespace(files=None, diff=None, sample=sample, seed=seed, fraction=fraction)
    if args.from_report:
        # Baseline from a full run's vectors results (same selection rule), without running.
        rep = load_json(args.from_report, None)
        sites = load_json(args.sites, [])
        pruned = load_json(args.pruned, {}).get("pruned", {})
        by_key = {norm_key(m["key"]): m for m in rep["mutants"]}
        sel = [s for s in select(sites, pruned, ns) if norm_key(s["key"]) in by_key]
        res = {s["id"]: (by_key[norm_key(s["key"])]["killed_by"] in ("vectors", "asan"), "") for s in sel}
    else:
        build_tool()
        sites, pruned, tb = build_world(["conformance"])
        sel = select(sites, pruned, ns)
    eq, dg, stale = reviewed(sites, pruned)
    todo = [s for s in sel if s["key"] not in eq and s["key"] not in dg]
    asan_killed = []
    if not args.from_report:
        res, el, one = layer_vectors(todo, args.jobs, minimum=5.0)
        alive = [s for s in todo if not res[s["id"]][0]]
        if args.asan and alive:
            # The vectors again, under AddressSanitizer, for what they left alive: an out-of-bounds
            # read that returns the right answer is caught here, every time, not by fuzzing luck.
            # The unmutated program's run under ASan is the check that the vectors are clean.
            log(f"ratchet: the {len(alive)} survivors through the AddressSanitizer build ...")
            build_asan()
            ares, _, _ = layer_vectors(alive, args.jobs, minimum=5.0, asan=True)
            res.update(ares)
            asan_killed = [s for s in alive if ares[s["id"]][0]]
    # A mutant the baseline killed only by a timeout (a slow loop, not a failing vector) may finish
    # in time on another machine: that is timing, not a lost vector, so it still counts as killed.
    base_timeouts = set(base.get("timeouts", []))
    unstable = [s for s in todo if not res[s["id"]][0] and norm_key(s["key"]) in base_timeouts]
    for s in unstable:
        res[s["id"]] = (True, "timeout in the baseline")
    killed = sum(1 for s in todo if res[s["id"]][0])
    r = rate(killed, len(todo)) or 0.0
    surv = [s for s in todo if not res[s["id"]][0]]
    old_surv = set(base.get("survivors", []))
    lost = [s for s in surv if norm_key(s["key"]) not in old_surv]
    layer_name = "the vectors (+ ASan)" if args.asan and not args.from_report else "the vectors"
    md = ["## Mutation ratchet (vectors layer, then its survivors under AddressSanitizer)\n",
          f"{killed}/{len(todo)} behaviour mutants killed by {layer_name} ({r} %; {len(asan_killed)} only by ASan); "
          f"baseline {base.get('kill_rate', 'none')} %. "
          f"{'Every mutant' if not (sample or fraction) else f'Fixed sample ({fraction or sample}, seed {seed})'}; {len(pruned)} not compiled; "
          f"{time.time() - t0:.0f} s.\n"]
    if unstable:
        md.append(f"Killed by a timeout in the baseline, finished in time here (counted as killed: timing, not a lost vector): "
                  + ", ".join(f"{s['file']}:{s['line']}" for s in unstable) + "\n")
    if lost:
        md.append(f"Newly surviving mutants ({len(lost)}): a vector that used to catch these is gone, or new code has none:\n")
        for s in lost:
            md.append(f"- {CORE}/{s['file']}:{s['line']} `{esc(s['original'])}` → `{esc(s['mutated'])}` ({s['operator']})")
        md.append("")
    md.append(f"<details><summary>Behaviours with no vector ({len(surv)} surviving mutants)</summary>\n")
    for s in surv:
        md.append(f"- {CORE}/{s['file']}:{s['line']} `{esc(s['original'])}` → `{esc(s['mutated'])}` ({s['operator']}, {esc(s['function'])})")
    md.append("\n</details>\n")
    text = "\n".join(md)
    os.makedirs(os.path.join(ROOT, MB), exist_ok=True)
    with open(os.path.join(ROOT, MB, "ratchet.md"), "w") as f:
        f.write(text)
    if args.summary:
        with open(args.summary, "a") as f:
            f.write(text + "\n")
    if args.update_baseline:
        tol = 0.0
        if args.from_report:
            # Estimated from the mutants of the selection that the report's run covered: allow for
            # the sampling error (two standard errors) until a real ratchet run rewrites the baseline.
            p_ = r / 100.0
            n_ = max(1, len(todo))
            tol = round(200.0 * (p_ * (1 - p_) / n_) ** 0.5, 2)
        save_json(f"{DOCS}/baseline.json", {
            "_": "Mutation ratchet baseline (scripts/mutation/mutate.py ratchet --update-baseline).",
            "estimated_from_report": bool(args.from_report), "tolerance": tol,
            "kill_rate": r, "killed": killed, "scored": len(todo), "asan": bool(args.asan and not args.from_report),
            "asan_only": sorted(norm_key(s["key"]) for s in asan_killed), "sample": sample, "fraction": fraction, "seed": seed,
            "commit": sh(["git", "rev-parse", "--short", "HEAD"], capture=True).stdout.strip(),
            "survivors": sorted(norm_key(s["key"]) for s in surv),
            "timeouts": sorted(norm_key(s["key"]) for s in todo if res[s["id"]][1] in ("timeout", "run timeout"))})
        print(f"mutation ratchet: baseline written: {killed}/{len(todo)} ({r} %)")
        return 0
    want = base.get("kill_rate")
    # Fail on a lower rate, and on any mutant the baseline did not list as a survivor that now
    # survives: a vector that caught it is gone, or new code has no vector (one lost vector shows).
    ok = (want is None or r + base.get("tolerance", 0.0) + 1e-9 >= want) and not lost
    print(f"mutation ratchet: {killed}/{len(todo)} killed by {layer_name} ({r} %; {len(asan_killed)} only by ASan), baseline {want} %: "
          f"{'ok' if ok else 'FAIL'}; {len(lost)} new survivors; details in {MB}/ratchet.md ({time.time() - t0:.0f} s)")
    return 0 if ok else 1


def main():
    p = argparse.ArgumentParser(prog="mutate.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)

    def scope(q):
        q.add_argument("--files", nargs="+", metavar="GLOB", help="only files matching (relative to Sources/AFSerialization, e.g. 'Multipart/*')")
        q.add_argument("--sample", type=int, metavar="N", help="a random sample of N mutants")
        q.add_argument("--seed", type=int, default=13, help="the sample's seed (default 13)")
        q.add_argument("--diff", metavar="BASE", help="only lines changed since BASE (git diff -U0 BASE -- Sources/AFSerialization)")

    r = sub.add_parser("run", help="run the analysis and write the reports")
    scope(r)
    r.add_argument("--layers", default="vectors", help="comma-separated, run in this order: vectors,asan,tests,fuzz (asan: the "
                   "vectors through an AddressSanitizer build, for mutants that only read or write out of bounds; default: vectors)")
    r.add_argument("--fuzz-seconds", type=int, default=60, help="seconds per fuzz target per mutant (default 60)")
    r.add_argument("--tests-skip", default=TESTS_SKIP, help=f"swift test --skip pattern for the tests layer (default '{TESTS_SKIP}': the "
                   "harness's child-process suites; '' runs every suite)")
    r.add_argument("--jobs", type=int, default=2, help="mutants run in parallel (default 2)")
    r.add_argument("--out", default=DOCS, help=f"report directory (default {DOCS})")
    r.add_argument("--no-coverage", dest="coverage", action="store_false", help="skip the per-layer coverage builds")
    r.add_argument("--timing", nargs="+", metavar="LAYER=SECONDS", help="record these layer times (for a run rendered with --resume)")
    r.add_argument("--note", help="a paragraph added under the report's header (e.g. how a resumed run was timed)")
    r.add_argument("--max-minutes", type=float, help="stop starting mutants after this long (the report covers those that ran: a uniform random sample)")
    r.add_argument("--resume", action="store_true", help=f"reuse the per-mutant results in {PROGRESS} (same sources) instead of starting afresh")
    r.add_argument("--no-build", action="store_true", help="use the mutant world (schemata, builds) as the last run left it; build nothing")
    r.add_argument("--from-report", metavar="JSON", help="reuse the results of the layers this report.json ran (by key); run only the later layers")
    r.add_argument("--summary", metavar="FILE", help="with --diff: append the Markdown summary to FILE (e.g. $GITHUB_STEP_SUMMARY)")
    r.set_defaults(fn=cmd_run)

    s = sub.add_parser("sites", help="list the (compiling) mutants as JSON")
    scope(s)
    s.set_defaults(fn=cmd_sites)

    rp = sub.add_parser("report", help="re-render the reports from a saved report.json (after editing the reviewed lists)")
    rp.add_argument("--from", dest="source", default=f"{DOCS}/report.json")
    rp.add_argument("--sites", default=f"{MB}/last-run-sites.json", help="the run's sites (saved by run)")
    rp.add_argument("--pruned", default=f"{MB}/last-run-pruned.json", help="the run's pruned list (saved by run)")
    rp.add_argument("--out", default=DOCS)
    rp.set_defaults(fn=cmd_report)

    t = sub.add_parser("triage", help="propose diagnostic.json entries (core error messages)")
    t.add_argument("--write", action="store_true", help="add the strong candidates to docs/mutation/diagnostic.json")
    t.set_defaults(fn=cmd_triage)

    c = sub.add_parser("ratchet", help="CI gate: vectors-layer kill rate against docs/mutation/baseline.json")
    c.add_argument("--update-baseline", action="store_true", help="rewrite the baseline from this run")
    c.add_argument("--sample", type=int, help="override the baseline's sample size (default: the baseline's; none = every mutant)")
    c.add_argument("--fraction", type=float, help="sample each mutant with this probability, by a hash of its key and the seed "
                   "(stable when other code changes; default: the baseline's)")
    c.add_argument("--seed", type=int, help="override the baseline's seed")
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--no-asan", dest="asan", action="store_false",
                   help="skip the AddressSanitizer build that the vectors' survivors run through (a memory error kills)")
    c.add_argument("--from-report", metavar="JSON", help="with --update-baseline: take the vectors results of a full run's report.json instead of running")
    c.add_argument("--sites", default=f"{MB}/last-run-sites.json", help="with --from-report: that run's sites")
    c.add_argument("--pruned", default=f"{MB}/last-run-pruned.json", help="with --from-report: that run's pruned list")
    c.add_argument("--summary", metavar="FILE", help="append the Markdown to FILE (e.g. $GITHUB_STEP_SUMMARY)")
    c.set_defaults(fn=cmd_ratchet)

    rc = sub.add_parser("recheck", help="re-run a report's survivors against the current vectors (no build)")
    rc.add_argument("--report", default=f"{DOCS}/report.json")
    rc.add_argument("--files", nargs="+", metavar="GLOB", help="only survivors in files matching (relative to Sources/AFSerialization)")
    rc.add_argument("--line", nargs="+", type=int, help="only survivors on these lines")
    rc.add_argument("--filter", nargs="+", help="pass these --filter values to conformance run (e.g. a component) for speed")
    rc.add_argument("--jobs", type=int, default=1)
    rc.add_argument("--killed-only", action="store_true", help="print only the newly killed")
    rc.set_defaults(fn=cmd_recheck)

    args = p.parse_args()
    sys.exit(args.fn(args) or 0)


if __name__ == "__main__":
    main()
