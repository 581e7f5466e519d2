"""Mutation analysis of Sources/AFSerialization: how many planted bugs the harness catches.

Mutant schemata: afs-mutate (Tools/, swift-syntax, its own package) rewrites every mutation site of the
core into runtime-switched code; one build holds every mutant and AFS_MUTANT=<id> activates one
(unset or 0 = the original program). Package.swift compiles the core from the schemata when
AFS_MUTANTS=1; those builds use their own scratch paths under .build-mutants/.

Layers, each run only on the mutants the previous one left alive:
  vectors  AFS_MUTANT=id conformance run            (exit != 0, a crash or a timeout = killed)
  tests    AFS_MUTANT=id <test binary> --testing-library swift-testing   (the Swift Testing run of
           swift test --skip-build; includes the fuzz corpus replay)
  fuzz     AFS_MUTANT=id fuzz-<target>, N s each, for the targets that reach the mutated file
           (scripts/fuzz/targets.json), libFuzzer + ASan, seeded with Corpus/<target>

Selection: each layer runs a mutant only against the test suites or vector files (per profile) that
execute its function, from coverage maps built once per source tree (.build-mutants/covmap-*.json);
a mutant nothing reaches is reported "not covered". --no-select runs everything.

Commands:
  run       the analysis; writes report.md and report.json (default docs/mutation/)
  sites     list the mutants (JSON) after building the schemata (pruning what does not compile)
  triage    propose entries for docs/mutation/diagnostic.json (messages of core errors)
  tce       trivial compiler equivalence: mutants whose optimised object code is the original's
  ratchet   CI: the vectors layer, then its survivors under AddressSanitizer, against docs/mutation/baseline.json (exit 1 if lower)

Examples:
  python3 scripts/mutation/mutate.py run                                  # vectors layer, every site
  python3 scripts/mutation/mutate.py run --layers vectors,tests,fuzz --fuzz-seconds 60
  python3 scripts/mutation/mutate.py run --files 'PercentEscaping/*' --layers vectors,tests
  python3 scripts/mutation/mutate.py run --diff origin/main --summary "$GITHUB_STEP_SUMMARY"
  python3 scripts/mutation/mutate.py run --layers vectors,asan,tests --incremental docs/mutation/report.json
  python3 scripts/mutation/mutate.py ratchet [--update-baseline]
"""
import argparse
import concurrent.futures
import fnmatch
import json
import os
import random
import re
import sys

from afstools import ROOT, load_json, proc, save_json
from afstools.mutation.build import build_tool, build_world, mutant_env
from afstools.mutation.layers import TESTS_SKIP, conformance_bin, vectors_cmd
from afstools.mutation.layers import calibrate
from afstools.mutation import tce
from afstools.mutation import covmap
from afstools.mutation.ratchet import cmd_ratchet
from afstools.mutation.report import rerender
from afstools.mutation.run import cmd_run
from afstools.mutation.sites import CORE, DOCS, MB, PROGRESS, SITES, TCE_FILE, TOOL_BIN, norm_key, select


def cmd_sites(args):
    build_tool()
    sites, pruned, _ = build_world()
    print(json.dumps(select(sites, pruned, args), indent=1, ensure_ascii=False))


def cmd_report(args):
    """Re-renders report.md/json from a saved report.json (e.g. after the reviewed lists changed)."""
    js = load_json(args.source, None)
    if js is None:
        raise SystemExit(f"no {args.source}")
    new, md = rerender(js, load_json(args.sites, []), load_json(args.pruned, {}).get("pruned", {}))
    save_json(f"{args.out}/report.json", new)
    with open(os.path.join(ROOT, args.out, "report.md"), "w") as f:
        f.write(md)
    print(f"re-rendered {args.out}/report.md")


