#!/usr/bin/env python3
"""More JSON response vectors (SPEC §6.4, §8): parser edges, UTF-8 inside JSON strings, null cleaning.

Writes Vectors/response/json-parser.json, Vectors/response/json-utf8.json and Vectors/null-clean/more.json.
Oracles (never this project's output):
- Python's json.loads (RFC 8259) for accepted documents and their objects;
- bytes.decode("utf-8") (RFC 3629) for UTF-8 validity, UnicodeDecodeError.start for the offset of the bad
  sequence; checked here against every UTF-8 verdict of Foundation recorded in gen_response.FOUNDATION_DIALECT;
- Foundation's number rule (SPEC §6.4, verdicts recorded in gen_response.FOUNDATION_NUMBERS): a number whose
  Double is infinite is rejected; "is infinite" is Python's correctly rounded float(); the rule is checked here
  against every recorded verdict;
- Foundation's recorded surrogate verdicts (gen_response.FOUNDATION_DIALECT: unpaired surrogates are rejected);
- the SPEC §6.4 null-cleaning rule (gen_response.clean) and json.loads with an object_pairs_hook (last member
  of a duplicate key wins, README §6.4 decision);
- Python's gzip for a Content-Encoding body (SPEC §7).
Offsets that SPEC §6.4 leaves open ("with the byte offset") are pinned only where the comment names the
decision (listed in the generator's report for the lead to record).
"""
import gzip
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from vectorlib import VectorFile, Raw, write_all  # noqa: E402
from gen_response import resp, clean, FOUNDATION_DIALECT, FOUNDATION_NUMBERS, ABSENT, COCOA  # noqa: E402

GEN = "scripts/gen_response_json.py"
J = "application/json"
FOUNDATION = ["af3", "af4"]


def err(offset=None, **extra):
    e = {"domain": COCOA, "code": 3840}
    if offset is not None:
        e["offset"] = offset
    e.update(extra)
    return e


def py_accepts(body):
    try:
        json.loads(body.decode("utf-8"))
        return True
    except (ValueError, UnicodeDecodeError):
        return False


def overflows(text):
    """Foundation's rule (SPEC §6.4): the number's Double is infinite (Python's float is correctly rounded)."""
    return math.isinf(float(text))


