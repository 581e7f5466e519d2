"""Incremental analysis: a mutant whose function and covering units did not change since an earlier
run keeps that run's verdict (docs/mutation/README.md, "Incremental analysis").

A mutant's basis, recorded in report.json for every mutant a run judged:
- `function`: the hash of its enclosing declaration's text (afs-mutate's `decl_lines`);
- per layer it went through, the hash of the units that reach it (the coverage map's choice, every
  unit when its code is unmapped) together with what each unit reads:
  - vectors and asan: the unit's vector file and `Vectors/expected-failures.json`;
  - tests: the suite's test module (`Tests/<Module>/`), the shared `Tests/TestSupport/` and
    `Tests/Fixtures/`, and the data tests read (`Corpus/`, `Vectors/`);
  - fuzz: none; a random search is never reused.
A verdict is reused when the earlier run had the same layers, the key matches, and the function and
every layer the mutant went through (up to the one that killed it, or all) have the same basis."""
import hashlib
import os

from afstools import ROOT, files_digest, load_json, proc
from afstools.mutation.sites import CORE, norm_key

REUSABLE = ("vectors", "asan", "tests")
TEST_SHARED = ("Tests/TestSupport", "Tests/Fixtures", "Corpus", "Vectors")


def digest(parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode() if isinstance(p, str) else p)
        h.update(b"\0")
    return h.hexdigest()[:16]


class Basis:
    """Hashes of functions and units, each file and folder digested once."""

    def __init__(self, root=ROOT):
        self.root, self.digests, self.lines = root, {}, {}

    def files(self, rel):
        """The digest of a file or a folder (files_digest); a missing one digests to nothing."""
        if rel not in self.digests:
            self.digests[rel] = files_digest([rel], root=self.root)
        return self.digests[rel]

    def function(self, site):
        """The hash of the text of the declaration that holds the site."""
        if site["file"] not in self.lines:
            with open(os.path.join(self.root, CORE, site["file"]), encoding="utf-8") as f:
                self.lines[site["file"]] = f.read().split("\n")
        first, last = site.get("decl_lines") or [site["line"], site.get("end_line", site["line"])]
        return digest([site["file"]] + self.lines[site["file"]][first - 1:last])

    def unit(self, layer, unit):
        """The hash of what one unit of `layer` reads."""
        if layer in ("vectors", "asan"):
            topic = unit.split("@")[0]
            return digest([unit, self.files(f"Vectors/{topic}.json"), self.files("Vectors/expected-failures.json")])
        module = unit.split(".")[0]
        return digest([unit, self.files(f"Tests/{module}")] + [self.files(t) for t in TEST_SHARED])

    def of(self, site, layers, units_of):
        """{"function": hash, "layers": {layer: hash or None}}; units_of(layer, site) gives the
        coverage map's units (None: every unit, `units_of(layer, None)` lists them)."""
        out = {}
        for layer in layers:
            if layer not in REUSABLE:
                out[layer] = None
                continue
            units = units_of(layer, site)
            every = units is None
            units = units_of(layer, None) if every else units
            out[layer] = digest(["every" if every else "chosen"] + [self.unit(layer, u) for u in units])
        return {"function": self.function(site), "layers": out}


def through(layers, killed_by):
    """The layers a mutant went through: up to the one that killed it, or all of them."""
    return layers[:layers.index(killed_by) + 1] if killed_by in layers else list(layers)


def reusable(old_mutant, old_layers, basis):
    """Whether an earlier run's verdict holds for a mutant whose basis is now `basis`."""
    ob = old_mutant.get("basis")
    if not ob or ob.get("function") != basis["function"]:
        return False
    for layer in through(old_layers, old_mutant.get("killed_by")):
        if basis["layers"].get(layer) is None or ob.get("layers", {}).get(layer) != basis["layers"][layer]:
            return False
    return True


def load(path, layers):
    """The earlier run's report and its mutants by key; exits when its layers differ from `layers`."""
    old = load_json(path, None)
    if old is None:
        raise SystemExit(f"--incremental: {path} is not a report.json")
    if old.get("layers") != list(layers):
        raise SystemExit(f"--incremental: {path} ran the layers {','.join(old.get('layers', []))}, this run "
                         f"{','.join(layers)}: reuse needs the same layers (pass --layers {','.join(old.get('layers', []))})")
    if not any("basis" in m for m in old.get("mutants", [])):
        raise SystemExit(f"--incremental: {path} records no basis per mutant (a run written before bases were kept): "
                         "run the analysis once without --incremental")
    proc.log(f"--incremental: reusing verdicts of {path} (commit {old.get('commit')}) where nothing they rest on changed")
    return old, {norm_key(m["key"]): m for m in old["mutants"]}
