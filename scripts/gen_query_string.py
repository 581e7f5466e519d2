#!/usr/bin/env python3
"""Generates Vectors/query-string/*.json (SPEC §2).

Oracle: SPEC §2.2–2.6 transcribed below as a small independent Python implementation (flattening,
descriptions with C printf "%.16g" for doubles, sorting by code point, which equals Swift String
order for the NFC/ASCII keys used here), with escaping by urllib.parse.quote(s, safe="/?")
(SPEC §1.1). Hand-written vectors carry the SPEC's own examples.
"""
import random
import sys
import unicodedata
import urllib.parse

from vectorlib import Raw, VectorFile, write_all

GEN = "scripts/gen_query_string.py"
CORE = "AFSerialization"


class Set:
    def __init__(self, items):
        self.items = items


class Dbl:
    def __init__(self, x):
        self.x = x


class Data:
    def __init__(self, b):
        self.b = b


def swift_order(k):
    """Swift String order (SPEC §2.3): Unicode scalar values of the NFC form; canonically equal keys
    tie-break by their UTF-8 bytes. (Checked against Swift's own `<` on this machine for the keys in
    ordering(), 2026-11-23.)"""
    return (unicodedata.normalize("NFC", k), k.encode("utf-8"))


def describe(v, bool_style="numeric"):
    if isinstance(v, bool):
        return ("1" if v else "0") if bool_style == "numeric" else ("true" if v else "false")
    if isinstance(v, int):
        return str(v)
    if isinstance(v, Dbl):
        return "%.16g" % v.x
    if isinstance(v, str):
        return v
    raise TypeError(v)


def render_key(v, bool_style="numeric"):
    """A set element's sort text, SPEC §2.3 as written: a leaf's description, null as `<null>`, data
    as `{length = n}`; an array or set as `(` + its elements' texts in input order joined by `, ` +
    `)`; a dictionary as `{` + `key = text` for its entries in key order joined by `; ` + `}`."""
    if v is None:
        return "<null>"
    if isinstance(v, Data):
        return "{length = %d}" % len(v.b)
    if isinstance(v, (list, Set)):
        return "(" + ", ".join(render_key(x, bool_style) for x in (v.items if isinstance(v, Set) else v)) + ")"
    if isinstance(v, dict):
        return "{" + "; ".join("%s = %s" % (k, render_key(v[k], bool_style)) for k in sorted(v, key=swift_order)) + "}"
    return describe(v, bool_style)


def flatten(field, v, array_style, bool_style):
    if isinstance(v, dict):
        out = []
        for k in sorted(v, key=swift_order):
            out += flatten("%s[%s]" % (field, k) if field is not None else k, v[k], array_style, bool_style)
        return out
    if isinstance(v, list):
        out = []
        for i, x in enumerate(v):
            sub = {"brackets": field + "[]", "noBrackets": field, "indexInBrackets": "%s[%d]" % (field, i)}[array_style]
            out += flatten(sub, x, array_style, bool_style)
        return out
    if isinstance(v, Set):
        out = []
        for x in sorted(v.items, key=lambda x: unicodedata.normalize("NFC", render_key(x, bool_style))):
            out += flatten(field, x, array_style, bool_style)
        return out
    if isinstance(v, Data):
        raise ValueError("data")
    if v is None:
        return [(field, None)]
    return [(field, describe(v, bool_style))]


def esc(s):
    return urllib.parse.quote(s, safe="/?")


def encode(pairs):
    return "&".join(esc(f) if v is None else esc(f) + "=" + esc(v) for f, v in pairs)


