"""Shared by the query-string and request files: `tree_verdict`, the level of a flattened parameter tree (levels.py).

AF decides the flattening, the brackets, the key and set order, the descriptions and the pair format (audit rows
2.x) wherever this core reproduces it. SPEC decides (SPEC §2.3 Decisions and Deviation) where it does not: a double's
%.16g text, the order of keys or set members that are not all ASCII (Swift String order; AF's compare: differs),
repeated identical keys (stable sort), set members that are containers (the compact rendering), set ties whose pairs
differ (input order, SPEC §2.2); and the core's own options (SPEC §2.4 styles, SPEC §1.3 escape styles).
"""
from ...levels import af, decision
from ...vectorfile import Raw

# When several SPEC rules are needed, the vector cites the first of these that applies.
REASONS = ("SPEC§2.7", "SPEC§2.3", "SPEC§2.2", "SPEC§2.4", "SPEC§1.3")


def _kind(v):
    if isinstance(v, (Raw, float)) or isinstance(v, dict) and "$double" in v:
        return "double"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "int"
    if isinstance(v, str):
        return "string"
    if v is None:
        return "null"
    if isinstance(v, list):
        return "array"
    for tag in ("$set", "$data", "$dict"):
        if isinstance(v, dict) and tag in v:
            return tag[1:]
    return "dict"


def _entries(v):
    return v["$dict"] if "$dict" in v else list(v.items())


def _leaf_text(v):
    """A leaf set member's sort text (SPEC §2.3), enough to tell ASCII and ties apart; bools as numeric."""
    k = _kind(v)
    return {"null": "<null>", "bool": "1" if v else "0"}.get(k, str(v))


def tree_verdict(params, opts=None, default_row=None):
    """The Verdict of a parameter tree flattened with `opts` (style, arrayStyle, boolStyle), top level a dictionary."""
    opts = opts or {}
    reasons, feats = set(), set()

    def walk(v):
        k = _kind(v)
        feats.add(k)
        if k == "double":
            reasons.add("SPEC§2.3")
        elif k == "data":
            reasons.add("SPEC§2.7")
        elif k == "array":
            for x in v:
                walk(x)
        elif k == "dict":
            walk_entries(_entries(v))
        elif k == "set":
            items = v["$set"]
            containers = [x for x in items if _kind(x) in ("array", "set", "dict")]
            if len(items) > 1:
                if containers:
                    reasons.add("SPEC§2.3")
                texts = [_leaf_text(x) for x in items if _kind(x) not in ("array", "set", "dict")]
                if not all(t.isascii() for t in texts):
                    reasons.add("SPEC§2.3")
                kinds_by_text = {}
                for x in items:
                    if _kind(x) not in ("array", "set", "dict"):
                        kinds_by_text.setdefault(_leaf_text(x), set()).add(_kind(x) == "null")
                if any(len(s) > 1 for s in kinds_by_text.values()):
                    reasons.add("SPEC§2.2")  # a null and the string <null> tie, and their pairs differ
                if any(_kind(x) == "null" for x in items):
                    feats.add("set-null")
            elif containers:
                feats.add("set-single")
            for x in items:
                walk(x)

    def walk_entries(entries):
        keys = [key for key, _ in entries]
        if len(keys) != len(set(keys)):
            reasons.add("SPEC§2.3")
        if len(keys) > 1 and not all(key.isascii() for key in keys):
            reasons.add("SPEC§2.3")
        for _, x in entries:
            walk(x)

    walk(params)
    if opts.get("style", "afnetworking") != "afnetworking":
        reasons.add("SPEC§1.3")
    if opts.get("arrayStyle", "brackets") != "brackets" and "array" in feats:
        reasons.add("SPEC§2.4")
    if opts.get("boolStyle", "numeric") != "numeric" and "bool" in feats:
        reasons.add("SPEC§2.4")
    for r in REASONS:
        if r in reasons:
            return decision(r)
    if default_row:
        return af(default_row)
    for feat, row in (("set-null", "2.3/set-null-member"), ("set-single", "2.3/set-single-member"), ("set", "2.2/set-order"),
                      ("null", "2.5/null-value-field-only"), ("array", "2.2/array-brackets"), ("bool", "2.3/leaf-descriptions")):
        if feat in feats:
            return af(row)
    return af("2.2/dictionary-sorted-entries")


ERROR_RULES = {"nestingTooDeep": "SPEC§8", "topLevelNotDictionary": "SPEC§2.6", "dataInQueryString": "SPEC§2.7"}


def has_data(v):
    k = _kind(v)
    if k == "data":
        return True
    if k in ("array", "set"):
        return any(has_data(x) for x in (v["$set"] if k == "set" else v))
    return k == "dict" and any(has_data(x) for _, x in _entries(v))


def verdict(v):
    """A query-string vector's level: an error's kind and context are SPEC's (SPEC §2.6, §2.7, §8); an output is its
    parameter tree's. A file sets its own exceptions per vector."""
    params, exp = v["input"]["parameters"], v["expected"]
    if "error" in exp:
        kind = exp["error"].get("kind")
        if kind:
            return decision(ERROR_RULES[kind])
        if has_data(params):
            return decision("SPEC§2.7")
        assert _kind(params) != "dict", v["id"]
        return decision("SPEC§2.6")
    return tree_verdict(params, v.get("options"))
