"""Vectors/request/json-options.json: JSON writing options and value text, byte-identical to Foundation (SPEC §3.3).

Expected by fjson() (oracles/s3), with .sortedKeys orders recorded from Foundation. FOUNDATION_CASES collects the
bodies that `python3 scripts/gen_vectors.py --foundation` re-checks against JSONSerialization (filled by build()).

The topics below are grouped by the rule they pin: string escaping, numbers and literals, the writing options, the
.sortedKeys order, repeated keys, invalid JSON (−1016), the nesting limit and the methods that encode parameters in
the URI. Ids are numbered in the order the vectors are added and never change (vectorfile.py), so build() calls the
topics in id order.
"""
import re

from ...levels import af, decision
from ...oracles.s2_query_string import Dbl, to_json
from ...oracles.s3_requests import (FOUNDATION_KEY_ORDER, RECORDED_ORDERS, REQUEST_DOMAIN, default_headers, fjson,
                                    fnumber, foundation_order)
from ...vectorfile import VectorFile
from ._shared import BASE_OPTS, NESTING_TOO_DEEP, form, req

FOUNDATION_CASES = []  # (kind, value, options, expected text), re-checked by --foundation

JSON_HEADERS = default_headers(BASE_OPTS) + [["Content-Type", "application/json"]]
INVALID_JSON = {"domain": REQUEST_DOMAIN, "code": -1016, "reason": "The `parameters` argument is not valid JSON."}

# .sortedKeys groups whose order is FOUNDATION_KEY_ORDER's (each written from reversed input, then in order).
SORTED_KEY_GROUPS = [
    ("punctuation ranks", ["a$b", "a~b", "a|b", "a>b", "a=b", "a<b", "a+b", "a^b", "a`b", "a%b", "a#b", "a&b", "a\\b", "a/b",
                           "a*b", "a@b", "a}b", "a{b", "a]b", "a[b", "a)b", "a(b", "a\"b", "a'b", "a.b", "a?b", "a!b", "a:b",
                           "a;b", "a,b", "a-b", "a_b", "a b"]),
    ("whitespace controls TAB LF VT FF CR sort before space", ["a b", "a\rb", "a\x0cb", "a\x0bb", "a\nb", "a\tb"]),
    ("digit runs compare as numbers, fewer leading zeros first", ["a10", "a9", "a2", "a001", "a01", "a1", "a0"]),
    ("digits sort after punctuation and before letters", ["ab", "a10", "a$b", "a0"]),
    ("letters case-insensitively, lowercase first on a tie", ["Z", "z", "B", "b", "aZ", "az", "A", "a"]),
    ("a prefix sorts first", ["ab", "a", ""]),
    ("ignorable controls (U+0001, DEL) do not count", ["z", "\x01c", "b", "az", "a\x7fc", "ab"]),
    ("numbers alone and underscore/hyphen first", ["10", "9", "1", "-", "_"]),
]


def walk(v):
    yield v
    if isinstance(v, dict):
        for x in v.values():
            yield from walk(x)
    elif isinstance(v, list):
        for x in v:
            yield from walk(x)


def ok(f, comment, params, opts=(), order=foundation_order, method="POST"):
    """A body fjson() writes with `opts`; it joins FOUNDATION_CASES when Foundation's member order is determined
    (.sortedKeys, or no object with more than one member: a Swift dictionary has no order)."""
    body = fjson(params, opts, order)
    single = not any(isinstance(x, dict) and len(x) > 1 for x in walk(params))
    if "sortedKeys" in opts or single:
        FOUNDATION_CASES.append(("json", params, tuple(opts), body))
    o = dict(BASE_OPTS)
    if opts:
        o["jsonWritingOptions"] = list(opts)
    f.add(comment + "; expected by fjson() in oracles/s3_requests.py, checked byte for byte against Foundation's JSONSerialization",
          req("json", method, "http://example.com/api", params=to_json(params)),
          {"method": method, "url": "http://example.com/api", "headers": {"$unordered": JSON_HEADERS}, "body": {"text": body}}, options=o)


