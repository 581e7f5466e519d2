"""Vectors/query-string/descriptions.json: leaf descriptions, C %.16g for doubles, integers, bools (SPEC §2.3, §2.4)."""
from ...oracles.s2_query_string import Dbl, Set, options, query, to_json
from ...vectorfile import VectorFile
from ._shared import verdict


def build():
    f = VectorFile("query-string", "descriptions",
                   "Leaf descriptions: C %.16g for doubles (both paths of the writer), integers, bools in both styles (SPEC §2.3, §2.4)",
                   ["SPEC§2.3"], verdict=verdict)

    def add(comment, params, bool_style="numeric", array_style="brackets"):
        text, pairs = query(params, array_style, bool_style)
        f.add(comment + "; expected by Python '%.16g' % x (C printf) and urllib quote",
              {"parameters": to_json(params)}, {"text": text, "pairs": pairs}, options=options(array_style, bool_style))

    for x in [5e-324, 1e-320, 1.7976931348623157e308, -1.7976931348623157e308, 123456789012345678.0, -1e16, -5.0,
              999999999999999.0, -999999999999999.0, 1e15, -1e15, 1e-5, 0.0001, 0.001, 2.0 ** 53 + 2, 0.5, 1e-7, -123.456,
              1e21, 4.35, 1234567890123456.7, 9.999999999999999e22, 0.1 + 0.7, 100.0, 1e300 * 10, 2.0 ** 63, -(2.0 ** 63)]:
        add("double %r → %s" % (x, "%.16g" % x), {"d": Dbl(x)})
    add("doubles inside an array keep their order, each described", {"a": [Dbl(1.0), Dbl(-0.0), Dbl(0.25), Dbl(1e100)]})
    add("a set of doubles sorts by description: -0 < 10 < 1e+100 < 2", {"s": Set([Dbl(1e100), Dbl(2.0), Dbl(10.0), Dbl(-0.0)])})
    add("a set of doubles incl. nan/inf/-inf sorts by description", {"s": Set([Dbl(float("nan")), Dbl(float("inf")), Dbl(float("-inf")), Dbl(1.5)])})
    add("integers at the Int64 edges inside a set sort by description (- before digits)",
        {"s": Set([9223372036854775807, -9223372036854775808, 0, -1, 10])})
    add("bools in numeric style inside an array and a set", {"a": [True, False], "s": Set([True, False])})
    add("bools in literal style inside an array and a nested dictionary", {"a": [True, False], "d": {"t": True}}, bool_style="literal")
    add("bool literal style leaves integers 1 and 0 alone", {"i": [1, 0], "b": [True, False]}, bool_style="literal")
    return f
