"""Vectors/request/json.json: the JSON serializer, Foundation's bytes, application/json, −1016 for invalid JSON (SPEC §3.3).

Bodies from json.dumps(separators=(",", ":"), ensure_ascii=False) with "/" → "\\/" (Foundation's JSONSerialization
output, checked against swift-corelibs-foundation on this machine for the shapes used). The −1016 error's
description is Foundation's default and its context.field follows the SPEC §3.3 path rule.
"""
from ...levels import af, decision
from ...oracles.s3_requests import REQUEST_DOMAIN, default_headers, foundation_json, has, merge
from ...vectorfile import VectorFile
from ._shared import BASE_OPTS, form, req


def build():
    f = VectorFile("request", "json", "The JSON serializer: Foundation JSONSerialization bytes, application/json, −1016 for invalid JSON (SPEC §3.3)",
                   ["SPEC§3.1", "SPEC§3.3"], verdict=decision("SPEC§3.3"))  # a JSON body is Linux Foundation's bytes (Decision)

    def ok(comment, params, method="POST", headers=None):
        h = merge(headers or [], default_headers(BASE_OPTS))
        if not has(h, "Content-Type"):
            h.append(["Content-Type", "application/json"])
        f.add(comment + "; body from json.dumps compact with / → \\/ (Foundation)", req("json", method, "http://example.com/api", headers, params),
              {"method": method, "url": "http://example.com/api", "headers": {"$unordered": h},
               "body": {"text": foundation_json(params)}}, options=BASE_OPTS)

    ok("simple object", {"a": 1})
    ok("key order is the model's order", {"z": 1, "a": 2, "m": 3})
    ok("slashes are escaped as \\/", {"url": "http://x/y", "a/b": "c"})
    ok("nested arrays and objects", {"a": [1, [2, {"b": None}]], "c": {"d": True, "e": False}})
    ok("top-level array", [1, "two", None, True])
    ok("non-ASCII is written as UTF-8", {"name": "Zoë 日本 👴🏻"})
    ok("quotes, backslashes and control characters are escaped", {"s": "q\"b\\n\nt\t\u0001"})
    ok("empty object", {})
    ok("empty array", [])
    ok("Int64 extremes", {"max": 9223372036854775807, "min": -9223372036854775808})
    ok("PUT also gets a JSON body", {"a": "b"}, method="PUT")
    ok("a request Content-Type is kept", {"a": 1}, headers=[["Content-Type", "application/vnd.api+json"]])
    h = default_headers(BASE_OPTS)
    for m in ["GET", "HEAD", "DELETE"]:
        f.add("%s delegates to the form serializer: query in the URL, no JSON Content-Type (SPEC §3.3)" % m,
              req("json", m, "http://example.com/api", params={"a": 1, "b": "x"}),
              {"method": m, "url": "http://example.com/api?a=1&b=x", "headers": {"$unordered": h}, "body": None}, options=BASE_OPTS,
              verdict=form("3.3/json-uri-methods"))
    f.add("POST without parameters: no body, no Content-Type (SPEC §3.3)", req("json", "POST", "http://example.com/api"),
          {"headers": {"$unordered": h}, "body": None}, options=BASE_OPTS, verdict=af("3.3/json-body-only-with-parameters"))
    err = {"domain": REQUEST_DOMAIN, "code": -1016, "reason": "The `parameters` argument is not valid JSON."}
    for params, what in [("just a string", "top-level string"), (42, "top-level number"), ({"d": {"$data": "00"}}, "data value"),
                         ({"x": {"$double": "nan"}}, "NaN"), ({"x": {"$double": "inf"}}, "infinity"),
                         ({"s": {"$set": [1, 2]}}, "a set")]:
        f.add("%s is not valid JSON → −1016 with AF's failure reason (SPEC §3.3)" % what,
              {"serializer": "json", "method": "POST", "url": "http://example.com/api", "parameters": params},
              {"error": err}, options=BASE_OPTS, verdict=af("3.3/json-validity-1016"))
    # What an AF user reads in the −1016 error. The description is Linux Foundation's default
    # for an NSError without one ("The operation could not be completed. " + the failure reason, SPEC
    # §3.3); context `field` is the path of the first invalid value in model order, written as SPEC §3.3
    # says ($, .key, [index]), at most its first 200 characters. Expected from that text.
    def path_of(steps):
        return ("$" + "".join("[%d]" % x if isinstance(x, int) else "." + x for x in steps))[:200]
    full = dict(err, description="The operation could not be completed. The `parameters` argument is not valid JSON.")
    k150 = "k" * 150
    k97 = "k" * 97
    nan, inf = {"$double": "nan"}, {"$double": "inf"}
    for params, steps, what in [
            ("just a string", [], "a top-level string: the path is $"),
            ({"a": [1, {"b": nan}]}, ["a", 1, "b"], "NaN inside an array inside an object"),
            ([0, 1, inf], [2], "a top-level array: the third element"),
            ({"a": 1, "b": [{"c": 2}, {"d": nan, "e": inf}]}, ["b", 1, "d"], "the first invalid value in model order"),
            ({k150: {k150: inf}}, [k150, k150], "a path of 303 characters: its first 200"),
            ({k97: {k97: inf}}, [k97, k97], "a path of exactly 197 characters: whole"),
            ({k97 + "kk": {k97: inf}}, [k97 + "kk", k97], "a path of exactly 199 characters: whole"),
            ({k97 + "kkk": {k97: inf}}, [k97 + "kkk", k97], "a path of exactly 200 characters: whole"),
            ({k97 + "kkkk": {k97: inf}}, [k97 + "kkkk", k97], "a path of 201 characters: its first 200")]:
        e = dict(full, context={"field": path_of(steps)})
        f.add("%s → −1016, description and context.field %s (SPEC §3.3: Foundation's default description; the path rule)"
              % (what, "the first 200 characters of the path" if len("$" + "".join("[%d]" % x if isinstance(x, int) else "." + x for x in steps)) > 200 else e["context"]["field"]),
              {"serializer": "json", "method": "POST", "url": "http://example.com/api", "parameters": params},
              {"error": e}, options=BASE_OPTS)
    return f
