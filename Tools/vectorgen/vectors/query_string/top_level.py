"""Vectors/query-string/top-level.json: top-level arrays and scalars, AF's quirks, rejected in strict (SPEC §2.6).

af3/af4: every top-level value flattens as AF's recursion with a nil key does, expected from SPEC §2.6 with
§2.2/§2.3/§2.5. strict: a typed error whose context names the value's type by its SPEC §2.1 value-model name
(decision).

The topics below are grouped by profile: af3/af4, then strict. Ids are numbered in the order the vectors are added and
never change (vectorfile.py), so build() calls the topics in id order.
"""
from ...levels import af as af_row, decision
from ...oracles.s2_query_string import Data, Dbl, Set, to_json
from ...vectorfile import CORE, VectorFile
from ._shared import verdict

# AF starts its recursion with a nil key (audit rows 2.6/*); strict's errors are SPEC §2.6's (the file's verdict).
ARRAY, SCALAR = af_row("2.6/top-level-array-null-key"), af_row("2.6/top-level-scalar-empty-field")


def build():
    f = VectorFile("query-string", "top-level", "Top-level arrays and scalars: AF's quirks, rejected in strict (SPEC §2.6)",
                   ["SPEC§2.6"], verdict=verdict)
    af_arrays_and_scalars(f)
    strict_rejects(f)
    af_other_values(f)
    strict_rejects_other_values(f)
    strict_error_context(f)
    af_data(f)
    return f


# SPEC §2.6 af3/af4: a top-level array flattens under (null)[], a scalar gives "=value" (AF's nil key).

def af_arrays_and_scalars(f):
    af = ["af3", "af4"]
    f.add("top-level array flattens under (null)[] (SPEC §2.6)", {"parameters": [1, 2]},
          {"text": "%28null%29%5B%5D=1&%28null%29%5B%5D=2"}, profiles=af, verdict=ARRAY)
    f.add("top-level scalar string gives =s (SPEC §2.6 example)", {"parameters": "s"}, {"text": "=s"}, profiles=af, verdict=SCALAR)
    f.add("top-level integer gives =7 (SPEC §2.6)", {"parameters": 7}, {"text": "=7"}, profiles=af, verdict=SCALAR)
    f.add("top-level scalar with escapable text", {"parameters": "a b&c"}, {"text": "=a%20b%26c"}, profiles=af, verdict=SCALAR)


def af_other_values(f):
    """The other scalars and nested top-level arrays."""
    af = ["af3", "af4"]
    for p, text, pairs, what in [
            (None, "", [["", None]], "null: the (empty) escaped field alone, no '=' (§2.5)"),
            (1.5, "=1.5", [["", "1.5"]], "double: %.16g description"),
            (True, "=1", [["", "1"]], "bool: 1"),
            (-9223372036854775808, "=-9223372036854775808", [["", "-9223372036854775808"]], "Int64 min"),
            ([[1, 2], [3]], "%28null%29%5B%5D%5B%5D=1&%28null%29%5B%5D%5B%5D=2&%28null%29%5B%5D%5B%5D=3",
             [["(null)[][]", "1"], ["(null)[][]", "2"], ["(null)[][]", "3"]], "nested array: (null)[][]"),
            ([{"k": "v"}, None], "%28null%29%5B%5D%5Bk%5D=v&%28null%29%5B%5D",
             [["(null)[][k]", "v"], ["(null)[]", None]], "array of a dictionary and null"),
            ([], "", [], "empty array: no pairs")]:
        f.add("top-level %s (SPEC §2.6 + §2.2/§2.5, af profiles)" % what, {"parameters": to_json(p if not isinstance(p, float) else Dbl(p))},
              {"text": text, "pairs": pairs}, profiles=af,
              verdict=decision("SPEC§2.3") if isinstance(p, float) else ARRAY if isinstance(p, list) else SCALAR)


def af_data(f):
    af = ["af3", "af4"]
    f.add("af: a top-level data value flattens to (\"\", data) and the encoder rejects it: dataInQueryString, field \"\" (SPEC §2.6, §2.7)",
          {"parameters": {"$data": "0001"}},
          {"error": {"domain": CORE, "kind": "dataInQueryString", "context": {"field": "", "length": "2"}}}, profiles=af)


# SPEC §2.6 strict: anything but a dictionary at the top level is topLevelNotDictionary, its context naming the
# value's type with the SPEC §2.1 value-model name (decision).

def strict_rejects(f):
    for p, what in [([1, 2], "array"), ("s", "string"), (7, "integer"), (True, "bool")]:
        f.add("strict rejects a top-level %s with a typed error (SPEC §2.6)" % what, {"parameters": p},
              {"error": {"domain": CORE}}, profiles=["strict"])


def strict_rejects_other_values(f):
    for p, what in [(None, "null"), (1.5, "double"), ([], "empty array")]:
        f.add("strict rejects a top-level %s with a typed error (SPEC §2.6)" % what, {"parameters": to_json(p if not isinstance(p, float) else Dbl(p))},
              {"error": {"domain": CORE}}, profiles=["strict"])


def strict_error_context(f):
    for p, name in [("s", "string"), (7, "integer"), (Dbl(1.5), "double"), (True, "bool"), (None, "null"),
                    ([1], "array"), (Set(["a"]), "set"), (Data(b"\x01"), "data")]:
        f.add("strict rejects a top-level %s: kind topLevelNotDictionary, context type %r (SPEC §2.6; name from §2.1)" % (name, name),
              {"parameters": to_json(p)},
              {"error": {"domain": CORE, "kind": "topLevelNotDictionary", "context": {"type": name}}}, profiles=["strict"])
