"""Vectors/request/http.json: the HTTP (form) serializer, query in the URL for GET/HEAD/DELETE, form body otherwise (SPEC §3.2).

Query strings from the SPEC §2 reference (oracles/s2), escaping styles from oracles/s1, the URL rule from
append_query() (oracles/s3: a '?' counts only before the first '#').
"""
from ...levels import af, decision
from ...oracles.s1_percent_escaping import unreserved, whatwg
from ...oracles.s2_query_string import flatten
from ...oracles.s3_requests import append_query, http_expect
from ...vectorfile import VectorFile
from ._shared import BASE_OPTS, form, req

# strict's query before the fragment: RFC 3986 §3.4/§3.5 give the order by grammar only, with no keyword, so SPEC §3.2
# decides it; AF appends after the fragment (audit row 3.2/fragment-before-query).
STRICT_FRAGMENT = decision("SPEC§3.2")
AF_FRAGMENT = form("3.2/fragment-before-query")
P = {"foo": "bar", "baz": [1, 2, 3]}  # the parameters of the methods vectors


def build():
    f = VectorFile("request", "http", "The HTTP (form) serializer: query in the URL for GET/HEAD/DELETE, form body otherwise (SPEC §3.2)",
                   ["SPEC§3.1", "SPEC§3.2"], verdict=form("3.2/query-append-separator"))
    # Ids are numbered in the order the vectors are added and never change (vectorfile.py): topics in id order.
    methods(f)
    query_separator(f)
    no_parameters(f)
    lowercase_get(f)
    fragment(f)
    form_body(f)
    methods_encoding_parameters_in_uri(f)
    parameter_values(f)
    method_case(f)
    fragment_edges(f)
    flattens_to_nothing(f)
    escaping_styles(f)
    empty_methods_list(f)
    custom_query(f)
    return f


# SPEC §3.2 where the parameters go: GET, HEAD and DELETE (or the methods in methodsEncodingParametersInURI), compared
# uppercased, put the query in the URL; any other method sends a form body.

def methods(f):
    for m in ["GET", "HEAD", "DELETE"]:
        f.add("%s appends the query with ?" % m, req("http", m, "http://example.com/path", params=P),
              http_expect(m, "http://example.com/path", [], P, BASE_OPTS), options=BASE_OPTS)
    for m in ["POST", "PUT", "PATCH", "OPTIONS"]:
        f.add("%s sends the query as a form body with Content-Type application/x-www-form-urlencoded (no charset)" % m,
              req("http", m, "http://example.com/path", params=P),
              http_expect(m, "http://example.com/path", [], P, BASE_OPTS), options=BASE_OPTS, verdict=form("3.2/form-content-type"))


def lowercase_get(f):
    f.add("lowercase get is compared uppercased: the query goes into the URL", req("http", "get", "http://example.com/p", params={"a": "b"}),
          {"url": "http://example.com/p?a=b", "body": None}, options=BASE_OPTS, verdict=form("3.2/uri-methods-default"))


def method_case(f):
    """Every method name is compared uppercased, so mixed case matches the default list and a configured one."""
    for m in ["head", "Delete", "dElEtE"]:
        f.add("%s is compared uppercased: the query goes into the URL, no body (SPEC §3.2)" % m,
              req("http", m, "http://example.com/p", params={"a": "b"}),
              {"method": m, "url": "http://example.com/p?a=b", "body": None}, options=BASE_OPTS, verdict=form("3.2/uri-methods-default"))
    for m in ["post", "Put"]:
        f.add("%s (mixed case) is not in {GET, HEAD, DELETE}: form body, URL unchanged (SPEC §3.2)" % m,
              req("http", m, "http://example.com/p", params={"a": "b"}),
              http_expect(m, "http://example.com/p", [], {"a": "b"}, BASE_OPTS), options=BASE_OPTS,
              verdict=form("3.2/uri-methods-default"))
    o = dict(BASE_OPTS, methodsEncodingParametersInURI=["GET", "HEAD", "DELETE", "POST"])
    f.add("lowercase post matches POST in methodsEncodingParametersInURI (compared uppercased, SPEC §3.2)",
          req("http", "post", "http://example.com/p", params={"a": 1}), {"url": "http://example.com/p?a=1", "body": None}, options=o,
          verdict=form("3.2/uri-methods-default"))


def methods_encoding_parameters_in_uri(f):
    o = dict(BASE_OPTS, methodsEncodingParametersInURI=["GET", "HEAD", "DELETE", "POST"])
    f.add("POST listed in methodsEncodingParametersInURI puts the query in the URL",
          req("http", "POST", "http://example.com/p", params={"a": 1}),
          http_expect("POST", "http://example.com/p", [], {"a": 1}, o, in_uri=("GET", "HEAD", "DELETE", "POST")), options=o,
          verdict=form("3.2/uri-methods-default"))
    o = dict(BASE_OPTS, methodsEncodingParametersInURI=["HEAD"])
    f.add("GET not listed in methodsEncodingParametersInURI sends a body",
          req("http", "GET", "http://example.com/p", params={"a": 1}),
          http_expect("GET", "http://example.com/p", [], {"a": 1}, o, in_uri=("HEAD",)), options=o,
          verdict=form("3.2/uri-methods-default"))


