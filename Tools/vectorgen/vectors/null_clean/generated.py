"""Vectors/null-clean/generated.json: seeded random JSON trees (seed 64) cleaned by the SPEC §6.4 rule (oracles/s6_4), and the depth limit (SPEC §8)."""
import random

from ...levels import decision
from ...oracles.s6_4_json import clean
from ...vectorfile import VectorFile
from ._shared import cleaning_row


def random_json(rng, depth):
    r = rng.random()
    if depth == 0 or r < 0.4:
        return rng.choice([None, None, 1, "s", True, False, 0, "", -7])
    if r < 0.7:
        return {k: random_json(rng, depth - 1) for k in rng.sample(["a", "b", "c", "d", "e", "null", "x y"], rng.randint(0, 4))}
    return [random_json(rng, depth - 1) for _ in range(rng.randint(0, 4))]


def build():
    g = VectorFile("null-clean", "generated", "Seeded random JSON trees (seed 64) cleaned by the SPEC §6.4 transcription in oracles/s6_4_json.clean",
                   ["SPEC§6.4"], verdict=decision("SPEC§8"))  # the default: the depth limit
    rng = random.Random(64)
    for i in range(30):
        v = random_json(rng, 4)
        for profiles in (["af3"], ["af4", "strict"]):
            g.add("random tree %d (%s)" % (i, "/".join(profiles)), {"json": v}, {"json": clean(v, profiles[0])}, profiles=profiles,
                  verdict=cleaning_row(v, profiles))
    deep = None
    for _ in range(600):
        deep = {"k": deep}
    g.add("600 nested objects: iterative or limited, never a stack overflow → nestingTooDeep (SPEC §8)", {"json": deep},
          {"error": {"domain": "AFSerialization", "kind": "nestingTooDeep"}}, refs=["SPEC§8"])
    # The depth boundary: SPEC §8 default 512 nested containers, the same boundary Foundation's JSONSerialization
    # enforces when parsing (512 accepted, 513 rejected; recorded in FOUNDATION_DIALECT).
    for n, kind in [(512, None), (513, "nestingTooDeep")]:
        arr = [None, 1]
        for _ in range(n - 1):
            arr = [arr, None]
        obj = {"a": None, "b": 1}
        for _ in range(n - 1):
            obj = {"k": obj, "z": None}
        for what, v in [("arrays", arr), ("objects", obj)]:
            for profiles in (["af3"], ["af4", "strict"]):
                if kind:
                    g.add("%d nested %s: one over the default depth 512 → nestingTooDeep (SPEC §8)" % (n, what), {"json": v},
                          {"error": {"domain": "AFSerialization", "kind": kind}}, profiles=profiles, refs=["SPEC§8"])
                else:
                    g.add("%d nested %s: exactly the default depth 512 → cleaned by the SPEC §6.4 rule (%s)" % (n, what, "/".join(profiles)),
                          {"json": v}, {"json": clean(v, profiles[0])}, profiles=profiles, refs=["SPEC§8"])
    return g
