#!/usr/bin/env python3
"""Generates Vectors/percent-escape/*.json (SPEC §1).

Oracles:
- afnetworking style: urllib.parse.quote(s, safe="/?") — Python's always-safe set is exactly the
  RFC 3986 unreserved set, so this is RFC 3986 unreserved + "/" "?" (SPEC §1.1), UTF-8, uppercase hex.
- rfc3986Unreserved: urllib.parse.quote(s, safe="").
- whatwgForm: the WHATWG URL "application/x-www-form-urlencoded byte serializer" transcribed below
  from the standard's text, cross-checked against urllib.parse.quote_plus(s, safe="*"), which differs
  only in leaving "~" (asserted).
- batches: extended grapheme clusters from the third-party `regex` module (\\X) applied to the SPEC
  §1.4 batching rule; only strings made of the cluster kinds SPEC §1.4 names are used.
"""
import sys
import urllib.parse

import regex

from vectorlib import VectorFile, write_all

GEN = "scripts/gen_percent_escape.py"
ALL = ["af3", "af4", "strict"]


def af(s):
    return urllib.parse.quote(s, safe="/?")


def unreserved(s):
    return urllib.parse.quote(s, safe="")


def whatwg(s):
    out = []
    for b in s.encode("utf-8"):
        if b == 0x20:
            out.append("+")
        elif b in b"*-._" or 0x30 <= b <= 0x39 or 0x41 <= b <= 0x5A or 0x61 <= b <= 0x7A:
            out.append(chr(b))
        else:
            out.append("%%%02X" % b)
    r = "".join(out)
    assert r == urllib.parse.quote_plus(s, safe="*").replace("~", "%7E"), s
    return r


STYLES = [
    ("afnetworking", af, "urllib.parse.quote(s, safe='/?')", ["SPEC§1.1", "SPEC§1.2", "RFC3986#2.1", "RFC3986#3.4"]),
    ("whatwgForm", whatwg, "WHATWG urlencoded byte serializer (cross-checked with urllib quote_plus)", ["SPEC§1.3", "WHATWG-URL#5.2"]),
    ("rfc3986Unreserved", unreserved, "urllib.parse.quote(s, safe='')", ["SPEC§1.3", "RFC3986#2.3"]),
]

RESERVED_GEN = ":/?#[]@"
RESERVED_SUB = "!$&'()*+,;="
UNRESERVED_MARK = "-._~"


def ascii_refs(ch):
    refs = []
    if ch in RESERVED_GEN or ch in RESERVED_SUB:
        refs.append("RFC3986#2.2")
    if ch.isalnum() or ch in UNRESERVED_MARK:
        refs.append("RFC3986#2.3")
    if ch == "%":
        refs.append("RFC3986#2.4")
    return refs


def utf16_units(s):
    b = s.encode("utf-16-le")
    return [int.from_bytes(b[i:i + 2], "little") for i in range(0, len(b), 2)]


def ascii_files():
    files = []
    for style, fn, oracle, refs in STYLES:
        f = VectorFile("percent-escape", "ascii-" + style,
                       "Every ASCII character on its own, %s style" % style, refs, GEN)
        for cp in range(0x80):
            ch = chr(cp)
            exp = fn(ch)
            kept = "kept" if exp == ch else "escaped"
            opts = {} if style == "afnetworking" else {"style": style}
            f.add("U+%04X %s; expected from %s" % (cp, kept, oracle),
                  {"text": ch}, {"text": exp}, options=opts or None, refs=ascii_refs(ch), id="%02x" % cp)
        files.append(f)
    return files