def build():
    FOUNDATION_CASES.clear()
    f = VectorFile("request", "json-options",
                   "JSON writing options and value text, byte-identical to Foundation's JSONSerialization (SPEC §3.3)",
                   ["SPEC§3.3"], verdict=decision("SPEC§3.3"))  # a JSON body is Linux Foundation's bytes (Decision)
    escapes(f)
    numbers_and_literals(f)
    pretty_printed(f)
    sorted_keys_from_reversed_input(f)
    invalid_json(f)
    nesting_limits(f)
    sorted_keys_recorded_orders(f)
    uri_methods(f)
    options_alone(f)
    escape_prescan(f)
    repeated_keys(f)
    depth_limit_boundary(f)
    sorted_keys_given_in_order(f)
    sorted_keys_non_ascii_icu(f)
    repeated_key_u0080(f)
    sorted_keys_digit_run_end(f)
    sorted_keys_long_digit_runs(f)
    depth_error_context(f)
    sorted_keys_non_ascii_rule(f)
    return f


# SPEC §3.3 string escaping: Foundation's escapes for controls, '"', '\\' and '/', everything else raw UTF-8.

def escapes(f):
    controls = "".join(chr(c) for c in range(0x20)) + "\x7f"
    ok(f, "every C0 control: \\b \\f \\n \\r \\t short escapes, the rest \\u00xx lowercase; DEL raw", {"c": controls})
    for c in range(0x20):
        ok(f, "control U+%04X alone between letters" % c, {"k": "a%sb" % chr(c)})
    ok(f, "controls, quote, backslash and slash in a key are escaped like values", {"k\x01\"\\/\n": "v"})
    ok(f, "'\"', '\\\\' and '/' next to each other, and at both ends", {"s": "/\"\\/x/\\\"/"})
    ok(f, "withoutEscapingSlashes writes '/' raw (values and keys) but still escapes '\"' and '\\\\'",
       {"a/b": "http://x/y\"\\"}, ("withoutEscapingSlashes",))
    ok(f, "withoutEscapingSlashes keeps control escapes", {"s": "/\n\x00/"}, ("withoutEscapingSlashes",))
    ok(f, "a long run of plain text with one escape at the end (bulk copy then escape)", {"s": "x" * 40 + "/"})
    ok(f, "a long run of plain text with one escape at the start and the middle", {"s": "\"" + "y" * 17 + "\t" + "z" * 23})
    ok(f, "U+2028, U+2029, U+FEFF and non-BMP are written raw as UTF-8", {"s": "\u2028\u2029\ufeff😀é"})


def escape_prescan(f):
    """The writer's word-at-a-time prescan must flag every byte it escapes: one special byte alone in a long plain run
    (16 plain bytes on each side, so it sits in a word with no other special byte)."""
    for c in ["\x00", "\x01", "\x1f", "\x0a", '"', "\\", "/"]:
        ok(f, "U+%04X alone in the middle of a 33-byte plain run is escaped (word prescan)" % ord(c), {"s": "x" * 16 + c + "y" * 16})
    ok(f, "'/' alone in a long plain run stays raw with withoutEscapingSlashes", {"s": "x" * 16 + "/" + "y" * 16}, ("withoutEscapingSlashes",))


# SPEC §3.3 numbers and literals: doubles in Foundation's shortest round-trip form, integers, bools and null.

def numbers_and_literals(f):
    for x in [1.0, 0.1, -0.0, 0.0, 1e100, 1e-7, 5e-324, 1.7976931348623157e308, 123456789012345678.0, 0.30000000000000004,
              1e16, 1e15, 100.0, -1.5, 2.5e-5, 1e21, 1e22, 9007199254740993.0, -123.456, 4.35]:
        ok(f, "double %r → %s (shortest round-trip, trailing .0 dropped)" % (x, fnumber(x)), {"d": Dbl(x)})
    ok(f, "integers 0, -1, Int64 max and min inside an array", [0, -1, 9223372036854775807, -9223372036854775808])
    ok(f, "bools and null inside an array", [True, False, None])


# SPEC §3.3 writing options: prettyPrinted's layout, the options combined, and each option alone changing only its
# own behaviour.

