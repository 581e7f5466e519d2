"""Compile-error pruning for the mutant schemata (docs/mutation/README.md, "Per mutant, not per
function"): which mutants a round of compiler diagnostics takes out of the build. Pure functions over
the sites afs-mutate lists; build.build_world runs the rounds. The pruned list's fingerprint hashes
this file: a change to the rules re-prunes once."""
import os
import re

from afstools import ROOT
# Where afs-mutate writes the switched sources, relative to ROOT (compiler errors name files there).
SCHEMATA = ".build-mutants/schemata/AFSerialization"


HELPER_RE = re.compile(r"global function '(__afs\w+)'")
TYPE_ERROR_RE = re.compile(r"binary operator|cannot convert|cannot be applied|no exact matches|ambiguous|requires that")


def helper_sites(live, helper, line):
    """The live sites whose schemata call is `helper` (afs-mutate writes each site's helper into
    sites.json) and whose span holds `line`, smallest first. A binary site's line is its operator's;
    when the operator starts a continuation line the call begins on the line above, hence the slack."""
    cands = [s for s in live if s.get("helper") == helper and s["line"] - 1 <= line <= s["end_line"]]
    if not cands:
        return []
    smallest = min(s["end_line"] - s["line"] for s in cands)
    return [s for s in cands if s["end_line"] - s["line"] == smallest]


def prune(errors, sites, pruned):
    """Drops the mutants that the compiler errors point at: per mutant (one helper call), not per
    line or function. A diagnostic that names a helper drops only that helper's call on the line;
    other errors on a line already answered this round are taken as its cascade (the next round
    shows whether they remain). Every site is judged against the round's starting set, so the
    same diagnostic reported twice (the emit-module and compile jobs both print it) maps to the
    same mutants instead of falling through to "drop the enclosing declaration"."""
    schem = os.path.join(ROOT, SCHEMATA) + "/"
    by_group = {}
    for s in sites:
        by_group.setdefault(s["group"], []).append(s)
    newly = 0
    before = set(pruned)

    def drop(group_sites, why):
        nonlocal newly
        for s in group_sites:
            if s["key"] not in pruned:
                pruned[s["key"]] = why
                newly += 1

    parsed = []
    for path, line, col, msg in dict.fromkeys(errors):  # the same diagnostic printed twice is one
        path = os.path.realpath(path)
        if not path.startswith(os.path.realpath(schem)):
            continue
        parsed.append((os.path.relpath(path, os.path.realpath(schem)), int(line), msg))
    # Diagnostics that name a helper first: they say exactly which call failed.
    parsed.sort(key=lambda e: 0 if HELPER_RE.search(e[2]) else 1)
    answered = set()  # (file, line) that a helper diagnostic settled this round
    for rel, line, msg in parsed:
        live = [s for s in sites if s["file"] == rel and s["key"] not in before]
        m = HELPER_RE.search(msg)
        hit = helper_sites(live, m.group(1), line) if m else []
        if hit:
            answered.add((rel, line))
            for g in {s["group"] for s in hit}:
                drop(by_group[g], f"{rel}:{line}: {msg}"[:300])
            continue
        if (rel, line) in answered or (rel, line - 1) in answered or (rel, line + 1) in answered:
            continue  # a cascade of a helper call dropped this round; the next round tells
        hit = [s for s in live if s["line"] == line]
        if TYPE_ERROR_RE.search(msg):
            # A type error that names no helper, on a line with arithmetic or a range: the helper
            # call changed the operands' types (`s += "." + x` → "'+=' cannot be applied to String
            # and String.Stride"). Those sites first; if the error stays, the next round takes the rest.
            typed = [s for s in hit if s["operator"].startswith(("arith", "range"))]
            if typed:
                hit = typed
                msg = "type error on a line with arithmetic (its helper first): " + msg
        enclosing = [s for s in live if s["decl_lines"][0] <= line <= s["decl_lines"][1]]
        if re.search(r"used before being initialized|without initializing all stored|before all stored properties|must be completely initialized", msg):
            # Definite initialization: reported at a use, caused by a deleted assignment in the same declaration.
            di = [s for s in enclosing if s["operator"] == "delete statement" and " = " in s["original"]]
            if di:
                hit = di
                msg = "definite initialization (deleted assignment): " + msg
        elif msg.startswith("missing return"):
            mr = [s for s in enclosing if s["original"] == "true" or s["original"].startswith("true")]
            if mr:
                hit = mr
                msg = "a `true` loop condition mutated: " + msg
        if not hit:
            spans = [s for s in live if s["line"] <= line <= s["end_line"]]
            if spans:
                smallest = min(s["end_line"] - s["line"] for s in spans)
                hit = [s for s in spans if s["end_line"] - s["line"] == smallest]
        if not hit:
            near = [s for s in live if abs(s["line"] - line) <= 1]
            if near:
                hit = near
                msg = "error on a nearby line: " + msg
        if not hit:
            # Unmappable: drop the sites of the innermost declaration around the line.
            around = [s for s in live if s["decl_lines"][0] <= line <= s["decl_lines"][1]]
            if around:
                smallest = min(s["decl_lines"][1] - s["decl_lines"][0] for s in around)
                hit = [s for s in around if s["decl_lines"][1] - s["decl_lines"][0] == smallest]
            msg = "unmapped error; dropped the enclosing declaration: " + msg
        groups = {s["group"] for s in hit}
        for g in groups:
            drop(by_group[g], f"{rel}:{line}: {msg}"[:300])
    return newly
