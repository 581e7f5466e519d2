"""Vectors/query-string/generated.json: seeded random parameter trees (seed 5) flattened by the SPEC §2 reference (oracles/s2)."""
import random

from ...oracles.s2_query_string import Dbl, Set, options, query, to_json
from ...vectorfile import VectorFile
from ._shared import verdict

KEYS = ["a", "b", "c", "id", "name", "Z", "_x", "10", "9", "key with space", "k&v", "ü", "日本", "a[b]", "x=y", "/", "?", "~", "%"]

STRS = ["", "v", "hello world", "a&b=c", "100%", "é", "日本語", "👴🏻", "/?", "~-._", "line\nbreak", "+plus+", "#frag", "[x]"]

DBLS = [1.0, 0.5, -2.25, 1e100, 1e-6, -0.0, 3.141592653589793, 1e21, 123.456, 2.0 ** 53]


def random_tree(rng, depth):
    r = rng.random()
    if depth <= 0 or r < 0.45:
        kind = rng.choice(["s", "s", "i", "d", "b", "n"])
        if kind == "s":
            return rng.choice(STRS)
        if kind == "i":
            return rng.choice([0, 1, -1, 42, 10, 9, 2 ** 31, -(2 ** 40)])
        if kind == "d":
            return Dbl(rng.choice(DBLS))
        if kind == "b":
            return rng.random() < 0.5
        return None
    if r < 0.7:
        return {k: random_tree(rng, depth - 1) for k in rng.sample(KEYS, rng.randint(0, 4))}
    if r < 0.9:
        return [random_tree(rng, depth - 1) for _ in range(rng.randint(0, 3))]
    # Sets of unique string descriptions keep the expected order unambiguous.
    return Set(rng.sample(STRS[1:], rng.randint(1, 4)))


def build():
    f = VectorFile("query-string", "generated",
                   "Seeded random parameter trees (seed 5) flattened by the SPEC §2 reference in Tools/vectorgen/oracles/s2_query_string.py",
                   ["SPEC§2.1", "SPEC§2.2", "SPEC§2.3", "SPEC§2.5"], verdict=verdict)
    rng = random.Random(5)
    styles = [("brackets", "numeric"), ("brackets", "numeric"), ("noBrackets", "numeric"),
              ("indexInBrackets", "numeric"), ("brackets", "literal")]
    for i in range(150):
        params = {k: random_tree(rng, 3) for k in rng.sample(KEYS, rng.randint(1, 5))}
        a, b = styles[i % len(styles)]
        text, _ = query(params, a, b)
        f.add("random tree %d (%s, %s); expected by the SPEC §2 reference + urllib quote" % (i, a, b),
              {"parameters": to_json(params)}, {"text": text}, options=options(a, b),
              refs=["SPEC§2.4"] if (a, b) != ("brackets", "numeric") else None)
    return f