def to_json(v):
    """Parameter tree → VECTORS.md JSON (with $set/$double/$data tags)."""
    if isinstance(v, dict):
        return {k: to_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [to_json(x) for x in v]
    if isinstance(v, Set):
        return {"$set": [to_json(x) for x in v.items]}
    if isinstance(v, Dbl):
        if v.x != v.x:
            return {"$double": "nan"}
        if v.x in (float("inf"), float("-inf")):
            return {"$double": "inf" if v.x > 0 else "-inf"}
        return Raw(repr(v.x))
    if isinstance(v, Data):
        return {"$data": v.b.hex()}
    return v


def query(params, array_style="brackets", bool_style="numeric"):
    pairs = flatten(None, params, array_style, bool_style)
    return encode(pairs), [[f, v] for f, v in pairs]


def options(array_style, bool_style):
    o = {}
    if array_style != "brackets":
        o["arrayStyle"] = array_style
    if bool_style != "numeric":
        o["boolStyle"] = bool_style
    return o or None


def spec_examples():
    f = VectorFile("query-string", "spec-examples", "The examples and rules written out in SPEC §2",
                   ["SPEC§2.2", "SPEC§2.5"], GEN)

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


def canonical_equivalence():
    f = VectorFile("query-string", "key-order", "Key order: Swift String order; canonically equal keys tie-break by UTF-8 bytes (SPEC §2.3)",
                   ["SPEC§2.3"], GEN)
    # "e\u0301" and "\u00e9" compare equal as Swift Strings; bytes 65 cc 81 < c3 a9.
    for params, what in [({"\u00e9": "precomposed", "e\u0301": "decomposed"}, "precomposed key first in input"),
                         ({"e\u0301": "decomposed", "\u00e9": "precomposed"}, "decomposed key first in input")]:
        text = "e%CC%81=decomposed&%C3%A9=precomposed"
        f.add("%s: canonically equivalent keys tie-break by UTF-8 bytes (SPEC §2.3); expected written by hand" % what,
              {"parameters": params}, {"text": text})
    f.add("ASCII before non-ASCII (Swift String order = code point order here)", {"parameters": {"ä": 1, "z": 2, "Z": 3}},
          {"text": "Z=3&z=2&%C3%A4=1"})
    f.add("set elements with equal descriptions keep input order (SPEC §2.2 ties)", {"parameters": {"s": {"$set": ["1", 1]}}},
          {"text": "s=1&s=1"})
    return f


def top_level():
    f = VectorFile("query-string", "top-level", "Top-level arrays and scalars: AF's quirks, rejected in strict (SPEC §2.6)",
                   ["SPEC§2.6"], GEN)
    af = ["af3", "af4"]
    f.add("top-level array flattens under (null)[] (SPEC §2.6)", {"parameters": [1, 2]},
          {"text": "%28null%29%5B%5D=1&%28null%29%5B%5D=2"}, profiles=af)
    f.add("top-level scalar string gives =s (SPEC §2.6 example)", {"parameters": "s"}, {"text": "=s"}, profiles=af)
    f.add("top-level integer gives =7 (SPEC §2.6)", {"parameters": 7}, {"text": "=7"}, profiles=af)
    f.add("top-level scalar with escapable text", {"parameters": "a b&c"}, {"text": "=a%20b%26c"}, profiles=af)
    for p, what in [([1, 2], "array"), ("s", "string"), (7, "integer"), (True, "bool")]:
        f.add("strict rejects a top-level %s with a typed error (SPEC §2.6)" % what, {"parameters": p},
              {"error": {"domain": CORE}}, profiles=["strict"])
    # Issue 13: the other scalars and nested top-level arrays, expected from SPEC §2.6 with §2.2/§2.3/§2.5.
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
              {"text": text, "pairs": pairs}, profiles=af)
    for p, what in [(None, "null"), (1.5, "double"), ([], "empty array")]:
        f.add("strict rejects a top-level %s with a typed error (SPEC §2.6)" % what, {"parameters": to_json(p if not isinstance(p, float) else Dbl(p))},
              {"error": {"domain": CORE}}, profiles=["strict"])
    # Issue 13: the error kind, and its context naming the value's type with the SPEC §2.1 value-model
    # name (Decision: the context "type" is that name).
    for p, name in [("s", "string"), (7, "integer"), (Dbl(1.5), "double"), (True, "bool"), (None, "null"),
                    ([1], "array"), (Set(["a"]), "set"), (Data(b"\x01"), "data")]:
        f.add("strict rejects a top-level %s: kind topLevelNotDictionary, context type %r (SPEC §2.6; name from §2.1)" % (name, name),
              {"parameters": to_json(p)},
              {"error": {"domain": CORE, "kind": "topLevelNotDictionary", "context": {"type": name}}}, profiles=["strict"])
    f.add("af: a top-level data value flattens to (\"\", data) and the encoder rejects it: dataInQueryString, field \"\" (SPEC §2.6, §2.7)",
          {"parameters": {"$data": "0001"}},
          {"error": {"domain": CORE, "kind": "dataInQueryString", "context": {"field": "", "length": "2"}}}, profiles=af)
    return f


