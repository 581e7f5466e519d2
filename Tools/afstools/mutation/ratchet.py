"""The CI gate: the vectors layer over every compiled behaviour mutant (or the baseline's fixed
sample), then its survivors through the AddressSanitizer build, against docs/mutation/baseline.json.
Each mutant gets the vector units that execute its site (reach: recorded by the schemata build).
It fails on a lower rate, and on any mutant the baseline did not list as a survivor that now
survives: a vector that caught it is gone, or new code has none (one lost vector shows)."""
import argparse
import os
import time
from dataclasses import dataclass

from afstools import ROOT, load_json, proc, save_json
from afstools.mutation.build import build_asan, build_tool, build_world
from afstools.mutation.layers import layer_vectors
from afstools.mutation.reach import ReachSelector, record
from afstools.mutation.report import esc, rate
from afstools.mutation.sites import CORE, DOCS, MB, norm_key, reviewed, select


@dataclass
class Verdict:
    killed: int
    scored: int
    rate: float
    survivors: list  # sites
    lost: list  # survivors the baseline does not list: a lost vector, or new code without one
    unstable: list  # killed only by a timeout in the baseline, in time here: counted as killed
    ok: bool


def decide(todo, res, base):
    """The gate's verdict on `res` ({id: (killed, how)}) for the scored mutants `todo`. Marks the
    baseline's timeout kills that finished in time here as killed in `res` (timing, not a lost vector)."""
    base_timeouts = set(base.get("timeouts", []))
    unstable = [s for s in todo if not res[s["id"]][0] and norm_key(s["key"]) in base_timeouts]
    for s in unstable:
        res[s["id"]] = (True, "timeout in the baseline")
    killed = sum(1 for s in todo if res[s["id"]][0])
    r = rate(killed, len(todo)) or 0.0
    surv = [s for s in todo if not res[s["id"]][0]]
    old_surv = set(base.get("survivors", []))
    lost = [s for s in surv if norm_key(s["key"]) not in old_surv]
    want = base.get("kill_rate")
    ok = (want is None or r + base.get("tolerance", 0.0) + 1e-9 >= want) and not lost
    return Verdict(killed, len(todo), r, surv, lost, unstable, ok)


def render(v, base, layer_name, asan_killed, sample, fraction, seed, n_pruned, seconds):
    scope = "Every mutant" if not (sample or fraction) else f"Fixed sample ({fraction or sample}, seed {seed})"
    md = ["## Mutation ratchet (vectors layer, then its survivors under AddressSanitizer)\n",
          f"{v.killed}/{v.scored} behaviour mutants killed by {layer_name} ({v.rate} %; {len(asan_killed)} only by ASan); "
          f"baseline {base.get('kill_rate', 'none')} %. {scope}; {n_pruned} not compiled; {seconds:.0f} s.\n"]
    if v.unstable:
        md.append("Killed by a timeout in the baseline, finished in time here (counted as killed: timing, not a lost vector): "
                  + ", ".join(f"{s['file']}:{s['line']}" for s in v.unstable) + "\n")
    if v.lost:
        md.append(f"Newly surviving mutants ({len(v.lost)}): a vector that used to catch these is gone, or new code has none:\n")
        md += [f"- {CORE}/{s['file']}:{s['line']} `{esc(s['original'])}` → `{esc(s['mutated'])}` ({s['operator']})" for s in v.lost]
        md.append("")
    md.append(f"<details><summary>Behaviours with no vector ({len(v.survivors)} surviving mutants)</summary>\n")
    md += [f"- {CORE}/{s['file']}:{s['line']} `{esc(s['original'])}` → `{esc(s['mutated'])}` ({s['operator']}, {esc(s['function'])})"
           for s in v.survivors]
    md.append("\n</details>\n")
    return "\n".join(md)


