"""Vectors/response/json-dialect.json: JSON grammar edges (SPEC §6.4, §8).

af3/af4 take Foundation's recorded JSONSerialization verdicts (oracles/s6_4 FOUNDATION_DIALECT); strict takes
RFC 8259 where Python's json and the RFC agree.
"""
import json

from ...oracles.s6_4_json import FOUNDATION_DIALECT
from ...oracles.s6_responses import ABSENT, COCOA, resp
from ...vectorfile import VectorFile
from ._shared import JSON_ACCEPT, JSON_UTF8, SPEC64, SPEC8, dialect, json_extension


# Malformed numbers are pinned at Foundation's offset, the byte that cannot continue the number, not the number's
# first byte (SPEC §6.4 decision). Left unpinned here:
OFFSET_DISAGREES = {  # '[1,]x': Foundation's dialect accepts '[1,]' and fails at the x (4); strict fails at ']' (3): one offset per dialect
                    b"[1,]x": 3}


def build():
    f = VectorFile("response", "json-dialect", "JSON grammar edges (numbers, literals, escapes, surrogates, UTF-8, trailing commas, "
                   "whitespace, depth 512/513): af3/af4 take Foundation's JSONSerialization verdicts on this platform (run 2026-11-23), "
                   "strict takes RFC 8259 where Python's json and the RFC agree (SPEC §6.4, §8)", ["SPEC§6.4"])
    j = "application/json"
    for body, frag, verdict in FOUNDATION_DIALECT:
        opts = {"readingOptions": {"allowFragments": True}} if frag else None
        shown = repr(body) if len(body) < 50 else "%r…%r (%d bytes)" % (body[:12], body[-12:], len(body))
        try:
            json.loads(body.decode("utf-8"))
            py_ok = True
        except (ValueError, UnicodeDecodeError):
            py_ok = False
        lone = b"\\ud83d" in body.lower() and b"\\ude00" not in body.lower() or b"\\ude00" in body.lower() and b"\\ud83d" not in body.lower()
        nonstd = body.strip(b"[]-") in (b"NaN", b"Infinity")
        if verdict == "DEPTH-OK" or isinstance(verdict, str):
            obj = json.loads(body.decode("utf-8") if py_ok else verdict)
            both = py_ok  # RFC 8259 (Python's json) agrees → every profile
            # A JSON text every parser must read (RFC 8259 §9), unless only the depth limit (SPEC §8) or Foundation's dialect admits it.
            f.add("%s → accepted by Foundation's JSONSerialization%s; object from json.loads" % (shown, " and Python's json (RFC 8259)" if both else
                  " though not RFC 8259 (Python's json rejects it)"), resp("json", 200, j, body), {"valid": True, "object": obj, "error": ABSENT},
                  options=opts, profiles=None if both else ["af3", "af4"], refs=["SPEC§8"] if verdict == "DEPTH-OK" else None,
                  verdict=SPEC8 if verdict == "DEPTH-OK" else JSON_ACCEPT if both else SPEC64)
            if not both:
                # Trailing commas: RFC 8259 §9 lets a parser read them, so Foundation's object passes too.
                f.add("strict: %s is not RFC 8259 JSON (Python's json rejects it too) → 3840" % shown, resp("json", 200, j, body),
                      {"valid": True, "object": ABSENT, "error": {"domain": COCOA, "code": 3840}}, options=opts, profiles=["strict"],
                      verdict=json_extension(obj))
            continue
        if verdict[0] == "depth":
            f.add("%s: 513 nested containers; Foundation rejects them, SPEC §8 makes the rejection the typed nestingTooDeep" % shown,
                  resp("json", 200, j, body), {"valid": True, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "nestingTooDeep"}},
                  options=opts, refs=["SPEC§8"], verdict=SPEC8)
            continue
        err = {"domain": COCOA, "code": 3840}
        how = "Foundation's JSONSerialization rejects it"
        if verdict[1] is not None and body in OFFSET_DISAGREES:
            how += " 'around character %d'; the offset is not pinned: the core reports %d (see OFFSET_DISAGREES)" % (verdict[1], OFFSET_DISAGREES[body])
        elif verdict[1] is not None:
            err["offset"] = verdict[1]
            how += ", 'around character %d' (= byte %d of this UTF-8 body)" % (verdict[1], verdict[1])
        profiles = None
        if py_ok and not (lone or nonstd):
            raise AssertionError(body)
        if lone:
            profiles = ["af3", "af4"]  # RFC 8259 §8.2 leaves unpaired surrogates unpredictable; strict is not pinned here
        try:
            body.decode("utf-8")
            utf8 = True
        except UnicodeDecodeError:
            utf8 = False
        # Offsets and the rejection of non-JSON text (RFC 8259 §9 permits extensions) are SPEC §6.4's; strict must refuse text
        # that is not UTF-8 (RFC 8259 §8.1) when only the rejection is checked.
        level = SPEC64 if utf8 or "offset" in err else dialect(JSON_UTF8)
        f.add("%s → 3840 (%s%s)" % (shown, how, "" if profiles else "; RFC 8259 and Python's json reject it too" if not nonstd else
              "; not RFC 8259 (Python's json accepts it as an extension)"), resp("json", 200, j, body),
              {"valid": True, "object": ABSENT, "error": err}, options=opts, profiles=profiles, verdict=level)
    return f
