"""`mutate.py run`, step by step: build (or reuse) the mutant world, select, reuse an earlier
report's layers, run the layers in order on what is still alive, measure coverage, write the reports."""
import os
import sys
import time
from dataclasses import dataclass, field

from afstools import ROOT, load_json, proc, save_json
from afstools.mutation import build, covmap, diffmap, incremental, layers as L
from afstools.mutation.layers import load_progress
from afstools.mutation.report import Outcome, ReportInput, diff_summary, make_report
from afstools.mutation.sites import DOCS, LAYERS, MB, PROGRESS, PRUNED, SITES, norm_key, reviewed, select


@dataclass
class RunState:
    layers: list
    sites: list = field(default_factory=list)
    pruned: dict = field(default_factory=dict)
    selected: list = field(default_factory=list)
    todo: list = field(default_factory=list)  # selected and not in a reviewed list: the scored mutants
    results: dict = field(default_factory=dict)  # id -> Outcome, for every selected mutant
    reused: set = field(default_factory=set)  # layers whose results come from --from-report
    timing: dict = field(default_factory=dict)
    per_mutant: dict = field(default_factory=dict)
    coverage: dict = field(default_factory=dict)
    not_run: int = 0  # selected mutants --max-minutes left out
    selection: dict = field(default_factory=dict)  # layer -> what the coverage map chose
    selectors: dict = field(default_factory=dict)  # layer -> covmap.Selector (empty with --no-select)
    from_base: set = field(default_factory=set)  # layers whose selector is a map from the --diff base (diffmap)
    basis: dict = field(default_factory=dict)  # id -> what its verdict rests on (incremental.Basis.of)
    reused_ids: set = field(default_factory=set)  # verdicts taken from --incremental's report
    incremental: dict = field(default_factory=dict)

    def drop(self, ids):
        """Leaves these mutants out of the selection and the score."""
        self.todo = [s for s in self.todo if s["id"] not in ids]
        self.selected = [s for s in self.selected if s["id"] not in ids]


def parse_layers(text):
    layers = [la.strip() for la in text.split(",") if la.strip()]
    for la in layers:
        if la not in LAYERS:
            raise SystemExit(f"unknown layer {la} (the layers: {', '.join(LAYERS)})")
    return layers


def prepare(st, args):
    """The mutant world: built (the tool, the schemata, conformance and the tests), or as the last build left it."""
    if args.no_build:
        # Use the mutant world as the last build left it (e.g. while another run uses it).
        st.sites = load_json(SITES, [])
        st.pruned = load_json(PRUNED, {}).get("pruned", {})
        return
    proc.log("building afs-mutate ...")
    st.timing["tool build"] = build.build_tool()
    proc.log("building the mutant world (schemata + conformance" + (" + tests" if "tests" in st.layers else "") + ") ...")
    st.sites, st.pruned, st.timing["schemata build"] = build.build_world(tests="tests" in st.layers)


def choose(st, args):
    """The selection (--files, --diff, --sample), and what of it is scored: not in a reviewed list."""
    st.selected = select(st.sites, st.pruned, args)
    proc.log(f"{len(st.sites)} mutants, {len(st.pruned)} not compiled, {len(st.selected)} selected")
    eq, dg, _ = reviewed(st.sites)
    st.todo = [s for s in st.selected if s["key"] not in eq and s["key"] not in dg]
    st.results = {s["id"]: Outcome() for s in st.selected}


def reuse(st, path):
    """Takes the results of the layers a previous run already did (matched by key), e.g. a full
    vectors run, so that only the later layers run on what survived them."""
    old = load_json(path, None) or {}
    st.reused = {la for la in st.layers if la in old.get("layers", [])}
    if [la for la in st.layers if la in st.reused] != st.layers[:len(st.reused)]:
        raise SystemExit("--from-report: the reused layers must come first in --layers")
    by_key = {norm_key(m["key"]): m for m in old.get("mutants", [])}
    missing = {s["id"] for s in st.todo if norm_key(s["key"]) not in by_key}
    if missing:
        proc.log(f"--from-report: {len(missing)} selected mutants are not in {path} (sources changed?): skipped")
        st.drop(missing)
    for s in st.todo:
        m = by_key[norm_key(s["key"])]
        if m["killed_by"] in st.reused:
            st.results[s["id"]] = Outcome(m["killed_by"], m.get("how", ""), m["killed_by"])
        else:
            st.results[s["id"]].reached = st.layers[len(st.reused) - 1] if st.reused else None
    for la in st.reused:
        st.timing[la + " (reused)"] = old.get("timing_seconds", {}).get(la, 0.0)
    proc.log(f"reused {', '.join(sorted(st.reused))} results from {path}")


