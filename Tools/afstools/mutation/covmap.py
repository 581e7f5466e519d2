"""Coverage maps: which test suite, and which vector file under which profile, reaches which core
function (docs/mutation/README.md, "Selection").

One instrumented build per layer and one profiled run per unit give, per unit, the core functions it
executed (llvm-cov export: a function's count > 0):
- tests: the instrumented tests (scratch `.build-mutants/cov-tests`, the tests layer's coverage build
  too), `swift test --filter '^<suite>/'` per suite;
- vectors: the instrumented `conformance` (`.build-mutants/cov-vectors`, the vectors layer's coverage
  build too), `conformance run --filter '<component>/<topic>/*' --profile <p>` per vector file and
  profile (the unit `<component>/<topic>@<p>`). That run also loads the vector files, which the fork
  server's children never do, so the map errs towards more units, never fewer.
Each map is kept under `.build-mutants/` with the fingerprint of what its runs are built from and
read, and is rebuilt when that changes.

A mutant is reached by a unit when the unit executed a function whose extent holds the mutated code
(every enclosing function, closures included). Code outside every function of the map (a stored
property's initializer: Swift gives those no coverage record) is "unmapped": every unit runs it. A
unit whose run fails alone runs for every mutant. Sound for deterministic code: a unit that never
enters the mutated function runs the original program's code throughout."""
import concurrent.futures
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

from afstools import ROOT, coverage, files_digest, load_json, proc, save_json, toolchain
from afstools.mutation.sites import CORE, COV_SCRATCH, MB

TESTS_MAP = f"{MB}/covmap-tests.json"
TESTS_SCRATCH = COV_SCRATCH + "-tests"
VECTORS_MAP = f"{MB}/covmap-vectors.json"
VECTORS_SCRATCH = COV_SCRATCH + "-vectors"
# The instrumented tests count in continuous mode (LLVM_PROFILE_FILE's %c: the counters are the
# profile file, mapped into the process), which needs the counter relocation compiled in. Suites run
# `conformance` children that their tests end with a signal, and a profile written only at exit would
# lose those children's counts, so a suite's functions would vary from one map to the next.
TESTS_FLAGS = ("--enable-code-coverage", "-Xswiftc", "-Xllvm", "-Xswiftc", "-runtime-counter-relocation",
               "-Xcc", "-mllvm", "-Xcc", "-runtime-counter-relocation")
TESTS_PROFILE = "%p%c.profraw"
# What each layer's runs are built from and read, and how they count: any change may move what a unit
# reaches.
TESTS_INPUTS = (("Package.swift", "Sources", "Tests"), (".swift",), " ".join(TESTS_FLAGS) + " " + TESTS_PROFILE)
VECTORS_INPUTS = (("Package.swift", "Sources", "Vectors"), (".swift", ".json"))
PROFILES = ("af3", "af4", "strict")
TEST_NAME = re.compile(r"^([A-Za-z_]\w*\.[A-Za-z_][\w.]*)/", re.M)


def fingerprint(inputs, root=ROOT):
    """The digest of the files below `inputs[0]` whose names end in `inputs[1]`, and of the recipe
    `inputs[2]` (build flags, profile pattern) when there is one."""
    digest = files_digest(inputs[0], inputs[1], root=root)
    if len(inputs) > 2:
        digest += "-" + hashlib.sha256(inputs[2].encode()).hexdigest()[:8]
    return digest


