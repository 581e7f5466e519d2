#!/usr/bin/env python3
"""Generates Vectors/request/*.json (SPEC §3).

Oracles: the query strings come from the SPEC §2 reference in gen_query_string.py (escaping by
urllib.parse.quote); Accept-Language q-values from Python's "%0.1g" (the C format SPEC §3.2 names);
Authorization from base64.b64encode; JSON bodies from json.dumps(separators=(",", ":"),
ensure_ascii=False) with "/" → "\\/" (Foundation's JSONSerialization output, SPEC §3.3; checked
against swift-corelibs-foundation on this machine for the shapes used); property-list bodies from
plistlib.dumps(sort_keys=True), which matched Foundation's PropertyListSerialization XML byte for byte
for these shapes (checked on this machine, 2026-11-22).

Every vector injects preferredLanguages and userAgent so the full header set is determined by the
SPEC; headers compare in any order ({"$unordered": …}) because AFNetworking's NSURLRequest does not
define one.
"""
import base64
import json
import plistlib
import sys

from gen_query_string import query, to_json
from vectorlib import VectorFile, write_all

GEN = "scripts/gen_request.py"
LANGS = ["en"]
UA = "AFSerializationTests/1.0 (Linux)"
BASE_OPTS = {"preferredLanguages": LANGS, "userAgent": UA}
REQ_DOMAIN = "com.alamofire.error.serialization.request"


def accept_language(langs):
    parts = []
    for i, lang in enumerate(langs):
        q = 1.0 - 0.1 * i
        parts.append("%s;q=%s" % (lang, "%0.1g" % q))
        if q <= 0.5:
            break
    return ", ".join(parts)


def default_headers(opts):
    h = []
    langs = opts.get("preferredLanguages")
    if langs:
        h.append(["Accept-Language", accept_language(langs)])
    if opts.get("userAgent"):
        h.append(["User-Agent", opts["userAgent"]])
    for n, v in opts.get("defaultHeaders", []):
        h.append([n, v])
    if "basicAuth" in opts:
        a = opts["basicAuth"]
        token = base64.b64encode(("%s:%s" % (a["user"], a["password"])).encode("utf-8")).decode("ascii")
        h.append(["Authorization", "Basic " + token])
    return h


def merge(request_headers, defaults):
    """SPEC §3.2: a default header is copied only when the request lacks it (case-insensitive)."""
    out = [list(h) for h in request_headers]
    have = {n.lower() for n, _ in out}
    for n, v in defaults:
        if n.lower() not in have:
            out.append([n, v])
            have.add(n.lower())
    return out


def has(headers, name):
    return any(n.lower() == name.lower() for n, _ in headers)


def append_query(url, q, strict):
    if not q:
        return url
    frag = ""
    if strict and "#" in url:
        url, frag = url.split("#", 1)
        frag = "#" + frag
    base_for_query = url.split("#", 1)[0]
    sep = "&" if "?" in base_for_query else "?"
    return url + sep + q + frag


def http_expect(method, url, headers, params, opts, strict=False, in_uri=("GET", "HEAD", "DELETE")):
    h = merge(headers, default_headers(opts))
    q = query(params)[0] if params is not None else ""
    if method.upper() in in_uri:
        return {"method": method, "url": append_query(url, q, strict), "headers": {"$unordered": h}, "body": None}
    if not has(h, "Content-Type"):
        h.append(["Content-Type", "application/x-www-form-urlencoded"])
    return {"method": method, "url": url, "headers": {"$unordered": h}, "body": {"text": q}}


def foundation_json(obj):
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).replace("/", "\\/")


def req(serializer, method, url, headers=None, params=None):
    r = {"serializer": serializer, "method": method, "url": url}
    if headers:
        r["headers"] = headers
    if params is not None:
        r["parameters"] = to_json(params)
    return r