def cmd_triage(args):
    """Proposes diagnostic.json entries: string literals that are only a core error's message."""
    build_tool()
    sites = json.loads(proc.sh([TOOL_BIN, "sites", "--src", CORE], capture=True).stdout)
    # Functions of the core that build an AFSError from a message argument.
    helpers = set()
    for dirpath, _, files in os.walk(os.path.join(ROOT, CORE)):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(dirpath, name)) as f:
                    helpers.update(m.group(1) for m in re.finditer(r"func (\w+)\([^)]*\)\s*->\s*AFSError", f.read()))
    dg = load_json(f"{DOCS}/diagnostic.json", {})
    eq = load_json(f"{DOCS}/equivalent.json", {})
    strong, check = {}, {}
    for s in sites:
        if s["operator"] != "string literal" or s["key"] in dg or s["key"] in eq:
            continue
        m = re.match(r"^(.*)#(\d+):([^|]*)\|first=(.*)$", s.get("context", ""))
        if not m:
            continue
        callee, index, label, first = m.group(1), int(m.group(2)), m.group(3), m.group(4)
        base = callee.split(".")[-1]
        if base == "AFSError" and index == 1 and label == "" and first.startswith("."):
            strong[s["key"]] = f"message of a core error (AFSError({first}, …)): the kind and offset are what is compared"
        elif base in helpers:
            check[s["key"]] = f"argument {index} of {callee}(…) -> AFSError: CHECK whether it is a core error's message or AF-visible text"
    # Equivalent candidates: deleting a capacity hint or a deallocation changes no output.
    equiv = {s["key"]: "capacity hint / deallocation only: no output changes (CHECK: speed or memory only)" for s in sites
             if s["key"] not in dg and s["key"] not in eq and s["operator"] == "delete statement"
             and re.search(r"(\.|^)(reserveCapacity|reserve|deallocate)\(", s["original"])}
    print(json.dumps({"diagnostic (strong)": strong, "diagnostic (check by hand)": check,
                      "equivalent (check by hand)": equiv}, indent=1, ensure_ascii=False))
    if args.write:
        merged = dict(dg)
        merged.update({k: v + " [proposed by triage; review]" for k, v in strong.items()})
        save_json(f"{DOCS}/diagnostic.json", dict(sorted(merged.items())))
        save_json(f"{DOCS}/triage-candidates.json", {
            "_": "Proposals of `mutate.py triage` still to review by hand: move an entry to diagnostic.json or equivalent.json with its reason, or drop it.",
            "diagnostic": check, "equivalent": equiv})
        proc.log(f"added {len(strong)} entries to {DOCS}/diagnostic.json (review them); "
                 f"{len(check)} diagnostic and {len(equiv)} equivalent candidates in {DOCS}/triage-candidates.json")


