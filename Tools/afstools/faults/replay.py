"""Replaying the catalogue: each fault's patch applied to a scratch copy of the core, built, and put
through the layers in order (vectors, the vectors under AddressSanitizer, the tests, the complexity
probes, then fuzzing from the committed corpus), until one catches it. A crash-class fault is also
fuzzed when an earlier layer caught it (its fuzz target must find it too). The scratch copy is
restored after each fault; results are appended to a progress file and reused (`--resume`) while the
patch and the harness (the core, the vectors, the tests) are unchanged.

The builds are the mutation analysis's (the same commands, its tests and fuzz invocations), with the
core's sources taken from the scratch copy: Package.swift reads AFS_CORE.
"""
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time

from afstools import ROOT, complexity, fuzz, proc
from afstools.faults import catalogue
from afstools.mutation.build import ASAN_EXIT, asan_env, sync_tree
from afstools.mutation.layers import TESTS_SKIP, fuzz_cmd, tests_cmd

SCRATCH = ".build-faults"
TREE = os.path.join(SCRATCH, "tree")
CORE = os.path.join(TREE, "Sources", "AFSerialization")
DEBUG = os.path.join(SCRATCH, "debug")
ASAN = os.path.join(SCRATCH, "asan")
FUZZ = os.path.join(SCRATCH, "fuzz")
FUZZ_BASE = os.path.join(SCRATCH, "fuzz-unpatched")
ARTIFACTS = os.path.join(SCRATCH, "artifacts")
PROGRESS = os.path.join(SCRATCH, "progress.jsonl")
LAYERS = ("vectors", "asan", "tests", "complexity", "fuzz")
FAILED_TEST_RE = re.compile(r"✘ Test (\S+?)\(.*?\) (?:recorded an issue|failed)")


def harness_fingerprint():
    """What a stored result depends on besides the patch: the core, the vectors, the tests."""
    h = hashlib.sha256()
    paths = [os.path.join(ROOT, "Tools", "afstools", "complexity.py")]
    for base in ("Sources/AFSerialization", "Vectors", "Tests"):
        for dirpath, dirs, files in os.walk(os.path.join(ROOT, base)):
            dirs.sort()
            paths += [os.path.join(dirpath, name) for name in sorted(files)]
    for p in paths:
        h.update(os.path.relpath(p, ROOT).encode())
        with open(p, "rb") as f:
            h.update(f.read())
    return h.hexdigest()[:16]


def env():
    # SwiftPM takes a target path relative to the package root.
    return {"AFS_CORE": CORE, "SWIFT_BACKTRACE": "enable=no"}


def prepare(fault):
    """The scratch core is the real one with the fault's patch applied; None when it applies, else why."""
    os.makedirs(CORE, exist_ok=True)
    sync_tree(os.path.join(ROOT, "Sources", "AFSerialization"), os.path.join(ROOT, CORE))
    r = subprocess.run(["git", "apply", "--directory", TREE, catalogue.patch_path(fault)], cwd=ROOT, capture_output=True, text=True)
    return None if r.returncode == 0 else "the patch does not apply: " + r.stderr.strip()[:400]


def restore():
    if os.path.isdir(os.path.join(ROOT, CORE)):
        sync_tree(os.path.join(ROOT, "Sources", "AFSerialization"), os.path.join(ROOT, CORE))


def build(scratch, products=(), tests=False, sanitize=None):
    """None when it builds, else the compiler's first errors."""
    base = ["swift", "build", "--manifest-cache", "none", "--scratch-path", scratch] + (["--sanitize", sanitize] if sanitize else [])
    cmds = [base + ["--product", p] for p in products] + ([base + ["--build-tests"]] if tests else [])
    for cmd in cmds:
        r = proc.sh(proc.NICE + cmd, env=env(), check=False, capture=True)
        if r.returncode != 0:
            errors = [l for l in r.stdout.splitlines() if ": error: " in l]
            return "\n".join(errors[:5]) or r.stdout[-1500:]
    return None


def binary(scratch, name="conformance"):
    return os.path.join(ROOT, scratch, "debug", name)


