#!/usr/bin/env python3
"""The README's module graph, generated from Package.swift, and the layering rule it must show.

    python3 scripts/module_graph.py --write   # put the graph (Mermaid) in README.md
    python3 scripts/module_graph.py --check   # exit 1 when the README's graph is stale or a rule breaks

Reads `swift package describe --type json` with AFS_FUZZ=1 and AFS_MUTANTS=1, so the fuzz executables
and the mutation fork server (declared only in those builds) are drawn too. The rule ("no arrow
back"): the runner library (AFConformance), the wire format and the corpus format reach no
fuzz code; the fuzz bodies reach no runner; only the fuzz executables (the libFuzzer targets, their
oracles, afs-fuzz-replay, afs-oracle-host) and their tests reach the fuzz bodies. The block sits between `<!-- BEGIN GENERATED: module-graph` and `<!-- END GENERATED:
module-graph -->`.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
BEGIN = "<!-- BEGIN GENERATED: module-graph"
END = "<!-- END GENERATED: module-graph -->"
FUZZ = "AFFuzzBodies"
# Modules that may depend on the fuzz bodies (directly or not): the fuzz executables (fuzz-*, the
# corpus replay afs-fuzz-replay, the oracle host afs-oracle-host), the oracles they link, and the
# tests of the bodies.
MAY_REACH_FUZZ = {"afs-fuzz-replay", "afs-oracle-host", "AFFuzzMultipartKitOracle", "AFFuzzXMLOracle", "FuzzReplayTests"}
# Must not reach each other, beyond that rule: the fuzz bodies and the runner library; the wire format
# and the corpus format (under both) and the runner.
APART = [(FUZZ, "AFConformance"), ("AFVectorFormat", "AFConformance"), ("AFCorpusFormat", "AFConformance")]


def targets():
    # AFS_MUTANTS names the schemata directory; the core's own sources stand in for it here.
    env = {**os.environ, "AFS_FUZZ": "1", "AFS_FUZZ_KIT": "1", "AFS_MUTANTS": "Sources/AFSerialization"}
    # --manifest-cache none: Package.swift reads scripts/fuzz/targets.json, which the cache does not track.
    r = subprocess.run(["swift", "package", "--manifest-cache", "none", "describe", "--type", "json"], cwd=ROOT, env=env,
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("module_graph: swift package describe failed:\n" + r.stderr[-2000:])
    text = r.stdout[r.stdout.index("{"):]  # SwiftPM may print notes first
    return {t["name"]: t for t in json.loads(text)["targets"]}


def reach(graph, start):
    seen, stack = set(), [start]
    while stack:
        for d in graph.get(stack.pop(), []):
            if d not in seen:
                seen.add(d)
                stack.append(d)
    return seen


def rule_breaks(graph):
    out = []
    for a, b in APART:
        if b in reach(graph, a):
            out.append(f"{a} reaches {b}")
    for name in graph:
        if name.startswith("fuzz-") or name in MAY_REACH_FUZZ or name == FUZZ:
            continue
        if FUZZ in reach(graph, name):
            out.append(f"{name} reaches {FUZZ} (only {', '.join(sorted(MAY_REACH_FUZZ))} and the fuzz executables may)")
    return out


def mermaid(ts):
    graph = {n: t.get("target_dependencies", []) for n, t in ts.items()}
    fuzz_exes = sorted(n for n in ts if n.startswith("fuzz-") and n != "fuzz-canary")
    lines = ["```mermaid", "graph BT"]
    node = lambda n: n.replace("-", "_")
    shown = [n for n in sorted(ts) if not n.startswith("fuzz-") and n not in ("AFFuzzDriver", "CLibFuzzer")]
    for n in shown:
        kind = ts[n]["type"]
        shape = {"executable": f'{node(n)}[["{n}"]]', "test": f'{node(n)}(["{n}"])'}.get(kind, f'{node(n)}["{n}"]')
        lines.append("  " + shape)
    lines.append(f'  fuzz_targets[["fuzz-* ({len(fuzz_exes)} + canary)"]]')
    for n in shown:
        for d in sorted(graph[n]):
            lines.append(f"  {node(n)} --> {node(d)}")
    deps = sorted({d for n in ts if n.startswith("fuzz-") for d in graph[n] if d not in ("AFFuzzDriver",)})
    for d in deps:
        lines.append(f"  fuzz_targets --> {node(d)}")
    lines.append("```")
    return "\n".join(lines) + "\n", graph


def split(text):
    b, e = text.find(BEGIN), text.find(END)
    if b < 0 or e < b:
        sys.exit(f"module_graph: README.md has no {BEGIN} … {END} block")
    start = text.index("\n", b) + 1
    return text[:start], text[start:e], text[e:]


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("--check", "--write"):
        sys.exit("usage: module_graph.py --check | --write")
    block, graph = mermaid(targets())
    breaks = rule_breaks(graph)
    if breaks:
        sys.exit("module_graph: the layering rule is broken: " + "; ".join(breaks))
    with open(README, encoding="utf-8") as f:
        before, old, after = split(f.read())
    if sys.argv[1] == "--write":
        with open(README, "w", encoding="utf-8") as f:
            f.write(before + block + after)
        print("module_graph: README.md's module graph rewritten")
    elif old != block:
        sys.exit("module_graph: README.md's module graph is stale; run python3 scripts/module_graph.py --write")
    else:
        print(f"module_graph: README.md's graph matches Package.swift ({len(graph)} targets; no arrow back)")


if __name__ == "__main__":
    main()
