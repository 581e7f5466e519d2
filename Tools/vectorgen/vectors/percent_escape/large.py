"""Vectors/percent-escape/large.json: an input above 64 KiB (SPEC §1.2, §8).

Above 64 KiB the escaper copies a mostly-unescaped result into an exact-size string (SPEC §8: memory in
proportion to the input); the text must not change. Expected by urllib quote.
"""
from ...oracles.s1_percent_escaping import af
from ...vectorfile import VectorFile
from ._shared import verdict


def build():
    f = VectorFile("percent-escape", "large", "Inputs above 64 KiB escape like any other (SPEC §1.2, §8)",
                   ["SPEC§1.2", "SPEC§8"], verdict=verdict)
    unit = "Query-string_text~/?0123456789 "
    t = (unit * (70000 // len(unit) + 1))[:70000] + "\u00e9"
    assert len(t.encode("utf-8")) > 65536
    f.add("70,002 bytes, mostly unreserved (one space in 31 characters, é at the end); expected by urllib quote(safe='/?')",
          {"text": t}, {"text": af(t)})
    return f