def pretty_printed(f):
    ok(f, "prettyPrinted: two-space indent, ' : ' after keys, one value per line", {"a": 1}, ("prettyPrinted",))
    ok(f, "prettyPrinted: nested containers indent by level", {"a": [1, {"b": [True, None]}]}, ("prettyPrinted",))
    ok(f, "prettyPrinted: an empty top-level array still gets two line breaks", [], ("prettyPrinted",))
    ok(f, "prettyPrinted: an empty top-level object still gets two line breaks", {}, ("prettyPrinted",))
    ok(f, "prettyPrinted: empty containers nested at levels 1 and 2", {"a": [[], {}]}, ("prettyPrinted",))
    ok(f, "prettyPrinted + sortedKeys, several members per level", {"b": {"z": 1, "a": [2, 3]}, "a": "x"}, ("prettyPrinted", "sortedKeys"))
    ok(f, "prettyPrinted with withoutEscapingSlashes", {"u": "a/b"}, ("prettyPrinted", "withoutEscapingSlashes"))
    ok(f, "fragmentsAllowed changes nothing for an object", {"a": "b"}, ("fragmentsAllowed",))
    ok(f, "all four options together", {"z": "/", "a": [{}]}, ("prettyPrinted", "sortedKeys", "fragmentsAllowed", "withoutEscapingSlashes"))


def options_alone(f):
    """Each writing option alone must change only its own behaviour: keys out of sorted order and a '/' in a value show
    sortedKeys and withoutEscapingSlashes each staying off when another option is on. Single-option, multi-key objects
    without sortedKeys are not re-checked by --foundation (Swift dictionaries have no order); their order is the
    model's (SPEC §3.3), escapes as fjson() states Foundation's rules."""
    for opts, what in [(("fragmentsAllowed",), "fragmentsAllowed alone: model key order, '/' still escaped"),
                       (("withoutEscapingSlashes",), "withoutEscapingSlashes alone: model key order (not sorted), '/' raw"),
                       (("prettyPrinted",), "prettyPrinted alone: model key order, '/' still escaped"),
                       ((), "no options: model key order, '/' escaped")]:
        params = {"b": "x/y", "a": [1]}
        o = dict(BASE_OPTS)
        if opts:
            o["jsonWritingOptions"] = list(opts)
        f.add("%s (SPEC §3.3); expected by fjson() in oracles/s3_requests.py" % what,
              req("json", "POST", "http://example.com/api", params=to_json(params)),
              {"method": "POST", "url": "http://example.com/api", "headers": {"$unordered": JSON_HEADERS},
               "body": {"text": fjson(params, opts)}},
              options=o)
    ok(f, "sortedKeys alone: keys sorted, '/' still escaped", {"b": "x/y", "a": [1]}, ("sortedKeys",))


# SPEC §3.3 .sortedKeys order: Foundation's ICU collation for ASCII keys (recorded in oracles/s3_requests.py and
# re-checked by --foundation), each group given reversed, already sorted and interleaved, so that a sort compares keys
# in both directions; the SPEC §3.3 deviations (non-ASCII keys, digit runs of 2^64 and more) by the SPEC rule.

def sorted_keys_from_reversed_input(f):
    keys = list(reversed(FOUNDATION_KEY_ORDER))
    ok(f, "sortedKeys over 62 ASCII keys: Foundation's ICU order (punctuation table, digits as numbers, case ties, ignorable controls)",
       {k: i for i, k in enumerate(keys)}, ("sortedKeys",))
    for what, ks in SORTED_KEY_GROUPS:
        ok(f, "sortedKeys: %s" % what, {k: 1 for k in ks}, ("sortedKeys",))
    ok(f, "sortedKeys sorts nested objects too, arrays keep their order", {"b": [{"z": 1, "ab": 2}], "a": {"b": 1, "a": 2}}, ("sortedKeys",))


def sorted_keys_recorded_orders(f):
    """More .sortedKeys groups, each in the order Foundation gave (RECORDED_ORDERS, re-checked by --foundation). Digit
    runs of 2^64 and more are not among them: Linux Foundation wraps those (sorted_keys_long_digit_runs)."""
    for what, _, grp in RECORDED_ORDERS:
        ok(f, "sortedKeys: %s" % what, {k: 1 for k in reversed(grp)}, ("sortedKeys",), order=lambda ks, g=grp: sorted(ks, key=g.index))