def http_file():
    f = VectorFile("request", "http", "The HTTP (form) serializer: query in the URL for GET/HEAD/DELETE, form body otherwise (SPEC §3.2)",
                   ["SPEC§3.1", "SPEC§3.2"], GEN)
    P = {"foo": "bar", "baz": [1, 2, 3]}
    for m in ["GET", "HEAD", "DELETE"]:
        f.add("%s appends the query with ?" % m, req("http", m, "http://example.com/path", params=P),
              http_expect(m, "http://example.com/path", [], P, BASE_OPTS), options=BASE_OPTS)
    for m in ["POST", "PUT", "PATCH", "OPTIONS"]:
        f.add("%s sends the query as a form body with Content-Type application/x-www-form-urlencoded (no charset)" % m,
              req("http", m, "http://example.com/path", params=P),
              http_expect(m, "http://example.com/path", [], P, BASE_OPTS), options=BASE_OPTS)
    f.add("GET onto a URL that already has a query uses &", req("http", "GET", "http://example.com/p?x=1", params={"a": 1}),
          http_expect("GET", "http://example.com/p?x=1", [], {"a": 1}, BASE_OPTS), options=BASE_OPTS)
    f.add("GET onto a URL with an empty query (http://x/?) still uses & (SPEC §3.2)", req("http", "GET", "http://example.com/?", params={"a": 1}),
          {"url": "http://example.com/?&a=1"}, options=BASE_OPTS)
    f.add("GET with empty parameters leaves the URL unchanged", req("http", "GET", "http://example.com/p", params={}),
          http_expect("GET", "http://example.com/p", [], {}, BASE_OPTS), options=BASE_OPTS)
    f.add("GET without parameters leaves the URL unchanged and has no body", req("http", "GET", "http://example.com/p"),
          http_expect("GET", "http://example.com/p", [], None, BASE_OPTS), options=BASE_OPTS)
    f.add("lowercase get is compared uppercased: the query goes into the URL", req("http", "get", "http://example.com/p", params={"a": "b"}),
          {"url": "http://example.com/p?a=b", "body": None}, options=BASE_OPTS)
    f.add("AF appends after the fragment: http://h/p#f → http://h/p#f?a=1 (SPEC §3.2)", req("http", "GET", "http://h/p#f", params={"a": 1}),
          {"url": "http://h/p#f?a=1"}, options=BASE_OPTS, profiles=["af3", "af4"])
    f.add("strict inserts the query before the fragment (SPEC §3.2)", req("http", "GET", "http://h/p#f", params={"a": 1}),
          {"url": "http://h/p?a=1#f"}, options=BASE_OPTS, profiles=["strict"])
    f.add("strict: existing query and fragment", req("http", "GET", "http://h/p?x=1#f", params={"a": 1}),
          {"url": "http://h/p?x=1&a=1#f"}, options=BASE_OPTS, profiles=["strict"])
    f.add("POST without parameters sends an empty body, not none (AF #2864)", req("http", "POST", "http://example.com/p"),
          http_expect("POST", "http://example.com/p", [], None, BASE_OPTS), options=BASE_OPTS)
    f.add("POST keeps the request's own Content-Type", req("http", "POST", "http://example.com/p", [["Content-Type", "text/plain"]], {"a": 1}),
          http_expect("POST", "http://example.com/p", [["Content-Type", "text/plain"]], {"a": 1}, BASE_OPTS), options=BASE_OPTS)
    f.add("a lowercase content-type header counts as present (case-insensitive lookup)",
          req("http", "POST", "http://example.com/p", [["content-type", "text/plain"]], {"a": 1}),
          http_expect("POST", "http://example.com/p", [["content-type", "text/plain"]], {"a": 1}, BASE_OPTS), options=BASE_OPTS)
    o = dict(BASE_OPTS, methodsEncodingParametersInURI=["GET", "HEAD", "DELETE", "POST"])
    f.add("POST listed in methodsEncodingParametersInURI puts the query in the URL",
          req("http", "POST", "http://example.com/p", params={"a": 1}),
          http_expect("POST", "http://example.com/p", [], {"a": 1}, o, in_uri=("GET", "HEAD", "DELETE", "POST")), options=o)
    o = dict(BASE_OPTS, methodsEncodingParametersInURI=["HEAD"])
    f.add("GET not listed in methodsEncodingParametersInURI sends a body",
          req("http", "GET", "http://example.com/p", params={"a": 1}),
          http_expect("GET", "http://example.com/p", [], {"a": 1}, o, in_uri=("HEAD",)), options=o)
    f.add("parameters with every value kind", req("http", "POST", "http://example.com/", params={"s": "x y", "i": 7, "b": True, "n": None, "a": ["1"]}),
          http_expect("POST", "http://example.com/", [], {"s": "x y", "i": 7, "b": True, "n": None, "a": ["1"]}, BASE_OPTS), options=BASE_OPTS,
          refs=["SPEC§2.5"])
    f.add("data parameters are a typed error in the form serializer (SPEC §2.7)",
          req("http", "POST", "http://example.com/", params={"d": {"$data": "00"}}), {"error": {"domain": "AFSerialization"}}, options=BASE_OPTS,
          refs=["SPEC§2.7"])
    return f