def cmd_tce(args):
    """Trivial compiler equivalence over a selection; merges the verdicts into docs/mutation/tce.json."""
    if not os.path.exists(os.path.join(ROOT, SITES)):
        build_tool()
        build_world()
    sites = load_json(SITES, [])
    by_key = {s["key"]: s for s in sites}
    keys = set()
    if args.claims:
        keys |= {k for k in load_json(f"{DOCS}/equivalent.json", {}) if not k.startswith("_")}
    control = []
    if args.from_report:
        rep = load_json(args.from_report, None)
        if rep is None:
            raise SystemExit(f"no {args.from_report}")
        keys |= {s["key"] for s in rep["survivors"]}
        killed = sorted(m["key"] for m in rep["mutants"] if m["killed_by"] and m["key"] in by_key)
        control = random.Random(args.seed).sample(killed, min(args.control, len(killed)))
    if args.files:
        keys |= {s["key"] for s in sites if any(fnmatch.fnmatch(s["file"], g) for g in args.files)}
    missing = sorted(k for k in keys if k not in by_key)
    sel = [by_key[k] for k in sorted(keys | set(control)) if k in by_key]
    if not sel:
        raise SystemExit("nothing selected: give --claims, --from-report or --files")
    proc.log(f"tce: {len(sel)} mutants ({len(control)} killed ones as a control), {args.jobs} jobs"
             + (f"; {len(missing)} selected keys match no compiled site" if missing else ""))
    verdicts = tce.judge(sel, sites, jobs=args.jobs)
    wrong = [k for k in control if verdicts.get(k) == "identical"]
    if wrong:
        raise SystemExit("tce: %d killed mutants compiled identical to the original; the method is broken: %s" % (len(wrong), wrong[:3]))
    store = load_json(TCE_FILE, {})
    store.update(verdicts)
    store["_"] = tce.NOTE
    store["_commit"] = proc.sh(["git", "rev-parse", "--short", "HEAD"], capture=True).stdout.strip()
    save_json(TCE_FILE, dict(sorted(store.items())))
    counts = {}
    for k in keys & set(by_key):
        v = verdicts[k].split(":")[0]
        counts[v] = counts.get(v, 0) + 1
    eqs = {k for k in load_json(f"{DOCS}/equivalent.json", {}) if not k.startswith("_")}
    same_claims = sum(verdicts.get(k) == "identical" for k in eqs)
    print(f"tce: {sum(counts.values())} judged: " + ", ".join(f"{v} {n}" for v, n in sorted(counts.items()))
          + f"; control: {len(control)} killed mutants, all differ; {same_claims} reviewed equivalent claims are identical too; "
          f"wrote {TCE_FILE}")


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
    stale = [m for m in surv if norm_key(m["key"]) not in ids]
    todo = [(m, ids[norm_key(m["key"])]) for m in surv if norm_key(m["key"]) in ids]

    def one(pair):
        return pair, proc.run_one(cmd, mutant_env({"AFS_MUTANT": str(pair[1]["id"])}), timeout)

    rows = []
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
    r.add_argument("--no-select", dest="select", action="store_false",
                   help="run every test suite and vector for every mutant instead of only what reaches it (the coverage "
                   f"maps {covmap.VECTORS_MAP} and {covmap.TESTS_MAP}, built when the sources change)")
    r.add_argument("--out", default=DOCS, help=f"report directory (default {DOCS})")
    r.add_argument("--no-coverage", dest="coverage", action="store_false", help="skip the per-layer coverage builds")
    r.add_argument("--timing", nargs="+", metavar="LAYER=SECONDS", help="record these layer times (for a run rendered with --resume)")
    r.add_argument("--note", help="a paragraph added under the report's header (e.g. how a resumed run was timed)")
    r.add_argument("--max-minutes", type=float, help="stop starting mutants after this long (the report covers those that ran: a uniform random sample)")
    r.add_argument("--resume", action="store_true", help=f"reuse the per-mutant results in {PROGRESS} (same sources) instead of starting afresh")
    r.add_argument("--no-build", action="store_true", help="use the mutant world (schemata, builds) as the last run left it; build nothing")
    r.add_argument("--incremental", metavar="JSON", help="PR mode: take the verdict of this earlier run's report.json (same "
                   "layers) for every mutant whose function and covering tests or vectors did not change; run the rest")
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
    c.add_argument("--no-select", dest="select", action="store_false",
                   help="send every mutant every vector unit, not only the units that execute its site "
                   "(afs-mutants --reach; the comparison that shows the selection moves no verdict)")
    c.add_argument("--from-report", metavar="JSON", help="with --update-baseline: take the vectors results of a full run's report.json instead of running")
    c.add_argument("--sites", default=f"{MB}/last-run-sites.json", help="with --from-report: that run's sites")
    c.add_argument("--pruned", default=f"{MB}/last-run-pruned.json", help="with --from-report: that run's pruned list")
    c.add_argument("--summary", metavar="FILE", help="append the Markdown to FILE (e.g. $GITHUB_STEP_SUMMARY)")
    c.set_defaults(fn=cmd_ratchet)

    tc = sub.add_parser("tce", help="trivial compiler equivalence: mutants whose -O object code equals the original's "
                        "(docs/mutation/tce.json; the report excludes them)")
    tc.add_argument("--claims", action="store_true", help="judge every claim of docs/mutation/equivalent.json")
    tc.add_argument("--from-report", metavar="JSON", help="judge this report's survivors, with --control of its killed mutants as a check")
    tc.add_argument("--files", nargs="+", metavar="GLOB", help="judge every mutant in files matching (relative to Sources/AFSerialization)")
    tc.add_argument("--control", type=int, default=30, help="killed mutants judged as a positive control (default 30; any identical fails)")
    tc.add_argument("--seed", type=int, default=25)
    tc.add_argument("--jobs", type=int, default=2)
    tc.set_defaults(fn=cmd_tce)

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
