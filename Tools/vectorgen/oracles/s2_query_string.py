"""SPEC §2 Query-string flattening, transcribed as a small independent Python implementation.

Flattening (§2.2), descriptions with C printf "%.16g" for doubles (§2.3), sorting by Swift String order
(NFC code points with a UTF-8 tie-break, §2.3), the three array styles and two bool styles (§2.4), pair
encoding with urllib.parse.quote(s, safe="/?") (§2.5, SPEC §1.1). The parameter tree model (Set, Dbl,
Data) and its VECTORS.md encoding (to_json) are shared by the request and multipart generators.
"""
import unicodedata
import urllib.parse

from ..vectorfile import Raw


class Set:
    """A set parameter (VECTORS.md {"$set": …}): its elements in input order."""

    def __init__(self, items):
        self.items = items


class Dbl:
    """A double parameter (VECTORS.md writes it with a '.', 'e' or '$double')."""

    def __init__(self, x):
        self.x = x


class Data:
    """A data parameter (VECTORS.md {"$data": hex})."""

    def __init__(self, b):
        self.b = b


def swift_order(k):
    """Swift String order (SPEC §2.3): Unicode scalar values of the NFC form; canonically equal keys
    tie-break by their UTF-8 bytes. (Checked against Swift's own `<` on this machine for the keys in
    query-string/ordering.json, 2026-11-23.)"""
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