def errors():
    f = VectorFile("query-string", "errors", "Data values and nesting beyond the limit are typed errors (SPEC §2.7, §8)",
                   ["SPEC§2.7", "SPEC§8"], GEN)
    f.add("data value in a query is a typed error in every profile (SPEC §2.7 Deviation)",
          {"parameters": {"d": {"$data": "00ff"}}}, {"error": {"domain": CORE}})
    f.add("data nested in an array is a typed error", {"parameters": {"a": [1, {"$data": "41"}]}}, {"error": {"domain": CORE}})
    f.add("data inside a set is a typed error", {"parameters": {"s": {"$set": [{"$data": ""}]}}}, {"error": {"domain": CORE}})
    deep = 1
    for _ in range(600):
        deep = {"k": deep}
    f.add("600 nested dictionaries exceed the default parameter depth 512 → nestingTooDeep (SPEC §8)",
          {"parameters": deep}, {"error": {"domain": CORE, "kind": "nestingTooDeep"}})
    deep = [1]
    for _ in range(600):
        deep = [deep]
    f.add("600 nested arrays exceed the default parameter depth 512 → nestingTooDeep (SPEC §8)",
          {"parameters": {"a": deep}}, {"error": {"domain": CORE, "kind": "nestingTooDeep"}})
    ok = "leaf"
    for _ in range(100):
        ok = {"k": ok}
    text, _ = query(ok)
    f.add("100 nested dictionaries are within the limit (SPEC §8 default 512)", {"parameters": ok}, {"text": text})
    ten = "leaf"
    for _ in range(10):
        ten = [ten]
    text, _ = query({"a": ten})
    f.add("maxParameterDepth 4 rejects 10 nested arrays → nestingTooDeep (SPEC §8)", {"parameters": {"a": ten}},
          {"error": {"domain": CORE, "kind": "nestingTooDeep"}}, options={"maxParameterDepth": 4})
    f.add("maxParameterDepth 30 admits 10 nested arrays (SPEC §8)", {"parameters": {"a": ten}}, {"text": text},
          options={"maxParameterDepth": 30})
    s10 = "x"
    for _ in range(10):
        s10 = Set([s10])
    f.add("maxParameterDepth 4 rejects 10 nested sets → nestingTooDeep (SPEC §8)", {"parameters": {"s": to_json(s10)}},
          {"error": {"domain": CORE, "kind": "nestingTooDeep"}}, options={"maxParameterDepth": 4})
    # Issue 13. Error kinds with their context (Decision: dataInQueryString names the pair's field and
    # the byte count; nestingTooDeep the limit and the field of the first container that is too deep,
    # cut to its first 200 characters).
    f.add("data value: kind dataInQueryString, context field d, length 2 (SPEC §2.7)",
          {"parameters": {"d": {"$data": "00ff"}}},
          {"error": {"domain": CORE, "kind": "dataInQueryString", "context": {"field": "d", "length": "2"}}})
    f.add("data nested in an array: kind dataInQueryString, context field a[] (brackets added before escaping), length 1 (SPEC §2.7)",
          {"parameters": {"a": [1, {"$data": "41"}]}},
          {"error": {"domain": CORE, "kind": "dataInQueryString", "context": {"field": "a[]", "length": "1"}}})
    # Depth = containers on the path from the top-level value (which is depth 0): a limit of N admits
    # N nested containers and rejects N + 1 (SPEC §8 "nesting depth").
    for n, limit in [(4, 4), (5, 4), (512, None), (513, None)]:
        tree = "leaf"
        for _ in range(n - 1):
            tree = {"k": tree}
        params = {"k": tree}
        lim = limit or 512
        field = "k" + "[k]" * (n - 2)  # the field of the innermost container (depth n - 1)
        if n <= lim:
            text, _ = query(params)
            exp = {"text": text}
            what = "admitted"
        else:
            exp = {"error": {"domain": CORE, "kind": "nestingTooDeep", "context": {"limit": str(lim), "field": field[:200]}}}
            what = "rejected: nestingTooDeep, context limit %d and the too-deep container's field cut to 200 characters" % lim
        f.add("%d nested dictionaries with %s: %s (SPEC §8)" % (n, "maxParameterDepth %d" % limit if limit else "the default depth 512", what),
              {"parameters": params}, exp, options={"maxParameterDepth": limit} if limit else None)
    for n, ok in [(4, True), (5, False)]:
        tree = ["leaf"]
        for _ in range(n - 2):
            tree = [tree]
        params = {"a": tree}
        if ok:
            exp = {"text": query(params)[0]}
        else:
            exp = {"error": {"domain": CORE, "kind": "nestingTooDeep", "context": {"limit": "4", "field": "a" + "[]" * (n - 2)}}}
        f.add("a dictionary holding %d nested arrays (%d containers) with maxParameterDepth 4: %s (SPEC §8)"
              % (n - 1, n, "admitted" if ok else "rejected, the field of the fifth container named"),
              {"parameters": params}, exp, options={"maxParameterDepth": 4})
    f.add("af: a top-level set passes AF's nil key to its items, so an array in it that is too deep is named by the empty field (SPEC §2.6, §8)",
          {"parameters": {"$set": [[1]]}},
          {"error": {"domain": CORE, "kind": "nestingTooDeep", "context": {"limit": "1", "field": ""}}},
          options={"maxParameterDepth": 1}, profiles=["af3", "af4"])
    return f


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


