"""Vectors/request/plist-values.json: XML property-list bodies for every value kind, byte-identical to Foundation (SPEC §3.4).

Expected by fplist() (oracles/s3). FOUNDATION_CASES and FOUNDATION_ERRORS collect what `python3 scripts/gen_vectors.py
--foundation` re-checks against PropertyListSerialization (filled by build()).

The topics below are grouped by the rule they pin: scalar values, string escaping, the key order (and repeated keys),
the layout of containers and data, the 3851 errors and the nesting limit. Ids are numbered in the order the vectors
are added and never change (vectorfile.py), so build() calls the topics in id order.
"""
from ...levels import decision
from ...oracles.s2_query_string import Data, Dbl, to_json
from ...oracles.s3_requests import default_headers, fplist, fplist_head
from ...vectorfile import VectorFile
from ._shared import BASE_OPTS, NESTING_TOO_DEEP, req

FOUNDATION_CASES = []  # (kind, value, options, expected text), re-checked by --foundation
FOUNDATION_ERRORS = []  # (kind, value, code, localizedDescription), re-checked by --foundation

PLIST_HEADERS = default_headers(BASE_OPTS) + [["Content-Type", "application/x-plist"]]


def ok(f, comment, params):
    """A body fplist() writes; every one joins FOUNDATION_CASES."""
    body = fplist(params)
    FOUNDATION_CASES.append(("plist", params, (), body))
    f.add(comment + "; expected by fplist() in oracles/s3_requests.py, checked byte for byte against Foundation's PropertyListSerialization",
          req("plist", "POST", "http://example.com/p", params=to_json(params)),
          {"method": "POST", "headers": {"$unordered": PLIST_HEADERS}, "body": {"text": body}}, options=BASE_OPTS)


def build():
    FOUNDATION_CASES.clear()
    FOUNDATION_ERRORS.clear()
    f = VectorFile("request", "plist-values",
                   "XML property-list bodies for every value kind, byte-identical to Foundation's PropertyListSerialization (SPEC §3.4)",
                   ["SPEC§3.4"], verdict=decision("SPEC§3.4"))  # bodies and 3851 errors are Linux Foundation's (Decision)
    scalars(f)
    escapes(f)
    key_order(f)
    layout(f)
    not_plist_types(f)
    default_depth(f)
    non_finite_reals(f)
    escape_prescan(f)
    repeated_keys(f)
    depth_limit_boundary(f)
    error_description(f)
    error_field(f)
    depth_error_context(f)
    error_debug_description(f)
    return f


# SPEC §3.4 scalar values: reals in %.17g (CoreFoundation's XML writer), integers, booleans.

def scalars(f):
    ok(f, "reals use %.17g: 0.1 → 0.10000000000000001", {"r": Dbl(0.1)})
    for x in [1.0, -0.0, 0.0, 1e100, 5e-324, 1.7976931348623157e308, -2.5, 123456789012345678.0, 1e-7]:
        ok(f, "real %r" % x, {"r": Dbl(x)})
    ok(f, "integers: Int64 max and min, 0, -1", {"a": 9223372036854775807, "b": -9223372036854775808, "c": 0, "d": -1})
    ok(f, "true and false", {"t": True, "f": False})


def non_finite_reals(f):
    """CoreFoundation's XML writer prints nan, +infinity, -infinity (fplist().real restates it; re-checked by
    --foundation)."""
    for x, what in [(float("nan"), "NaN"), (float("inf"), "+infinity"), (float("-inf"), "-infinity")]:
        ok(f, "real %s" % what, {"r": Dbl(x)})


# SPEC §3.4 string escaping: only '&', '<' and '>' are escaped, in values and keys.

def escapes(f):
    ok(f, "only & < > are escaped; quotes and C0 controls are written raw", {"s": "&<>\"'\x01\t\n\r\x1f"})
    ok(f, "escapes in keys", {"a&b<c>": "v"})


def escape_prescan(f):
    """The escaper's word-at-a-time prescan must flag '&', '<' and '>' alone in a long plain run, and a string whose
    only escape is its first byte must still be escaped."""
    for c in "&<>":
        ok(f, "%r alone in the middle of a 33-byte plain run is escaped (word prescan)" % c, {"s": "x" * 16 + c + "y" * 16})
    for s in ["&x", "<", ">tail", "x&"]:
        ok(f, "a string whose only escape is at %s: %r" % ("its start" if s[0] in "&<>" else "its end", s), {"s": s})
    ok(f, "a key whose only escape is its first byte", {"&k": "v"})


