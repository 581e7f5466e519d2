"""Vectors/query-string/spec-examples.json: the examples and rules written out in SPEC §2 (expected by oracles/s2)."""
from ...oracles.s2_query_string import Dbl, Set, options, query, to_json
from ...vectorfile import VectorFile
from ._shared import verdict


def build():
    f = VectorFile("query-string", "spec-examples", "The examples and rules written out in SPEC §2",
                   ["SPEC§2.2", "SPEC§2.5"], verdict=verdict)

    def add(comment, params, refs, array_style="brackets", bool_style="numeric", with_pairs=True, profiles=None):
        text, pairs = query(params, array_style, bool_style)
        exp = {"text": text, "pairs": pairs} if with_pairs else {"text": text}
        f.add(comment + "; expected per SPEC §2 (escaping: urllib quote safe='/?')",
              {"parameters": to_json(params)}, exp, options=options(array_style, bool_style), refs=refs, profiles=profiles)

    add("SPEC §2.5 example: brackets are added before escaping", {"foo": "bar", "baz": [1, 2, 3]}, ["RFC3986#2.2"])
    add("SPEC §2.3 sort example: 10 < 9 < B < _ < a < ab < b",
        {"b": 1, "ab": 2, "_": 3, "9": 4, "a": 5, "B": 6, "10": 7}, ["SPEC§2.3"])
    add("null value: the escaped field alone, no '='", {"a": None}, ["SPEC§2.5"])
    add("null among other values", {"b": 1, "a": None, "c": "x"}, ["SPEC§2.5"])
    add("nested dictionaries use parent[key]", {"a": {"b": {"c": 1}}}, ["SPEC§2.2"])
    add("a set repeats the same field, elements sorted by description", {"s": Set(["b", "a", "c"])}, ["SPEC§2.2", "SPEC§2.3"])
    add("a set of integers sorts by description (10 < 9)", {"s": Set([9, 10, 1])}, ["SPEC§2.3"])
    add("a set inside an array keeps the array field", {"a": [Set(["y", "x"])]}, ["SPEC§2.2"])
    add("empty dictionary gives no pairs", {}, ["SPEC§2.2"])
    add("empty nested dictionary and array give no pairs", {"a": {}, "b": [], "c": 1}, ["SPEC§2.2"])
    add("array of dictionaries", {"a": [{"x": 1}, {"y": 2}]}, ["SPEC§2.2"])
    add("dictionary inside an array inside a dictionary", {"a": {"b": [{"c": [1, 2]}]}}, ["SPEC§2.2"])
    add("bool numeric style (default): 1/0", {"t": True, "f": False}, ["SPEC§2.3", "SPEC§2.4"])
    add("bool literal style: true/false", {"t": True, "f": False}, ["SPEC§2.4"], bool_style="literal")
    add("array noBrackets style", {"a": [1, 2]}, ["SPEC§2.4"], array_style="noBrackets")
    add("array indexInBrackets style", {"a": ["x", "y", "z"]}, ["SPEC§2.4"], array_style="indexInBrackets")
    add("nested arrays, indexInBrackets", {"a": [[1, 2], [3]]}, ["SPEC§2.4"], array_style="indexInBrackets")
    add("nested arrays, brackets", {"a": [[1, 2], [3]]}, ["SPEC§2.4"])
    for x, what in [(1.0, "1.0 → 1"), (0.1, "0.1 → 0.1"), (1e100, "1e100 → 1e+100"), (1e-6, "1e-6 → 1e-06"),
                    (-0.0, "-0.0 → -0"), (float("nan"), "NaN → nan"), (float("inf"), "∞ → inf"),
                    (float("-inf"), "-∞ → -inf"), (1.5, "1.5"), (123456789012345.0, "15 digits"),
                    (0.30000000000000004, "0.1+0.2 at %.16g → 0.3"), (1e16, "1e16 → 1e+16"), (2.5e-300, "tiny")]:
        add("double description " + what + " (C %.16g, Darwin NSNumber)", {"d": Dbl(x)}, ["SPEC§2.3"])
    add("integers: negative, zero, Int64 extremes", {"a": -1, "b": 0, "c": 9223372036854775807, "d": -9223372036854775808},
        ["SPEC§2.3"])
    add("keys are escaped like values", {"a b": "c d", "é": "ü", "k&=": "v&="}, ["SPEC§1.2", "RFC3986#2.5"])
    add("values keep / and ? (SPEC §1.1, RFC 3986 §3.4)", {"url": "http://h/p?q=1"}, ["RFC3986#3.4"])
    add("sort is case-sensitive, no locale", {"b": 1, "B": 2, "a": 3, "A": 4}, ["SPEC§2.3"])
    return f
