"""Vectors/percent-escape/utf8-bytes.json: every byte valid UTF-8 carries above 0x7F, in every style (SPEC §1.2, §1.3).

Continuation bytes 80–BF and leads C2–F4, each in the smallest text that holds it; the ids name the style and
the byte.
"""
from ...oracles.s1_percent_escaping import STYLES
from ...vectorfile import VectorFile
from ._shared import verdict


def lead_text(b):
    if b < 0xE0:
        return chr((b - 0xC0) << 6)
    if b < 0xF0:
        return chr(max(0x800, (b - 0xE0) << 12))
    return chr(max(0x10000, (b - 0xF0) << 18))


def build():
    f = VectorFile("percent-escape", "utf8-bytes",
                   "Every byte 0x80–0xBF and every lead byte 0xC2–0xF4 escapes as %XX in every style (SPEC §1.2, §1.3)",
                   ["SPEC§1.2", "SPEC§1.3", "RFC3986#2.1", "RFC3986#2.5"], verdict=verdict)
    samples = [(chr(0x80 + (b - 0x80)), b, "continuation byte 0x%02X (in C2 %02X, U+%04X)" % (b, b, b)) for b in range(0x80, 0xC0)]
    samples += [(lead_text(b), b, "lead byte 0x%02X (U+%04X = %s)" % (b, ord(lead_text(b)), lead_text(b).encode("utf-8").hex(" ").upper()))
                for b in range(0xC2, 0xF5)]
    for text, b, what in samples:
        assert b in text.encode("utf-8")
        for style, fn, oracle, refs in STYLES:
            opts = None if style == "afnetworking" else {"style": style}
            f.add("%s, %s style; expected from %s" % (what, style, oracle), {"text": "a" + text + "z"}, {"text": fn("a" + text + "z")},
                  options=opts, id="%s-%02x" % (style, b))
    every = "".join(t for t, _, _ in samples)
    for style, fn, oracle, refs in STYLES:
        opts = None if style == "afnetworking" else {"style": style}
        f.add("all of the above in one string, %s style; expected from %s" % (style, oracle), {"text": every}, {"text": fn(every)},
              options=opts, id="%s-all" % style)
        for n in range(1, 8):
            t = "a" * n + every
            f.add("the same after %d ASCII bytes (every alignment of the 4-byte unrolled writer), %s style" % (n, style),
                  {"text": t}, {"text": fn(t)}, options=opts, id="%s-shift%d" % (style, n))
        allascii = "".join(chr(c) for c in range(0x80))
        f.add("all 128 ASCII characters in one string, %s style; expected from %s" % (style, oracle),
              {"text": allascii}, {"text": fn(allascii)}, options=opts, id="%s-ascii" % style)
    return f
