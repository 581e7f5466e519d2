"""Replaying the catalogue: each fault's patch applied to a scratch copy of the core, built, and put
through the layers in order (vectors, the vectors under AddressSanitizer, the tests, the complexity
probes, then fuzzing from the committed corpus), until one catches it. A crash-class fault is also
fuzzed when an earlier layer caught it (its fuzz target must find it too). The scratch copy is
restored after each fault; results are appended to a progress file and reused (`--resume`) while the
patch and the harness (the core, the vectors, the tests) are unchanged.

A catch counts only when the unpatched core passes the same check: the same layer for the vectors,
ASan and the tests, the same probe for the complexity layer, the same input for a fuzzer. Each
control runs once per replay, the first time its layer or probe catches something, so a check that
catches nothing costs no control.

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


# A probe's three cachegrind runs take 1.4 to 3.4 s each on the unpatched core; a super-linear path
# at 16n takes minutes. A timeout is a catch, and the control re-runs the probe on the unpatched core
# under the same limit, so the limit can sit at about ten times the slowest run.
PROBE_TIMEOUT = 30


def run_complexity(conformance, names=None, first=None):
    """The complexity probes (`names`, or all, with `first` first), up to the first that fails: one failing
    probe catches the fault. Returns (caught, evidence, the probe's name or None)."""
    probes = [p for p in complexity.PROBES if names is None or p.name in names]
    probes.sort(key=lambda p: p.name != first)
    for probe in probes:
        r = complexity.check(conformance, probes=[probe], log=lambda line: None, timeout=PROBE_TIMEOUT)[0]
        if not r.ok:
            return True, ["%s: %s" % (r.probe.name, r.why)], r.probe.name
    return False, ["%d probes within bounds" % len(probes)], None


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


class BuildFailed(Exception):
    pass


def check_layer(layer, first=None, only=None):
    """(caught, evidence, probe) of one layer (not fuzz) on the core in the scratch tree, whose
    `conformance` is built. For the complexity layer, `only` or every probe, `first` first."""
    def built(scratch, what, **kw):
        err = build(scratch, **kw)
        if err:
            raise BuildFailed(what + ": " + err)
    if layer == "vectors":
        return (*run_vectors(binary(DEBUG)), None)
    if layer == "asan":
        built(ASAN, "ASan build failed", products=("conformance",), sanitize="address")
        return (*run_vectors(binary(ASAN), asan_env()), None)
    if layer == "tests":
        built(DEBUG, "tests do not compile", tests=True)
        return (*run_tests(), None)
    return run_complexity(binary(DEBUG), only, first)


class Controls:
    """The unpatched core through the checks that caught faults, each once (see the module's text),
    called after `replay`, which leaves the scratch tree restored. Raises SystemExit when the core
    fails one: every fault would then count as caught by it."""

    def __init__(self, log):
        self.passed = set()
        self.log = log

    def confirm(self, layer, probe=None):
        check = probe or layer
        if layer == "fuzz" or check in self.passed:
            return  # fuzz: run_fuzz replays each finding on the unpatched core itself
        what = "the probe " + probe if probe else "the %s layer" % layer
        t = time.time()
        try:
            err = build(DEBUG, products=("conformance",))
            if err:
                raise BuildFailed("does not compile: " + err)
            failed, evidence, _ = check_layer(layer, only=[probe] if probe else None)
        except BuildFailed as e:
            failed, evidence = True, [str(e)]
        if failed:
            raise SystemExit("faults: the unpatched core fails %s too (%s): fix that first" % (what, "; ".join(evidence[:3])))
        self.passed.add(check)
        self.log(f"  control: the unpatched core passes {what} ({time.time() - t:.0f}s)")


def order(layers, recorded=None):
    """The layers in the order a fault goes through them. With the layer that caught it last time
    (`recorded`), that one comes right after the vectors: whether the layers up to it still catch the
    fault does not depend on their order, and the one that caught it is the likeliest to again. The
    vectors stay first, so "caught by the vectors" keeps its meaning."""
    ordered = [l for l in LAYERS if l in layers]
    if recorded in ordered and recorded != "vectors":
        ordered.remove(recorded)
        ordered.insert(1 if "vectors" in ordered else 0, recorded)
    return tuple(ordered)


def replay(fault, layers, fuzz_seconds, log, probe=None):
    """One fault through `layers`, in that order: {"caught": layer or None, "evidence": […], "layers": {layer: …}}.
    `probe`: the complexity probe to try first."""
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

        for layer in layers:
            if layer != "fuzz" and not result["caught"]:
                try:
                    caught, evidence, result["probe"] = check_layer(layer, first=probe)
                except BuildFailed as e:
                    caught, evidence = False, [str(e)]
                record(layer, caught, evidence)
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


def run(faults, layers=LAYERS, fuzz_seconds=60, resume=True, log=proc.log, recorded=None):
    """Every fault's result, in catalogue order; reuses stored ones (same patch, same harness).
    `recorded`: {fault id: (layer, probe)} from the committed report: a fault goes through the layers up to
    that one only, and tries it (and the probe) right after the vectors."""
    harness = harness_fingerprint()
    stored = load_progress() if resume else {}
    os.makedirs(os.path.join(ROOT, SCRATCH), exist_ok=True)
    results = []
    controls = None
    with open(os.path.join(ROOT, PROGRESS), "a") as progress:
        for i, fault in enumerate(faults, 1):
            layer, probe = (recorded or {}).get(fault["id"], (None, None))
            ordered = order(layers if layer is None else [l for l in layers if LAYERS.index(l) <= LAYERS.index(layer)], layer)
            k = key(fault, harness, ordered, fuzz_seconds)
            if k in stored:
                results.append(stored[k])
                continue
            if controls is None:
                controls = Controls(log)
                restore()
                if "fuzz" in layers:
                    err = build_fuzz(FUZZ_BASE)
                    if err:
                        raise SystemExit("faults: the unpatched core's fuzz targets do not build: " + err)
            t = time.time()
            r = replay(fault, ordered, fuzz_seconds, log, probe)
            r["seconds"] = round(time.time() - t, 1)
            log(f"[{i}/{len(faults)}] {fault['id']}: " + (f"caught by {r['caught']}" if r["caught"] else r.get("error") or "NOT CAUGHT")
                + (f" ({'; '.join(r['evidence'][:2])})" if r["evidence"] else "") + f" in {r['seconds']:.0f}s")
            if r["caught"]:
                controls.confirm(r["caught"], r.get("probe"))  # before the result is stored: a resumed one is not controlled again
            progress.write(json.dumps({"key": k, "result": r}) + "\n")
            progress.flush()
            results.append(r)
    if controls is not None and harness_fingerprint() != harness:
        log("faults: the core, the vectors or the tests changed during the run; its results are keyed to the state "
            "it started from, so run it again on a tree left alone")
    return results


def clean():
    shutil.rmtree(os.path.join(ROOT, SCRATCH), ignore_errors=True)
