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


def utf16_error_unit(units):
    """The unit Python's utf-16-le decoder rejects first (its error start / 2); the units must be invalid."""
    try:
        b"".join(u.to_bytes(2, "little") for u in units).decode("utf-16-le")
    except UnicodeDecodeError as err:
        return err.start // 2
    raise AssertionError(units)


def utf8_byte_files():
    """Issue 13: every byte value valid UTF-8 can carry above 0x7F (continuation 80–BF, leads C2–F4),
    each in the smallest text that holds it, for every style; batch counting for every 4-byte lead
    (F0–F4) and error offsets for invalid input."""
    f = VectorFile("percent-escape", "utf8-bytes",
                   "Every byte 0x80–0xBF and every lead byte 0xC2–0xF4 escapes as %XX in every style (SPEC §1.2, §1.3)",
                   ["SPEC§1.2", "SPEC§1.3", "RFC3986#2.1", "RFC3986#2.5"], GEN)

    def lead_text(b):
        if b < 0xE0:
            return chr((b - 0xC0) << 6)
        if b < 0xF0:
            return chr(max(0x800, (b - 0xE0) << 12))
        return chr(max(0x10000, (b - 0xF0) << 18))

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
    g = VectorFile("percent-escape", "batch-leads",
                   "Batch counting for every 4-byte UTF-8 lead (F0–F4) and 2/3-byte scalars (SPEC §1.4)",
                   ["SPEC§1.4"], GEN)
    for cp, what in [(0x10000, "F0"), (0x20000, "F0 (CJK Ext B)"), (0x40000, "F1"), (0xF0000, "F3 (private use A)"),
                     (0x100000, "F4 (private use B)"), (0x10FFFD, "F4, last private use")]:
        ch = chr(cp)
        for pre in (48, 49):
            t = "a" * pre + ch + "b" * 5
            f_ = batches(t, 50)
            g.add("U+%X (lead %s, 2 UTF-16 units) after %d ASCII: batches from SPEC §1.4 over regex \\X, text from urllib quote" % (cp, what, pre),
                  {"text": t}, {"text": af(t), "batches": f_}, options={"reportBatches": True})
        t = ch * 30
        g.add("thirty U+%X back to back, batch size 7 (odd: a pair can straddle it)" % cp,
              {"text": t}, {"text": af(t), "batches": batches(t, 7)}, options={"reportBatches": True, "batchSize": 7})
    for t, what in [("\u0800" * 60, "3-byte scalars count one unit each"), ("\u00e9\u0800\U00010000" * 20, "1+1+2 units per round"),
                    ("\uffff" * 51, "U+FFFF (3 bytes, EF) is one unit"), ("\u07ff" * 51, "U+07FF (2 bytes, DF) is one unit")]:
        g.add("%s; batches from SPEC §1.4 over regex \\X, text from urllib quote" % what,
              {"text": t}, {"text": af(t), "batches": batches(t, 50)}, options={"reportBatches": True})
    ex = "a" * 49 + "\U0001F474\U0001F3FB" + "b" * 60 + "\U0001F1EB\U0001F1F7" + "c" * 3
    for size in (2, 4, 5, 49, 50, 51, 52, 53, 54, 55, 127, 128):
        g.add("SPEC §1.4 example string with a flag pair later, batchSize %d: batches from SPEC §1.4 over regex \\X, text from urllib quote" % size,
              {"text": ex}, {"text": af(ex), "batches": batches(ex, size)}, options={"reportBatches": True, "batchSize": size})
    e = VectorFile("percent-escape", "invalid-offsets",
                   "Invalid input errors carry the offset of the first bad unit or byte (SPEC §1.5)",
                   ["SPEC§1.5"], GEN)
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
    # Issue 13: the error context names the offending unit or byte (Decision: "codeUnit" in Unicode's
    # U+XXXX notation, "byte" as 0xXX, uppercase hex), besides the offset.
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
    return [f, g, e]


def large_files():
    """Issue 13: inputs above 64 KiB, where the escaper copies a mostly-unescaped result into an
    exact-size string (SPEC §8: memory in proportion to the input); the text must not change."""
    f = VectorFile("percent-escape", "large", "Inputs above 64 KiB escape like any other (SPEC §1.2, §8)",
                   ["SPEC§1.2", "SPEC§8"], GEN)
    unit = "Query-string_text~/?0123456789 "
    t = (unit * (70000 // len(unit) + 1))[:70000] + "\u00e9"
    assert len(t.encode("utf-8")) > 65536
    f.add("70,002 bytes, mostly unreserved (one space in 31 characters, é at the end); expected by urllib quote(safe='/?')",
          {"text": t}, {"text": af(t)})
    return [f]


def length_files():
    """Every input length from 1 to 100 bytes, unescaped throughout and with an escaped last byte.
    The escaper writes into a string allocated for the exact result plus a slack its stores rely on
    (SPEC §8: no write past what was allocated); some lengths leave the allocator no rounding to
    hide an overrun in, so under AddressSanitizer (mutate.py's asan layer) a shrunken slack fails."""
    f = VectorFile("percent-escape", "lengths", "Inputs of every length 1–100, plain and with an escaped last byte (SPEC §1.1, §8)",
                   ["SPEC§1.1", "SPEC§8"], GEN)
    for n in range(1, 101):
        t = "a" * n
        f.add("%d unreserved bytes; expected by urllib quote(safe='/?') (unchanged)" % n, {"text": t}, {"text": af(t)})
    for n in range(1, 101):
        t = "a" * (n - 1) + " "
        f.add("%d bytes, the last one a space; expected by urllib quote(safe='/?')" % n, {"text": t}, {"text": af(t)})
    return [f]


def main():
    files = (ascii_files() + unicode_files() + batch_files() + invalid_files() + utf8_byte_files() + large_files()
             + length_files())
    print("percent-escape: %d vectors" % write_all(files))


if __name__ == "__main__":
    sys.exit(main())
