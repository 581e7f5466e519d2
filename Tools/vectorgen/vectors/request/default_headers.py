"""Vectors/request/default-headers.json: Accept-Language, User-Agent, Authorization; request-level wins (SPEC §3.2).

Expected by oracles/s3: Python's "%0.1g" for q-values, base64.b64encode, merge() for the case-insensitive gap filling.
"""
from ...levels import af, decision
from ...oracles.s3_requests import accept_language, default_headers, http_expect, merge
from ...vectorfile import VectorFile
from ._shared import BASE_OPTS, LANGS, UA, form, req


def languages(langs):
    """AF's Accept-Language: the q format, and the cut after q ≤ 0.5 once the list reaches it."""
    return af("3.2/accept-language-cut" if len(langs) >= 6 else "3.2/accept-language-format")


def build():
    f = VectorFile("request", "default-headers", "Default headers: Accept-Language, User-Agent, Authorization; request-level wins (SPEC §3.2)",
                   ["SPEC§3.2"], verdict=form("3.2/default-headers-request-wins"))
    # Ids are numbered in the order the vectors are added and never change (vectorfile.py): topics in id order.
    accept_language_lists(f)
    user_agent(f)
    basic_auth(f)
    request_headers_win(f)
    basic_auth_lengths(f)
    accept_language_strings(f)
    accept_language_empty_list(f)
    default_headers_replace_generated(f)
    basic_auth_fills_a_gap(f)
    name_case(f)
    repeated_headers(f)
    return f


# SPEC §3.2 Accept-Language: q = 1.0 − 0.1·i as %0.1g, cut after q ≤ 0.5 (AF's format).

def accept_language_lists(f):
    lang_lists = [["en"], ["en", "fr"], ["fr-CA", "fr", "en"], ["a", "b", "c", "d", "e"], ["a", "b", "c", "d", "e", "f"],
                  ["a", "b", "c", "d", "e", "f", "g", "h"], ["zh-Hans-CN", "ja-JP"]]
    for langs in lang_lists:
        o = {"preferredLanguages": langs, "userAgent": UA}
        f.add("Accept-Language for %d languages: q = 1.0 − 0.1·i as %%0.1g, stop after q ≤ 0.5 (expected by Python %%0.1g)" % len(langs),
              req("http", "GET", "http://example.com/"), http_expect("GET", "http://example.com/", [], None, o), options=o,
              verdict=languages(langs))


def accept_language_strings(f):
    for langs in [["en", "fr", "de", "it", "es", "pt", "nl"], ["x"], ["en-US", "en"], ["a", "b", "c", "d"]]:
        o = {"preferredLanguages": langs, "userAgent": UA}
        f.add("Accept-Language for %d languages, exact string %r (expected by Python %%0.1g; SPEC §3.2)" % (len(langs), accept_language(langs)),
              req("http", "GET", "http://example.com/"), {"headers": {"$unordered": default_headers(o)}}, options=o,
              verdict=languages(langs))


def accept_language_empty_list(f):
    o = {"preferredLanguages": [], "userAgent": UA}
    f.add("no preferred languages: Accept-Language with an empty value, as AF joins the empty list and sets the header "
          "unconditionally (SPEC §3.2; AF 4.0.1 AFURLRequestSerialization.m L211-L218)",
          req("http", "GET", "http://example.com/"), {"headers": {"$unordered": [["Accept-Language", ""], ["User-Agent", UA]]}},
          options=o, verdict=af("3.2/accept-language-empty-list"))


# SPEC §3.2 User-Agent: the injected value.

def user_agent(f):
    for ua in ["MyApp/2.3 (iPhone; iOS 17.0; Scale/3.00)", "Ünïcode-Agent/1"]:
        o = {"preferredLanguages": LANGS, "userAgent": ua}
        # AF builds the value from the bundle and the device (and transliterates it to ASCII); the core sends the
        # injected final string: SPEC §3.2's Deviation decides, whatever the text.
        f.add("User-Agent is the injected value", req("http", "GET", "http://example.com/"),
              http_expect("GET", "http://example.com/", [], None, o), options=o, verdict=decision("SPEC§3.2"))


# SPEC §3.2 Authorization: Basic base64(utf8(user:password)) (RFC 7617 §2), expected by base64.b64encode.

def basic_auth(f):
    for user, pw in [("user", "pass"), ("Aladdin", "open sesame"), ("", ""), ("ü", "p:w"), ("a@b.c", "🔑")]:
        o = dict(BASE_OPTS, basicAuth={"user": user, "password": pw})
        f.add("Basic auth %r:%r → base64(utf8(user:password)) (expected by base64.b64encode)" % (user, pw),
              req("http", "GET", "http://example.com/"), http_expect("GET", "http://example.com/", [], None, o), options=o,
              verdict=af("3.2/basic-auth"))