# SPEC §3.4 key order: a dictionary's keys sorted by UTF-16 code units; keys that repeat (only $dict builds them;
# Foundation dictionaries cannot hold them) keep their model order after the sort (a stable sort, a SPEC §3.4 decision).

def key_order(f):
    ok(f, "keys sorted by UTF-16 code units: uppercase before lowercase, U+1F600 (D83D…) before U+FF21",
       {"\uff21": 1, "\U0001F600": 2, "b": 3, "B": 4, "a": 5, "é": 6, "ab": 7, "": 8})


def repeated_keys(f):
    """Expected by hand."""
    f.add("repeated keys ($dict) keep model order after the key sort (expected by hand, decision)",
          dict(req("plist", "POST", "http://example.com/p"), parameters={"$dict": [["b", 1], ["a", 1], ["b", 2], ["a", 2]]}),
          {"body": {"text": fplist_head() + "<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<key>a</key>\n\t<integer>2</integer>\n"
                    "\t<key>b</key>\n\t<integer>1</integer>\n\t<key>b</key>\n\t<integer>2</integer>\n</dict>\n</plist>\n"}},
          options=BASE_OPTS)


# SPEC §3.4 layout: empty and top-level containers, one tab of indent per level, data as base64 lines whose length
# shrinks with the indent (capped at 8 tabs).

def layout(f):
    ok(f, "empty array and empty dictionary inside a dictionary", {"a": [], "d": {}})
    ok(f, "top-level array", [1, "x", [True]])
    ok(f, "top-level scalar string (a valid plist; AF has no JSON-style pre-check)", "just a string")
    for n in [0, 1, 2, 3, 56, 57, 58, 60]:
        ok(f, "data of %d bytes at indent 1 (base64 lines of 68 characters)" % n, {"d": Data(bytes(range(n)))})
    ok(f, "data at indent 0 (top level): lines of 76 characters", Data(bytes(range(256))))
    deep = Data(bytes(range(200)))
    for _ in range(9):
        deep = [deep]
    ok(f, "data nested 9 levels: the indent is capped at 8 tabs (lines of 12 characters)", deep)
    deep = Data(bytes(range(100)))
    for _ in range(7):
        deep = [deep]
    ok(f, "data nested 7 levels: 7 tabs, lines of 20 characters", deep)
    ok(f, "nested dictionaries and arrays indent one tab per level", {"a": {"b": [{"c": "d"}]}})


# SPEC §3.4 errors: a value that is no property-list type is Foundation's NSCocoaErrorDomain 3851, with its
# localizedDescription and NSDebugDescription, and a context that names the value's path (SPEC §3.3 path rule).

def not_plist_types(f):
    for params, what in [({"n": None}, "a null value"), ({"a": [1, None]}, "a null nested in an array")]:
        f.add("%s is not a property-list type: NSCocoaErrorDomain 3851 (Foundation's PropertyListSerialization, SPEC §3.4)" % what,
              req("plist", "POST", "http://example.com/p", params=params), {"error": {"domain": "NSCocoaErrorDomain", "code": 3851}},
              options=BASE_OPTS)
    f.add("a set is not a property-list type: NSCocoaErrorDomain 3851 (Foundation, SPEC §3.4)",
          req("plist", "POST", "http://example.com/p", params={"s": {"$set": [1]}}),
          {"error": {"domain": "NSCocoaErrorDomain", "code": 3851}}, options=BASE_OPTS)


def error_description(f):
    """The error's description, which AF-compatible errors compare: Linux Foundation's localizedDescription for this
    error as PlistXMLWriter records it. That record is the oracle until `python3 scripts/gen_vectors.py --foundation`,
    which compares code and description (FOUNDATION_ERRORS), confirms it on a machine with Swift."""
    desc = "The operation could not be completed. An error occurred in the destination for the data."
    FOUNDATION_ERRORS.append(("plist", {"n": None}, 3851, desc))
    f.add("a null value: NSCocoaErrorDomain 3851 with Foundation's localizedDescription (pending the --foundation check, SPEC §3.4)",
          req("plist", "POST", "http://example.com/p", params={"n": None}),
          {"error": {"domain": "NSCocoaErrorDomain", "code": 3851, "description": desc}}, options=BASE_OPTS)