def run_layer(st, args, layer, alive, deadline):
    """One layer over `alive`: ({id: (killed, how)}, seconds, its progress-file results reused)."""
    prev = load_progress(f"fuzz{args.fuzz_seconds}" if layer == "fuzz" else layer) if args.resume else {}
    selector = st.selectors.get(layer)
    if layer in ("vectors", "asan"):
        if layer == "asan" and not args.no_build:
            proc.log("building the schemata conformance under AddressSanitizer ...")
            st.timing["asan build"] = build.build_asan()
        res, el, base, chosen = L.layer_vectors(alive, args.jobs, deadline=deadline, done_before=prev, asan=layer == "asan",
                                                selector=selector)
        if selector:
            st.selection[layer] = L.selection_stats(chosen, selector)
    elif layer == "tests":
        res, el, base, chosen = L.layer_tests(alive, args.jobs, deadline=deadline, done_before=prev, skip=args.tests_skip,
                                              selector=selector)
        if selector:
            st.selection["tests"] = L.selection_stats(chosen, selector)
    else:
        if not args.no_build:
            proc.log("building the fuzz targets (AFS_MUTANTS=1, libFuzzer + ASan) ...")
            st.timing["fuzz build"] = build.build_fuzz()
        res, el = L.layer_fuzz(alive, args.jobs, args.fuzz_seconds, deadline=deadline, done_before=prev)
        base = None
    if base is not None:
        st.per_mutant[f"{layer} unmutated run"] = round(base, 3)
    return res, el, prev


def run_layers(st, args, deadline):
    if not args.resume and os.path.exists(os.path.join(ROOT, PROGRESS)):
        os.remove(os.path.join(ROOT, PROGRESS))
    os.makedirs(os.path.join(ROOT, MB), exist_ok=True)
    for layer in st.layers:
        if layer in st.reused:
            continue
        alive = [s for s in st.todo if st.results[s["id"]].layer is None and s["id"] not in st.reused_ids]
        if not alive:
            break
        res, el, prev = run_layer(st, args, layer, alive, deadline)
        st.timing[layer] = el
        ran = [s for s in alive if s["id"] in res]
        fresh = max(1, len(ran) - len([s for s in ran if norm_key(s["key"]) in prev]))
        st.per_mutant[f"{layer} per mutant (wall, {args.jobs} jobs)"] = round(el / fresh, 3)
        unrun = {s["id"] for s in alive if s["id"] not in res}
        if unrun:
            # Stopped by --max-minutes: what did not run is left out of the scored set.
            st.not_run += len(unrun)
            st.drop(unrun)
        for s in ran:
            killed, how = res[s["id"]]
            st.results[s["id"]].reached = layer
            if not killed and how == L.NOT_COVERED:
                st.results[s["id"]].not_covered.append(layer)
            if killed:
                st.results[s["id"]].layer, st.results[s["id"]].how = layer, how


# Below this many mutants a stale coverage map is not rebuilt (unless --incremental needs it):
# building one takes minutes, running every unit for a few dozen mutants takes less.
SELECT_MIN_MUTANTS = 200


def select_units(st, args):
    """The coverage maps of the layers that have one (built when stale, or skipped: see
    SELECT_MIN_MUTANTS), and every scored mutant's basis when every such layer has its map."""
    t = time.time()
    few = len(st.todo) < SELECT_MIN_MUTANTS and not args.incremental
    for layers, inputs, path, make in ((("vectors", "asan"), covmap.VECTORS_INPUTS, covmap.VECTORS_MAP, covmap.vectors_map),
                                       (("tests",), covmap.TESTS_INPUTS, covmap.TESTS_MAP, covmap.tests_map)):
        mine = [la for la in layers if la in st.layers]
        if not mine:
            continue
        if few and not covmap.is_current(path, inputs):
            kept = load_json(path, None) if args.diff else None
            skip = args.tests_skip if mine == ["tests"] else ""
            sel, why = diffmap.within_change(kept, inputs, args.diff, skip) if kept else (None, "")
            if sel:
                proc.log(f"coverage map {path} was made from {args.diff} and the change's code is inside {why}: "
                         f"{', '.join(mine)} run that function's {len(sel.chosen)} units")
                st.selectors.update({la: sel for la in mine})
                st.from_base.update(mine)
                continue
            proc.log(f"coverage map {path} is stale and only {len(st.todo)} mutants are scored: "
                     f"{', '.join(mine)} run every unit (building the map would take longer"
                     + (f"; the map from {args.diff} does not hold: {why}" if why else "") + ")")
            continue
        m = make(args.jobs)
        st.selectors.update({la: covmap.Selector(m, args.tests_skip if la == "tests" else "") for la in mine})
    st.timing["coverage maps"] = time.time() - t
    # A basis rests on the current maps; one from the base holds for this change only.
    if st.from_base or any(la in incremental.REUSABLE and la not in st.selectors for la in st.layers):
        return

    def units_of(layer, site):
        sel = st.selectors[layer]
        return sel.units if site is None else sel.units_for(site)
    basis = incremental.Basis()
    st.basis = {s["id"]: basis.of(s, st.layers, units_of) for s in st.todo}