def check_number_rule():
    """The rule must reproduce every recorded Foundation verdict (documents without duplicate keys)."""
    import re
    for doc, verdict in FOUNDATION_NUMBERS:
        if doc.startswith("{"):
            continue
        nums = re.findall(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?", doc)
        assert any(overflows(n) for n in nums) == (verdict is None), doc


def check_utf8_rule():
    """bytes.decode must agree with every recorded Foundation verdict on a string with non-ASCII bytes."""
    n = 0
    for body, frag, verdict in FOUNDATION_DIALECT:
        if body.startswith(b'["') and body.endswith(b'"]') and any(b >= 0x80 for b in body) and b"\\" not in body:
            try:
                body.decode("utf-8")
                ok = True
            except UnicodeDecodeError:
                ok = False
            assert ok == isinstance(verdict, str), body
            n += 1
    assert n >= 10, n


# --- response/json-parser -------------------------------------------------------------------------------------

def parser_file():
    f = VectorFile("response", "json-parser", "JSON parser edges for the response serializer: surrogate escapes, truncated "
                   "escapes and strings, the number range check, error offsets (SPEC §6.4, §8; RFC 8259 §7)",
                   ["SPEC§6.4"], GEN)

    # Valid surrogate pairs and scalars next to the surrogate ranges: RFC 8259 §7, object from json.loads.
    for text, what in [('["\\uD800\\uDC00"]', "the lowest pair D800 DC00 = U+10000"),
                       ('["\\uDBFF\\uDFFF"]', "the highest pair DBFF DFFF = U+10FFFF"),
                       ('["\\uDBFF\\uDC00"]', "high DBFF with low DC00 = U+10FC00"),
                       ('["\\uD800\\uDFFF"]', "high D800 with low DFFF = U+103FF"),
                       ('["\\uD7FF"]', "U+D7FF, the scalar just below the high surrogates"),
                       ('["\\uE000"]', "U+E000, the scalar just above the low surrogates")]:
        b = text.encode("ascii")
        assert py_accepts(b)
        f.add("%s: %s → accepted; object from Python's json.loads (RFC 8259 §7)" % (text, what), resp("json", 200, J, b),
              {"valid": True, "object": json.loads(text), "error": ABSENT})

    # Unpaired or mis-paired surrogates: Foundation rejects them (recorded: ["\uD83D"], ["\uDE00"], ["\uD83Dx"],
    # ["\uD83D\u0041"]); RFC 8259 §8.2 leaves them unpredictable, so strict is not pinned. Offset: decision
    # (SPEC §6.4 "with the byte offset"): the backslash of the \u escape that cannot be converted.
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
              "gen_response.FOUNDATION_DIALECT); offset %d = the backslash of the escape (decision, SPEC §6.4 leaves the offset open)"
              % (text, what, at), resp("json", 200, J, text), {"valid": True, "object": ABSENT, "error": err(at)},
              profiles=FOUNDATION, refs=["RFC8259#8.2"])

    # Truncated documents. Rejected by RFC 8259 and Python's json; the offsets are decisions (SPEC §6.4 leaves them open):
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
              {"valid": True, "object": ABSENT, "error": err(at)})

    # Object keys must be strings (RFC 8259 §4): Foundation's recorded verdict for {1:1} is an error.
    for text in ['{a":1}', '{x"":1}', '{"a":1,b":2}']:
        assert not py_accepts(text.encode())
        f.add("%s: a key that does not start with a quote (RFC 8259 §4) → 3840; Python's json rejects it, as Foundation rejects {1:1} "
              "(recorded)" % text, resp("json", 200, J, text), {"valid": True, "object": ABSENT, "error": err()})

    # Fragments without allowFragments: the error is about the whole text → offset 0 (decision).
    for text in ["1", '"s"', "null", "  true"]:
        f.add("fragment %r without allowFragments → 3840 (Foundation: 'JSON text did not start with array or object'); offset 0, "
              "the start of the text (decision, SPEC §6.4 leaves the offset open)" % text, resp("json", 200, J, text),
              {"valid": True, "object": ABSENT, "error": err(0)})

    # Foundation's number range check with a negative exponent: the magnitude comes from the digits.
    check_number_rule()
    for digits, exp in [("2" + "0" * 350, "e-42"), ("2" + "0" * 350, "E-42"), ("18" + "0" * 320, "e-12"),
                        ("9" * 330, "e-21"), ("1" + "0" * 400, "e-91")]:
        text = digits + exp
        doc = "[%s]" % text
        assert overflows(text), text
        f.add("[%s…%s] (%d digits, exponent %s): its Double is infinite (Python float) → 3840 by Foundation's rule "
              "(SPEC §6.4, gen_response.FOUNDATION_NUMBERS)" % (digits[:3], exp, len(digits), exp[1:]), resp("json", 200, J, doc),
              {"valid": True, "object": ABSENT, "error": err()}, profiles=FOUNDATION)
    for digits, exp in [("1" + "0" * 350, "e-43"), ("17" + "0" * 320, "e-13"), ("9" * 330, "e-22")]:
        text = digits + exp
        assert not overflows(text), text
        f.add("[%s…%s] (%d digits, exponent %s): finite as a Double → accepted; object from json.loads (numbers compare by value)"
              % (digits[:3], exp, len(digits), exp[1:]), resp("json", 200, J, "[%s]" % text),
              {"valid": True, "object": json.loads("[%s]" % text), "error": ABSENT})
    # Two different overflowing numbers: the error's offset is the first one's (decision: the number Foundation names).
    for doc, first in [("[1e400,2e400]", "1e400"), ('{"a":[5, -3e999, 1e400]}', "-3e999"), ("[1,2e308,2e309]", "2e308")]:
        assert overflows(first)
        at = doc.index(first)
        f.add("%s: the first overflowing number %s (Python float inf) is reported, at its first byte %d (decision: the offset of "
              "the number Foundation's message names)" % (doc, first, at), resp("json", 200, J, doc),
              {"valid": True, "object": ABSENT, "error": err(at)}, profiles=FOUNDATION)
    # A 1 MB number whose exponent has 7 digits (gzip'd: SPEC §7 decodeContentEncoding): 0.(999700 zeros)1e9999990.
    text = "0." + "0" * 999700 + "1e9999990"
    assert overflows(text)
    body = gzip.compress(("[%s]" % text).encode("ascii"), mtime=0)
    assert gzip.decompress(body) == ("[%s]" % text).encode("ascii")
    f.add("gzip'd [0.(999700 zeros)1e9999990] (1 MB): value 1e9000289, its Double is infinite (Python float) → 3840 by "
          "Foundation's rule (SPEC §6.4); body from Python's gzip", resp("json", 200, J, body, headers=[["Content-Encoding", "gzip"]]),
          {"valid": True, "object": ABSENT, "error": err()}, options={"decodeContentEncoding": True}, profiles=FOUNDATION,
          refs=["SPEC§7"])

    # Depth limit (SPEC §8 default 512): the typed error carries the limit in its context (decision).
    for text, what in [("[" * 513 + "]" * 513, "513 nested arrays"), ('{"a":' * 513 + "1" + "}" * 513, "513 nested objects")]:
        f.add("%s: one over the default JSON depth 512 → nestingTooDeep with context limit \"512\" (SPEC §8 default; the "
              "context member is a decision)" % what, resp("json", 200, J, text),
              {"valid": True, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "nestingTooDeep", "context": {"limit": "512"}}},
              refs=["SPEC§8"])
    # An exponent of 8 digits after a million leading fraction zeros: the value 1e9000307 overflows (Python float is inf),
    # though the exponent alone (10^7) and the zeros (10^-999693) nearly cancel; a parser that stops accumulating the
    # exponent at 10^6 (fixed core bug) sums to 307 and accepts it.
    text = "0." + "0" * 999692 + "1e10000000"
    assert overflows(text)
    body = gzip.compress(("[%s]" % text).encode("ascii"), mtime=0)
    assert gzip.decompress(body) == ("[%s]" % text).encode("ascii")
    f.add("gzip'd [0.(999692 zeros)1e10000000] (1 MB): value 1e9000307, its Double is infinite (Python float) → 3840 at the "
          "number's first byte 1 by Foundation's rule (SPEC §6.4); body from Python's gzip",
          resp("json", 200, J, body, headers=[["Content-Encoding", "gzip"]]),
          {"valid": True, "object": ABSENT, "error": err(1)}, options={"decodeContentEncoding": True}, profiles=FOUNDATION,
          refs=["SPEC§7"])
    return f


