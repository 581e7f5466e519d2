"""Checks reviewed-equivalent claims by outputs, not by reading: for each claim, every
vector request (each profile it runs under) goes through `conformance eval` with the mutant and with
the original program, and the reply lines must be identical; then `conformance snapshot --check`
with the mutant must find every corpus output unchanged. A claim that fails is contradicted.

Diagnostic-only claims (`--list diagnostic`: the mutant changes only a message) are checked the
same way on the vectors with every message field (description, reason, debugDescription, message)
taken out of both replies first; the corpus snapshots hash whole outputs, messages included, so
their check is reported but does not decide a diagnostic claim.

`--fuzz-seconds N` adds a short differential fuzz: each fuzz target first runs for N seconds on the
original program (libFuzzer, seeded with Corpus/<target>), and the new inputs it keeps, coverage-
guided, go to a scratch corpus whose outputs the original program records (`conformance snapshot
--corpus … --snapshots …`); each claim's mutant must then reproduce every one of those outputs too
(`snapshot --check` on that corpus). The inputs are fresh, not the committed corpus; as for the
committed corpus, only an equivalent claim is decided by it.

Needs the mutant-schemata build at the current sources (`mutate.py ratchet` or `run` makes it).

    python3 scripts/mutation/verify_claims.py                 # claims added or changed since origin/main
    python3 scripts/mutation/verify_claims.py --since 85953a1 # ... since a commit
    python3 scripts/mutation/verify_claims.py --all           # every equivalent claim (slow: ~5 s each)
    python3 scripts/mutation/verify_claims.py --all --list diagnostic --json out.json

Exit 1 when a claim is contradicted or names no site.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import subprocess
import sys
import tempfile

from afstools import ROOT, fuzz
from afstools.mutation.layers import fuzz_cmd

BIN = os.path.join(ROOT, ".build-mutants", "debug", "debug", "conformance")
SITES = os.path.join(ROOT, ".build-mutants", "schemata", "sites.json")
LISTS = {"equivalent": "docs/mutation/equivalent.json", "diagnostic": "docs/mutation/diagnostic.json"}
MESSAGE_FIELDS = ("description", "reason", "debugDescription", "message")


def vector_requests(root=ROOT):
    """One `conformance eval` request line per vector and profile (ASCII: no U+2028 inside a line)."""
    reqs = []
    for f in sorted(glob.glob(os.path.join(root, "Vectors", "**", "*.json"), recursive=True)):
        with open(f, encoding="utf-8") as h:
            d = json.load(h)
        if not isinstance(d, dict) or "vectors" not in d:
            continue
        for v in d["vectors"]:
            for p in v.get("profiles") or ["af3", "af4", "strict"]:
                r = {"id": "%s@%s" % (v["id"], p), "component": d["component"], "profile": p, "input": v.get("input", {})}
                if v.get("options"):
                    r["options"] = v["options"]
                reqs.append(json.dumps(r))
    return reqs


def env(mutant):
    return dict(os.environ, AFS_MUTANTS="1", AFS_MUTANT=str(mutant), SWIFT_BACKTRACE="enable=no")


def evaluate(text, mutant):
    p = subprocess.run([BIN, "eval"], input=text, capture_output=True, text=True, env=env(mutant), cwd=ROOT, timeout=600)
    return p.returncode, p.stdout.rstrip("\n").split("\n")


def without_messages(line):
    """A reply line with every message field removed at any depth (a diagnostic claim's comparison)."""
    def strip(v):
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k not in MESSAGE_FIELDS}
        if isinstance(v, list):
            return [strip(x) for x in v]
        return v
    try:
        return json.dumps(strip(json.loads(line)), sort_keys=True)
    except ValueError:
        return line
    except RecursionError:  # a reply nested deeper than Python's stack: compare it whole
        return line


def grow_corpus(out, seconds, jobs=2):
    """Fresh fuzz inputs in out/<target>/ (the original program, `seconds` per target) and their
    outputs recorded in out/.snapshots; returns the number of inputs."""
    if not os.path.exists(fuzz_cmd("json", seconds, out)[0]):
        sys.exit("no fuzz build of the mutant world: run python3 scripts/mutation/mutate.py run --layers fuzz … first")
    names = fuzz.load().names()

    def run(t):
        os.makedirs(os.path.join(out, t), exist_ok=True)
        # The mutation fuzz layer's command (the schemata's fuzz build; AFS_MUTANT=0 is the original program).
        return subprocess.run(fuzz_cmd(t, seconds, os.path.join(out, t)), cwd=ROOT, env=env(0), capture_output=True).returncode
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        codes = dict(zip(names, pool.map(run, names)))
    if any(codes.values()):
        sys.exit("the original program failed a fuzz target: %s" % {t: c for t, c in codes.items() if c})
    r = subprocess.run([BIN, "snapshot", "--corpus", out, "--snapshots", os.path.join(out, ".snapshots")],
                       capture_output=True, text=True, env=env(0), cwd=ROOT)
    if r.returncode != 0:
        sys.exit("recording the fuzz inputs' outputs failed: " + r.stderr[-2000:])
    return sum(len(files) for d, _, files in os.walk(out) if ".snapshots" not in d)


def changed(now, before):
    """The claims of `now` that `before` lacks or words differently."""
    return [k for k in now if before.get(k) != now[k]]


def differing(base, out):
    """Indexes of the requests whose reply differs from the original's (a missing reply differs)."""
    return [i for i in range(len(base)) if i >= len(out) or out[i] != base[i]]


