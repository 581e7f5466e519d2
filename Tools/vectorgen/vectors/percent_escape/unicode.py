"""Vectors/percent-escape/unicode.json: non-ASCII text in every style (SPEC §1.2, RFC 3986 §2.5)."""
from ...oracles.s1_percent_escaping import STYLES
from ...vectorfile import VectorFile
from ._shared import UNICODE_SAMPLES, verdict


def build():
    f = VectorFile("percent-escape", "unicode",
                   "Non-ASCII text: UTF-8 bytes, each %XX uppercase (SPEC §1.2, RFC 3986 §2.5)",
                   ["SPEC§1.2", "RFC3986#2.1", "RFC3986#2.5"], verdict=verdict)
    for s, what in UNICODE_SAMPLES:
        for style, fn, oracle, refs in STYLES:
            opts = None if style == "afnetworking" else {"style": style}
            f.add("%s, %s style; expected from %s" % (what, style, oracle), {"text": s}, {"text": fn(s)},
                  options=opts, refs=refs + (["RFC3986#2.4"] if "%" in s else []))
    return f
