#!/usr/bin/env python3
"""docs/af-audit.md, the AFNetworking source audit as a table, generated from Vectors/af-audit.json.

    python3 scripts/af_audit.py --write   # rewrite docs/af-audit.md
    python3 scripts/af_audit.py --check   # exit 1 when it is stale, or the data breaks a rule

The data file is the one home of the audit: each SPEC rule that claims AFNetworking behaviour, the
lines of AF's source that decide it at 3.2.1 and 4.0.1, and the verdict (`agrees`, `deviation`,
`af-silent`). `af` vectors cite those lines (VECTORS.md §1.3). Rules checked here: ids unique, every
row's SPEC section exists, every row has lines at some tag, no verdict `disagrees` (a claim SPEC makes
about AF that AF's source refutes must be fixed in SPEC, not recorded).
"""
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Vectors", "af-audit.json")
OUT = os.path.join(ROOT, "docs", "af-audit.md")
VERDICTS = {"agrees", "deviation", "af-silent"}


def spec_sections():
    out = set()
    for line in open(os.path.join(ROOT, "SPEC.md"), encoding="utf-8"):
        m = re.match(r"#{2,3} (\d+(?:\.\d+)*)", line)
        if m:
            out.add(m.group(1))
    return out


def problems(doc):
    sections, seen, out = spec_sections(), set(), []
    for r in doc["rows"]:
        if r["id"] in seen:
            out.append("%s: duplicate id" % r["id"])
        seen.add(r["id"])
        if r["spec"].replace("SPEC§", "") not in sections:
            out.append("%s: SPEC.md has no section %s" % (r["id"], r["spec"]))
        if r["verdict"] not in VERDICTS:
            out.append("%s: verdict %r (expected %s; a refuted claim is fixed in SPEC)" % (r["id"], r["verdict"], ", ".join(sorted(VERDICTS))))
        if not any(r["af"].values()):
            out.append("%s: no lines at any tag" % r["id"])
    return out


def link(doc, tag, where):
    """`File.m#L1-L2,L9` (several files space-separated) → Markdown links to the tagged commit."""
    if not where:
        return "—"
    base = "%s/blob/%s/AFNetworking/" % (doc["repository"], doc["tags"][tag])
    parts = []
    for place in where.split():
        name, _, ranges = place.partition("#")
        for r in ranges.split(","):
            parts.append("[%s %s](%s%s#%s)" % (name.replace("AFURL", "").replace("Serialization.m", ""), r, base, name, r))
    return "<br>".join(parts)


def cell(s):
    return s.replace("|", "\\|").replace("\n", " ")


def render(doc):
    rows = doc["rows"]
    counts = {v: sum(1 for r in rows if r["verdict"] == v) for v in sorted(VERDICTS)}
    out = ["# AFNetworking source audit", "",
           "Generated from `Vectors/af-audit.json` by `python3 scripts/af_audit.py --write` (CI checks it); edit the",
           "data, not this page. Each row is a SPEC rule that claims AFNetworking behaviour, the lines of AF's own source",
           "that decide it at 3.2.1 (`af3`) and 4.0.1 (`af4`), and the verdict: **agrees** (AF does what SPEC says, so",
           "vectors may cite it at level `af`), **deviation** (SPEC knowingly differs, and says what AF does), **af-silent**",
           "(AF leaves it to the platform or to chance, so SPEC decides). Read from %s at the tagged commits; AF's code" % doc["repository"],
           "is cited, never copied.", "",
           "Rows: %d — %s." % (len(rows), ", ".join("%d %s" % (n, v) for v, n in counts.items())), "",
           "| row | SPEC | claim | AF 3.2.1 | AF 4.0.1 | verdict | what the lines do |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        out.append("| `%s` | %s | %s | %s | %s | %s | %s |" % (
            r["id"], r["spec"].replace("SPEC§", "§"), cell(r["claim"]), link(doc, "3.2.1", r["af"].get("3.2.1")),
            link(doc, "4.0.1", r["af"].get("4.0.1")), r["verdict"], cell(r["note"])))
    return "\n".join(out) + "\n"


def main(argv):
    doc = json.load(open(DATA, encoding="utf-8"))
    bad = problems(doc)
    for p in bad:
        print("af_audit: " + p)
    text = render(doc)
    if "--write" in argv:
        with open(OUT, "w", encoding="utf-8") as f:
            f.write(text)
        print("af_audit: wrote docs/af-audit.md (%d rows)" % len(doc["rows"]))
    elif "--check" in argv:
        current = open(OUT, encoding="utf-8").read() if os.path.exists(OUT) else ""
        if current != text:
            print("af_audit: docs/af-audit.md is stale: run python3 scripts/af_audit.py --write")
            return 1
        print("af_audit: docs/af-audit.md matches Vectors/af-audit.json (%d rows)" % len(doc["rows"]))
    else:
        print(__doc__)
        return 2
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