# --- response/json-utf8 ---------------------------------------------------------------------------------------

# Raw bytes placed inside a JSON string, chosen at the edges of RFC 3629's table (§4): the second-byte ranges of
# E0 (A0..BF), ED (80..9F), F0 (90..BF), F4 (80..8F), and each continuation byte of 3- and 4-byte sequences.
UTF8_CASES = [
    "e0a080", "e0bf80", "e0bfbf", "e09fbf", "e0c080", "e08080", "e0a0", "e0a041",
    "e18080", "e14180", "e18041", "ec8080", "eebfbf", "efbfbf", "e1c080", "e180c0",
    "ed8080", "ed9fbf", "eda080", "ed4180", "ed7f80", "edbfbf",
    "f0908080", "f0bf8080", "f0bfbfbf", "f08fbfbf", "f0c08080", "f0904180", "f0908041", "f0418080", "f090",
    "f1808080", "f3bfbfbf", "f1418080", "f1804180", "f1808041", "f1414180", "f1414141", "f141", "f18080",
    "f4808080", "f48fbfbf", "f4908080", "f47f8080", "f4418080", "f4804180", "f4808041", "f4c08080",
    "c280", "dfbf", "c241", "c1bf", "f5808080", "f8", "80",
    "ed8041", "ed9f41",
]


