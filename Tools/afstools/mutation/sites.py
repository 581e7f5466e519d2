"""Where the mutation tools keep things, and the mutants as data: keys, selection, reviewed lists.

A site (afs-mutate's sites.json) has an id (dense, stable for one source tree) and a key that survives
line moves: file|enclosing declaration|operator|original→mutated|#occurrence."""
import fnmatch
import hashlib
import random
import re

from afstools import load_json, proc

CORE = "Sources/AFSerialization"
MB = ".build-mutants"
SITES = f"{MB}/schemata/sites.json"
PRUNED = f"{MB}/pruned.json"
PROGRESS = f"{MB}/progress.jsonl"
SCRATCH = f"{MB}/debug"
FUZZ_SCRATCH = f"{MB}/fuzz"
ASAN_SCRATCH = f"{MB}/asan"
COV_SCRATCH = f"{MB}/cov"
TOOL_PKG = "Tools"
# Debug: swift-syntax builds in 1-2.5 min in debug, several times that in release (CI builds it
# cold), and the tool only parses the core's 5,000 lines.
TOOL_BIN = f"{TOOL_PKG}/.build/debug/afs-mutate"
DOCS = "docs/mutation"
# Trivial compiler equivalence's verdicts (tce.py writes them, `reviewed` reads them).
TCE_FILE = f"{DOCS}/tce.json"
# In the order they run: each layer tries only what the ones before it left alive.
LAYERS = ("vectors", "asan", "tests", "fuzz")
SECTIONS = ["PercentEscaping", "QueryString", "Request", "Multipart", "Response", "ContentEncoding",
            "Values", "Errors", "Limits", "Profile"]

OLD_OP_NAMES = {"bitwise &/|": "bitwise and↔or", "logical &&/||": "logical and↔or", "arith +/-": "arith +↔-",
                "arith *//": "arith *↔/", "shift <</>>": "shift <<↔>>"}


def norm_key(key):
    """The key with today's operator names (baselines and reports written before the rename match)."""
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


def section(s):
    return s["file"].split("/")[0] if "/" in s["file"] else "(top)"


def diff_lines(base):
    """(file relative to the core, first line, last line) of each hunk changed since `base`."""
    out = proc.sh(["git", "diff", "-U0", base, "--", CORE], capture=True).stdout
    ranges, cur = [], None
    for ln in out.splitlines():
        if ln.startswith("+++ "):
            cur = ln[6:] if ln.startswith("+++ b/") else None
        m = re.match(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@", ln)
        if m and cur and cur.startswith(CORE + "/"):
            start, count = int(m.group(1)), int(m.group(2) if m.group(2) is not None else 1)
            ranges.append((cur[len(CORE) + 1:], start, start + max(count, 1) - 1))
    return ranges


def select(sites, pruned, args):
    """The compiled sites in scope: args.files (globs), .diff (a base), .fraction or .sample (with .seed)."""
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


def reviewed(sites_all, pruned=()):
    """(equivalent, diagnostic, stale keys): the reviewed lists without their "_" notes, and the
    keys of either that match no site, compiled or pruned. Mutants that trivial compiler equivalence
    found identical (docs/mutation/tce.json) are equivalent too, whether or not a person reviewed
    them; their reason says so (`by_method` tells them apart)."""
    eq = {k: v for k, v in load_json(f"{DOCS}/equivalent.json", {}).items() if not k.startswith("_")}
    dg = {k: v for k, v in load_json(f"{DOCS}/diagnostic.json", {}).items() if not k.startswith("_")}
    for k in identical_keys(load_json(TCE_FILE, {})):
        eq[k] = TCE_REASON
    keys = {s["key"] for s in sites_all} | set(pruned)
    stale = sorted(k for k in list(eq) + list(dg) if k not in keys)
    return eq, dg, stale


TCE_REASON = "TCE: the optimised object code is identical to the original's (docs/mutation/tce.json)"


def identical_keys(verdicts):
    """The keys of tce.json's `verdicts` that TCE excludes from the score."""
    return {k for k, v in verdicts.items() if not k.startswith("_") and v == "identical"}


def by_method(keys, eq, dg):
    """How each excluded key of `keys` was excluded: {"tce": n, "review": n, "diagnostic": n}."""
    out = {"tce": 0, "review": 0, "diagnostic": 0}
    for k in keys:
        if k in eq:
            out["tce" if eq[k] == TCE_REASON else "review"] += 1
        elif k in dg:
            out["diagnostic"] += 1
    return out
