"""Shared by the request files: every vector injects preferredLanguages and userAgent so the full header set is
determined by the SPEC; headers compare in any order ({"$unordered": …}) because AFNetworking's NSURLRequest
does not define one.
"""
from ...oracles.s2_query_string import to_json

LANGS = ["en"]

UA = "AFSerializationTests/1.0 (Linux)"

BASE_OPTS = {"preferredLanguages": LANGS, "userAgent": UA}


def req(serializer, method, url, headers=None, params=None):
    r = {"serializer": serializer, "method": method, "url": url}
    if headers:
        r["headers"] = headers
    if params is not None:
        r["parameters"] = to_json(params)
    return r
