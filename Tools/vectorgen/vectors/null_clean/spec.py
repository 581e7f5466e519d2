"""Vectors/null-clean/spec.json: removesKeysWithNullValues as SPEC §6.4 states it (the rule in oracles/s6_4)."""
from ...oracles.s6_4_json import clean
from ...vectorfile import VectorFile
from ._shared import cleaning_row


def build():
    f = VectorFile("null-clean", "spec", "removesKeysWithNullValues as SPEC §6.4 states it: af3 keeps null array elements, af4/strict drop them",
                   ["SPEC§6.4"])
    cases = [
        ({"a": None}, "{\"a\":null} → {}"), ([None], "[null]"), ({"a": [None, 1, {"b": None}]}, "nested"),
        ({"a": {"b": {"c": None, "d": 1}}}, "deep dictionary"), ([[None], [None, None]], "arrays of nulls"),
        (None, "top-level null is returned unchanged"), (1, "top-level scalar unchanged"), ("s", "top-level string unchanged"),
        ({}, "empty dictionary stays"), ([], "empty array stays"), ({"a": {}}, "emptied containers stay"),
        ({"a": 0, "b": False, "c": "", "d": None}, "only null is removed, not falsy values"),
        ([{"a": None}, None, [None, {"b": [None]}]], "mixed nesting"),
    ]
    for v, what in cases:
        for profiles in (["af3"], ["af4", "strict"]):
            p = profiles[0]
            f.add("%s (%s) by the SPEC §6.4 rule" % (what, "/".join(profiles)), {"json": v}, {"json": clean(v, p)}, profiles=profiles,
                  verdict=cleaning_row(v, profiles, top_level=v in ({}, [], {"a": {}})))
    return f
