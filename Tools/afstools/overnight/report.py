"""The morning report: report.md and report.json in the run directory, and progress.svg (coverage
and exec/s over time, one line per target, and the differential phase's inputs and disagreements,
drawn without a plotting library)."""
import json
import os

from afstools.overnight.campaign import hms


def svg_plot(series_list, path, total_seconds, differential=None):
    """Two panels (coverage, exec/s) over elapsed time, one polyline per target; with a differential
    phase two more (inputs, disagreements since it began) on the same time axis. No plotting library."""
    colors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]
    W, H, L, R, T, B = 900, 250, 70, 170, 30, 40
    everything = series_list + ([differential] if differential else [])
    xmax = max([total_seconds] + [p["t"] for s in everything for p in s.points] + [1])

    def panel(y0, key, title, series_list=series_list, first_color=0):
        ymax = max([p[key] for s in series_list for p in s.points] + [1]) * 1.08
        out = ['<g transform="translate(0,%d)">' % y0,
               '<text x="%d" y="18" font-size="14" font-weight="bold">%s</text>' % (L, title),
               '<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>' % (L, T, W - L - R, H - T - B)]
        for i in range(6):
            yv = ymax * i / 5
            y = H - B - (H - T - B) * i / 5
            out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eee"/>' % (L, W - R, y, y))
            out.append('<text x="%d" y="%.1f" font-size="11" text-anchor="end">%d</text>' % (L - 4, y + 4, yv))
        for i in range(7):
            xv = xmax * i / 6
            x = L + (W - L - R) * i / 6
            out.append('<text x="%.1f" y="%d" font-size="11" text-anchor="middle">%s</text>' % (x, H - B + 15, hms(xv)))
        for n, s in enumerate(series_list):
            pts = " ".join("%.1f,%.1f" % (L + (W - L - R) * p["t"] / xmax, H - B - (H - T - B) * p[key] / ymax) for p in s.points)
            c = colors[(first_color + n) % len(colors)]
            if pts:
                out.append('<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"/>' % (c, pts))
            out.append('<rect x="%d" y="%d" width="12" height="12" fill="%s"/>' % (W - R + 12, T + 18 * n, c))
            out.append('<text x="%d" y="%d" font-size="12">%s</text>' % (W - R + 30, T + 10 + 18 * n, s.name))
        out.append('<text x="%d" y="%d" font-size="11" text-anchor="middle">elapsed (hh:mm:ss)</text>' % ((L + W - R) / 2, H - 5))
        out.append("</g>")
        return out

    body = panel(0, "cov", "Coverage (edges, libFuzzer cov:)") + panel(H, "exec_s", "Executions per second")
    if differential:
        # its own colour: the same colour as the first target would read as the same process
        body += panel(2 * H, "inputs", "Differential: inputs through the core and the implementations", [differential], 7)
        body += panel(3 * H, "disagreements", "Differential: disagreements with the core", [differential], 7)
    with open(path, "w", encoding="utf-8") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif">\n'
                % (W, (4 if differential else 2) * H))
        f.write('<rect width="100%" height="100%" fill="white"/>\n' + "\n".join(body) + "\n</svg>\n")


