"""Vectors/response/json-parser.json: JSON parser edges, surrogate escapes, truncations, the number range check (SPEC §6.4, §8).

Oracles: Python's json.loads (RFC 8259) for accepted documents; Foundation's recorded verdicts (oracles/s6_4) for
unpaired surrogates and the number rule (overflows(), checked against every recorded verdict). Offsets that SPEC
§6.4 leaves open ("with the byte offset") are pinned only where the comment names the decision.

The topics below are grouped by rule: strings (escapes, surrogates, plain runs), truncated documents, the rest of the
RFC 8259 grammar, the number range check and the depth limit. Ids are numbered in the order the vectors are added and
never change (vectorfile.py), so build() calls the topics in id order.
"""
import gzip
import json

from ...oracles.s6_4_json import FOUNDATION_DIALECT, check_number_rule, cocoa_error, overflows
from ...oracles.s6_responses import ABSENT, resp
from ...vectorfile import VectorFile
from ._shared import JSON_ACCEPT, NUMBER_RANGE, SPEC64, SPEC8, dialect, json_extension

J = "application/json"

FOUNDATION = ["af3", "af4"]


def py_accepts(body):
    try:
        json.loads(body.decode("utf-8"))
        return True
    except (ValueError, UnicodeDecodeError):
        return False


def build():
    # Default: offsets, Foundation's verdicts and the rejection of non-JSON text (RFC 8259 §9 permits extensions) are SPEC §6.4's.
    f = VectorFile("response", "json-parser", "JSON parser edges for the response serializer: surrogate escapes, truncated "
                   "escapes and strings, the number range check, error offsets (SPEC §6.4, §8; RFC 8259 §7)",
                   ["SPEC§6.4"], verdict=SPEC64)
    valid_surrogate_pairs(f)
    unpaired_surrogates(f)
    truncated_documents(f)
    keys(f)
    fragments(f)
    number_range(f)
    depth_limit(f)
    exponent_accumulation(f)
    high_surrogate_then_cut_escape(f)
    plain_runs(f)
    whitespace(f)
    errors_with_heap_strings(f)
    return f


# RFC 8259 §7 strings: surrogate escapes (pairs accepted, unpaired ones rejected as Foundation does) and plain runs.

def valid_surrogate_pairs(f):
    """Valid surrogate pairs and scalars next to the surrogate ranges: RFC 8259 §7, object from json.loads."""
    for text, what in [('["\\uD800\\uDC00"]', "the lowest pair D800 DC00 = U+10000"),
                       ('["\\uDBFF\\uDFFF"]', "the highest pair DBFF DFFF = U+10FFFF"),
                       ('["\\uDBFF\\uDC00"]', "high DBFF with low DC00 = U+10FC00"),
                       ('["\\uD800\\uDFFF"]', "high D800 with low DFFF = U+103FF"),
                       ('["\\uD7FF"]', "U+D7FF, the scalar just below the high surrogates"),
                       ('["\\uE000"]', "U+E000, the scalar just above the low surrogates")]:
        b = text.encode("ascii")
        assert py_accepts(b)
        f.add("%s: %s → accepted; object from Python's json.loads (RFC 8259 §7)" % (text, what), resp("json", 200, J, b),
              {"valid": True, "object": json.loads(text), "error": ABSENT}, verdict=JSON_ACCEPT)