def cmd_ratchet(args):
    t0 = time.time()
    base = load_json(f"{DOCS}/baseline.json", {})
    fraction = args.fraction if args.fraction is not None else base.get("fraction")
    sample = None if fraction else (args.sample if args.sample is not None else base.get("sample"))
    seed = args.seed if args.seed is not None else base.get("seed", 13)
    scope = argparse.Namespace(files=None, diff=None, sample=sample, seed=seed, fraction=fraction)
    if args.from_report:
        # Baseline from a full run's vectors results (same selection rule), without running.
        rep = load_json(args.from_report, None)
        sites = load_json(args.sites, [])
        pruned = load_json(args.pruned, {}).get("pruned", {})
        by_key = {norm_key(m["key"]): m for m in rep["mutants"]}
        sel = [s for s in select(sites, pruned, scope) if norm_key(s["key"]) in by_key]
        res = {s["id"]: (by_key[norm_key(s["key"])]["killed_by"] in ("vectors", "asan"), "") for s in sel}
    else:
        build_tool()
        sites, pruned, _ = build_world()
        sel = select(sites, pruned, scope)
    eq, dg, _ = reviewed(sites, pruned)
    todo = [s for s in sel if s["key"] not in eq and s["key"] not in dg]
    asan_killed = []
    if not args.from_report:
        selector = None
        if args.select:
            # Which vector units execute each site, from the schemata build itself: seconds, where an
            # instrumented build for the coverage map would cost minutes on a clean clone.
            reach, seconds = record()
            selector = ReachSelector(reach, sites)
            proc.log(f"ratchet: the sites' reach of {len(reach)} vector units recorded in {seconds:.0f} s")
        res, _, _, _ = layer_vectors(todo, args.jobs, minimum=5.0, selector=selector)
        alive = [s for s in todo if not res[s["id"]][0]]
        if args.asan and alive:
            # The vectors again, under AddressSanitizer, for what they left alive: an out-of-bounds
            # read that returns the right answer is caught here, every time, not by fuzzing luck.
            # The unmutated program's run under ASan is the check that the vectors are clean.
            proc.log(f"ratchet: the {len(alive)} survivors through the AddressSanitizer build ...")
            build_asan()
            ares, _, _, _ = layer_vectors(alive, args.jobs, minimum=5.0, asan=True, selector=selector)
            res.update(ares)
            asan_killed = [s for s in alive if ares[s["id"]][0]]
    v = decide(todo, res, base)
    layer_name = "the vectors (+ ASan)" if args.asan and not args.from_report else "the vectors"
    text = render(v, base, layer_name, asan_killed, sample, fraction, seed, len(pruned), time.time() - t0)
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
            p_ = v.rate / 100.0
            tol = round(200.0 * (p_ * (1 - p_) / max(1, len(todo))) ** 0.5, 2)
        save_json(f"{DOCS}/baseline.json", {
            "_": "Mutation ratchet baseline (scripts/mutation/mutate.py ratchet --update-baseline).",
            "estimated_from_report": bool(args.from_report), "tolerance": tol,
            "kill_rate": v.rate, "killed": v.killed, "scored": len(todo), "asan": bool(args.asan and not args.from_report),
            "asan_only": sorted(norm_key(s["key"]) for s in asan_killed), "sample": sample, "fraction": fraction, "seed": seed,
            "commit": proc.sh(["git", "rev-parse", "--short", "HEAD"], capture=True).stdout.strip(),
            "survivors": sorted(norm_key(s["key"]) for s in v.survivors),
            "timeouts": sorted(norm_key(s["key"]) for s in todo if res[s["id"]][1] in ("timeout", "run timeout"))})
        print(f"mutation ratchet: baseline written: {v.killed}/{len(todo)} ({v.rate} %)")
        return 0
    print(f"mutation ratchet: {v.killed}/{len(todo)} killed by {layer_name} ({v.rate} %; {len(asan_killed)} only by ASan), "
          f"baseline {base.get('kill_rate')} %: {'ok' if v.ok else 'FAIL'}; {len(v.lost)} new survivors; "
          f"details in {MB}/ratchet.md ({time.time() - t0:.0f} s)")
    return 0 if v.ok else 1
