"""Shared by the request files: every vector injects preferredLanguages and userAgent so the full header set is
determined by the SPEC; headers compare in any order ({"$unordered": …}) because AFNetworking's NSURLRequest
does not define one.
"""
from ...levels import af
from ...oracles.s2_query_string import to_json
from ..query_string._shared import tree_verdict

LANGS = ["en"]

UA = "AFSerializationTests/1.0 (Linux)"

BASE_OPTS = {"preferredLanguages": LANGS, "userAgent": UA}

# The expected output of a request whose parameters nest deeper than the limit (SPEC §8), error kind only.
NESTING_TOO_DEEP = {"error": {"domain": "AFSerialization", "kind": "nestingTooDeep"}}


def req(serializer, method, url, headers=None, params=None):
    r = {"serializer": serializer, "method": method, "url": url}
    if headers:
        r["headers"] = headers
    if params is not None:
        r["parameters"] = to_json(params)
    return r


def form(row):
    """The verdict of a request AF decides by audit row `row`, unless the query or form body it flattens from the
    vector's parameters needs a SPEC rule (query_string._shared.tree_verdict)."""
    def verdict(v):
        params = v["input"].get("parameters")
        return af(row) if params is None else tree_verdict(params, v.get("options"), default_row=row)
    return verdict
