"""Vectors/percent-escape/lengths.json: every input length 1–100, plain and with an escaped last byte (SPEC §1.1, §8).

The escaper writes into a string allocated for the exact result plus a slack its stores rely on (SPEC §8: no
write past what was allocated); some lengths leave the allocator no rounding to hide an overrun in, so under
AddressSanitizer (mutate.py's asan layer) a shrunken slack fails. Expected by urllib quote.
"""
from ...oracles.s1_percent_escaping import STYLES, af
from ...vectorfile import VectorFile
from ._shared import verdict


def build():
    f = VectorFile("percent-escape", "lengths", "Inputs of every length 1–100, plain and with an escaped last byte (SPEC §1.1, §8)",
                   ["SPEC§1.1", "SPEC§8"], verdict=verdict)
    for n in range(1, 101):
        t = "a" * n
        f.add("%d unreserved bytes; expected by urllib quote(safe='/?') (unchanged)" % n, {"text": t}, {"text": af(t)})
    for n in range(1, 101):
        t = "a" * (n - 1) + " "
        f.add("%d bytes, the last one a space; expected by urllib quote(safe='/?')" % n, {"text": t}, {"text": af(t)})
    # SPEC §1.3 styles on the vector path: inputs of 32 bytes and more take it, and it picks its table by style; every
    # style on a 32- and a 40-byte input holding the bytes the styles disagree on (/ ? ~ space * + !). Expected by each
    # style's oracle (oracles/s1 STYLES).
    for n in (32, 40):
        t = ("a/b?c~d e*f+g!" * 3)[:n]
        for style, fn, oracle, refs in STYLES:
            f.add("%d bytes holding / ? ~ space * + ! in the %s style; expected from %s" % (n, style, oracle), {"text": t},
                  {"text": fn(t)}, options=None if style == "afnetworking" else {"style": style}, refs=refs)
    return f
