"""Vectors/percent-escape/input-forms.json: the same text as UTF-16 units or UTF-8 bytes (SPEC §1.5 entry points)."""
from ...oracles.s1_percent_escaping import af, utf16_units
from ...vectorfile import VectorFile
from ._shared import UNICODE_SAMPLES, verdict


def build():
    g = VectorFile("percent-escape", "input-forms",
                   "The same text given as UTF-16 code units or as UTF-8 bytes escapes identically (SPEC §1.5 entry points)",
                   ["SPEC§1.2", "SPEC§1.5", "RFC3986#2.5"], verdict=verdict)
    for s, what in UNICODE_SAMPLES[:30]:
        g.add("%s as UTF-16 code units; expected from urllib.parse.quote(s, safe='/?')" % what,
              {"utf16": utf16_units(s)}, {"text": af(s)})
        g.add("%s as UTF-8 bytes; expected from urllib.parse.quote(s, safe='/?')" % what,
              {"hex": s.encode("utf-8").hex()}, {"text": af(s)})
    # The ASCII bytes at the edges of the one-byte UTF-8 range (U+0000, U+007F), alone and next to a two-byte
    # character, as UTF-8 bytes: a reader must take them as one-byte characters; expected from urllib.parse.quote(s, safe='/?').
    for s, what in [("\x7f", "U+007F DEL, the last one-byte UTF-8 character"), ("a\x7fb", "U+007F between letters"),
                    ("\x00", "U+0000, the first one-byte UTF-8 character"), ("\x7f\u00e9\x7f", "U+007F around U+00E9")]:
        g.add("%s as UTF-8 bytes; expected from urllib.parse.quote(s, safe='/?')" % what,
              {"hex": s.encode("utf-8").hex()}, {"text": af(s)})
    return g
