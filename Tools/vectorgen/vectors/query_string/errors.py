"""Vectors/query-string/errors.json: data values and nesting beyond the limit are typed errors (SPEC §2.7, §8).

dataInQueryString names the pair's field and the byte count; nestingTooDeep the limit and the field of the first
container that is too deep, cut to its first 200 characters (decisions).

The topics below are grouped by rule: data values (SPEC §2.7), then the nesting limit (SPEC §8). Ids are numbered in
the order the vectors are added and never change (vectorfile.py), so build() calls the topics in id order.
"""
from ...levels import decision
from ...oracles.s2_query_string import Set, query, to_json
from ...vectorfile import CORE, VectorFile
from ._shared import verdict


def build():
    f = VectorFile("query-string", "errors", "Data values and nesting beyond the limit are typed errors (SPEC §2.7, §8)",
                   ["SPEC§2.7", "SPEC§8"], verdict=verdict)
    data_values(f)
    nesting_limits(f)
    data_error_context(f)
    depth_boundary_and_context(f)
    sets_count_as_containers(f)
    return f


# SPEC §2.7 data values: a typed error in every profile, anywhere in the tree; the error names the pair's field and the
# byte count (decision).

def data_values(f):
    f.add("data value in a query is a typed error in every profile (SPEC §2.7 Deviation)",
          {"parameters": {"d": {"$data": "00ff"}}}, {"error": {"domain": CORE}})
    f.add("data nested in an array is a typed error", {"parameters": {"a": [1, {"$data": "41"}]}}, {"error": {"domain": CORE}})
    f.add("data inside a set is a typed error", {"parameters": {"s": {"$set": [{"$data": ""}]}}}, {"error": {"domain": CORE}})


def data_error_context(f):
    f.add("data value: kind dataInQueryString, context field d, length 2 (SPEC §2.7)",
          {"parameters": {"d": {"$data": "00ff"}}},
          {"error": {"domain": CORE, "kind": "dataInQueryString", "context": {"field": "d", "length": "2"}}})
    f.add("data nested in an array: kind dataInQueryString, context field a[] (brackets added before escaping), length 1 (SPEC §2.7)",
          {"parameters": {"a": [1, {"$data": "41"}]}},
          {"error": {"domain": CORE, "kind": "dataInQueryString", "context": {"field": "a[]", "length": "1"}}})


# SPEC §8 nesting limit: depth = containers on the path from the top-level value (which is depth 0); a limit of N
# admits N nested containers and rejects N + 1 (SPEC §8's decision, not AF's, which has no limit); the error names the
# limit and the field of the first container that is too deep, cut to its first 200 characters (decision).

def nesting_limits(f):
    """The default limit 512 and configured limits far from the depth, for dictionaries, arrays and sets."""
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


def depth_boundary_and_context(f):
    """At the limit and one over it, with the error's context."""
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
        # Admitted exactly at the limit: SPEC §8's Decision that a limit N admits N decides it, not AF (which has none).
        f.add("%d nested dictionaries with %s: %s (SPEC §8)" % (n, "maxParameterDepth %d" % limit if limit else "the default depth 512", what),
              {"parameters": params}, exp, options={"maxParameterDepth": limit} if limit else None, verdict=decision("SPEC§8"))
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
              {"parameters": params}, exp, options={"maxParameterDepth": 4}, verdict=decision("SPEC§8"))
    f.add("af: a top-level set passes AF's nil key to its items, so an array in it that is too deep is named by the empty field (SPEC §2.6, §8)",
          {"parameters": {"$set": [[1]]}},
          {"error": {"domain": CORE, "kind": "nestingTooDeep", "context": {"limit": "1", "field": ""}}},
          options={"maxParameterDepth": 1}, profiles=["af3", "af4"])


def sets_count_as_containers(f):
    """A set counts as one container like an array: a dictionary, a set and an array in it are 3 containers,
    admitted by maxParameterDepth 3 and rejected by 2 (the array named by the set's field, a set passing its key to its
    items, SPEC §2.2). Text from oracles/s2 query()."""
    params = {"a": Set([[1]])}
    f.add("{a: set{[1]}} (3 containers) with maxParameterDepth 3: admitted (SPEC §8)", {"parameters": to_json(params)},
          {"text": query(params)[0]}, options={"maxParameterDepth": 3}, verdict=decision("SPEC§8"))
    f.add("{a: set{[1]}} (3 containers) with maxParameterDepth 2: rejected, the array named by the set's field a (SPEC §8)",
          {"parameters": to_json(params)}, {"error": {"domain": CORE, "kind": "nestingTooDeep", "context": {"limit": "2", "field": "a"}}},
          options={"maxParameterDepth": 2})