def unpaired_surrogates(f):
    r"""Unpaired or mis-paired surrogates: Foundation rejects them (recorded: ["\uD83D"], ["\uDE00"], ["\uD83Dx"],
    ["\uD83D\u0041"]); RFC 8259 §8.2 leaves them unpredictable, so strict is not pinned. Offset: decision
    (SPEC §6.4 "with the byte offset"): the backslash of the \u escape that cannot be converted."""
    for doc in [b'["\\uD83D"]', b'["\\uDE00"]', b'["\\uD83Dx"]', b'["\\uD83D\\u0041"]']:
        assert doc in {d for d, _, v in FOUNDATION_DIALECT if not isinstance(v, str)}, doc
    for text, what, at in [('["\\uDFFF"]', "a lone low surrogate DFFF (the last one)", 2),
                           ('["\\uDC00"]', "a lone low surrogate DC00 (the first one)", 2),
                           ('["\\uDC00\\uDC00"]', "two low surrogates: the first is unpaired", 2),
                           ('["\\uD800\\uDBFF"]', "high D800 followed by another high DBFF, not a low surrogate", 2),
                           ('["\\uD800\\uE000"]', "high D800 followed by U+E000, not a low surrogate", 2),
                           ('["\\uD83D"]', "a lone high surrogate", 2),
                           ('["\\uD83Dx"]', "a high surrogate followed by x, not by \\u", 2),
                           ('["a\\uDBFF"]', "a lone high surrogate DBFF after one character", 3)]:
        f.add("%s: %s → 3840, as Foundation's JSONSerialization rejects unpaired surrogates (verdicts recorded in "
              "oracles/s6_4_json FOUNDATION_DIALECT); offset %d = the backslash of the escape (decision, SPEC §6.4 leaves the offset open)"
              % (text, what, at), resp("json", 200, J, text), {"valid": True, "object": ABSENT, "error": cocoa_error(at)},
              profiles=FOUNDATION, refs=["RFC8259#8.2"])


def plain_runs(f):
    """The core skips plain runs of a string 8 bytes at a time (SPEC §6.4 says nothing of how; the value must not
    depend on it): a closing quote, an escape and a non-ASCII character at every position of the first two words
    of a string. k = 0…16 plain bytes before each; object from Python's json.loads (RFC 8259 §7)."""
    for k in range(17):
        a = "a" * k
        text = '{"%s":"%s\\n%s\u00e9%s\\"%s","z":"%s"}' % (a, a, a, a, a, a)
        b = text.encode("utf-8")
        assert py_accepts(b)
        f.add("%d plain bytes before a key's closing quote, then a string with an escape, a non-ASCII character and an escaped "
              "quote each after %d plain bytes → accepted; object from Python's json.loads (RFC 8259 §7)" % (k, k),
              resp("json", 200, J, b), {"valid": True, "object": json.loads(text), "error": ABSENT}, verdict=JSON_ACCEPT)


# SPEC §6.4 truncated documents: rejected by RFC 8259 and Python's json; the offsets are decisions (SPEC §6.4 leaves
# them open).

def truncated_documents(f):
    for text, at, why in [
            ('["\\', 3, "a backslash is the last byte: the escape character is missing at the end of input (offset 3 = the body length)"),
            ('{"k":"\\', 7, "the same inside an object value (offset 7 = the body length)"),
            ('["abc', 1, "an unterminated string points at its opening quote (offset 1)"),
            ('{"key', 1, "an unterminated key string points at its opening quote (offset 1)"),
            ('["\\u0041', 1, "four hex digits then the end: the escape is complete, the string is unterminated → its opening quote (offset 1)"),
            ('["\\u004', 4, "three hex digits then the end: the \\u escape is cut short → the offset just after the 'u' (4), where the four digits start"),
            ('["\\u', 4, "no hex digit at all → the offset just after the 'u' (4)"),
            ('["x\\u00', 5, "two hex digits then the end → the offset just after the 'u' (5)")]:
        b = text.encode("ascii")
        assert not py_accepts(b)
        f.add("%s: %s; rejected by RFC 8259 and Python's json → 3840" % (text, why), resp("json", 200, J, b),
              {"valid": True, "object": ABSENT, "error": cocoa_error(at)})


def high_surrogate_then_cut_escape(f):
    r"""A high surrogate, then a \u cut short by the end of the body: Foundation's JSONSerialization says "Unexpected end of
    file during JSON parse." (recorded), not an unpaired surrogate; offset as for ["\u above (a decision)."""
    text = '["\\ud800\\u'
    assert not py_accepts(text.encode("ascii"))
    f.add('%s: a high surrogate, then \\u with no hex digit and the end: the second escape is cut short → 3840 at the offset '
          "just after its 'u' (10), as for [\"\\u (decision, SPEC §6.4); Foundation's JSONSerialization reports the end of "
          "file here (recorded), not an unpaired surrogate; rejected by RFC 8259 and Python's json" % text,
          resp("json", 200, J, text), {"valid": True, "object": ABSENT, "error": cocoa_error(10)})


# RFC 8259 grammar: object keys (§4), fragments, whitespace (§2), and rejected documents that hold heap-allocated strings.