def write_report(run_dir, report):
    with open(os.path.join(run_dir, "report.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=2)
    r = report["run"]
    md = ["# Overnight fuzzing report", "",
          "- Started %s, ended %s (UTC); budget %s, fuzzed %s; %d job(s) per target%s." % (
              r["started"], r["ended"], hms(r["budget_seconds"]), hms(r["fuzz_seconds"]), r["jobs"],
              "; **interrupted**" if r["interrupted"] else ""),
          "- Commit %s. Plot: [progress.svg](progress.svg). Logs: `logs/`." % r["commit"], "",
          "| target | time | execs | exec/s | cov | ft | corpus before | found | merged | corpus after | crash groups (files) |",
          "|---|---|---|---|---|---|---|---|---|---|---|"]
    for t in report["targets"]:
        md.append("| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d (%d) |" % (
            t["name"], hms(t["seconds"]), t["execs"], t["exec_per_second"], t["cov"], t["ft"], t["corpus_before"],
            t["new_inputs"], t["merged"], t["corpus_after"], len([c for c in t["crashes"] if c.get("file")]), len(t["crashes"])))
    if report.get("recovered"):
        md += ["", "Recovered from an earlier interrupted run: " + ", ".join(
            "%s (%d inputs merged, %d crashes)" % (k, v["merged"], len(v["crashes"])) for k, v in report["recovered"].items())]
    crashes = [(t["name"], c) for t in report["targets"] for c in t["crashes"]] + \
              [(k, c) for k, v in report.get("recovered", {}).items() for c in v["crashes"]]
    md += ["", "## New crashes", ""]
    groups = [(name, c) for name, c in crashes if c.get("file")]
    unreproduced = {}
    for name, c in crashes:
        if not c.get("file") and not c.get("duplicate_of"):
            unreproduced.setdefault(name, []).append(c)
    if not crashes:
        md.append("None.")
    elif groups:
        md += ["One line per distinct failure (same invariant message / sanitizer summary / fatal error); "
               "`count` is the number of crash files libFuzzer saved for it.", "",
               "| target | kind | count | failure | minimized reproducer |", "|---|---|---|---|---|"]
        for name, c in groups:
            md.append("| %s | %s | %d | `%s` | `%s` (%d bytes%s) |" % (
                name, c["kind"], c.get("count", 1), c["signature"].replace("|", "\\|"), c["file"], c["size"],
                ", minimized" if c["minimized"] else ""))
        md.append("")
        for n, (name, c) in enumerate(groups, 1):
            md += ["%d. **%s**: `%s`" % (n, name, c["signature"]),
                   "   - reproduce: `%s`" % c["reproduce"]]
            if c.get("promote"):
                md.append("   - promote to a vector flagged for review: `%s`" % c["promote"])
                for note in c.get("promote_notes", []):
                    md.append("     (note: %s)" % note)
            elif c.get("promote_error"):
                md.append("   - not expressible as a vector: %s" % c["promote_error"])
    if unreproduced:
        md.append("")
    for name, cs in unreproduced.items():
        md.append("- %s: %d crash file(s) that do not reproduce alone (kept under `%s`)" % (
            name, len(cs), os.path.dirname(cs[0]["original"])))
    md += differential_section(report.get("differential"))
    cov = report.get("coverage")
    md += ["", "## Coverage of Sources/AFSerialization (corpus replay)", ""]
    if not cov:
        md.append("Not measured (--no-coverage).")
    elif cov.get("error"):
        md.append("Failed: %s" % cov["error"])
    else:
        md.append("Lines %.2f%%, functions %.2f%%, regions %.2f%%; HTML: [coverage/index.html](coverage/index.html)." % (
            cov.get("lines_percent", 0), cov.get("functions_percent", 0), cov.get("regions_percent", 0)))
        md.append("%d inputs replayed, %d profiles merged; summary: `coverage-summary.txt`, log: `%s`." % (
            cov.get("inputs", 0), cov.get("profiles", 0), cov["log"]))
        if cov.get("crashed"):
            md += ["", "Inputs that crashed the replay (skipped; only their own coverage is missing):", ""]
            md += ["- %s `%s`: %s" % (c["target"], c["file"], c["why"]) for c in cov["crashed"]]
        if cov.get("failed"):
            md += ["", "Inputs that break an invariant in the replay (%d; counted in the coverage):" % len(cov["failed"]), ""]
            md += ["- %s `%s`: %s" % (f["target"], f["file"], f["message"][:160]) for f in cov["failed"][:20]]
    md += ["", "## Next steps", "",
           "- Commit the merged corpus: `git add Corpus && git commit -m 'Corpus: overnight run %s'`." % r["started"][:10],
           "- Re-record output snapshots for the new inputs: `swift run conformance snapshot` (then commit Snapshots/)."]
    if (report.get("differential") or {}).get("new"):
        md.append("- Sort each new differential finding: its `case.json` has the request, both answers and the `send` "
                  "and `replay` commands (an implementation's bug, an AF quirk, or a class for its adapter's classes.json).")
    md.append("")
    with open(os.path.join(run_dir, "report.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(md))


def differential_section(d):
    """The differential phase: the night's and the campaign's totals, classes per implementation and
    component, the night's new findings. Nothing when the night had no --implementation."""
    if not d:
        return []
    md = ["", "## Differential fuzzing (conformance fuzz)", ""]
    if d.get("skipped"):
        return md + ["Not run: %s." % d["skipped"]]
    night, camp = d["night"], d["campaign"]
    md += ["- Implementations: %s; campaign folder `%s` (state.json, findings/); log: `%s`%s." % (
               ", ".join("`%s`" % i for i in d["implementations"]), d["out"], os.path.basename(d["log"]),
               "; **interrupted** (the round under way is not saved)" if d.get("interrupted") else ""),
           "- This night: %d inputs (%d runs) in %s (budget %s), %d inputs/s while evaluating (%s of %s; the rest "
           "is minimizing and the corpus replay), %d disagreements, %d new class(es)." % (
               night["inputs"], night["runs"], hms(d["seconds"]), hms(d["budget_seconds"]), night["inputs_per_second"],
               hms(night["evaluation_seconds"]), hms(night["seconds"]), night["disagreements"], len(d["new"])),
           "- Campaign so far: %d inputs in %s, %d inputs/s while evaluating, %d disagreements in %d class(es)." % (
               camp["inputs"], hms(camp["seconds"]), camp["inputs_per_second"], camp["disagreements"],
               sum(r["classes"] for r in d["classes"]))]
    if d.get("error"):
        md.append("- **Failed**: %s" % d["error"])
    if d["classes"]:
        md += ["", "| implementation | component | classes | disagreements (campaign) | this night | new classes |",
               "|---|---|---|---|---|---|"]
        md += ["| %s | %s | %d | %d | %d | %d |" % (r["implementation"], r["component"], r["classes"], r["disagreements"],
                                                   r["night_disagreements"], r["new"]) for r in d["classes"]]
    md += ["", "### New findings", ""]
    if not d["new"]:
        md.append("None: every disagreement was of a known class.")
    for n, f in enumerate(d["new"], 1):
        md += ["%d. **%s** %s (%s, %s): `%s`" % (n, f["implementation"], f["component"], f["target"], f["profile"],
                                                 f["signature"].replace("`", "'")),
               "   - %d bytes (minimized from %d); case: `%s` (case.json: request, both answers, `send` and `replay` "
               "commands)" % (f["size"], f["original_size"], f["case"])]
    return md
