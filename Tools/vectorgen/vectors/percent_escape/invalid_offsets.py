"""Vectors/percent-escape/invalid-offsets.json: invalid input errors carry the offset of the first bad unit or byte (SPEC §1.5).

Offsets: Python's utf-16-le decoder error start / 2 for surrogates, UnicodeDecodeError.start for UTF-8. The error
context names the offending unit or byte (decision: "codeUnit" as U+XXXX, "byte" as 0xXX, uppercase hex).
"""
from ...oracles.s1_percent_escaping import af
from ...vectorfile import VectorFile
from ._shared import verdict


def utf16_error_unit(units):
    """The unit Python's utf-16-le decoder rejects first (its error start / 2); the units must be invalid."""
    try:
        b"".join(u.to_bytes(2, "little") for u in units).decode("utf-16-le")
    except UnicodeDecodeError as err:
        return err.start // 2
    raise AssertionError(units)


def build():
    e = VectorFile("percent-escape", "invalid-offsets",
                   "Invalid input errors carry the offset of the first bad unit or byte (SPEC §1.5)",
                   ["SPEC§1.5"], verdict=verdict)
    for units, what in [([0xD83D], "lone high surrogate"), ([0xDC00], "lone low surrogate"), ([0x61, 0xD83D], "high surrogate at the end"),
                        ([0xD83D, 0x61], "high surrogate then a letter"), ([0xDE00, 0xD83D], "reversed pair"),
                        ([0x61] * 49 + [0xD83D], "high at unit 49"), ([0x61] * 50 + [0xDC00, 0x62], "low at unit 50"),
                        ([0xD800, 0xD800, 0xDC00], "two highs then one low"), ([0xD83D, 0xDE00, 0xDBFF], "a valid pair then a lone high"),
                        ([0xDBFF, 0xDFFF, 0xDFFF], "a valid pair (U+10FFFF) then a lone low"), ([0x61, 0xD7FF, 0xE000, 0xDC00], "U+D7FF and U+E000 are not surrogates")]:
        off = utf16_error_unit(units)
        e.add("%s → unpairedSurrogate at unit %d (offset = Python utf-16-le decode error start / 2)" % (what, off),
              {"utf16": units}, {"error": {"domain": "AFSerialization", "kind": "unpairedSurrogate", "offset": off}})
    for h, what in [("ff", "0xFF"), ("80", "lone continuation"), ("c3", "truncated 2-byte"), ("e282", "truncated 3-byte"),
                    ("c080", "overlong NUL"), ("c1bf", "overlong C1"), ("e080af", "overlong 3-byte"), ("eda080", "surrogate D800"),
                    ("edbfbf", "surrogate DFFF"), ("f4908080", "above U+10FFFF"), ("f5808080", "lead F5"), ("f880808080", "5-byte form"),
                    ("616263ff", "0xFF after abc"), ("f09f91", "truncated emoji"), ("61c3", "truncated at the end"),
                    ("61e28228", "bad continuation after a"), ("6162e2", "truncated lead at the end"), ("c3a9c3", "é then a truncated lead"),
                    ("f09f9880e2", "an emoji then a truncated lead"), ("efbfbf" + "80", "U+FFFF then a lone continuation")]:
        try:
            bytes.fromhex(h).decode("utf-8")
            raise AssertionError(h)
        except UnicodeDecodeError as err:
            off = err.start
        e.add("%s (%s) → invalidUTF8 at byte %d (offset = Python's UnicodeDecodeError.start)" % (h, what, off),
              {"hex": h}, {"error": {"domain": "AFSerialization", "kind": "invalidUTF8", "offset": off}})
    for h, what in [("ed9fbf", "U+D7FF"), ("ee8080", "U+E000"), ("f48fbfbf", "U+10FFFF"), ("c280", "U+0080"), ("dfbf", "U+07FF"),
                    ("e0a080", "U+0800"), ("f0908080", "U+10000")]:
        t = bytes.fromhex(h).decode("utf-8")
        e.add("%s (%s) is valid UTF-8 at the edge of a range: escaped, not rejected (Python bytes.decode accepts it)" % (h, what),
              {"hex": h}, {"text": af(t)})
    for units in ([0xD83D], [0x61, 0xDC00], [0xDBFF, 0xDFFF, 0xD800, 0x62]):
        off = utf16_error_unit(units)
        e.add("%s → unpairedSurrogate at unit %d, context codeUnit U+%04X (offset = Python utf-16-le decode error start / 2)"
              % (" ".join("%04X" % u for u in units), off, units[off]),
              {"utf16": units}, {"error": {"domain": "AFSerialization", "kind": "unpairedSurrogate", "offset": off,
                                           "context": {"codeUnit": "U+%04X" % units[off]}}})
    for h in ("ff", "61c0af", "e2822861"):
        b = bytes.fromhex(h)
        try:
            b.decode("utf-8")
            raise AssertionError(h)
        except UnicodeDecodeError as err:
            off = err.start
        e.add("%s → invalidUTF8 at byte %d, context byte 0x%02X (offset = Python's UnicodeDecodeError.start)" % (h, off, b[off]),
              {"hex": h}, {"error": {"domain": "AFSerialization", "kind": "invalidUTF8", "offset": off,
                                     "context": {"byte": "0x%02X" % b[off]}}})
    return e