UNICODE_SAMPLES = [
    ("À", "Latin-1 letter, SPEC §1.2 example"),
    ("👴🏻", "emoji + skin-tone modifier, SPEC §1.2 example"),
    ("é", "precomposed e-acute"),
    ("e\u0301", "e + combining acute (decomposed)"),
    ("ß", "sharp s"),
    ("Ω", "Greek capital omega"),
    ("Ж", "Cyrillic"),
    ("中文", "CJK"),
    ("日本語のテキスト", "Japanese"),
    ("한국어", "Hangul syllables"),
    ("עברית", "Hebrew (RTL)"),
    ("العربية", "Arabic (RTL)"),
    ("हिन्दी", "Devanagari with virama"),
    ("€", "euro sign, 3 UTF-8 bytes"),
    ("\u00a0", "no-break space"),
    ("\u2028", "line separator"),
    ("\ufeff", "byte order mark as a character"),
    ("\ufffd", "replacement character"),
    ("\U0001F600", "grinning face, astral plane"),
    ("\U0001F1EF\U0001F1F5", "flag JP (regional indicator pair)"),
    ("\U0001F468\u200D\U0001F469\u200D\U0001F467", "family ZWJ sequence"),
    ("\U0001F44D\U0001F3FD", "thumbs up + medium skin tone"),
    ("\u2764\ufe0f", "heart + variation selector 16"),
    ("\U0010FFFF", "highest code point"),
    ("\U00010000", "first astral code point"),
    ("\u0800", "first 3-byte code point"),
    ("\u07ff", "last 2-byte code point"),
    ("\u0080", "first 2-byte code point (C1 control)"),
    ("a b", "space is %20, never +"),
    ("%20", "escaping is not idempotent (SPEC §1.2)"),
    ("%", "percent alone"),
    ("%%41", "percent sequences are escaped again"),
    ("a+b=c&d", "form metacharacters"),
    ("/path/to?x=1", "slash and question mark stay"),
    ("key[sub][]", "brackets as in query fields"),
    ("100% sure ✓", "mixed ASCII and symbols"),
    ("tab\there", "tab"),
    ("line\r\nbreak", "CR LF"),
    ("nul\u0000byte", "NUL inside text"),
    ("~user/.profile", "tilde and dot"),
    ("Ünïcödé Ŝtrïñg", "Latin extended"),
    ("Ａ", "fullwidth A"),
    ("ﬁ", "ligature fi"),
    ("𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "mathematical fraktur (astral)"),
    ("\u0000", "NUL alone"),
    ("", "empty string"),
    (":#[]@!$&'()*+,;=?/", "SPEC §1.2 example: gen-delims and sub-delims escaped, ? and / kept"),
    ("-._~", "unreserved marks"),
    ("abcXYZ019", "alphanumerics"),
    ("\"<>\\^`{|}", "characters outside both reserved and unreserved"),
]


def unicode_files():
    f = VectorFile("percent-escape", "unicode",
                   "Non-ASCII text: UTF-8 bytes, each %XX uppercase (SPEC §1.2, RFC 3986 §2.5)",
                   ["SPEC§1.2", "RFC3986#2.1", "RFC3986#2.5"], GEN)
    for s, what in UNICODE_SAMPLES:
        for style, fn, oracle, refs in STYLES:
            opts = None if style == "afnetworking" else {"style": style}
            f.add("%s, %s style; expected from %s" % (what, style, oracle), {"text": s}, {"text": fn(s)},
                  options=opts, refs=refs + (["RFC3986#2.4"] if "%" in s else []))
    g = VectorFile("percent-escape", "input-forms",
                   "The same text given as UTF-16 code units or as UTF-8 bytes escapes identically (SPEC §1.5 entry points)",
                   ["SPEC§1.2", "SPEC§1.5", "RFC3986#2.5"], GEN)
    for s, what in UNICODE_SAMPLES[:30]:
        g.add("%s as UTF-16 code units; expected from urllib.parse.quote(s, safe='/?')" % what,
              {"utf16": utf16_units(s)}, {"text": af(s)})
        g.add("%s as UTF-8 bytes; expected from urllib.parse.quote(s, safe='/?')" % what,
              {"hex": s.encode("utf-8").hex()}, {"text": af(s)})
    return [f, g]


def batches(s, size):
    """SPEC §1.4: batches of at most `size` UTF-16 units, widened to whole clusters."""
    bounds = [0]
    pos = 0
    for cl in regex.findall(r"\X", s):
        pos += len(utf16_units(cl))
        bounds.append(pos)
    n = bounds[-1]
    out = []
    start = 0
    while start < n:
        end = min(start + size, n)
        end = min(b for b in bounds if b >= end)
        out.append([start, end])
        start = end
    return out


def batch_samples():
    old = "\U0001F474\U0001F3FB"  # 👴🏻, 4 UTF-16 units, one cluster
    fam = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"  # 11 units
    flag = "\U0001F1EB\U0001F1F7"
    comb = "a\u0301\u0302\u0303"
    samples = [
        ("a" * 49 + old, "SPEC §1.4 example: the 50th code unit falls inside 👴🏻 → first batch [0, 53)"),
        ("a" * 49 + old + "tail", "SPEC §1.4 example followed by more text"),
        ("a" * 50, "exactly one full batch"),
        ("a" * 51, "one unit past a batch"),
        ("a" * 100, "two full batches"),
        ("a" * 120 + "/?&", "three batches, last one partial"),
        ("", "empty string: no batches"),
        ("x", "single character"),
        ("a" * 48 + old, "cluster ends exactly at 52"),
        ("a" * 46 + old, "cluster exactly fills units 46..50"),
        ("a" * 47 + old + "b", "cluster straddles 50 by two units"),
        ("a" * 45 + fam + "z" * 10, "ZWJ family sequence straddles the boundary"),
        ("a" * 49 + flag + "b", "flag pair straddles the boundary"),
        ("a" * 48 + comb + "b", "base letter with three combining marks straddles the boundary"),
        (old * 30, "thirty 4-unit clusters back to back"),
        (fam * 8, "ZWJ sequences back to back"),
        (flag * 30, "flags back to back"),
        ("é" * 60, "precomposed letters (one unit each)"),
        ("e\u0301" * 40, "decomposed letters (two units each)"),
        ("中" * 75, "BMP CJK, 75 units"),
        ("\U0001F600" * 26, "26 surrogate pairs (52 units)"),
        ("a" * 49 + "\U0001F600" + "b" * 60, "a surrogate pair straddles the boundary"),
        (("ab" + old) * 20, "mixed text and clusters"),
        ("%&=" * 40, "escapable ASCII across batches"),
    ]
    return samples


def batch_files():
    f = VectorFile("percent-escape", "batching",
                   "AF's 50-unit batches widened to whole composed character sequences; output identical for every batch size (SPEC §1.4)",
                   ["SPEC§1.4", "SPEC§1.2"], GEN)
    for s, what in batch_samples():
        exp_text = af(s)
        f.add("%s; batches from SPEC §1.4 over regex \\X clusters, text from urllib quote" % what,
              {"text": s}, {"text": exp_text, "batches": batches(s, 50)}, options={"reportBatches": True})
        for size in (1, 3, 7, 64, 1000):
            f.add("%s, batchSize %d: same text (SPEC §1.4), batches by the same rule" % (what, size),
                  {"text": s}, {"text": exp_text, "batches": batches(s, size)},
                  options={"reportBatches": True, "batchSize": size})
    for style, fn, oracle, refs in STYLES[1:]:
        s = "a" * 49 + "\U0001F474\U0001F3FB" + " ~/?"
        f.add("batching with the %s style; expected text from %s" % (style, oracle), {"text": s},
              {"text": fn(s), "batches": batches(s, 50)}, options={"reportBatches": True, "style": style}, refs=refs)
    return [f]


def invalid_files():
    f = VectorFile("percent-escape", "invalid-input",
                   "Unpaired surrogates and invalid UTF-8 are typed errors, never a crash (SPEC §1.5, AF #3614, #4359)",
                   ["SPEC§1.5", "SPEC§8"], GEN)
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
    return [f]


def main():
    files = ascii_files() + unicode_files() + batch_files() + invalid_files()
    print("percent-escape: %d vectors" % write_all(files))


if __name__ == "__main__":
    sys.exit(main())