def run_vectors(conformance, extra_env=None, timeout=300):
    """(caught, evidence): `conformance run`'s exit status, and the first failing runs."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "r.json")
        try:
            r = subprocess.run([conformance, "run", "--json", out], cwd=ROOT, capture_output=True, text=True,
                               env={**os.environ, **env(), **(extra_env or {})}, timeout=timeout)
        except subprocess.TimeoutExpired:
            return True, ["timed out after %d s" % timeout]
        if r.returncode == 0:
            return False, []
        if r.returncode == ASAN_EXIT:
            return True, ["AddressSanitizer: " + next((l for l in r.stderr.splitlines() if "ERROR: AddressSanitizer" in l), "memory error")]
        if r.returncode < 0 or not os.path.exists(out):
            return True, ["conformance exited %s: %s" % (r.returncode, r.stderr.strip()[-300:])]
        with open(out) as f:
            doc = json.load(f)
        failing = [x for x in doc["results"] if x["status"] in ("failed", "harnessError", "unexpectedPass")]
        evidence = ["%s@%s" % (x["id"], x["profile"]) for x in failing[:5]]
        return True, evidence + (["… %d runs failed" % len(failing)] if len(failing) > 5 else [])


def run_tests(timeout=900):
    cmd = tests_cmd(TESTS_SKIP, DEBUG)
    try:
        r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env={**os.environ, **env()}, timeout=timeout)
    except subprocess.TimeoutExpired:
        return True, ["swift test timed out after %d s" % timeout]
    if r.returncode == 0:
        return False, []
    names = list(dict.fromkeys(FAILED_TEST_RE.findall(r.stdout + r.stderr)))
    return True, names[:5] or ["swift test exited %d" % r.returncode]


# A probe on the unpatched core takes seconds under cachegrind; a super-linear path at 16n takes
# minutes, and a timeout is a catch, so the limit stays far below complexity.py's own.
PROBE_TIMEOUT = 120


def run_complexity(conformance):
    """The complexity probes, up to the first that fails: one failing probe catches the fault."""
    for probe in complexity.PROBES:
        r = complexity.check(conformance, probes=[probe], log=lambda line: None, timeout=PROBE_TIMEOUT)[0]
        if not r.ok:
            return True, ["%s: %s" % (r.probe.name, r.why)]
    return False, ["%d probes within bounds" % len(complexity.PROBES)]


def build_fuzz(scratch):
    """The fuzz targets of the scratch core into `scratch`; None when they build, else the output's tail."""
    b = proc.sh(proc.NICE + ["scripts/fuzz/build.sh"], env={**env(), "FUZZ_SCRATCH": scratch, "AFS_FUZZ_KIT": "0"},
                check=False, capture=True)
    return None if b.returncode == 0 else b.stdout[-400:]


def run_fuzz(fault, seconds):
    """The fuzz targets that reach the patched files, each from the committed corpus for `seconds`. A
    finding counts only when the unpatched core's target passes the same input; it is kept in
    .build-faults/artifacts/<fault>/ to reproduce."""
    targets = fuzz.load()
    files = [p[len(catalogue.CORE_PREFIX):] for p in catalogue.touched(catalogue.patch_path(fault))]
    reaching = []
    for f in files:
        reaching += [t for t in targets.reaching(f) if t not in reaching]
    if not reaching:
        return False, ["no fuzz target reaches " + ", ".join(files)]
    for t in reaching:
        with tempfile.TemporaryDirectory() as out:
            failed, how = proc.run_one(fuzz_cmd(t, seconds, out, FUZZ), env(), timeout=seconds * 3 + 120)
            if not failed:
                continue
            artifacts = sorted(n for n in os.listdir(out) if n.startswith(("crash-", "timeout-", "oom-", "leak-")))
            if not artifacts:
                return True, ["fuzz-%s: %s" % (t, how)]
            kept = os.path.join(ROOT, ARTIFACTS, fault["id"])
            os.makedirs(kept, exist_ok=True)
            shutil.copy(os.path.join(out, artifacts[0]), kept)
            artifact = os.path.join(kept, artifacts[0])
            unpatched = [os.path.join(ROOT, FUZZ_BASE, "release", f"fuzz-{t}"), "-timeout=10", "-rss_limit_mb=4096", artifact]
            base_failed, base_how = proc.run_one(unpatched, env(), timeout=120)
            if base_failed:
                return False, ["fuzz-%s: %s on %s, but the unpatched core fails on it too (%s)" % (
                    t, how, os.path.relpath(artifact, ROOT), base_how)]
            return True, ["fuzz-%s: %s (%s; the unpatched core passes it)" % (t, how, os.path.relpath(artifact, ROOT))]
    return False, ["%s for %d s each: nothing found" % (", ".join("fuzz-" + t for t in reaching), seconds)]