def generated():
    f = VectorFile("query-string", "generated",
                   "Seeded random parameter trees (seed 5) flattened by the SPEC §2 reference in scripts/gen_query_string.py",
                   ["SPEC§2.1", "SPEC§2.2", "SPEC§2.3", "SPEC§2.5"], GEN)
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


def escape_styles():
    f = VectorFile("query-string", "escape-styles", "The query string honours the escape style option (SPEC §1.3 via §2.5)",
                   ["SPEC§1.3", "SPEC§2.5"], GEN)
    params = {"q": "a b~c/d?", "x y": "*"}
    pairs = flatten(None, params, "brackets", "numeric")
    import gen_percent_escape as pe
    for style, fn in [("whatwgForm", pe.whatwg), ("rfc3986Unreserved", pe.unreserved)]:
        text = "&".join(fn(k) + "=" + fn(v) for k, v in pairs)
        f.add("%s escaping of fields and values; expected from the %s oracle in gen_percent_escape.py" % (style, style),
              {"parameters": params}, {"text": text}, options={"style": style},
              refs=["WHATWG-URL#5.2"] if style == "whatwgForm" else ["RFC3986#2.3"])
    # Values of 32 bytes and more, dense with escapes and with spaces among them: the core's SIMD
    # kernel expands dense blocks by shuffles and must still write a space as '+' in whatwgForm.
    params = {"accents": "é è à ç ñ ü ö ä ß ø å æ œ ÿ î ô", "spaced out": "a b c d e f g h i j k l m n o p q r s t u v w x y z"}
    pairs = flatten(None, params, "brackets", "numeric")
    for style, fn in [("whatwgForm", pe.whatwg), ("rfc3986Unreserved", pe.unreserved)]:
        text = "&".join(fn(k) + "=" + fn(v) for k, v in pairs)
        f.add("%s escaping of long values dense with escapes and spaces (the vector path of the escaper); expected from "
              "the %s oracle in gen_percent_escape.py" % (style, style),
              {"parameters": params}, {"text": text}, options={"style": style},
              refs=["WHATWG-URL#5.2"] if style == "whatwgForm" else ["RFC3986#2.3"])
    return f


def descriptions():
    f = VectorFile("query-string", "descriptions",
                   "Leaf descriptions: C %.16g for doubles (both paths of the writer), integers, bools in both styles (SPEC §2.3, §2.4)",
                   ["SPEC§2.3"], GEN)

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