def sorted_keys_given_in_order(f):
    """The recorded Foundation orders again, but handed over already sorted (and interleaved): a sort then compares each
    key with an earlier, smaller one, which reversed input never does. Same keys, same recorded order, so the same
    oracle (re-checked by --foundation)."""
    fwd_groups = [("62 ASCII keys", FOUNDATION_KEY_ORDER)] + [(w, foundation_order(list(g))) for w, g in SORTED_KEY_GROUPS] + [
        (short, grp) for _, short, grp in RECORDED_ORDERS if short]
    for what, exp in fwd_groups:
        for how, model in [("already in Foundation's order", list(exp)), ("interleaved (odd positions first)", exp[1::2] + exp[0::2])]:
            ok(f, "sortedKeys: %s, given %s" % (what, how), {k: 1 for k in model}, ("sortedKeys",),
               order=lambda ks, g=exp: sorted(ks, key=g.index))


def sorted_keys_non_ascii_icu(f):
    """Non-ASCII keys where the SPEC §3.3 rule (after every ASCII key, by code point) and ICU root collation (Foundation)
    agree: a < é < ü (é, ü have the primary weights of e, u). In FOUNDATION_CASES, so --foundation re-checks it."""
    for model in [["ü", "é", "a"], ["a", "é", "ü"]]:
        ok(f, "sortedKeys: non-ASCII keys a < é < ü (ICU root order; confirmed by --foundation), given %s" % "/".join(model),
           {k: 1 for k in model}, ("sortedKeys",), order=lambda ks: sorted(ks, key=["a", "é", "ü"].index))


def sorted_keys_digit_run_end(f):
    """A digit run ends at the first non-digit: "1 ", "1:", "1/" sort as the number 1 followed by punctuation, so before
    "1a" (the recorded table has "a b" < "a:b" < "a/b" < "ab"). Predicted from the recorded table; in FOUNDATION_CASES,
    so --foundation re-checks it."""
    for model in [["1 ", "1:", "1/", "1a"], ["1a", "1/", "1:", "1 "]]:
        ok(f, "sortedKeys: a digit run stops before space, ':' and '/' (predicted from the recorded table; confirmed by --foundation), given %r"
           % model, {k: 1 for k in model}, ("sortedKeys",), order=lambda ks: sorted(ks, key=["1 ", "1:", "1/", "1a"].index))


def by_value(keys):
    """Letters then one digit run: by the letters, the run's value, then fewer leading zeros."""
    parts = {k: re.fullmatch(r"([a-z]+)([0-9]+)", k).groups() for k in keys}
    return sorted(keys, key=lambda k: (parts[k][0], int(parts[k][1]), len(k)))


def sorted_keys_long_digit_runs(f):
    """SPEC §3.3 deviation: digit runs of 2^64 and more compare by value (then fewer leading zeros first), as every
    shorter run does. Linux Foundation compares them modulo 2^64 (JSONSerialization .sortedKeys gives
    a18446744073709551616 < a18446744073709551617 < a9 < a99999999999999999999999 < a18446744073709551615), an
    overflow, not an order. Not in FOUNDATION_CASES: --foundation would (rightly) report the difference."""
    for model in [["a18446744073709551616", "a18446744073709551615", "a9", "a99999999999999999999999", "a18446744073709551617"],
                  ["b18446744073709551616", "b18446744073709551615"],
                  ["z100000000000000000000", "z099999999999999999999", "z99999999999999999999", "z0100000000000000000000"]]:
        params = {k: i for i, k in enumerate(model)}
        f.add("sortedKeys: digit runs of 2^64 and more compare by value, then fewer leading zeros first (SPEC §3.3 deviation: "
              "Linux Foundation wraps them modulo 2^64); expected by fjson() with the order by value, given %s" % "/".join(model),
              req("json", "POST", "http://example.com/api", params=params),
              {"body": {"text": fjson(params, ("sortedKeys",), by_value)}},
              options=dict(BASE_OPTS, jsonWritingOptions=["sortedKeys"]), refs=["SPEC§3.3"])


