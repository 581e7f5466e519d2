"""Vectors/percent-escape/ascii-afnetworking.json: every ASCII character on its own, afnetworking style (SPEC §1)."""
from ._shared import ascii_file


def build():
    return ascii_file("afnetworking")