def list_suites(scratch):
    """The suites of the test binary ("Module.Suite", the part of each test's name before the first "/")."""
    out = subprocess.run(["swift", "test", "list", "--skip-build", "--scratch-path", scratch], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout
    return sorted({m.group(1) for m in TEST_NAME.finditer(out)})


def swift_testing_cmd(binary):
    """The command that runs the test binary's Swift Testing tests directly, or None when it also
    has XCTest tests (which only `swift test`'s XCTest pass runs). Without `swift test`, a run
    saves SwiftPM's own start: the manifests compiled, git asked for the version, a test listing
    and the XCTest pass, about 2.5 s each time."""
    listed = subprocess.run([binary, "--dump-tests-json"], cwd=ROOT, capture_output=True, text=True)
    try:
        tree = json.loads(listed.stdout)
    except ValueError:
        return None

    def count(node):
        kids = node.get("tests")
        return 1 if kids is None else sum(count(k) for k in kids)
    return [binary, "--testing-library", "swift-testing"] if listed.returncode == 0 and count(tree) == 0 else None


def suite_filter(suites):
    """The --filter regex that selects exactly these suites."""
    return "^(" + "|".join(re.escape(s) for s in sorted(suites)) + ")/"


def core_functions(profdata, binary, under=CORE):
    """{name: [file relative to `under`, first line, first column, last line, last column, count]} for
    every function of the binary whose code is below `under` (llvm-cov export, its first region)."""
    r = subprocess.run([toolchain.require("llvm-cov"), "export", "-format=text", "-skip-expansions",
                        "-instr-profile", profdata, binary], cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"llvm-cov export failed: {r.stderr[-2000:]}")
    prefix = os.path.join(ROOT, under, "")
    out = {}
    for f in json.loads(r.stdout)["data"][0]["functions"]:
        name = f["filenames"][0] if f["filenames"] else ""
        if name.startswith(prefix) and f["regions"]:
            l0, c0, l1, c1 = f["regions"][0][:4]
            out[f["name"]] = [name[len(prefix):], l0, c0, l1, c1, f["count"]]
    return out


def profiled(cmd, binary, pattern="%p.profraw"):
    """(the core functions `cmd` executes, whether it exited 0, its seconds), from the profiles its
    processes write (`pattern`: LLVM_PROFILE_FILE's name in a temporary directory)."""
    d = tempfile.mkdtemp()
    try:
        t = time.time()
        r = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           env={**os.environ, "LLVM_PROFILE_FILE": f"{d}/{pattern}"})
        seconds = time.time() - t
        raws = [os.path.join(d, x) for x in os.listdir(d) if x.endswith(".profraw")]
        if not raws:
            return {}, False, seconds
        subprocess.run([toolchain.require("llvm-profdata"), "merge", "-sparse", "-o", f"{d}/m.profdata"] + raws,
                       check=True, capture_output=True)
        return core_functions(f"{d}/m.profdata", binary), r.returncode == 0, seconds
    finally:
        shutil.rmtree(d, ignore_errors=True)


def write_map(path, fp, t0, runs, what):
    """Saves {unit: (functions, passed, seconds)} as a map; logs its size."""
    functions = {}
    for fns, _, _ in runs.values():
        for name, ext in fns.items():
            functions.setdefault(name, ext[:5])
    m = {"fingerprint": fp, "built_seconds": round(time.time() - t0, 1), "functions": functions,
         "units": {u: sorted(n for n, ext in fns.items() if ext[5] > 0) for u, (fns, _, _) in runs.items()},
         "seconds": {u: round(t, 2) for u, (_, _, t) in runs.items()},
         "failing_alone": sorted(u for u, (_, ok, _) in runs.items() if not ok)}
    save_json(path, m)
    proc.log(f"coverage map: {len(functions)} core functions, {len(runs)} {what} "
             f"({len(m['failing_alone'])} fail alone: run for every mutant), {m['built_seconds']:.0f} s")
    return m


def profile_all(units, fn, jobs):
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        return dict(zip(units, pool.map(fn, units)))


def fresh_scratch(scratch, recipe):
    """Empties `scratch` when its build was made another way (`recipe`, kept in a stamp file beside it):
    SwiftPM does not recompile a module whose only change is an -Xllvm flag, so the old objects would
    stay, counting without the relocation and writing no counts to a continuous profile."""
    stamp = os.path.join(ROOT, scratch, "afs-recipe.txt")
    try:
        with open(stamp) as f:
            if f.read() == recipe:
                return
    except OSError:
        pass
    shutil.rmtree(os.path.join(ROOT, scratch), ignore_errors=True)
    os.makedirs(os.path.join(ROOT, scratch))
    with open(stamp, "w") as f:
        f.write(recipe)


def build_tests_map(jobs=2):
    """Builds the instrumented tests, profiles every suite (`jobs` at a time) and writes the map."""
    t0 = time.time()
    proc.log(f"coverage map: building the instrumented tests ({TESTS_SCRATCH}) ...")
    fresh_scratch(TESTS_SCRATCH, TESTS_INPUTS[2])
    proc.sh(proc.NICE + ["swift", "build", "--build-tests", *TESTS_FLAGS, "--scratch-path", TESTS_SCRATCH], capture=True)
    binary = os.path.join(ROOT, TESTS_SCRATCH, "debug", "AFSerializationPackageTests.xctest")
    suites = list_suites(TESTS_SCRATCH)
    proc.log(f"coverage map: profiling {len(suites)} test suites, {jobs} at a time ...")
    runner = swift_testing_cmd(binary) or ["swift", "test", "--skip-build", "--ignore-lock", "--scratch-path", TESTS_SCRATCH]
    runs = profile_all(suites, lambda s: profiled(runner + ["--filter", suite_filter([s])], binary, TESTS_PROFILE), jobs)
    return write_map(TESTS_MAP, fingerprint(TESTS_INPUTS), t0, runs, "test suites")