def sorted_keys_non_ascii_rule(f):
    """SPEC §3.3 deviation for non-ASCII keys, pinned where it shows: a non-ASCII character sorts after every ASCII one,
    by code point. Linux Foundation (ICU root collation; JSONSerialization .sortedKeys on these keys) gives
    a < ä < az < b < é < é1 < ß < ü < z < Z < Ω instead. Not in FOUNDATION_CASES: --foundation would (rightly) report
    the difference."""
    ascii, other = ["z", "b", "a", "Z", "az"], ["Ω", "é1", "ü", "ß", "é", "ä"]
    params = {k: i for i, k in enumerate(ascii[:2] + other[:3] + ascii[2:] + other[3:])}
    by_rule = lambda ks: foundation_order([k for k in ks if k.isascii()]) + sorted(k for k in ks if not k.isascii())
    f.add("sortedKeys: keys starting with a non-ASCII character come after every ASCII key, by code point (SPEC §3.3 deviation; "
          "Foundation's ICU order interleaves them: a < ä < az < b < é < é1 < ß < ü < z < Z < Ω); expected by fjson() with the SPEC "
          "rule, given %s" % "/".join(params), req("json", "POST", "http://example.com/api", params=params),
          {"body": {"text": fjson(params, ("sortedKeys",), by_rule)}},
          options=dict(BASE_OPTS, jsonWritingOptions=["sortedKeys"]), refs=["SPEC§3.3"])


# SPEC §2.3 repeated keys: keys that repeat (only VECTORS.md's $dict can build them; a Foundation dictionary cannot
# hold them) keep their model order, also under .sortedKeys: the sort is stable (SPEC §3.3 "sorted"; the same rule as
# Python's sorted()). Expected by hand.

def repeated_keys(f):
    f.add("sortedKeys with repeated keys ($dict): a stable sort keeps each key's members in model order (expected by hand, decision)",
          dict(req("json", "POST", "http://example.com/api"), parameters={"$dict": [["b", 1], ["a", 1], ["b", 2], ["a", 2], ["b", 3]]}),
          {"body": {"text": '{"a":1,"a":2,"b":1,"b":2,"b":3}'}}, options=dict(BASE_OPTS, jsonWritingOptions=["sortedKeys"]),
          verdict=decision("SPEC§2.3"))
    f.add("repeated keys ($dict) without sortedKeys are written in model order (expected by hand)",
          dict(req("json", "POST", "http://example.com/api"), parameters={"$dict": [["b", 1], ["a", 1], ["b", 2]]}),
          {"body": {"text": '{"b":1,"a":1,"b":2}'}}, options=BASE_OPTS)


def repeated_key_u0080(f):
    """A repeated key made of U+0080, the first non-ASCII scalar: the comparator must treat it as non-ASCII. Expected
    by hand (model order; the body is the raw UTF-8 C2 80)."""
    f.add("sortedKeys with a repeated key U+0080 ($dict): model order kept (expected by hand, decision)",
          dict(req("json", "POST", "http://example.com/api"), parameters={"$dict": [["\x80", 1], ["\x80", 2]]}),
          {"body": {"text": '{"\x80":1,"\x80":2}'}}, options=dict(BASE_OPTS, jsonWritingOptions=["sortedKeys"]),
          verdict=decision("SPEC§2.3"))


# SPEC §3.3 invalid JSON: what JSONSerialization.isValidJSONObject refuses is AF's −1016.

def invalid_json(f):
    for params, what in [("s", "string"), (1, "integer"), (None, "null"), (True, "bool")]:
        f.add("a top-level %s is −1016 even with fragmentsAllowed: AF checks isValidJSONObject without options (SPEC §3.3)" % what,
              dict(req("json", "POST", "http://example.com/api"), parameters=params), {"error": INVALID_JSON},
              options=dict(BASE_OPTS, jsonWritingOptions=["fragmentsAllowed"]), verdict=af("3.3/json-scalar-even-with-fragments"))
    for params, what in [({"a": [1, {"b": {"$double": "-inf"}}]}, "-infinity nested two levels down"),
                         ({"a": {"b": [{"$data": ""}]}}, "empty data nested in an array")]:
        f.add("%s is not valid JSON → −1016 (SPEC §3.3)" % what, req("json", "POST", "http://example.com/api", params=params),
              {"error": INVALID_JSON}, options=BASE_OPTS, verdict=af("3.3/json-validity-1016"))


# SPEC §8 nesting limit: nestingTooDeep is a typed error; maxJSONDepth N admits N nested containers (a SPEC §8
# decision: SPEC says only "a typed error"), and the error's context names the limit and the field.