def ordering():
    f = VectorFile("query-string", "ordering",
                   "Key and set order: Swift String order (NFC scalars), UTF-8 tie-break for keys, input order for set ties (SPEC §2.2, §2.3)",
                   ["SPEC§2.2", "SPEC§2.3"], GEN)

    def add(comment, params, array_style="brackets", bool_style="numeric", profiles=None):
        text, pairs = query(params, array_style, bool_style)
        f.add(comment + "; expected by the SPEC §2 reference (Swift String order = NFC code points, checked with Swift's <) + urllib quote",
              {"parameters": to_json(params)}, {"text": text, "pairs": pairs}, options=options(array_style, bool_style), profiles=profiles)

    keys = ["a", "B", "\u00e9", "e\u0301", "f", "\ufffd", "\U0001F600", "\uff21", "\u00c4", "A\u0308", "\u212b", "\u00c5", "A\u030a",
            "s\u0323\u0307", "s\u0307\u0323", "\u1e69", "Z", "z", "aa", "a\u0000", "\u007f", "\u0080", "\U0010FFFF", "\ue000",
            "\ufb01", "fi", "\u1e0a\u0323", "D\u0323\u0307", "ab", "a b", "10", "9", ""]
    add("33 keys: ASCII, case, length, controls, BMP vs non-BMP (code point, not UTF-16, order), canonical equivalents",
        {k: i for i, k in enumerate(keys)})
    add("the same 33 keys given in reverse order", {k: i for i, k in reversed(list(enumerate(keys)))})
    for group, what in [(["a", "aa", "a\u0000", "ab", "a b", ""], "a prefix sorts first; NUL is a real character"),
                        (["\U0001F600", "\uff21", "\ufffd", "\ue000"], "U+E000 < U+FF21 < U+FFFD < U+1F600 (UTF-16 order would put U+1F600 first)"),
                        (["\u212b", "\u00c5", "A\u030a"], "three spellings of Å compare equal: UTF-8 bytes decide (41 cc 8a < c3 85 < e2 84 ab)"),
                        (["A\u030a", "\u00c5", "\u212b"], "three spellings of Å given in the other order: same result"),
                        (["s\u0307\u0323", "\u1e69", "s\u0323\u0307"], "canonical reordering of combining marks: all equal, UTF-8 bytes decide"),
                        (["e\u0301", "f", "e"], "e + U+0301 sorts as é, after f (NFC), not before it (raw code points)"),
                        (["\ufb01", "fi", "fj"], "the ligature U+FB01 is not canonically equal to fi: after every ASCII key"),
                        (["Z", "a", "z", "B", "b"], "case-sensitive: uppercase before lowercase"),
                        (["\u007f", "\u0080", "~"], "~ < DEL < U+0080")]:
        add(what, {k: k for k in group})
    add("nested dictionary keys follow the same order", {"o": {"\u00e9": 1, "e\u0301": 2, "f": 3}})
    add("set elements that compare equal keep input order (é then e+U+0301)", {"s": Set(["\u00e9", "e\u0301", "d"])})
    add("set elements that compare equal keep input order (e+U+0301 then é)", {"s": Set(["e\u0301", "\u00e9", "f"])})
    add("a set of mixed kinds sorts by description: false(0) < true(1) < 1.5 < 10 < 2 < null(<null>) = '<null>', ties in input order",
        {"s": Set([2, "10", Dbl(1.5), False, None, "<null>", True])})
    add("null and the string '<null>' tie in a set: input order decides (string first)", {"s": Set(["<null>", None])})
    add("null and the string '<null>' tie in a set: input order decides (null first)", {"s": Set([None, "<null>"])})
    add("a set sorts by Swift String order too: non-BMP after U+FFFD", {"s": Set(["\U0001F600", "\ufffd", "a"])})
    tree = {"a": [[1, [2]], {"b": [3, Set(["y", "x"])]}, {"c": {"d": [True, None]}}]}
    for a in ["brackets", "noBrackets", "indexInBrackets"]:
        for b in ["numeric", "literal"]:
            add("arrays in arrays, dictionaries in arrays, sets in arrays (%s, %s)" % (a, b), tree, a, b)
    # Issue 13: sets that hold a container (at most one per set, see flatten), with sets nested inside it.
    for params, what in [
            ({"s": Set([[Set(["b", "a"]), Set(["d", "c"])], "~"])}, "a set holding an array of two sets and ~"),
            ({"s": Set(["~", {"y": Set(["2", "1"]), "x": [Set(["q", "p"]), 5]}])}, "a set holding ~ and a dictionary of a set and an array with a set"),
            ({"s": Set([Set([Set(["b", "a"]), "~"]), "~~"])}, "sets three deep, each holding one container and a scalar"),
            ({"s": Set(["~", [[Set(["z", "y"]), Set(["x", "w"])], Set(["v", "u"])], "~~"]), "t": Set([{"k": Set(["2", "1"])}, "~"])},
             "two sets holding containers, arrays nested two deep"),
            ({"s": Set([None, [None, Set([None, "a"])], "~"])}, "nulls around a set inside an array inside a set (null sorts as <null>)")]:
        add(what + "; a container sorts before ~ (its description starts with ( or {)", params)
    # Issue 13: sets long enough for the sort to merge runs (seed 13), with repeated descriptions.
    rng = random.Random(13)
    words = ["%s%d" % (rng.choice(["a", "B", "~", "\u00e9", "z"]), rng.randint(0, 30)) for _ in range(70)]
    add("a set of 70 strings with repeats (seeded shuffle): sorted by description, repeats in input order", {"s": Set(words)})
    add("a set of 70 integers and strings with equal descriptions mixed (1 and \"1\")",
        {"s": Set([x if rng.random() < 0.5 else str(x) for x in (rng.randint(0, 12) for _ in range(70))])})
    # Repeated identical keys (only a $dict can say that): Python's stable sort over (key, value) pairs.
    entries = [["b", 1], ["a", 2], ["b", 3], ["a", 4], ["c", 5], ["a", 6]] + [[rng.choice("xyz"), i] for i in range(7, 40)]
    pairs = [[k, str(v)] for k, v in sorted(entries, key=lambda e: swift_order(e[0]))]
    f.add("repeated identical keys keep their input order (Decision, issue 13: sorting is stable; SPEC §2.3 ties); "
          "expected by Python's stable sorted() + urllib quote",
          {"parameters": {"$dict": entries}}, {"text": encode(pairs), "pairs": pairs})
    # Sets of several containers: their order is decided by the rendering's separators and brackets
    # (SPEC §2.3), each vector built so that one character of the rendering decides.
    for params, what in [
            ({"s": Set([["a", "b"], ["a!"]])}, "two arrays: (a, b) after (a!) since ',' > '!'"),
            ({"s": Set([["a"], ["a", "b"]])}, "(a) before (a, b): ')' < ','"),
            ({"s": Set([["b"], ["a"]])}, "two one-element arrays sort by their rendering, not input order"),
            ({"s": Set([{"a": "1", "b": "2"}, {"a": "1;"}])}, "dictionaries: entries joined by '; ' ({a = 1; b = 2} before {a = 1;})"),
            ({"s": Set([{"a": "1"}, {"a": "1|"}])}, "{a = 1|} before {a = 1}: '|' < '}'"),
            ({"s": Set([{"a": "1"}, {"a!": "0"}])}, "{a = 1} before {a! = 0}: ' ' < '!' (key, then ' = ')"),
            ({"s": Set([{"a": "1"}, "z"])}, "z before {a = 1}: 'z' < '{'"),
            ({"s": Set([{"k": ["x", "y"]}, {"k": ["x"], "j": 1}])}, "nested: {j = 1; k = (x)} before {k = (x, y)}"),
            ({"s": Set([Set(["c", "a"]), Set(["b"])])}, "a set inside a set renders its elements in input order: (b) before (c, a)"),
            ({"s": Set([["a", "b"], ["a-"]])}, "(a, b) before (a-): the first ', ' decides (',' < '-')"),
            ({"s": Set([["a"], "(-"])}, "(- before (a): no separator before the first element"),
            ({"s": Set([{"a": "1"}, "{<"])}, "{< before {a = 1}: no '; ' before the first entry"),
            ({"s": Set([{"a": "1", "b": "2"}, {"a": "1!"}])}, "{a = 1!} before {a = 1; b = 2}: the separator is ';' then ' ' ('!' < ';')"),
            ({"s": Set([{"a": "1"}, "{b"])}, "{a = 1} before {b: the first entry starts right after '{'"),
            ({"s": Set([["a"], "(a("])}, "(a( before (a): the array is closed by ')' ('(' < ')')"),
            ({"s": Set([["a"], "(a)+"])}, "(a) before (a)+: an element's text ends at its own ')', not at the ', ' after it"),
            ({"s": Set([["b"], "a", "a+"])}, "a before a+ before (b): a leaf's text ends at itself, not at the ', ' after it")]:
        add(what + " (the SPEC §2.3 rendering, in Python)", params)
    return f


def main():
    files = [spec_examples(), canonical_equivalence(), top_level(), errors(), generated(), escape_styles(), descriptions(), ordering()]
    print("query-string: %d vectors" % write_all(files))


if __name__ == "__main__":
    sys.exit(main())
