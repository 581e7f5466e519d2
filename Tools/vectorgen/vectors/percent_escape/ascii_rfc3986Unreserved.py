"""Vectors/percent-escape/ascii-rfc3986Unreserved.json: every ASCII character on its own, rfc3986Unreserved style (SPEC §1)."""
from ._shared import ascii_file


def build():
    return ascii_file("rfc3986Unreserved")
