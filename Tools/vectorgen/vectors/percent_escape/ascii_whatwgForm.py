"""Vectors/percent-escape/ascii-whatwgForm.json: every ASCII character on its own, whatwgForm style (SPEC §1)."""
from ._shared import ascii_file


def build():
    return ascii_file("whatwgForm")
