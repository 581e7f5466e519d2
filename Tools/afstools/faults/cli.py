"""scripts/mutation/faults.py: replay the real-fault catalogue (docs/faults/) against the harness.

    python3 scripts/mutation/faults.py list                      # the catalogue, checked
    python3 scripts/mutation/faults.py run                       # every fault, every layer → docs/faults/report.*
    python3 scripts/mutation/faults.py run --only af-tilde-escaped --layers vectors
    python3 scripts/mutation/faults.py run --rotate 7 --layers recorded --check --out .ci-reports/faults
                                                                 # CI: a rotating seventh, each through the layers up to the
                                                                 # one that caught it last time; fails when one is missed
    python3 scripts/mutation/faults.py complexity                # the complexity probes on .build/debug/conformance

Results are stored in .build-faults/progress.jsonl and reused while a fault's patch and the harness
(core, vectors, tests) are unchanged; --fresh ignores them.
"""
import argparse
import datetime
import os
import sys

from afstools import ROOT, complexity, load_json, proc, save_json
from afstools.faults import catalogue, replay, report


def select(faults, only, rotate, slot):
    if only:
        faults = [f for f in faults if any(o == f["id"] or o in f["id"] for o in only)]
    if rotate:
        # A different share each day (or the slot given): every fault runs within `rotate` days.
        slot = slot if slot is not None else datetime.date.today().toordinal() % rotate
        faults = [f for i, f in enumerate(faults) if i % rotate == slot]
    return faults


def recorded_probe(fault):
    """The complexity probe that caught `fault` in a committed report: its evidence starts with the name."""
    if fault.get("caught") != "complexity":
        return None
    return fault.get("probe") or (fault.get("evidence") or [""])[0].split(":")[0] or None


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["complexity"]:
        # Its own options (complexity.py --help), passed through whole.
        return complexity.main(argv[1:])
    ap = argparse.ArgumentParser(prog="faults.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="the catalogue, checked")
    r = sub.add_parser("run", help="replay faults through the layers")
    r.add_argument("--only", action="append", default=[], help="faults whose id contains TEXT (repeatable)")
    r.add_argument("--layers", default=",".join(replay.LAYERS),
                   help="comma-separated, in order: " + ", ".join(replay.LAYERS) + "; or `recorded`: for each fault, the layers "
                        "up to the one that caught it in the committed report, the vectors first, then that layer (and "
                        "its probe) (CI: as little as proves it is still caught)")
    r.add_argument("--fuzz-seconds", type=int, default=60, help="per fuzz target (default 60)")
    r.add_argument("--rotate", type=int, help="only every N-th fault, a different share each day")
    r.add_argument("--slot", type=int, help="with --rotate: this share (0…N-1) instead of today's")
    r.add_argument("--fresh", action="store_true", help="ignore stored results")
    r.add_argument("--out", default="docs/faults", help="where report.md and report.json go (default docs/faults)")
    r.add_argument("--check", action="store_true",
                   help="exit 1 when a replayed fault is not caught; with --layers recorded, when a fault the committed "
                        "report (docs/faults/report.json) says a layer caught is no longer caught by the layers up to it")
    sub.add_parser("complexity", help="the complexity probes alone (options: faults.py complexity --help)")
    a = ap.parse_args(argv)

    faults = catalogue.load()
    if a.cmd == "list":
        for f in faults:
            print("%-42s %-13s %-12s %-9s %s" % (f["id"], f["group"], f["kind"], f["spec"], f["source"]["ref"][:60]))
        print("%d faults" % len(faults))
        return 0
    chosen = select(faults, a.only, a.rotate, a.slot)
    recorded = None
    if a.layers == "recorded":
        recorded = {f["id"]: (f["caught"], recorded_probe(f))
                    for f in (load_json("docs/faults/report.json", {}) or {}).get("faults", []) if f.get("caught")}
        missing = [f["id"] for f in chosen if f["id"] not in recorded]
        if missing:
            ap.error("--layers recorded: the committed report has no catching layer for " + ", ".join(missing))
        layers = tuple(l for l in replay.LAYERS if any(replay.LAYERS.index(l) <= replay.LAYERS.index(recorded[f["id"]][0]) for f in chosen))
    else:
        layers = tuple(l for l in a.layers.split(",") if l)
    unknown = [l for l in layers if l not in replay.LAYERS]
    if unknown:
        ap.error("unknown layer(s) %s; expected %s" % (", ".join(unknown), ", ".join(replay.LAYERS)))
    proc.log(f"faults: {len(chosen)} of {len(faults)}, layers {', '.join(layers)}")
    results = replay.run(chosen, layers, a.fuzz_seconds, resume=not a.fresh, recorded=recorded)
    note = "" if len(chosen) == len(faults) and layers == replay.LAYERS else \
        "A partial run: %d of %d faults, layers %s." % (len(chosen), len(faults), ", ".join(layers))
    out = os.path.join(ROOT, a.out)
    os.makedirs(out, exist_ok=True)
    save_json(os.path.join(out, "report.json"), report.to_json(chosen, results, note))
    with open(os.path.join(out, "report.md"), "w", encoding="utf-8") as f:
        f.write(report.to_markdown(chosen, results, note))
    s = report.summary(chosen, results)
    print("faults: %d of %d caught (%d by the vectors alone); report in %s" % (s["caught"], s["faults"], s["byVectorsAlone"], a.out))
    if a.check and (s["caught"] < s["faults"]):
        missed = [r["id"] for r in results if not r["caught"]]
        print("faults: not caught or not replayed: " + ", ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