def vector_units(root=ROOT):
    """Every "<component>/<topic>@<profile>" some vector runs as (its file, its profiles)."""
    units = set()
    for f in sorted(glob.glob(os.path.join(root, "Vectors", "*", "*.json"))):
        with open(f, encoding="utf-8") as h:
            d = json.load(h)
        if isinstance(d, dict) and "vectors" in d:
            topic = os.path.relpath(f, os.path.join(root, "Vectors"))[:-len(".json")]
            units |= {f"{topic}@{p}" for v in d["vectors"] for p in v.get("profiles") or PROFILES}
    return sorted(units)


def build_vectors_map(jobs=2):
    """Builds the instrumented conformance, profiles every vector file under each of its profiles."""
    t0 = time.time()
    proc.log(f"coverage map: building the instrumented conformance ({VECTORS_SCRATCH}) ...")
    binary = coverage.build("conformance", VECTORS_SCRATCH, nice=True)
    if not binary:
        raise SystemExit("the coverage build of conformance failed (see above)")
    units = vector_units()
    proc.log(f"coverage map: profiling {len(units)} vector files × profiles, {jobs} at a time ...")

    def one(unit):
        topic, profile = unit.split("@")
        return profiled([binary, "run", "--jobs", "1", "--max-diffs", "0", "--filter", topic + "/*", "--profile", profile],
                        binary)
    return write_map(VECTORS_MAP, fingerprint(VECTORS_INPUTS), t0, profile_all(units, one, jobs), "vector units")


def is_current(path, inputs):
    """Whether the map at `path` was made from the current `inputs`."""
    m = load_json(path, None)
    return bool(m) and m.get("fingerprint") == fingerprint(inputs)


def current(path, inputs, build, jobs):
    """The kept map when it was made from the current `inputs`, else build(jobs)."""
    m, fp = load_json(path, None), fingerprint(inputs)
    if m and m.get("fingerprint") == fp:
        proc.log(f"coverage map: {path} is current (fingerprint {fp})")
        return m
    return build(jobs)


def tests_map(jobs=2):
    return current(TESTS_MAP, TESTS_INPUTS, build_tests_map, jobs)


def vectors_map(jobs=2):
    return current(VECTORS_MAP, VECTORS_INPUTS, build_vectors_map, jobs)


class Selector:
    """The units of a map that reach a site; `skip` (a regex) removes units as `swift test --skip`
    removes suites."""
    name = "the coverage map"

    def __init__(self, m, skip=""):
        skipped = re.compile(skip) if skip else None
        self.units = sorted(u for u in m["units"] if not (skipped and skipped.search(u + "/")))
        self.always = set(m.get("failing_alone", [])) & set(self.units)
        self.seconds = m.get("seconds", {})  # each unit's profiled run, alone
        self.by_file = {}
        for name, (file, l0, c0, l1, c1) in m["functions"].items():
            self.by_file.setdefault(file, []).append(((l0, c0), (l1, c1), name))
        self.reach = {}
        for u in self.units:
            for name in m["units"][u]:
                self.reach.setdefault(name, set()).add(u)

    def functions(self, site):
        """The names of the functions whose extent holds the site's start (the function that runs the
        mutated code holds its start, and so does every function around that one)."""
        if "column" in site:
            at = (site["line"], site["column"])
            return [n for a, b, n in self.by_file.get(site["file"], []) if a <= at <= b]
        # Lines only: every function holding those lines.
        first, last = site["line"], site.get("end_line", site["line"])
        return [n for a, b, n in self.by_file.get(site["file"], []) if a[0] <= first and last <= b[0]]

    def units_for(self, site):
        """The sorted units that reach the site, or None when the site is outside every function of
        the map (run every unit); an empty list: no unit reaches it."""
        fns = self.functions(site)
        if not fns:
            return None
        hit = set(self.always)
        for n in fns:
            hit |= self.reach.get(n, set())
        return sorted(hit)