def headers_file():
    f = VectorFile("request", "default-headers", "Default headers: Accept-Language, User-Agent, Authorization; request-level wins (SPEC §3.2)",
                   ["SPEC§3.2"], GEN)
    lang_lists = [["en"], ["en", "fr"], ["fr-CA", "fr", "en"], ["a", "b", "c", "d", "e"], ["a", "b", "c", "d", "e", "f"],
                  ["a", "b", "c", "d", "e", "f", "g", "h"], ["zh-Hans-CN", "ja-JP"]]
    for langs in lang_lists:
        o = {"preferredLanguages": langs, "userAgent": UA}
        f.add("Accept-Language for %d languages: q = 1.0 − 0.1·i as %%0.1g, stop after q ≤ 0.5 (expected by Python %%0.1g)" % len(langs),
              req("http", "GET", "http://example.com/"), http_expect("GET", "http://example.com/", [], None, o), options=o)
    for ua in ["MyApp/2.3 (iPhone; iOS 17.0; Scale/3.00)", "Ünïcode-Agent/1"]:
        o = {"preferredLanguages": LANGS, "userAgent": ua}
        f.add("User-Agent is the injected value", req("http", "GET", "http://example.com/"),
              http_expect("GET", "http://example.com/", [], None, o), options=o)
    for user, pw in [("user", "pass"), ("Aladdin", "open sesame"), ("", ""), ("ü", "p:w"), ("a@b.c", "🔑")]:
        o = dict(BASE_OPTS, basicAuth={"user": user, "password": pw})
        f.add("Basic auth %r:%r → base64(utf8(user:password)) (expected by base64.b64encode)" % (user, pw),
              req("http", "GET", "http://example.com/"), http_expect("GET", "http://example.com/", [], None, o), options=o)
    o = dict(BASE_OPTS, defaultHeaders=[["X-Trace", "default"], ["Accept", "application/json"]])
    f.add("default headers are copied when the request lacks them", req("http", "GET", "http://example.com/"),
          http_expect("GET", "http://example.com/", [], None, o), options=o)
    f.add("a request-level header wins over the default", req("http", "GET", "http://example.com/", [["X-Trace", "mine"]]),
          http_expect("GET", "http://example.com/", [["X-Trace", "mine"]], None, o), options=o)
    f.add("a request-level header wins case-insensitively", req("http", "GET", "http://example.com/", [["x-trace", "mine"]]),
          http_expect("GET", "http://example.com/", [["x-trace", "mine"]], None, o), options=o)
    f.add("a request Accept-Language wins over the generated one", req("http", "GET", "http://example.com/", [["Accept-Language", "de"]]),
          http_expect("GET", "http://example.com/", [["Accept-Language", "de"]], None, BASE_OPTS), options=BASE_OPTS)
    f.add("a request User-Agent wins over the injected one", req("http", "GET", "http://example.com/", [["User-Agent", "curl/8"]]),
          http_expect("GET", "http://example.com/", [["User-Agent", "curl/8"]], None, BASE_OPTS), options=BASE_OPTS)
    return f


def json_file():
    f = VectorFile("request", "json", "The JSON serializer: Foundation JSONSerialization bytes, application/json, −1016 for invalid JSON (SPEC §3.3)",
                   ["SPEC§3.1", "SPEC§3.3"], GEN)

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
              {"method": m, "url": "http://example.com/api?a=1&b=x", "headers": {"$unordered": h}, "body": None}, options=BASE_OPTS)
    f.add("POST without parameters: no body, no Content-Type (SPEC §3.3)", req("json", "POST", "http://example.com/api"),
          {"headers": {"$unordered": h}, "body": None}, options=BASE_OPTS)
    err = {"domain": REQ_DOMAIN, "code": -1016, "reason": "The `parameters` argument is not valid JSON."}
    for params, what in [("just a string", "top-level string"), (42, "top-level number"), ({"d": {"$data": "00"}}, "data value"),
                         ({"x": {"$double": "nan"}}, "NaN"), ({"x": {"$double": "inf"}}, "infinity"),
                         ({"s": {"$set": [1, 2]}}, "a set")]:
        f.add("%s is not valid JSON → −1016 with AF's failure reason (SPEC §3.3)" % what,
              {"serializer": "json", "method": "POST", "url": "http://example.com/api", "parameters": params},
              {"error": err}, options=BASE_OPTS)
    return f


def plist_file():
    f = VectorFile("request", "plist", "The property-list serializer: XML plist v1.0 like Foundation, application/x-plist (SPEC §3.4)",
                   ["SPEC§3.4"], GEN)
    h = merge([], default_headers(BASE_OPTS)) + [["Content-Type", "application/x-plist"]]
    for params, what in [({"a": "b"}, "one string"), ({"k": 1, "b": True, "arr": [1, "x"], "d": {"z": "y"}}, "mixed, keys sorted"),
                         ({"s": "<&>\"'"}, "XML escaping"), ({}, "empty dictionary"), ({"u": "é日"}, "non-ASCII")]:
        f.add("%s; body from plistlib.dumps(sort_keys=True), byte-identical to Foundation for this shape" % what,
              req("plist", "POST", "http://example.com/p", params=params),
              {"method": "POST", "headers": {"$unordered": h}, "body": {"text": plistlib.dumps(params, sort_keys=True).decode("utf-8")}},
              options=BASE_OPTS)
    f.add("GET delegates to the form serializer (SPEC §3.4 as §3.3)", req("plist", "GET", "http://example.com/p", params={"a": "b"}),
          {"url": "http://example.com/p?a=b", "body": None, "headers": {"$unordered": default_headers(BASE_OPTS)}}, options=BASE_OPTS)
    f.add("POST without parameters: no body, no Content-Type", req("plist", "POST", "http://example.com/p"),
          {"body": None, "headers": {"$unordered": default_headers(BASE_OPTS)}}, options=BASE_OPTS)
    return f


def main():
    print("request: %d vectors" % write_all([http_file(), headers_file(), json_file(), plist_file()]))


if __name__ == "__main__":
    sys.exit(main())
