"""Vectors/percent-escape/invalid-input.json: unpaired surrogates and invalid UTF-8 are typed errors (SPEC §1.5).

UTF-8 validity from Python's bytes.decode.
"""
from ...vectorfile import VectorFile
from ._shared import verdict


def build():
    f = VectorFile("percent-escape", "invalid-input",
                   "Unpaired surrogates and invalid UTF-8 are typed errors, never a crash (SPEC §1.5, AF #3614, #4359)",
                   ["SPEC§1.5", "SPEC§8"], verdict=verdict)
    sur = {"domain": "AFSerialization", "kind": "unpairedSurrogate"}
    utf = {"domain": "AFSerialization", "kind": "invalidUTF8"}
    for units, what in [
        ([0xD83D], "lone high surrogate"),
        ([0xDC00], "lone low surrogate"),
        ([0x61, 0xD83D], "high surrogate at the end"),
        ([0xD83D, 0x61], "high surrogate followed by a letter"),
        ([0xDE00, 0xD83D], "reversed surrogate pair"),
        ([0x61] * 49 + [0xD83D], "lone high surrogate at unit 49 (batch edge)"),
        ([0x61] * 50 + [0xDC00, 0x62], "lone low surrogate right after a batch edge"),
        ([0xD800, 0xD800, 0xDC00], "two highs then one low"),
    ]:
        f.add("%s → unpairedSurrogate (SPEC §1.5: AF crashes here)" % what, {"utf16": units}, {"error": sur})
    for h, what in [
        ("ff", "0xFF is never UTF-8"),
        ("80", "lone continuation byte"),
        ("c3", "truncated 2-byte sequence"),
        ("e282", "truncated 3-byte sequence"),
        ("c080", "overlong encoding of NUL"),
        ("e080af", "overlong 3-byte encoding of /"),
        ("eda080", "UTF-8-encoded surrogate U+D800"),
        ("f4908080", "code point above U+10FFFF"),
        ("616263ff", "valid prefix then 0xFF"),
        ("f09f91", "truncated 4-byte emoji"),
    ]:
        f.add("%s → invalidUTF8 (SPEC §1.5; UTF-8 validity per Python bytes.decode)" % what, {"hex": h}, {"error": utf})
        try:
            bytes.fromhex(h).decode("utf-8")
            raise AssertionError(h)
        except UnicodeDecodeError:
            pass
    opt = {"domain": "AFSerialization", "kind": "invalidOption"}
    f.add("batchSize 0 is outside SPEC §1.4's 'every batch size ≥ 1'", {"text": "abc"}, {"error": opt},
          options={"batchSize": 0}, refs=["SPEC§1.4"])
    f.add("a negative batchSize is invalid", {"text": "abc"}, {"error": opt}, options={"batchSize": -5}, refs=["SPEC§1.4"])
    return f