def reuse_verdicts(st, path):
    """--incremental: the verdicts of `path` whose mutant's basis is unchanged."""
    old, by_key = incremental.load(path, st.layers)
    for s in st.todo:
        m = by_key.get(norm_key(s["key"]))
        if m and incremental.reusable(m, old["layers"], st.basis[s["id"]]):
            st.results[s["id"]] = Outcome(m["killed_by"], m.get("how", ""), m.get("reached"), m.get("not_covered_by", []))
            st.reused_ids.add(s["id"])
    st.incremental = {"from": path, "commit": old.get("commit"), "reused": len(st.reused_ids),
                      "run": len(st.todo) - len(st.reused_ids)}
    proc.log(f"--incremental: {len(st.reused_ids)} verdicts reused, {len(st.todo) - len(st.reused_ids)} mutants to run")


def measure_coverage(st, args):
    t, secs = time.time(), min(args.fuzz_seconds, 60)
    if "fuzz" in st.layers and "fuzz build" not in st.timing and not args.no_build:
        # The fuzz layer builds its targets only when a mutant reaches it (none may have survived).
        proc.log("building the fuzz targets (AFS_MUTANTS=1, libFuzzer + ASan) ...")
        st.timing["fuzz build"] = build.build_fuzz()
    for layer, what, measure in (("vectors", "vectors", L.coverage_vectors), ("tests", "tests", L.coverage_tests),
                                 ("fuzz", f"fuzz (every target {secs} s unmutated, then its corpus replayed)",
                                  lambda: L.coverage_fuzz(secs, args.jobs))):
        if layer in st.layers:
            proc.log(f"coverage: {what} ...")
            st.coverage[layer] = measure()
    st.timing["coverage"] = time.time() - t


def scope_text(st, args):
    scope = "every site" if not (args.files or args.diff or args.sample) else \
        ", ".join(x for x in [f"files {args.files}" if args.files else "", f"diff {args.diff}" if args.diff else "",
                              f"sample {args.sample} seed {args.seed}" if args.sample else ""] if x)
    if "fuzz" in st.layers:
        scope += f"; fuzz {args.fuzz_seconds} s per target"
    mapped = [la for la in st.layers if la in st.selectors]
    unmapped = [la for la in st.layers if la in incremental.REUSABLE and la not in st.selectors]
    if mapped:
        scope += f"; {', '.join(mapped)}: only the units that reach each mutant (coverage maps"
        scope += f"; {', '.join(sorted(st.from_base))} from {args.diff}'s map, the change being inside one function)" \
            if st.from_base else ")"
    if unmapped:
        scope += f"; {', '.join(unmapped)}: every unit per mutant"
    if st.not_run:
        scope += (f"; stopped by --max-minutes {args.max_minutes}: {st.not_run} selected mutants not run, so the figures "
                  f"cover the {len(st.todo)} scored mutants that ran (a uniform random sample: mutants run in a seeded random order)")
    return scope


def write_reports(st, args, t_all):
    for item in args.timing or []:
        k, _, v = item.partition("=")
        st.timing[k] = float(v)
    st.timing["total"] = time.time() - t_all if not args.timing else sum(v for k, v in st.timing.items() if k in st.layers)
    argv = " ".join(a for i, a in enumerate(sys.argv[1:]) if a != "--note" and (i == 0 or sys.argv[i] != "--note"))  # no --note text
    ri = ReportInput(st.sites, st.selected, st.pruned, st.layers, st.results, {k: round(v, 1) for k, v in st.timing.items()},
                     scope_text(st, args), argv, st.coverage, basis=st.basis, incremental=st.incremental)
    js, md = make_report(ri)
    if args.note:
        js["note"] = args.note
        lines = md.split("\n")
        lines.insert(3, "\n" + args.note + "\n")
        md = "\n".join(lines)
    js["per_mutant_seconds"] = st.per_mutant
    js["selection"] = st.selection
    js["argv"] = ri.argv
    if os.path.realpath(os.path.join(ROOT, args.out)) == os.path.realpath(os.path.join(ROOT, DOCS)):
        save_json(f"{MB}/last-run-sites.json", st.sites)
        save_json(f"{MB}/last-run-pruned.json", {"pruned": st.pruned})
    save_json(f"{args.out}/report.json", js)
    with open(os.path.join(ROOT, args.out, "report.md"), "w") as f:
        f.write(md)
    return js


def cmd_run(args):
    t_all = time.time()
    st = RunState(parse_layers(args.layers))
    prepare(st, args)
    choose(st, args)
    if args.from_report:
        reuse(st, args.from_report)
    if args.select:
        select_units(st, args)
    if args.incremental:
        if not st.basis:
            raise SystemExit("--incremental compares the coverage maps' units: it cannot run with --no-select")
        reuse_verdicts(st, args.incremental)
    run_layers(st, args, t_all + args.max_minutes * 60 if args.max_minutes else None)
    if args.coverage:
        measure_coverage(st, args)
    js = write_reports(st, args, t_all)
    if args.diff:
        s = diff_summary(js)
        if args.summary:
            with open(args.summary, "a") as f:
                f.write(s + "\n")
        print(s)
    kr = js["kill_rate"].get(st.layers[-1], {})
    print(f"mutation: {kr.get('killed', 0)}/{kr.get('scored', 0)} killed ({kr.get('rate')} %) by {' + '.join(st.layers)}; "
          f"{len(js['survivors'])} survivors; report in {args.out}/report.md ({st.timing['total']:.0f} s)")
    return 0