def basic_auth_lengths(f):
    """Base64 padding for every length mod 3 (0, 1, 2 bytes of "user:password"), multi-byte UTF-8, every base64
    alphabet corner (+ / and the 62nd/63rd values)."""
    for user, pw in [("a", ""), ("", "a"), ("ab", ""), ("", "ab"), ("abc", ""), ("a", "bc"), ("ab", "cd"),
                     ("\u00ff\u00fe", "\u00fb\u00ff"), ("~~~", "???"), ("日本", "語"), ("user", "pa ss\t"), ("x" * 57, "y" * 100)]:
        o = dict(BASE_OPTS, basicAuth={"user": user, "password": pw})
        n = len(("%s:%s" % (user, pw)).encode("utf-8"))
        f.add("Basic auth %r:%r (%d bytes, %d mod 3) → base64(utf8(user:password)) (expected by base64.b64encode; RFC 7617 §2)"
              % (user[:20], pw[:20], n, n % 3),
              req("http", "GET", "http://example.com/"), http_expect("GET", "http://example.com/", [], None, o), options=o,
              verdict=af("3.2/basic-auth"))


# SPEC §3.2 precedence: default headers only fill gaps (a request-level header wins, matched case-insensitively in
# ASCII letters); defaultHeaders replace the generated ones.

def request_headers_win(f):
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


def default_headers_replace_generated(f):
    o = dict(BASE_OPTS, defaultHeaders=[["Accept-Language", "de-CH"], ["User-Agent", "Override/1"]])
    f.add("defaultHeaders set after the generated ones replace their values (RequestComponent order; one header each)",
          req("http", "GET", "http://example.com/"),
          {"headers": {"$unordered": [["Accept-Language", "de-CH"], ["User-Agent", "Override/1"]]}}, options=o,
          verdict=af("3.2/default-header-replaces"))


def basic_auth_fills_a_gap(f):
    """Basic auth is a default header too: a request's own Authorization wins, and a POST form body gets it."""
    o = dict(BASE_OPTS, basicAuth={"user": "u", "password": "p"})
    f.add("a request Authorization wins over basic auth (default headers only fill gaps, SPEC §3.2)",
          req("http", "GET", "http://example.com/", [["authorization", "Bearer t"]]),
          {"headers": {"$unordered": [["authorization", "Bearer t"]] + default_headers(BASE_OPTS)}}, options=o)
    f.add("default headers also apply to a POST form body (SPEC §3.2)", req("http", "POST", "http://example.com/", params={"a": 1}),
          http_expect("POST", "http://example.com/", [], {"a": 1}, o), options=o)


def name_case(f):
    """Header names match case-insensitively in ASCII letters only (RFC 9110 §5.1); expected by merge() (oracles/s3),
    which lowercases with str.lower() on ASCII-only names, or by hand for the non-ASCII pair."""
    for req_name, def_name in [("X-[", "X-{"), ("X-@", "X-`"), ("X-]", "X-}"), ("X-\\", "X-|"), ("X-^", "X-~"), ("X-A", "X-AB"),
                               ("X-Ab", "X-A"), ("X-z", "X-Z"), ("x-Trace-ID", "X-TRACE-id"), ("X-0", "X-P")]:
        o = dict(BASE_OPTS, defaultHeaders=[[def_name, "default"]])
        exp = merge([[req_name, "mine"]], default_headers(o))
        f.add("request header %r vs default %r: %s (RFC 9110 §5.1: case-insensitive in ASCII letters only)"
              % (req_name, def_name, "same field, the request wins" if len(exp) == len(default_headers(o)) else "different fields, both sent"),
              req("http", "GET", "http://example.com/", [[req_name, "mine"]]), {"headers": {"$unordered": exp}}, options=o, refs=["RFC9110#5.1"])
    o = dict(BASE_OPTS, defaultHeaders=[["X-\u00c9", "default"]])
    f.add("non-ASCII letters do not fold: X-é and X-É are different fields (expected by hand, RFC 9110 §5.1 names are tokens)",
          req("http", "GET", "http://example.com/", [["X-\u00e9", "mine"]]),
          {"headers": {"$unordered": [["X-\u00e9", "mine"]] + default_headers(o)}}, options=o, refs=["RFC9110#5.1"],
          verdict=decision("SPEC§3.1"))  # folding ASCII letters only is SPEC §3.1's rule, not Foundation's lookup


def repeated_headers(f):
    o = dict(BASE_OPTS, defaultHeaders=[["X-A", "1"], ["X-B", "b"], ["X-A", "2"]])
    f.add("a default header set twice keeps one field with the last value",
          req("http", "GET", "http://example.com/"),
          {"headers": {"$unordered": default_headers(BASE_OPTS) + [["X-A", "2"], ["X-B", "b"]]}}, options=o,
          verdict=af("3.2/default-header-replaces"))
    f.add("a request's own repeated headers are kept as given; defaults only fill gaps",
          req("http", "GET", "http://example.com/", [["X-A", "r1"], ["X-A", "r2"]]),
          {"headers": {"$unordered": [["X-A", "r1"], ["X-A", "r2"]] + default_headers(BASE_OPTS)}}, options=dict(BASE_OPTS, defaultHeaders=[["X-A", "d"]]),
          verdict=decision("SPEC§3.1"))  # an NSURLRequest holds one field per name: the repeated fields are the core's model