def judge(rc, differ, snap, diagnostic=False, fuzzed=0):
    """A claim holds when the mutant's eval exits 0 with every reply the original's (messages aside for a
    diagnostic claim) and, for an equivalent claim, snapshot --check passes on the committed corpus
    and on the fresh fuzz inputs (`fuzzed`: that check's exit, 0 when not run)."""
    return rc == 0 and not differ and (diagnostic or (snap == 0 and fuzzed == 0))


def claims(args):
    path = LISTS[args.list]
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        now = {k: v for k, v in json.load(f).items() if not k.startswith("_")}
    if args.key:
        for k in args.key:
            if k not in now:
                sys.exit("not a claim in %s: %s" % (path, k))
        return args.key
    if args.all:
        return list(now)
    shown = subprocess.run(["git", "show", "%s:%s" % (args.since, path)], capture_output=True, text=True, cwd=ROOT)
    return changed(now, json.loads(shown.stdout) if shown.returncode == 0 else {})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--since", default="origin/main", help="check claims added or changed since this commit (default origin/main)")
    ap.add_argument("--all", action="store_true", help="check every claim in the list")
    ap.add_argument("--list", choices=sorted(LISTS), default="equivalent",
                    help="which reviewed list: equivalent (outputs identical) or diagnostic (identical but for messages)")
    ap.add_argument("--key", action="append", help="check this claim (repeatable)")
    ap.add_argument("--start", type=int, default=0, help="skip the first N claims (resume an interrupted run)")
    ap.add_argument("--count", type=int, help="check at most N claims after --start (split a list between processes)")
    ap.add_argument("--fuzz-seconds", type=int, default=0,
                    help="a short differential fuzz: grow fresh inputs for N s per target on the original, then compare each mutant's outputs on them")
    ap.add_argument("--fuzz-corpus", metavar="DIR", help="with --fuzz-seconds: where the fresh inputs go (default: a temporary "
                    "directory); one that already holds them and their recorded outputs (.snapshots) is reused")
    ap.add_argument("--json", metavar="FILE", help="also write one record per claim (key, id, verdict, figures) to FILE")
    args = ap.parse_args()
    diagnostic = args.list == "diagnostic"
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))  # replies nest as deep as the vectors (≥ 513)
    if not os.path.exists(BIN) or not os.path.exists(SITES):
        sys.exit("no mutant-schemata build: run python3 scripts/mutation/mutate.py ratchet first")
    keys = claims(args)[args.start:]
    if args.count is not None:
        keys = keys[:args.count]
    with open(SITES) as f:
        sites = {s["key"]: s["id"] for s in json.load(f)}
    reqs = vector_requests()
    text = "\n".join(reqs) + "\n"
    rc, base = evaluate(text, 0)
    if rc != 0 or len(base) != len(reqs):
        sys.exit("the original program answered %d of %d requests (exit %d)" % (len(base), len(reqs), rc))
    compared = [without_messages(b) for b in base] if diagnostic else base
    fuzz_dir = None
    if args.fuzz_seconds and diagnostic:
        print("--fuzz-seconds ignored: fresh inputs decide only equivalent claims (outputs hash messages too)", flush=True)
    elif args.fuzz_seconds:
        fuzz_dir = args.fuzz_corpus or tempfile.mkdtemp(prefix="afs-claims-fuzz-")
        if os.path.isdir(os.path.join(fuzz_dir, ".snapshots")):
            print("reusing the fresh fuzz inputs and their recorded outputs in %s" % fuzz_dir, flush=True)
        else:
            n = grow_corpus(fuzz_dir, args.fuzz_seconds)
            print("%d fresh fuzz inputs (%d s per target on the original program) in %s" % (n, args.fuzz_seconds, fuzz_dir), flush=True)
    print("%d vector requests; %d %s claims" % (len(reqs), len(keys), args.list), flush=True)
    failed, records = 0, []
    for k in keys:
        if k not in sites:
            print("NO SITE     %s" % k, flush=True)
            failed += 1
            records.append({"key": k, "verdict": "no site"})
            continue
        rc, out = evaluate(text, sites[k])
        differ = differing(compared, [without_messages(o) for o in out] if diagnostic else out)
        snap = subprocess.run([BIN, "snapshot", "--check"], capture_output=True, text=True, env=env(sites[k]), cwd=ROOT).returncode
        fuzzed = 0
        if fuzz_dir:
            fuzzed = subprocess.run([BIN, "snapshot", "--check", "--corpus", fuzz_dir, "--snapshots", os.path.join(fuzz_dir, ".snapshots")],
                                    capture_output=True, text=True, env=env(sites[k]), cwd=ROOT).returncode
        ok = judge(rc, differ, snap, diagnostic, fuzzed)
        failed += not ok
        records.append({"key": k, "id": sites[k], "verdict": "holds" if ok else "contradicted",
                        "evalExit": rc, "outputsDiffer": len(differ), "snapshotCheckExit": snap,
                        **({"fuzzSnapshotCheckExit": fuzzed} if fuzz_dir else {})})
        print("%s %5d  eval exit %d, %d outputs differ, snapshot --check exit %d%s  %s"
              % ("same      " if ok else "CONTRADICTED", sites[k], rc, len(differ), snap,
                 ", on fresh fuzz inputs exit %d" % fuzzed if fuzz_dir else "", k), flush=True)
        if differ:
            i = differ[0]
            print("    first: %s\n    original: %s\n    mutant:   %s" % (reqs[i][:200], base[i][:200], out[i][:200] if i < len(out) else "(no reply)"))
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(records, f, indent=1, ensure_ascii=False)
    print("%d of %d claims hold" % (len(keys) - failed, len(keys)))
    return 1 if failed else 0