def error_field(f):
    """The 3851 error's context names the invalid value's path like the JSON −1016 (SPEC §3.3, §3.4): $, .key, [index],
    at most its first 200 characters; the plist writer's keys are sorted."""
    k150 = "k" * 150
    for params, path, what in [({"a": [1, None]}, "$.a[1]", "null inside an array"),
                               ({k150: {k150: None}}, ("$." + k150 + "." + k150)[:200], "null at a 303-character path: its first 200")]:
        f.add("%s: NSCocoaErrorDomain 3851, context.field %s (SPEC §3.3 path rule)" % (what, path if len(path) < 40 else "cut at 200"),
              req("plist", "POST", "http://example.com/p", params=params),
              {"error": {"domain": "NSCocoaErrorDomain", "code": 3851, "context": {"field": path}}}, options=BASE_OPTS,
              verdict=decision("SPEC§3.3"))  # the path rule


def error_debug_description(f):
    """Foundation's NSDebugDescription for these 3851s names the CoreFoundation type; recorded from Linux Foundation
    (swift-corelibs-foundation, Swift 6.3.1): PropertyListSerialization.data(fromPropertyList:format: .xml, options: 0)
    of ["n": NSNull()] and ["s": NSSet([1])] (Darwin's text differs: it names CFNull)."""
    for params, cf in [({"n": None}, "Not A Type"), ({"s": {"$set": [1]}}, "CFSet")]:
        dd = "Property list invalid for format: 100 (property lists cannot contain objects of type '%s')" % cf
        f.add("%s: NSCocoaErrorDomain 3851 with Linux Foundation's NSDebugDescription %r (recorded, SPEC §3.4)"
              % ("a null value" if cf != "CFSet" else "a set", dd),
              req("plist", "POST", "http://example.com/p", params=params),
              {"error": {"domain": "NSCocoaErrorDomain", "code": 3851, "context": {"debugDescription": dd}}}, options=BASE_OPTS)


# SPEC §8 nesting limit: nestingTooDeep is a typed error, never a crash; maxParameterDepth N admits N nested containers
# in a property list and rejects the (N+1)th (a SPEC §8 decision, as for JSON: SPEC says only "a typed error"); the
# error's context names the limit and the field.

def default_depth(f):
    deep = "x"
    for _ in range(600):
        deep = [deep]
    f.add("600 nested arrays exceed the default parameter depth 512 → nestingTooDeep, never a crash (SPEC §8)",
          req("plist", "POST", "http://example.com/p", params=deep),
          NESTING_TOO_DEEP, options=BASE_OPTS, refs=["SPEC§8"],
          verdict=decision("SPEC§8"))


def depth_limit_boundary(f):
    for params, ok_body, what in [([["x"]], True, "2 nested arrays: written"), ([[["x"]]], False, "3 nested arrays: nestingTooDeep"),
                                  ({"a": {"b": "x"}}, True, "2 nested dictionaries: written"),
                                  ({"a": {"b": {"c": "x"}}}, False, "3 nested dictionaries: nestingTooDeep"),
                                  ({"a": [{}]}, False, "a dictionary, an array and an empty dictionary: nestingTooDeep (empty containers count)")]:
        f.add("maxParameterDepth 2, %s (decision: a limit N admits N nested containers; SPEC §8)%s"
              % (what, "; body by fplist()" if ok_body else ""),
              req("plist", "POST", "http://example.com/p", params=params),
              {"body": {"text": fplist(params)}} if ok_body else NESTING_TOO_DEEP, options=dict(BASE_OPTS, maxParameterDepth=2),
              refs=["SPEC§8"], verdict=decision("SPEC§8"))


def depth_error_context(f):
    f.add("maxParameterDepth 2: {x: [[{y: [1]}]]} → nestingTooDeep with context limit 2 and field $.x[0] (the 3rd container; SPEC §8, §3.3)",
          req("plist", "POST", "http://example.com/p", params={"x": [[{"y": [1]}]]}),
          {"error": {"domain": "AFSerialization", "kind": "nestingTooDeep", "context": {"field": "$.x[0]", "limit": "2"}}},
          options=dict(BASE_OPTS, maxParameterDepth=2), refs=["SPEC§8"], verdict=decision("SPEC§8"))