def empty_methods_list(f):
    o = dict(BASE_OPTS, methodsEncodingParametersInURI=[])
    for m in ["GET", "HEAD", "DELETE"]:
        f.add("%s with an empty methodsEncodingParametersInURI sends a form body (SPEC §3.2)" % m,
              req("http", m, "http://example.com/p", params={"a": 1}),
              http_expect(m, "http://example.com/p", [], {"a": 1}, o, in_uri=()), options=o, verdict=form("3.2/uri-methods-default"))


# SPEC §3.2 appending the query to the URL: '?' or '&' after an existing query (even an empty one); strict inserts it
# before the fragment, AF after it (expected by append_query(), oracles/s3: a '?' counts only before the first '#').

def query_separator(f):
    f.add("GET onto a URL that already has a query uses &", req("http", "GET", "http://example.com/p?x=1", params={"a": 1}),
          http_expect("GET", "http://example.com/p?x=1", [], {"a": 1}, BASE_OPTS), options=BASE_OPTS)
    f.add("GET onto a URL with an empty query (http://x/?) still uses & (SPEC §3.2)", req("http", "GET", "http://example.com/?", params={"a": 1}),
          {"url": "http://example.com/?&a=1"}, options=BASE_OPTS)


def fragment(f):
    f.add("AF appends after the fragment: http://h/p#f → http://h/p#f?a=1 (SPEC §3.2)", req("http", "GET", "http://h/p#f", params={"a": 1}),
          {"url": "http://h/p#f?a=1"}, options=BASE_OPTS, profiles=["af3", "af4"], verdict=AF_FRAGMENT)
    f.add("strict inserts the query before the fragment (SPEC §3.2)", req("http", "GET", "http://h/p#f", params={"a": 1}),
          {"url": "http://h/p?a=1#f"}, options=BASE_OPTS, profiles=["strict"], verdict=STRICT_FRAGMENT)
    f.add("strict: existing query and fragment", req("http", "GET", "http://h/p?x=1#f", params={"a": 1}),
          {"url": "http://h/p?x=1&a=1#f"}, options=BASE_OPTS, profiles=["strict"], verdict=STRICT_FRAGMENT)


def fragment_edges(f):
    for url, profiles, what in [
            ("http://h/p#f?x", ["af3", "af4"], "a '?' after the '#' is not a query: AF appends with '?' after the fragment"),
            ("http://h/p#f?x", ["strict"], "a '?' after the '#' is not a query: strict inserts '?a=1' before the fragment"),
            ("http://h/p?#f", ["strict"], "an empty query before a fragment: strict inserts '&a=1' before the fragment"),
            ("http://h/p?#f", ["af3", "af4"], "an empty query before a fragment: AF appends '&a=1' after the fragment"),
            ("http://h/p#", ["strict"], "an empty fragment: strict keeps the trailing '#'"),
            ("http://h/p#", ["af3", "af4"], "an empty fragment: AF appends after it"),
            ("http://h/p?x=1#f#g", ["strict"], "only the first '#' starts the fragment"),
            ("http://h/p?x=1", ["strict"], "strict with a query and no fragment appends with '&'"),
            ("http://h/p", ["strict"], "strict with no query and no fragment appends with '?'")]:
        exp = append_query(url, "a=1", "strict" in profiles)
        f.add("%s: %s → %s (SPEC §3.2)" % (what, url, exp), req("http", "GET", url, params={"a": 1}),
              {"url": exp}, options=BASE_OPTS, profiles=profiles,
              verdict=AF_FRAGMENT if "strict" not in profiles else STRICT_FRAGMENT if "#" in url else None)


# SPEC §3.2 no query: no parameters, or parameters that flatten to nothing, leave the URL as it is; a form body is
# then empty, never absent.

def no_parameters(f):
    f.add("GET with empty parameters leaves the URL unchanged", req("http", "GET", "http://example.com/p", params={}),
          http_expect("GET", "http://example.com/p", [], {}, BASE_OPTS), options=BASE_OPTS)
    f.add("GET without parameters leaves the URL unchanged and has no body", req("http", "GET", "http://example.com/p"),
          http_expect("GET", "http://example.com/p", [], None, BASE_OPTS), options=BASE_OPTS, verdict=form("3.2/uri-methods-no-body"))


def flattens_to_nothing(f):
    f.add("DELETE with a parameter that flattens to nothing (empty array) leaves the URL unchanged, no '?' (SPEC §3.2)",
          req("http", "DELETE", "http://example.com/p", params={"a": []}), {"url": "http://example.com/p", "body": None}, options=BASE_OPTS)
    f.add("POST with parameters that flatten to nothing sends an empty body with the form Content-Type (SPEC §3.2)",
          req("http", "POST", "http://example.com/p", params={"a": {}}),
          http_expect("POST", "http://example.com/p", [], {"a": {}}, BASE_OPTS), options=BASE_OPTS,
          verdict=form("3.2/other-methods-empty-body"))


