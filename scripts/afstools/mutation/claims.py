"""Checks reviewed-equivalent claims by outputs, not by reading (issue 25): for each claim, every
vector request (each profile it runs under) goes through `conformance eval` with the mutant and with
the original program, and the reply lines must be identical; then `conformance snapshot --check`
with the mutant must find every corpus output unchanged. A claim that fails is contradicted.

Needs the mutant-schemata build at the current sources (`mutate.py ratchet` or `run` makes it).

    python3 scripts/mutation/verify_claims.py                 # claims added or changed since origin/main
    python3 scripts/mutation/verify_claims.py --since 85953a1 # ... since a commit
    python3 scripts/mutation/verify_claims.py --all           # every equivalent claim (slow: ~2 s each)

Exit 1 when a claim is contradicted or names no site.
"""
import argparse
import glob
import json
import os
import subprocess
import sys

from afstools import ROOT

BIN = os.path.join(ROOT, ".build-mutants", "debug", "debug", "conformance")
SITES = os.path.join(ROOT, ".build-mutants", "schemata", "sites.json")
LIST = "docs/mutation/equivalent.json"


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


def changed(now, before):
    """The claims of `now` that `before` lacks or words differently."""
    return [k for k in now if before.get(k) != now[k]]


def differing(base, out):
    """Indexes of the requests whose reply differs from the original's (a missing reply differs)."""
    return [i for i in range(len(base)) if i >= len(out) or out[i] != base[i]]


def judge(rc, differ, snap):
    """A claim holds when the mutant's eval exits 0 with every reply the original's and snapshot --check passes."""
    return rc == 0 and not differ and snap == 0


def claims(args):
    with open(os.path.join(ROOT, LIST), encoding="utf-8") as f:
        now = {k: v for k, v in json.load(f).items() if not k.startswith("_")}
    if args.all:
        return list(now)
    shown = subprocess.run(["git", "show", "%s:%s" % (args.since, LIST)], capture_output=True, text=True, cwd=ROOT)
    return changed(now, json.loads(shown.stdout) if shown.returncode == 0 else {})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--since", default="origin/main", help="check claims added or changed since this commit (default origin/main)")
    ap.add_argument("--all", action="store_true", help="check every claim in %s" % LIST)
    args = ap.parse_args()
    if not os.path.exists(BIN) or not os.path.exists(SITES):
        sys.exit("no mutant-schemata build: run python3 scripts/mutation/mutate.py ratchet first")
    keys = claims(args)
    with open(SITES) as f:
        sites = {s["key"]: s["id"] for s in json.load(f)}
    reqs = vector_requests()
    text = "\n".join(reqs) + "\n"
    rc, base = evaluate(text, 0)
    if rc != 0 or len(base) != len(reqs):
        sys.exit("the original program answered %d of %d requests (exit %d)" % (len(base), len(reqs), rc))
    print("%d vector requests; %d claims" % (len(reqs), len(keys)))
    failed = 0
    for k in keys:
        if k not in sites:
            print("NO SITE     %s" % k)
            failed += 1
            continue
        rc, out = evaluate(text, sites[k])
        differ = differing(base, out)
        snap = subprocess.run([BIN, "snapshot", "--check"], capture_output=True, text=True, env=env(sites[k]), cwd=ROOT).returncode
        ok = judge(rc, differ, snap)
        failed += not ok
        print("%s %5d  eval exit %d, %d outputs differ, snapshot --check exit %d  %s"
              % ("same      " if ok else "CONTRADICTED", sites[k], rc, len(differ), snap, k))
        if differ:
            i = differ[0]
            print("    first: %s\n    original: %s\n    mutant:   %s" % (reqs[i][:200], base[i][:200], out[i][:200] if i < len(out) else "(no reply)"))
    print("%d of %d claims hold" % (len(keys) - failed, len(keys)))
    return 1 if failed else 0
