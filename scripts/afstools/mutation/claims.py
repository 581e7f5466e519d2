"""Checks reviewed-equivalent claims by outputs, not by reading (issue 25): for each claim, every
vector request (each profile it runs under) goes through `conformance eval` with the mutant and with
the original program, and the reply lines must be identical; then `conformance snapshot --check`
with the mutant must find every corpus output unchanged. A claim that fails is contradicted.

Diagnostic-only claims (`--list diagnostic`: the mutant changes only a message) are checked the
same way on the vectors with every message field (description, reason, debugDescription, message)
taken out of both replies first; the corpus snapshots hash whole outputs, messages included, so
their check is reported but does not decide a diagnostic claim.

Needs the mutant-schemata build at the current sources (`mutate.py ratchet` or `run` makes it).

    python3 scripts/mutation/verify_claims.py                 # claims added or changed since origin/main
    python3 scripts/mutation/verify_claims.py --since 85953a1 # ... since a commit
    python3 scripts/mutation/verify_claims.py --all           # every equivalent claim (slow: ~5 s each)
    python3 scripts/mutation/verify_claims.py --all --list diagnostic --json out.json

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


def changed(now, before):
    """The claims of `now` that `before` lacks or words differently."""
    return [k for k in now if before.get(k) != now[k]]


def differing(base, out):
    """Indexes of the requests whose reply differs from the original's (a missing reply differs)."""
    return [i for i in range(len(base)) if i >= len(out) or out[i] != base[i]]


def judge(rc, differ, snap, diagnostic=False):
    """A claim holds when the mutant's eval exits 0 with every reply the original's (messages aside for a
    diagnostic claim) and, for an equivalent claim, snapshot --check passes."""
    return rc == 0 and not differ and (diagnostic or snap == 0)


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
    ap.add_argument("--json", metavar="FILE", help="also write one record per claim (key, id, verdict, figures) to FILE")
    args = ap.parse_args()
    diagnostic = args.list == "diagnostic"
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))  # replies nest as deep as the vectors (≥ 513)
    if not os.path.exists(BIN) or not os.path.exists(SITES):
        sys.exit("no mutant-schemata build: run python3 scripts/mutation/mutate.py ratchet first")
    keys = claims(args)[args.start:]
    with open(SITES) as f:
        sites = {s["key"]: s["id"] for s in json.load(f)}
    reqs = vector_requests()
    text = "\n".join(reqs) + "\n"
    rc, base = evaluate(text, 0)
    if rc != 0 or len(base) != len(reqs):
        sys.exit("the original program answered %d of %d requests (exit %d)" % (len(base), len(reqs), rc))
    compared = [without_messages(b) for b in base] if diagnostic else base
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
        ok = judge(rc, differ, snap, diagnostic)
        failed += not ok
        records.append({"key": k, "id": sites[k], "verdict": "holds" if ok else "contradicted",
                        "evalExit": rc, "outputsDiffer": len(differ), "snapshotCheckExit": snap})
        print("%s %5d  eval exit %d, %d outputs differ, snapshot --check exit %d  %s"
              % ("same      " if ok else "CONTRADICTED", sites[k], rc, len(differ), snap, k), flush=True)
        if differ:
            i = differ[0]
            print("    first: %s\n    original: %s\n    mutant:   %s" % (reqs[i][:200], base[i][:200], out[i][:200] if i < len(out) else "(no reply)"))
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(records, f, indent=1, ensure_ascii=False)
    print("%d of %d claims hold" % (len(keys) - failed, len(keys)))
    return 1 if failed else 0