def baseline(layers, log):
    """The unpatched core through the layers a fault may reach: each must pass, or every fault would
    count as caught (a stale README figure, a vector the core fails). Raises SystemExit otherwise."""
    restore()
    os.makedirs(os.path.join(ROOT, CORE), exist_ok=True)
    sync_tree(os.path.join(ROOT, "Sources", "AFSerialization"), os.path.join(ROOT, CORE))
    t = time.time()
    err = build(DEBUG, products=("conformance",), tests="tests" in layers)
    if err:
        raise SystemExit("faults: the unpatched core does not build: " + err)
    checks = [("vectors", lambda: run_vectors(binary(DEBUG)))]
    if "tests" in layers:
        checks.append(("tests", run_tests))
    if "complexity" in layers:
        checks.append(("complexity", lambda: run_complexity(binary(DEBUG))))
    if "fuzz" in layers:
        err = build_fuzz(FUZZ_BASE)
        if err:
            raise SystemExit("faults: the unpatched core's fuzz targets do not build: " + err)
    for name, check in checks:
        failed, evidence = check()
        if failed:
            raise SystemExit("faults: the unpatched core fails the %s layer (%s): fix that first" % (name, "; ".join(evidence[:3])))
    log(f"faults: the unpatched core passes {', '.join(n for n, _ in checks)} ({time.time() - t:.0f}s)")


def replay(fault, layers, fuzz_seconds, log):
    """One fault through the layers: {"caught": layer or None, "evidence": […], "layers": {layer: …}}."""
    result = {"id": fault["id"], "caught": None, "evidence": [], "layers": {}}
    why = prepare(fault)
    if why:
        result["error"] = why
        return result
    try:
        t = time.time()
        err = build(DEBUG, products=("conformance",))
        if err:
            result["error"] = "does not compile: " + err
            return result
        log(f"  {fault['id']}: built in {time.time() - t:.0f}s")

        def record(layer, caught, evidence):
            result["layers"][layer] = {"caught": caught, "evidence": evidence}
            if caught and result["caught"] is None:
                result["caught"], result["evidence"] = layer, evidence

        if "vectors" in layers:
            record("vectors", *run_vectors(binary(DEBUG)))
        if "asan" in layers and not result["caught"]:
            err = build(ASAN, products=("conformance",), sanitize="address")
            record("asan", *(run_vectors(binary(ASAN), asan_env()) if not err else (False, ["ASan build failed: " + err])))
        if "tests" in layers and not result["caught"]:
            err = build(DEBUG, tests=True)
            record("tests", *(run_tests() if not err else (False, ["tests do not compile: " + err])))
        if "complexity" in layers and not result["caught"]:
            record("complexity", *run_complexity(binary(DEBUG)))
        if "fuzz" in layers and (not result["caught"] or fault["kind"] == "crash"):
            t = time.time()
            err = build_fuzz(FUZZ)
            if err:
                record("fuzz", False, ["fuzz build failed: " + err])
            else:
                log(f"  {fault['id']}: fuzz targets built in {time.time() - t:.0f}s")
                record("fuzz", *run_fuzz(fault, fuzz_seconds))
        return result
    finally:
        restore()


def load_progress():
    return {r["key"]: r["result"] for r in proc.read_jsonl(os.path.join(ROOT, PROGRESS))}


def key(fault, harness, layers, fuzz_seconds):
    return "|".join([fault["id"], catalogue.digest(fault), harness, ",".join(layers), str(fuzz_seconds)])


def run(faults, layers=LAYERS, fuzz_seconds=60, resume=True, log=proc.log):
    """Every fault's result, in catalogue order; reuses stored ones (same patch, same harness)."""
    harness = harness_fingerprint()
    stored = load_progress() if resume else {}
    os.makedirs(os.path.join(ROOT, SCRATCH), exist_ok=True)
    results = []
    checked = False
    with open(os.path.join(ROOT, PROGRESS), "a") as progress:
        for i, fault in enumerate(faults, 1):
            k = key(fault, harness, layers, fuzz_seconds)
            if k in stored:
                results.append(stored[k])
                continue
            if not checked:
                baseline(layers, log)
                checked = True
            t = time.time()
            r = replay(fault, layers, fuzz_seconds, log)
            r["seconds"] = round(time.time() - t, 1)
            log(f"[{i}/{len(faults)}] {fault['id']}: " + (f"caught by {r['caught']}" if r["caught"] else r.get("error") or "NOT CAUGHT")
                + (f" ({'; '.join(r['evidence'][:2])})" if r["evidence"] else "") + f" in {r['seconds']:.0f}s")
            progress.write(json.dumps({"key": k, "result": r}) + "\n")
            progress.flush()
            results.append(r)
    if checked and harness_fingerprint() != harness:
        log("faults: the core, the vectors or the tests changed during the run; its results are keyed to the state "
            "it started from, so run it again on a tree left alone")
    return results


def clean():
    shutil.rmtree(os.path.join(ROOT, SCRATCH), ignore_errors=True)
