"""SPEC §1 Percent-escaping: the three escape styles and the §1.4 batching rule, restated in Python.

- afnetworking style: urllib.parse.quote(s, safe="/?") — Python's always-safe set is exactly the
  RFC 3986 unreserved set, so this is RFC 3986 unreserved + "/" "?" (SPEC §1.1), UTF-8, uppercase hex.
- rfc3986Unreserved: urllib.parse.quote(s, safe="").
- whatwgForm: the WHATWG URL "application/x-www-form-urlencoded byte serializer" transcribed below
  from the standard's text, cross-checked against urllib.parse.quote_plus(s, safe="*"), which differs
  only in leaving "~" (asserted).
- batches: extended grapheme clusters from the third-party `regex` module (\\X) applied to the SPEC
  §1.4 batching rule.
"""
import urllib.parse

import regex


def af(s):
    return urllib.parse.quote(s, safe="/?")


def unreserved(s):
    return urllib.parse.quote(s, safe="")


def whatwg(s):
    out = []
    for b in s.encode("utf-8"):
        if b == 0x20:
            out.append("+")
        elif b in b"*-._" or 0x30 <= b <= 0x39 or 0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A:
            out.append(chr(b))
        else:
            out.append("%%%02X" % b)
    r = "".join(out)
    assert r == urllib.parse.quote_plus(s, safe="*").replace("~", "%7E"), s
    return r


# (style option, oracle, how a comment names the oracle, the refs of a vector in that style)
STYLES = [
    ("afnetworking", af, "urllib.parse.quote(s, safe='/?')", ["SPEC§1.1", "SPEC§1.2", "RFC3986#2.1", "RFC3986#3.4"]),
    ("whatwgForm", whatwg, "WHATWG urlencoded byte serializer (cross-checked with urllib quote_plus)", ["SPEC§1.3", "WHATWG-URL#5.2"]),
    ("rfc3986Unreserved", unreserved, "urllib.parse.quote(s, safe='')", ["SPEC§1.3", "RFC3986#2.3"]),
]


def utf16_units(s):
    b = s.encode("utf-16-le")
    return [int.from_bytes(b[i:i + 2], "little") for i in range(0, len(b), 2)]


def batches(s, size):
    """SPEC §1.4: batches of at most `size` UTF-16 units, widened to whole clusters."""
    bounds = [0]
    pos = 0
    for cl in regex.findall(r"\X", s):
        pos += len(utf16_units(cl))
        bounds.append(pos)
    n = bounds[-1]
    out = []
    start = 0
    while start < n:
        end = min(start + size, n)
        end = min(b for b in bounds if b >= end)
        out.append([start, end])
        start = end
    return out