def nesting_limits(f):
    """The default limit and configured limits far from the depth."""
    deep = 1
    for _ in range(600):
        deep = [deep]
    f.add("600 nested arrays exceed the default JSON depth 512 → nestingTooDeep (SPEC §8)",
          req("json", "POST", "http://example.com/api", params={"a": deep}),
          NESTING_TOO_DEEP, options=BASE_OPTS, refs=["SPEC§8"],
          verdict=decision("SPEC§8"))
    ok10 = "x"
    for _ in range(10):
        ok10 = {"k": ok10}
    f.add("maxJSONDepth 4 rejects 10 nested objects → nestingTooDeep (SPEC §8)",
          req("json", "POST", "http://example.com/api", params=ok10),
          NESTING_TOO_DEEP, options=dict(BASE_OPTS, maxJSONDepth=4), refs=["SPEC§8"],
          verdict=decision("SPEC§8"))
    f.add("maxJSONDepth 20 accepts 10 nested objects; body as Foundation writes it",
          req("json", "POST", "http://example.com/api", params=ok10),
          {"body": {"text": fjson(ok10)}}, options=dict(BASE_OPTS, maxJSONDepth=20), refs=["SPEC§8"])
    FOUNDATION_CASES.append(("json", ok10, (), fjson(ok10)))


def depth_limit_boundary(f):
    """maxJSONDepth N admits N nested containers and rejects the (N+1)th when it is entered, before anything inside it
    is looked at (so an invalid value inside the too-deep container is reported as nestingTooDeep, not −1016)."""
    nan = {"$double": "nan"}
    for params, exp, what in [
            ({"a": {"b": {"c": nan}}}, NESTING_TOO_DEEP, "3 nested objects, NaN in the third: nestingTooDeep (the third object is not entered)"),
            ({"a": [[nan]]}, NESTING_TOO_DEEP, "an object and 2 nested arrays, NaN in the last: nestingTooDeep"),
            ({"a": {"b": nan}}, {"error": INVALID_JSON}, "2 nested objects holding NaN: depth admitted, −1016 for the NaN"),
            ({"a": [nan]}, {"error": INVALID_JSON}, "an object and an array holding NaN: depth admitted, −1016 for the NaN"),
            ({"a": {"b": 1}}, {"body": {"text": '{"a":{"b":1}}'}}, "2 nested objects: written (body by json.dumps compact)"),
            ({"a": [[1]]}, NESTING_TOO_DEEP, "an object and 2 nested arrays: nestingTooDeep")]:
        f.add("maxJSONDepth 2, %s (decision: a limit N admits N nested containers; SPEC §8)" % what,
              req("json", "POST", "http://example.com/api", params=params), exp,
              options=dict(BASE_OPTS, maxJSONDepth=2), refs=["SPEC§8"], verdict=decision("SPEC§8"))


def depth_error_context(f):
    """The depth error's context (SPEC §8): the limit, and the field: the path of the first container past it, by the
    SPEC §3.3 path rule. 10 nested objects under "a", limit 4: the 5th."""
    nest = 1
    for _ in range(10):
        nest = {"a": nest}
    f.add("maxJSONDepth 4, 10 nested objects → nestingTooDeep with context limit 4 and field $.a.a.a.a (the 5th object; SPEC §8, §3.3)",
          req("json", "POST", "http://example.com/api", params=nest),
          {"error": {"domain": "AFSerialization", "kind": "nestingTooDeep", "context": {"field": "$.a.a.a.a", "limit": "4"}}},
          options=dict(BASE_OPTS, maxJSONDepth=4), refs=["SPEC§8"], verdict=decision("SPEC§8"))


# SPEC §3.3 methodsEncodingParametersInURI: a listed method goes through the form serializer, any other gets JSON.

def uri_methods(f):
    o = dict(BASE_OPTS, methodsEncodingParametersInURI=["POST"])
    f.add("JSON serializer: POST listed in methodsEncodingParametersInURI goes through the form serializer (query in the URL, no JSON)",
          req("json", "POST", "http://example.com/api", params={"a": 1, "b": "x y"}),
          {"url": "http://example.com/api?a=1&b=x%20y", "body": None, "headers": {"$unordered": default_headers(BASE_OPTS)}}, options=o,
          verdict=form("3.3/json-uri-methods"))
    f.add("JSON serializer: GET not listed (empty list) gets a JSON body and application/json",
          req("json", "GET", "http://example.com/api", params={"a": 1}),
          {"url": "http://example.com/api", "body": {"text": '{"a":1}'}, "headers": {"$unordered": JSON_HEADERS}},
          options=dict(BASE_OPTS, methodsEncodingParametersInURI=[]))
