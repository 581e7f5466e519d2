"""Vectors/response/json-utf8.json: raw UTF-8 inside JSON strings at the edges of RFC 3629 §4 (SPEC §6.4; RFC 8259 §8.1).

Validity from Python's bytes.decode, offsets from UnicodeDecodeError.start; the rule is checked against every
recorded Foundation UTF-8 verdict (oracles/s6_4 check_utf8_rule).
"""
import json

from ...oracles.s6_4_json import check_utf8_rule, cocoa_error
from ...oracles.s6_responses import ABSENT, resp
from ...vectorfile import VectorFile
from ._shared import JSON_ACCEPT, SPEC64

J = "application/json"


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


def build():
    check_utf8_rule()
    f = VectorFile("response", "json-utf8", "Raw UTF-8 inside JSON strings at the edges of RFC 3629 §4 (E0/ED/F0/F4 second-byte "
                   "ranges, every continuation position): validity from Python's bytes.decode, offsets from UnicodeDecodeError.start "
                   "(SPEC §6.4; RFC 8259 §8.1)", ["SPEC§6.4", "RFC8259#8.1"])
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
                      resp("json", 200, J, body), {"valid": True, "object": json.loads(s), "error": ABSENT}, verdict=JSON_ACCEPT)
            else:
                f.add("%s in a string: ill-formed UTF-8 (RFC 3629; Python bytes.decode fails at byte %d = UnicodeDecodeError.start) → 3840 "
                      "at that offset" % (h.upper(), at), resp("json", 200, J, body), {"valid": True, "object": ABSENT, "error": cocoa_error(at)},
                      verdict=SPEC64)  # the offset is SPEC §6.4's
    return f
