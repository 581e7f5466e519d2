"""report.md and report.json of a run (docs/mutation/report.*), re-rendering them from a saved
report.json, and the PR-mode summary of the change's own survivors."""
import time
from dataclasses import dataclass, field

from afstools import proc
from afstools.mutation.sites import CORE, LAYERS, SECTIONS, by_method, op_family, op_of_key, reviewed, section


@dataclass
class Outcome:
    """One selected mutant's fate: the layer that killed it (None: alive), how, the last layer that
    tried it, and the layers whose coverage map found no test of theirs reaching it (not run there)."""
    layer: str = None
    how: str = ""
    reached: str = None
    not_covered: list = field(default_factory=list)


@dataclass
class ReportInput:
    sites: list  # every compiled site
    selected: list  # the sites in scope that ran (or whose results were reused)
    pruned: dict  # key -> compiler error
    layers: list
    results: dict  # id -> Outcome
    timing: dict
    scope: str
    argv: str
    coverage: dict = field(default_factory=dict)
    generated: str = None  # default: now
    commit: str = None  # default: HEAD's
    basis: dict = field(default_factory=dict)  # id -> what its verdict rests on (incremental.py)
    incremental: dict = field(default_factory=dict)  # verdicts reused from an earlier report


def pct(a, b):
    """One decimal, or two where one would round a survivor away (5881 of 5883 is 99.97 %, not 100.0 %)."""
    if not b:
        return "n/a"
    p = 100.0 * a / b
    return f"{p:.2f} %" if a < b and round(p, 1) >= 100.0 else f"{p:.1f} %"


def rate(a, b):
    return round(100.0 * a / b, 2) if b else None


def esc(s):
    """Safe inside a Markdown table cell or inline code."""
    return str(s).replace("|", "\\|").replace("`", "'").replace("\n", " ")


def make_report(ri):
    """(report.json's dict, report.md's text) for one run."""
    eq, dg, stale = reviewed(ri.sites, ri.pruned)
    results = ri.results
    scored = [s for s in ri.selected if s["key"] not in eq and s["key"] not in dg]
    names = [la for la in LAYERS if la in ri.layers]

    def killed_by(s, upto):
        r = results.get(s["id"])
        return r is not None and r.layer is not None and names.index(r.layer) <= names.index(upto)

    cum = {la: sum(1 for s in scored if killed_by(s, la)) for la in names}
    survivors = [s for s in scored if results.get(s["id"], Outcome()).layer is None]

    def table(keyfn, order=None):
        groups = {}
        for s in scored:
            groups.setdefault(keyfn(s), []).append(s)
        return [(k, len(groups[k]), [sum(1 for s in groups[k] if killed_by(s, la)) for la in names])
                for k in (order or sorted(groups)) if groups.get(k)]

    by_section = table(section, SECTIONS + sorted({section(s) for s in scored} - set(SECTIONS)))
    by_op = table(lambda s: op_family(s["operator"]))
    sel = ri.selected
    js = {
        "generated": ri.generated or time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "commit": ri.commit or proc.sh(["git", "rev-parse", "--short", "HEAD"], capture=True).stdout.strip(),
        "scope": ri.scope,
        "layers": names,
        "counts": {"sites_total": len(ri.sites) + len(ri.pruned), "not_compiled": len(ri.pruned),
                   "selected": len(sel), "equivalent": len([s for s in sel if s["key"] in eq]),
                   "diagnostic": len([s for s in sel if s["key"] in dg]), "scored": len(scored),
                   "excluded_by": by_method([s["key"] for s in sel], eq, dg),
                   "stale_reviewed_keys": stale},
        "kill_rate": {la: {"killed": cum[la], "scored": len(scored), "rate": rate(cum[la], len(scored))} for la in names},
        "per_section": {k: {"mutants": n, **dict(zip(names, cs))} for k, n, cs in by_section},
        "per_operator": {k: {"mutants": n, **dict(zip(names, cs))} for k, n, cs in by_op},
        "sites_per_operator": {},
        "timing_seconds": ri.timing,
        "coverage": ri.coverage,
        "survivors": [{"id": s["id"], "key": s["key"], "file": s["file"], "line": s["line"], "operator": s["operator"],
                       "original": s["original"], "mutated": s["mutated"], "function": s["function"],
                       "last_layer": results.get(s["id"], Outcome(reached=names[-1] if names else "")).reached,
                       "not_covered_by": results.get(s["id"], Outcome()).not_covered}
                      for s in survivors],
        "mutants": [{"id": s["id"], "key": s["key"], "killed_by": results.get(s["id"], Outcome()).layer,
                     "reached": results.get(s["id"], Outcome()).reached, "how": results.get(s["id"], Outcome()).how,
                     "reviewed": "equivalent" if s["key"] in eq else "diagnostic" if s["key"] in dg else None,
                     "not_covered_by": results.get(s["id"], Outcome()).not_covered,
                     **({"basis": ri.basis[s["id"]]} if s["id"] in ri.basis else {})}
                    for s in sel],
        "not_compiled": [{"key": k, "why": v} for k, v in sorted(ri.pruned.items())],
        "unscored_functions": unscored_functions(ri.sites, ri.pruned, eq, dg),
        **({"incremental": ri.incremental} if ri.incremental else {}),
    }
    ops = {}
    for op in [s["operator"] for s in ri.sites] + [op_of_key(k) for k in ri.pruned]:
        ops.setdefault(op_family(op), [0, 0])[0] += 1
    for k in ri.pruned:
        ops[op_family(op_of_key(k))][1] += 1
    js["sites_per_operator"] = {k: {"mutants": v[0], "not_compiled": v[1]} for k, v in sorted(ops.items())}
    return js, render_md(js, ri, names, cum, len(scored))