# SPEC §3.2 the form body: application/x-www-form-urlencoded unless the request has its own Content-Type (looked up
# case-insensitively).

def form_body(f):
    f.add("POST without parameters sends an empty body, not none (AF #2864)", req("http", "POST", "http://example.com/p"),
          http_expect("POST", "http://example.com/p", [], None, BASE_OPTS), options=BASE_OPTS,
          verdict=form("3.2/other-methods-empty-body"))
    f.add("POST keeps the request's own Content-Type", req("http", "POST", "http://example.com/p", [["Content-Type", "text/plain"]], {"a": 1}),
          http_expect("POST", "http://example.com/p", [["Content-Type", "text/plain"]], {"a": 1}, BASE_OPTS), options=BASE_OPTS,
          verdict=form("3.2/form-content-type"))
    f.add("a lowercase content-type header counts as present (case-insensitive lookup)",
          req("http", "POST", "http://example.com/p", [["content-type", "text/plain"]], {"a": 1}),
          http_expect("POST", "http://example.com/p", [["content-type", "text/plain"]], {"a": 1}, BASE_OPTS), options=BASE_OPTS,
          verdict=form("3.2/form-content-type"))


# SPEC §2 in the request: every value kind, data refused (SPEC §2.7), the escaping styles (SPEC §1.3) and array and
# bool styles (SPEC §2.4) in the body and in the URL alike.

def parameter_values(f):
    f.add("parameters with every value kind", req("http", "POST", "http://example.com/", params={"s": "x y", "i": 7, "b": True, "n": None, "a": ["1"]}),
          http_expect("POST", "http://example.com/", [], {"s": "x y", "i": 7, "b": True, "n": None, "a": ["1"]}, BASE_OPTS), options=BASE_OPTS,
          refs=["SPEC§2.5"], verdict=form("2.5/pair-format"))
    f.add("data parameters are a typed error in the form serializer (SPEC §2.7)",
          req("http", "POST", "http://example.com/", params={"d": {"$data": "00"}}), {"error": {"domain": "AFSerialization"}}, options=BASE_OPTS,
          refs=["SPEC§2.7"], verdict=decision("SPEC§2.7"))


def escaping_styles(f):
    P2 = {"a b": "c d~/?", "x": [True, 2]}
    for style, fn in [("whatwgForm", whatwg), ("rfc3986Unreserved", unreserved)]:
        for arr, bl in [("brackets", "numeric"), ("indexInBrackets", "literal"), ("noBrackets", "numeric")]:
            o = dict(BASE_OPTS, style=style, arrayStyle=arr, boolStyle=bl)
            text = "&".join(fn(k) + "=" + fn(v) for k, v in flatten(None, P2, arr, bl))
            f.add("POST form body with style %s, arrayStyle %s, boolStyle %s; expected by the SPEC §2 reference + the %s oracle of oracles/s1_percent_escaping.py"
                  % (style, arr, bl, style), req("http", "POST", "http://example.com/p", params=P2),
                  {"url": "http://example.com/p", "body": {"text": text}}, options=o, refs=["SPEC§1.3", "SPEC§2.4"])
            f.add("GET query with style %s, arrayStyle %s, boolStyle %s (SPEC §3.2 with §1.3/§2.4)" % (style, arr, bl),
                  req("http", "GET", "http://example.com/p", params=P2), {"url": "http://example.com/p?" + text, "body": None},
                  options=o, refs=["SPEC§1.3", "SPEC§2.4"])


# SPEC §3.2 custom query serialization (AF's queryStringSerialization block): its result replaces §2 for the URL and for
# the body alike; an error it reports fails the request even when it also returned a string; no string means no query.

def custom_query(f):
    block = af("3.2/custom-query-block")
    for m, url in [("GET", "http://example.com/p?x=1&m=custom"), ("POST", "http://example.com/p")]:
        o = dict(BASE_OPTS, customQuery={"query": "m=custom"})
        f.add("%s with a custom query serialization returning 'm=custom': it replaces the built-in one (%s)" % (m, "in the URL" if m == "GET" else "in the body"),
              req("http", m, "http://example.com/p?x=1" if m == "GET" else "http://example.com/p", params={"a": 1}),
              {"url": url, "body": None if m == "GET" else {"text": "m=custom"}}, options=o, verdict=block)
        o = dict(BASE_OPTS, customQuery={"query": "a=1", "error": {"domain": "custom", "code": 42, "description": "nope"}})
        f.add("%s with a custom query serialization that returns 'a=1' and reports an error: the error is the output" % m,
              req("http", m, "http://example.com/p", params={"a": 1}), {"error": {"domain": "custom", "code": 42}}, options=o, verdict=block)
        o = dict(BASE_OPTS, customQuery={"query": None})
        f.add("%s with a custom query serialization that returns no query: %s" % (m, "the URL is left as it is" if m == "GET" else "an empty body"),
              req("http", m, "http://example.com/p", params={"a": 1}),
              {"url": "http://example.com/p", "body": None if m == "GET" else {"text": ""}}, options=o, verdict=block)