def utf8_file():
    check_utf8_rule()
    f = VectorFile("response", "json-utf8", "Raw UTF-8 inside JSON strings at the edges of RFC 3629 §4 (E0/ED/F0/F4 second-byte "
                   "ranges, every continuation position): validity from Python's bytes.decode, offsets from UnicodeDecodeError.start "
                   "(SPEC §6.4; RFC 8259 §8.1)", ["SPEC§6.4", "RFC8259#8.1"], GEN)
    for h in UTF8_CASES:
        raw = bytes.fromhex(h)
        for pre, post in [(b'["', b'"]'), (b'{"k":"x', b'y"}')]:
            body = pre + raw + post
            try:
                s = body.decode("utf-8")
                ok = True
            except UnicodeDecodeError as e:
                ok, at = False, e.start
            if ok:
                f.add("%s in a string: well-formed UTF-8 (Python bytes.decode) → accepted; object from json.loads" % h.upper(),
                      resp("json", 200, J, body), {"valid": True, "object": json.loads(s), "error": ABSENT})
            else:
                f.add("%s in a string: ill-formed UTF-8 (RFC 3629; Python bytes.decode fails at byte %d = UnicodeDecodeError.start) → 3840 "
                      "at that offset" % (h.upper(), at), resp("json", 200, J, body), {"valid": True, "object": ABSENT, "error": err(at)})
    return f


# --- null-clean/more ------------------------------------------------------------------------------------------

def last_wins(text):
    """json.loads keeping only each key's last member, at its own place in the text (README §6.4 decision)."""
    return json.loads(text, object_pairs_hook=lambda ps: {k: v for i, (k, v) in enumerate(ps) if all(k2 != k for k2, _ in ps[i + 1:])})


def single_survivors(text):
    """VECTORS.md keeps every member the rule does not drop, so only documents where no key keeps two non-null members
    are used: then the cleaned object has no duplicate key left and json.loads' last-member object is exact."""
    ok = True

    def hook(ps):
        nonlocal ok
        keys = [k for k, v in ps if v is not None]
        ok = ok and len(keys) == len(set(keys))
        return dict(ps)
    json.loads(text, object_pairs_hook=hook)
    return ok


def null_clean_file():
    f = VectorFile("null-clean", "more", "removesKeysWithNullValues with duplicate keys (the last member decides, README §6.4 "
                   "decision) and the depth limit's context (SPEC §6.4, §8)", ["SPEC§6.4"], GEN)
    wide = ",".join('"k%d":%d' % (i, i) for i in range(40))
    docs = ['{"a":null,"a":null,"a":2}', '{"a":null,"b":null,"a":null,"a":{"c":null}}', '{"a":null,"a":null,"a":[null,3]}',
            '{"x":[{"a":null,"a":null,"a":0}]}', '{"b":1,"a":null,"c":[],"a":null,"a":"s"}', '{"a":null,"a":null}',
            '{"a":1,"a":null,"a":null}']
    docs += ['{%s,"a":null,"a":null,"a":2}' % wide, '{"a":null,%s,"a":null,"a":true}' % wide]
    for text in docs:
        d = last_wins(text)
        for profiles in (["af3"], ["af4", "strict"]):
            want = clean(d, profiles[0])
            assert single_survivors(text), text
            f.add("duplicate keys %s (%s): json.loads keeping each key's last member + the SPEC §6.4 rule"
                  % (text if len(text) < 70 else text[:24] + "…" + text[-36:], "/".join(profiles)),
                  {"json": Raw(text)}, {"json": want}, profiles=profiles)
    deep = None
    for _ in range(513):
        deep = [deep]
    f.add("513 nested arrays: one over the default depth 512 → nestingTooDeep with context limit \"512\" (SPEC §8 default; the "
          "context member is a decision)", {"json": deep},
          {"error": {"domain": "AFSerialization", "kind": "nestingTooDeep", "context": {"limit": "512"}}}, refs=["SPEC§8"])
    return f


def main():
    print("response: %d vectors" % write_all([parser_file(), utf8_file()]))
    print("null-clean: %d vectors" % write_all([null_clean_file()]))


if __name__ == "__main__":
    main()