def exclusions_md(c):
    """Each exclusion method's count: the audit trail of what was left out of the score, and why."""
    b = c.get("excluded_by")
    if not b:
        return ""
    return (f"Exclusions by method: {c['not_compiled']} not compiled (the schemata build's compiler errors, per mutant); "
            f"{b['tce']} equivalent by trivial compiler equivalence (identical -O object code, docs/mutation/tce.json); "
            f"{b['review']} equivalent by review (docs/mutation/equivalent.json, each checked by outputs with "
            f"verify_claims.py); {b['diagnostic']} diagnostic-only by review (docs/mutation/diagnostic.json).\n")


def render_md(js, ri, names, cum, n_scored):
    c, t = js["counts"], ri.timing
    md = ["# Mutation analysis of Sources/AFSerialization\n",
          f"Generated {js['generated']} at commit {js['commit']} by `python3 scripts/mutation/mutate.py "
          f"{ri.argv}`. Scope: {ri.scope}.\n",
          *([f"Incremental: {ri.incremental['reused']} verdicts reused from {ri.incremental['from']} (commit "
             f"{ri.incremental['commit']}: the mutant's function and covering units unchanged), "
             f"{ri.incremental['run']} mutants run.\n"] if ri.incremental else []),
          f"{c['sites_total']} mutants in the core; {c['not_compiled']} not compiled (pruned, not scored); "
          f"{c['selected']} selected; {c['equivalent']} equivalent and {c['diagnostic']} diagnostic-only "
          f"(not scored); **{c['scored']} scored**.\n",
          exclusions_md(c),
          "## Kill rate (behaviour mutants, cumulative)\n", "| layers | killed | of | rate | layer time |", "|---|---:|---:|---:|---:|"]
    for i, la in enumerate(names):
        lt = t.get(la, t.get(la + " (reused)"))
        md.append(f"| {' + '.join(names[:i + 1])} | {cum[la]} | {n_scored} | {pct(cum[la], n_scored)} | "
                  f"{'n/a' if lt is None else f'{lt:.0f} s'}{' (reused)' if la + ' (reused)' in t else ''} |")
    md += ["", "Times: " + ", ".join(f"{k} {v:.1f} s" for k, v in t.items()) + ".\n"]
    for title, key in (("Per SPEC section (core folder)", "per_section"), ("Per operator", "per_operator")):
        md += [f"## {title}\n", "| | mutants | " + " | ".join(f"killed ≤ {la}" for la in names) + " | rate (all layers run) |",
               "|---|---:|" + "---:|" * len(names) + "---:|"]
        for k, row in js[key].items():
            cs = [row[la] for la in names]
            md.append(f"| {k} | {row['mutants']} | " + " | ".join(str(x) for x in cs) + f" | {pct(cs[-1], row['mutants']) if cs else ''} |")
        md.append("")
    md += ["## Sites per operator (whole core, before pruning)\n", "| operator | mutants | not compiled |", "|---|---:|---:|"]
    md += [f"| {k} | {v['mutants']} | {v['not_compiled']} |" for k, v in js["sites_per_operator"].items()] + [""]
    if ri.coverage:
        md += coverage_md(ri.coverage, names)
    nc = [s for s in js["survivors"] if s.get("not_covered_by")]
    md += [f"## Survivors ({len(js['survivors'])}; {len(nc)} of them not covered)\n",
           "Not killed by any layer that ran; `last layer` is the last one that tried. \"not covered by L\": "
           "layer L's coverage map has no test of L executing the mutated function, so L did not run it.\n",
           "| file:line | operator | original → mutated | function | last layer | key |", "|---|---|---|---|---|---|"]
    md += [f"| {s['file']}:{s['line']} | {s['operator']} | `{esc(s['original'])}` → `{esc(s['mutated'])}` | "
           f"{esc(s['function'])} | {s['last_layer']}"
           f"{'; not covered by ' + ', '.join(s['not_covered_by']) if s.get('not_covered_by') else ''} | "
           f"<sub>{esc(s['key'])}</sub> |" for s in js["survivors"]] + [""]
    stale = c["stale_reviewed_keys"]
    if stale:
        md += [f"## Stale reviewed entries ({len(stale)})\n", "Keys in equivalent.json / diagnostic.json that match no site any more:\n"]
        md += [f"- `{esc(k)}`" for k in stale] + [""]
    uf = js["unscored_functions"]
    md += [f"## Functions with sites and no scored mutant ({len(uf)})\n",
           "Every mutant of these functions is out of the score; the reason is the list that took each out "
           "(a compiler error, a reviewed claim). None may be missing a reason.\n"]
    if uf:
        md += ["| function | sites | not compiled | equivalent | diagnostic | reason |", "|---|---:|---:|---:|---:|---|"]
        md += [f"| {esc(u['file'])} {esc(u['function'])} | {u['sites']} | {u['not_compiled']} | {u['equivalent']} | "
               f"{u['diagnostic']} | {esc(u['reason'])} |" for u in uf]
    md += ["", f"## Not compiled ({len(js['not_compiled'])})\n",
           "Sites whose switched code did not type-check (pruned from the schemata, not scored):\n", "| key | compiler error |", "|---|---|"]
    md += [f"| <sub>{esc(x['key'])}</sub> | {esc(x['why'])} |" for x in js["not_compiled"]] + [""]
    return "\n".join(md)


