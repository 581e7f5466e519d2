"""Shared by several percent-escape files: the per-style ASCII table and the Unicode samples."""
from ...oracles.s1_percent_escaping import STYLES
from ...vectorfile import VectorFile

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


def ascii_file(style):
    """ascii-<style>.json: every ASCII character on its own, id = its hex code."""
    _, fn, oracle, refs = next(s for s in STYLES if s[0] == style)
    f = VectorFile("percent-escape", "ascii-" + style, "Every ASCII character on its own, %s style" % style, refs)
    for cp in range(0x80):
        ch = chr(cp)
        exp = fn(ch)
        kept = "kept" if exp == ch else "escaped"
        opts = {} if style == "afnetworking" else {"style": style}
        f.add("U+%04X %s; expected from %s" % (cp, kept, oracle),
              {"text": ch}, {"text": exp}, options=opts or None, refs=ascii_refs(ch), id="%02x" % cp)
    return f


# unicode.json escapes all of them in every style; input-forms.json gives the first 30 as UTF-16 and UTF-8.
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