def keys(f):
    """Object keys must be strings (RFC 8259 §4): Foundation's recorded verdict for {1:1} is an error."""
    for text in ['{a":1}', '{x"":1}', '{"a":1,b":2}']:
        assert not py_accepts(text.encode())
        f.add("%s: a key that does not start with a quote (RFC 8259 §4) → 3840; Python's json rejects it, as Foundation rejects {1:1} "
              "(recorded)" % text, resp("json", 200, J, text), {"valid": True, "object": ABSENT, "error": cocoa_error()})


def fragments(f):
    """Fragments without allowFragments: the error is about the whole text → offset 0 (decision)."""
    for text in ["1", '"s"', "null", "  true"]:
        f.add("fragment %r without allowFragments → 3840 (Foundation: 'JSON text did not start with array or object'); offset 0, "
              "the start of the text (decision, SPEC §6.4 leaves the offset open)" % text, resp("json", 200, J, text),
              {"valid": True, "object": ABSENT, "error": cocoa_error(0)})


def whitespace(f):
    """Whitespace around every structural character (RFC 8259 §2: ws is space, tab, LF, CR), right after an opening
    bracket or brace and after a comma included; object from Python's json.loads."""
    for text in ['[ ]', '{ }', '{\t}', '[\n1 ]', '{ "a" : 1 , "b" : [ 1 , 2 ] , "c" : { } }', '[\t1\r,\n2 ,\r\n{ "k"\t:\n[ ] } ]',
                 '{"a":1,\r\n"b":2}', '{"a":1,\t"b":{\n"c":[\r3,\n4]}}']:
        b = text.encode("ascii")
        assert py_accepts(b)
        f.add("%r: whitespace after an opening bracket or brace and after commas (RFC 8259 §2) → accepted; object from "
              "Python's json.loads" % text, resp("json", 200, J, b), {"valid": True, "object": json.loads(text), "error": ABSENT},
              verdict=JSON_ACCEPT)


def errors_with_heap_strings(f):
    """Rejected documents whose open containers already hold strings too long to be stored inline (Swift keeps
    15 UTF-8 bytes or fewer in the value itself, longer ones on the heap). The parser's container stack must release
    them when it gives up; the mutation asan layer's LeakSanitizer check (afs-mutants --leak-check) sees a stack that
    does not. Verdict: rejected by RFC 8259 and Python's json → 3840; the offsets are not pinned here."""
    long_a, long_k, long_v = "a" * 40, "key-" + "k" * 36, "value-" + "v" * 34
    for text, what in [('["%s", x' % long_a, "a 40-byte string in an open array, then a bare x"),
                       ('{"%s":"%s",}' % (long_k, long_v), "a member of 40-byte key and value, then a trailing comma in strict JSON"),
                       ('[["%s",{"%s":["%s"' % (long_a, long_k, long_v), "three open containers holding 40-byte strings, then the end"),
                       ('{"%s":[1,"%s"],"%s":nul}' % (long_k, long_v, long_a), "a member of an array holding a 40-byte string, then a "
                        "misspelt null")]:
        b = text.encode("ascii")
        assert not py_accepts(b)
        trailing = text.endswith(",}")
        f.add("%s: %s → 3840; rejected by RFC 8259 and Python's json (the strings are heap-allocated: the parser must release "
              "them on the error path)" % (text[:24] + "…" + text[-12:], what), resp("json", 200, J, b),
              {"valid": True, "object": ABSENT, "error": cocoa_error()}, profiles=["strict"] if trailing else None,
              verdict=json_extension(json.loads(text[:-2] + "}")) if trailing else SPEC64)


# SPEC §6.4 number range: a number whose Double is infinite is 3840, by Foundation's rule (oracles/s6_4_json
# overflows(), checked against every recorded verdict).