def coverage_md(cov, names):
    cl = [la for la in ("vectors", "tests", "fuzz") if la in cov]
    md = ["## Coverage per file (lines / regions executed)\n",
          "Each layer alone: vectors = `conformance run`; tests = `swift test` (with the corpus replay); "
          "fuzz = every target's committed corpus plus up to 60 s of unmutated fuzzing, replayed through "
          "the core by `conformance snapshot` (the fuzz bodies' input decoding, without the oracles).\n",
          "| file | " + " | ".join(f"{la} lines | {la} regions" for la in cl) + " |", "|---|" + "---:|---:|" * len(cl)]
    tot = {la: [0, 0, 0, 0] for la in cl}
    for f in sorted(set().union(*[set((cov[la] or {}).keys()) for la in cl])):
        cells = []
        for la in cl:
            x = (cov[la] or {}).get(f)
            if x:
                cells += [pct(*x["lines"]), pct(*x["regions"])]
                tot[la] = [a + b for a, b in zip(tot[la], x["lines"] + x["regions"])]
            else:
                cells += ["n/a", "n/a"]
        md.append(f"| {f} | " + " | ".join(cells) + " |")
    md += ["| **all** | " + " | ".join(f"{pct(v[0], v[1])} | {pct(v[2], v[3])}" for v in tot.values()) + " |", ""]
    return md + [f"Coverage for the {la} layer: n/a (not measured in this run).\n"
                 for la in ("vectors", "tests", "fuzz") if la in names and la not in cov]


