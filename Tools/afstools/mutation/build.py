"""Building the mutant world: afs-mutate, the schemata (every mutant behind a runtime switch, pruned
until they compile), and the builds each layer runs (plain, AddressSanitizer, libFuzzer)."""
import hashlib
import os
import re
import shutil
import time

from afstools import ROOT, load_json, proc, save_json
from afstools.mutation import pruning
from afstools.mutation.sites import ASAN_SCRATCH, CORE, FUZZ_SCRATCH, MB, PRUNED, SCRATCH, SITES, TOOL_BIN, TOOL_PKG

# The asan layer: a memory error exits with this code (a failing vector exits 1), so the report can
# say which one killed the mutant. Leaks: the fork server's children _exit, so no check runs at exit
# (leak_check_at_exit=0); with --leak-check each child asks LeakSanitizer itself after its last run
# and exits LEAK_EXIT when a block it allocated is unreachable.
ASAN_EXIT = 86
LEAK_EXIT = 87
ASAN_OPTIONS = f"exitcode={ASAN_EXIT}:detect_leaks=1:leak_check_at_exit=0:abort_on_error=0:halt_on_error=1:symbolize=0"
ERROR_RE = re.compile(r"^(/[^:\n]+\.swift):(\d+):(\d+): error: (.*)$", re.M)


def fingerprint(root=ROOT, rules=pruning.__file__):
    """Hash of the core's sources, the tool's and the pruning rules (the file `rules`): the pruned
    list is valid for one fingerprint. Moving the rules file changes nothing; editing it re-prunes."""
    h = hashlib.sha256()
    with open(rules, "rb") as f:
        h.update(f.read())
    for base in (CORE, f"{TOOL_PKG}/Sources/afs-mutate", f"{TOOL_PKG}/Sources/MutationKit"):
        for dirpath, _, files in sorted(os.walk(os.path.join(root, base))):
            for name in sorted(files):
                if name.endswith(".swift"):
                    p = os.path.join(dirpath, name)
                    h.update(os.path.relpath(p, root).encode())
                    with open(p, "rb") as f:
                        h.update(f.read())
    return h.hexdigest()[:16]


def mutant_env(extra=None):
    return {"AFS_MUTANTS": "1", "SWIFT_BACKTRACE": "enable=no", **(extra or {})}


# Leaks of Foundation's own (not the core's) that the original program has too: see the file.
LSAN_SUPPRESSIONS = os.path.join(ROOT, "scripts", "mutation", "lsan.supp")


def asan_env(extra=None):
    return mutant_env({"ASAN_OPTIONS": ASAN_OPTIONS, "LSAN_OPTIONS": f"suppressions={LSAN_SUPPRESSIONS}:print_suppressions=0",
                       **(extra or {})})


def build_tool():
    t = time.time()
    proc.sh(proc.NICE + ["swift", "build", "--package-path", TOOL_PKG, "--product", "afs-mutate"], capture=True)
    return time.time() - t


def generate(pruned):
    """Writes the schemata without the `pruned` keys; the sites afs-mutate lists."""
    keys = os.path.join(ROOT, MB, "exclude-keys.txt")
    os.makedirs(os.path.dirname(keys), exist_ok=True)
    with open(keys, "w") as f:
        for k in sorted(pruned):
            f.write(k + "\n")
    out = os.path.join(ROOT, pruning.SCHEMATA)
    if os.path.isdir(out):
        # Keep files whose content does not change (so SwiftPM's incremental build stays small).
        tmp = out + ".new"
        shutil.rmtree(tmp, ignore_errors=True)
        proc.sh([TOOL_BIN, "schemata", "--src", CORE, "--out", tmp, "--exclude-keys", keys], capture=True)
        sync_tree(tmp, out)
        if os.path.exists(os.path.join(os.path.dirname(tmp), "sites.json")):
            os.replace(os.path.join(os.path.dirname(tmp), "sites.json"), os.path.join(ROOT, SITES))
        shutil.rmtree(tmp, ignore_errors=True)
    else:
        proc.sh([TOOL_BIN, "schemata", "--src", CORE, "--out", out, "--exclude-keys", keys], capture=True)
    return load_json(SITES, [])


def sync_tree(src, dst):
    """Makes `dst` hold `src`'s files, writing only those whose bytes differ."""
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


# What the vectors layers run: `conformance` (a fresh process per initializer mutant) and the fork
# server `afs-mutants`, which exists only in a schemata build.
WORLD = ("conformance", "afs-mutants")


def build_world(products=WORLD, tests=False, max_rounds=12):
    """Builds the mutant world; prunes sites whose code does not compile. Returns (sites, pruned, seconds)."""
    fp = fingerprint()
    state = load_json(PRUNED, {})
    pruned = state.get("pruned", {}) if state.get("fingerprint") == fp else {}
    t0 = time.time()
    for rnd in range(max_rounds):
        t = time.time()
        sites = generate(pruned)
        cmds = [["swift", "build", "--scratch-path", SCRATCH, "--product", p] for p in products]
        if tests:
            cmds.append(["swift", "build", "--scratch-path", SCRATCH, "--build-tests"])
        errors = []
        for cmd in cmds:
            r = proc.sh(proc.NICE + cmd, env=mutant_env(), check=False, capture=True)
            if r.returncode != 0:
                errors = ERROR_RE.findall(r.stdout)
                if not errors:
                    proc.log(r.stdout[-4000:])
                    raise SystemExit("mutant build failed without a compiler error to map")
                break
        if not errors:
            save_json(PRUNED, {"fingerprint": fp, "pruned": pruned})
            return sites, pruned, time.time() - t0
        newly = pruning.prune(errors, sites, pruned)
        proc.log(f"  build round {rnd + 1}: {len(errors)} errors, pruned {newly} mutants ({time.time() - t:.0f} s)")
        if newly == 0:
            for e in errors[:10]:
                proc.log("  ", e)
            raise SystemExit("compiler errors outside the schemata (or unmappable): see above")
    raise SystemExit("pruning did not converge")


def build_asan():
    """The schemata conformance and fork server under AddressSanitizer (the asan layer); build_world has pruned
    what does not compile, and a sanitizer changes no compile error."""
    t = time.time()
    for product in WORLD:
        r = proc.sh(proc.NICE + ["swift", "build", "--scratch-path", ASAN_SCRATCH, "--product", product, "--sanitize=address"],
                    env=mutant_env(), check=False, capture=True)
        if r.returncode != 0:
            proc.log(r.stdout[-4000:])
            raise SystemExit(f"the AddressSanitizer schemata build of {product} failed (see above)")
    return time.time() - t


def build_fuzz():
    """The fuzz targets over the schemata (scripts/fuzz/build.sh, without the multipart-kit oracle)."""
    t = time.time()
    proc.sh(proc.NICE + ["scripts/fuzz/build.sh"], env=mutant_env({"FUZZ_SCRATCH": FUZZ_SCRATCH, "AFS_FUZZ_KIT": "0"}), capture=True)
    return time.time() - t