def number_range(f):
    """Foundation's number range check with a negative exponent: the magnitude comes from the digits."""
    check_number_rule()
    for digits, exp in [("2" + "0" * 350, "e-42"), ("2" + "0" * 350, "E-42"), ("18" + "0" * 320, "e-12"),
                        ("9" * 330, "e-21"), ("1" + "0" * 400, "e-91")]:
        text = digits + exp
        doc = "[%s]" % text
        assert overflows(text), text
        f.add("[%s…%s] (%d digits, exponent %s): its Double is infinite (Python float) → 3840 by Foundation's rule "
              "(SPEC §6.4, oracles/s6_4_json FOUNDATION_NUMBERS)" % (digits[:3], exp, len(digits), exp[1:]), resp("json", 200, J, doc),
              {"valid": True, "object": ABSENT, "error": cocoa_error()}, profiles=FOUNDATION)
    for digits, exp in [("1" + "0" * 350, "e-43"), ("17" + "0" * 320, "e-13"), ("9" * 330, "e-22")]:
        text = digits + exp
        assert not overflows(text), text
        f.add("[%s…%s] (%d digits, exponent %s): finite as a Double → accepted; object from json.loads (numbers compare by value)"
              % (digits[:3], exp, len(digits), exp[1:]), resp("json", 200, J, "[%s]" % text),
              {"valid": True, "object": json.loads("[%s]" % text), "error": ABSENT}, verdict=dialect(NUMBER_RANGE))
    # Two different overflowing numbers: the error's offset is the first one's (decision: the number Foundation names).
    for doc, first in [("[1e400,2e400]", "1e400"), ('{"a":[5, -3e999, 1e400]}', "-3e999"), ("[1,2e308,2e309]", "2e308")]:
        assert overflows(first)
        at = doc.index(first)
        f.add("%s: the first overflowing number %s (Python float inf) is reported, at its first byte %d (decision: the offset of "
              "the number Foundation's message names)" % (doc, first, at), resp("json", 200, J, doc),
              {"valid": True, "object": ABSENT, "error": cocoa_error(at)}, profiles=FOUNDATION)
    # A 1 MB number whose exponent has 7 digits (gzip'd: SPEC §7 decodeContentEncoding): 0.(999700 zeros)1e9999990.
    text = "0." + "0" * 999700 + "1e9999990"
    assert overflows(text)
    body = gzip.compress(("[%s]" % text).encode("ascii"), mtime=0)
    assert gzip.decompress(body) == ("[%s]" % text).encode("ascii")
    f.add("gzip'd [0.(999700 zeros)1e9999990] (1 MB): value 1e9000289, its Double is infinite (Python float) → 3840 by "
          "Foundation's rule (SPEC §6.4); body from Python's gzip", resp("json", 200, J, body, headers=[["Content-Encoding", "gzip"]]),
          {"valid": True, "object": ABSENT, "error": cocoa_error()}, options={"decodeContentEncoding": True}, profiles=FOUNDATION,
          refs=["SPEC§7"])


def exponent_accumulation(f):
    """An exponent of 8 digits after a million leading fraction zeros: the value 1e9000307 overflows (Python float is inf),
    though the exponent alone (10^7) and the zeros (10^-999693) nearly cancel; a parser that stops accumulating the
    exponent at 10^6 sums to 307 and accepts it."""
    text = "0." + "0" * 999692 + "1e10000000"
    assert overflows(text)
    body = gzip.compress(("[%s]" % text).encode("ascii"), mtime=0)
    assert gzip.decompress(body) == ("[%s]" % text).encode("ascii")
    f.add("gzip'd [0.(999692 zeros)1e10000000] (1 MB): value 1e9000307, its Double is infinite (Python float) → 3840 at the "
          "number's first byte 1 by Foundation's rule (SPEC §6.4); body from Python's gzip",
          resp("json", 200, J, body, headers=[["Content-Encoding", "gzip"]]),
          {"valid": True, "object": ABSENT, "error": cocoa_error(1)}, options={"decodeContentEncoding": True}, profiles=FOUNDATION,
          refs=["SPEC§7"])


# SPEC §8 depth limit.

def depth_limit(f):
    """Depth limit (SPEC §8 default 512): the typed error carries the limit in its context (decision)."""
    for text, what in [("[" * 513 + "]" * 513, "513 nested arrays"), ('{"a":' * 513 + "1" + "}" * 513, "513 nested objects")]:
        f.add("%s: one over the default JSON depth 512 → nestingTooDeep with context limit \"512\" (SPEC §8 default; the "
              "context member is a decision)" % what, resp("json", 200, J, text),
              {"valid": True, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "nestingTooDeep", "context": {"limit": "512"}}},
              refs=["SPEC§8"], verdict=SPEC8)