def unscored_functions(sites_all, pruned, eq, dg):
    """Functions with mutation sites of which none can be scored (every one pruned or reviewed),
    each with the reason the first exclusion gives: the report must leave none unexplained."""
    fns = {}

    def fn(file, name):
        return fns.setdefault((file, name), {"sites": 0, "not_compiled": 0, "equivalent": 0, "diagnostic": 0, "why": []})
    for st in sites_all:
        f = fn(st["file"], st["function"])
        f["sites"] += 1
        for kind, lst in (("equivalent", eq), ("diagnostic", dg)):
            if st["key"] in lst:
                f[kind] += 1
                f["why"].append(lst[st["key"]])
                break
    for k, why in pruned.items():
        f = fn(*k.split("|")[:2])
        f["sites"] += 1
        f["not_compiled"] += 1
        f["why"].insert(0, "not compiled: " + why)
    return [{"file": file, "function": name, "sites": f["sites"], "not_compiled": f["not_compiled"],
             "equivalent": f["equivalent"], "diagnostic": f["diagnostic"],
             "reason": (f["why"][0] if f["why"] else "no reason recorded")[:200]}
            for (file, name), f in sorted(fns.items()) if f["not_compiled"] + f["equivalent"] + f["diagnostic"] == f["sites"]]


def from_saved(js, sites, pruned):
    """The ReportInput a saved report.json was made from, given that run's sites and pruned list."""
    ids = {m["id"] for m in js["mutants"]}
    last = {s["id"]: s["last_layer"] for s in js["survivors"]}
    results = {m["id"]: Outcome(m["killed_by"], m.get("how", ""),
                                m.get("reached") or m["killed_by"] or last.get(m["id"], js["layers"][-1]),
                                m.get("not_covered_by", []))
               for m in js["mutants"]}
    return ReportInput(sites, [s for s in sites if s["id"] in ids], pruned, js["layers"], results, js["timing_seconds"],
                       js["scope"], js.get("argv", "run"), js.get("coverage", {}), js["generated"], js["commit"],
                       {m["id"]: m["basis"] for m in js["mutants"] if "basis" in m}, js.get("incremental", {}))


def rerender(js, sites, pruned):
    """(json, md) of a saved report with today's reviewed lists, keeping its date, commit and timings."""
    ri = from_saved(js, sites, pruned)
    new, md = make_report(ri)
    new["per_mutant_seconds"] = js.get("per_mutant_seconds", {})
    new["argv"] = ri.argv
    return new, md


def diff_summary(js):
    """PR mode: the survivors on the change's own lines, as a CI job summary."""
    md = ["## Mutation analysis of the change\n"]
    n = js["counts"]["scored"]
    if n == 0:
        md.append("No mutation site on the changed lines of Sources/AFSerialization.")
        return "\n".join(md)
    k = js["kill_rate"][js["layers"][-1]]["killed"]
    md.append(f"{n} mutants on the changed lines; {k} killed ({pct(k, n)}) by {' + '.join(js['layers'])}.\n")
    if js["survivors"]:
        md += ["Survivors (each is a behaviour of the change that no vector or test pins):\n", "| file:line | mutation | function |", "|---|---|---|"]
        md += [f"| {CORE}/{s['file']}:{s['line']} | `{esc(s['original'])}` → `{esc(s['mutated'])}` ({s['operator']}) | {esc(s['function'])}"
               f"{' (not covered by ' + ', '.join(s['not_covered_by']) + ')' if s.get('not_covered_by') else ''} |"
               for s in js["survivors"]]
    return "\n".join(md)
