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
    query-string/ordering.json.)"""
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


class Unsortable(Exception):
    """af3/af4: a set of two or more members holding an array or a set, which AF's sort cannot order (SPEC §2.3):
    the core error unsortableSetMember with context field (its first 200 characters) and type."""

    def __init__(self, field, member):
        super().__init__(field)
        self.context = {"field": (field or "")[:200], "type": "array" if isinstance(member, list) else "set"}


def af_set_key(x, bool_style="numeric"):
    """A set member's sort key in AF (SPEC §2.3): key-value coding answers `description` with a leaf's description
    and with a dictionary's own `description` entry (a string, else no key: None)."""
    if isinstance(x, dict):
        d = x.get("description")
        return d if isinstance(d, str) else None
    return render_key(x, bool_style)


def af_set_order(items, field, bool_style="numeric"):
    """Member indices in AF's order: members without a key first in input order (SPEC's decision; AF's order for
    them is undefined), then by Swift String order of the key, ties in input order; raises Unsortable."""
    if len(items) < 2:
        return list(range(len(items)))
    for x in items:
        if isinstance(x, (list, Set)):
            raise Unsortable(field, x)
    keys = [af_set_key(x, bool_style) for x in items]
    return sorted(range(len(items)), key=lambda i: (keys[i] is not None, unicodedata.normalize("NFC", keys[i] or ""), i))


def flatten(field, v, array_style, bool_style, profile="strict"):
    """The pairs SPEC §2.2 gives; `profile` matters only for a set holding a container (SPEC §2.3)."""
    if isinstance(v, dict):
        out = []
        for k in sorted(v, key=swift_order):
            out += flatten("%s[%s]" % (field, k) if field is not None else k, v[k], array_style, bool_style, profile)
        return out
    if isinstance(v, list):
        out = []
        for i, x in enumerate(v):
            sub = {"brackets": field + "[]", "noBrackets": field, "indexInBrackets": "%s[%d]" % (field, i)}[array_style]
            out += flatten(sub, x, array_style, bool_style, profile)
        return out
    if isinstance(v, Set):
        if profile in ("af3", "af4"):
            order = [v.items[i] for i in af_set_order(v.items, field, bool_style)]
        else:
            order = sorted(v.items, key=lambda x: unicodedata.normalize("NFC", render_key(x, bool_style)))
        out = []
        for x in order:
            out += flatten(field, x, array_style, bool_style, profile)
        return out
    if isinstance(v, Data):
        raise ValueError("data")
    if v is None:
        return [(field, None)]
    return [(field, describe(v, bool_style))]


def af_flattenings(field, v, array_style="brackets", bool_style="numeric"):
    """Every pairs list AF could produce in af3/af4: a set with a member that has no sort key (a dictionary without a
    string `description` entry) among two or more has no defined order in AF (SPEC §2.3), so each of its orders is
    one outcome. The first outcome is SPEC's (af_set_order). Raises Unsortable like flatten."""
    import itertools

    def walk(field, v):
        if isinstance(v, dict):
            outs = [[]]
            for k in sorted(v, key=swift_order):
                sub = walk("%s[%s]" % (field, k) if field is not None else k, v[k])
                outs = [a + b for a in outs for b in sub]
            return outs
        if isinstance(v, list):
            outs = [[]]
            for i, x in enumerate(v):
                child = {"brackets": field + "[]", "noBrackets": field, "indexInBrackets": "%s[%d]" % (field, i)}[array_style]
                outs = [a + b for a in outs for b in walk(child, x)]
            return outs
        if isinstance(v, Set):
            first = af_set_order(v.items, field, bool_style)
            undefined = len(v.items) > 1 and any(af_set_key(x, bool_style) is None for x in v.items)
            orders = [first] + ([list(o) for o in itertools.permutations(range(len(v.items))) if list(o) != first] if undefined else [])
            outs = []
            for order in orders:
                partial = [[]]
                for i in order:
                    partial = [a + b for a in partial for b in walk(field, v.items[i])]
                outs += partial
            return outs
        return [flatten(field, v, array_style, bool_style, "af4")]

    seen, out = set(), []
    for pairs in walk(field, v):
        key = tuple(pairs)
        if key not in seen:
            seen.add(key)
            out.append(pairs)
    return out


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


def query(params, array_style="brackets", bool_style="numeric", profile="strict"):
    pairs = flatten(None, params, array_style, bool_style, profile)
    return encode(pairs), [[f, v] for f, v in pairs]


def options(array_style, bool_style):
    o = {}
    if array_style != "brackets":
        o["arrayStyle"] = array_style
    if bool_style != "numeric":
        o["boolStyle"] = bool_style
    return o or None
