"""Shared by several percent-escape files: the per-style ASCII table, the Unicode samples, and `verdict`, the level
of every percent-escape vector (levels.py)."""
import regex

from ...levels import af, decision, must, should
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


# The level of an escaped text is the weakest authority any of its characters needs (levels.py):
#   whatwgForm: the WHATWG urlencoded serializer fixes every byte. Its algorithm states no keyword; Infra's
#     algorithm conformance ("If no such keyword is used, must is implied") makes it a MUST.
#   afnetworking, rfc3986Unreserved (RFC 3986 writes its keywords in lower case):
#     - an unreserved character is left alone: §2.3 "should not be created" (SHOULD NOT);
#     - a non-ASCII character is its UTF-8 bytes: §2.5 "should first be encoded ... UTF-8" (SHOULD);
#     - % is %25: §2.4 "must be percent-encoded as %25";
#     - & and # would act as delimiters of the query: §2.2 "the conflicting data must be percent-encoded";
#       = and + too, but their escapes hold a hex letter (below);
#     - [ ] and every character outside the URI character set (controls, space, " < > \ ^ ` { | }, DEL) are not
#       in RFC 3986's query grammar; RFC 9110 §2.2: "A sender MUST NOT generate protocol elements that do not
#       match the grammar";
#     - an escape holding a hex letter needs uppercase: §2.1 "should use uppercase hexadecimal digits" (SHOULD);
#     - the other reserved characters (: @ / ? ! $ ' ( ) * , ;) may stand as data in a query (§3.4 grammar):
#       AF's allowed set decides them in afnetworking, SPEC §1.3 in rfc3986Unreserved.
WHATWG = must("WHATWG-URL#5.2", "MUST")
UNRESERVED_KEPT = should("RFC3986#2.3", "SHOULD NOT")
UTF8 = should("RFC3986#2.5", "SHOULD")
UPPER_HEX = should("RFC3986#2.1", "SHOULD")
PERCENT = must("RFC3986#2.4", "MUST")
DELIMITER = must("RFC3986#2.2", "MUST")
GRAMMAR = must("RFC9110#2.2", "MUST NOT")
QUERY_DATA_RESERVED = ":@/?!$'()*,;"
STYLE_DEFAULT = {"afnetworking": af("1.1/allowed-set"), "rfc3986Unreserved": decision("SPEC§1.3"), "whatwgForm": WHATWG}
RANK = {"must": 0, "should": 1, "af": 2, "decision": 3, "implementation-defined": 4}


def char_verdict(ch, style):
    """(priority among verdicts of the same level, Verdict) for one character's escaped form."""
    if style == "whatwgForm":
        return 0, WHATWG
    o = ord(ch)
    if o > 0x7F:
        return 0, UTF8
    if ch.isascii() and ch.isalnum() or ch in UNRESERVED_MARK:
        return 2, UNRESERVED_KEPT
    if ch == "%":
        return 0, PERCENT
    if ch in QUERY_DATA_RESERVED:
        return 0, STYLE_DEFAULT[style]
    if any(c in "ABCDEF" for c in "%02X" % o):
        return 1, UPPER_HEX
    return (1, DELIMITER) if ch in "&#" else (2, GRAMMAR)


def text_verdict(text, style):
    """The level of `text` escaped in `style`: the weakest any character needs; the empty text gets the style's own."""
    if not text:
        return STYLE_DEFAULT[style]
    pieces = {char_verdict(ch, style) for ch in set(text)}
    worst = max(RANK[v.level] for _, v in pieces)
    return min((p for p in pieces if RANK[p[1].level] == worst), key=lambda p: p[0])[1]


# Where Linux Foundation's composed character sequences differ from Swift Characters (SPEC §1.4 Decision).
PLATFORM_CLUSTERS = regex.compile(r"[\r\n\p{Grapheme_Cluster_Break=Prepend}\p{Grapheme_Cluster_Break=SpacingMark}"
                                  r"\p{Hangul_Syllable_Type=L}\p{Hangul_Syllable_Type=V}\p{Hangul_Syllable_Type=T}"
                                  r"\u0E00-\u0EFF\p{Canonical_Combining_Class=9}]|\p{Regional_Indicator}\p{Emoji_Modifier}")


def batches_verdict(text, size, style, batches):
    """`batches` are AF's (SPEC §1.4) for its own batch size 50 and style, where Foundation's composed sequences agree
    with Swift Characters; other sizes and styles combine AF's rule with the core's options (SPEC §1.4)."""
    if size != 50 or style != "afnetworking" or PLATFORM_CLUSTERS.search(text):
        return decision("SPEC§1.4")
    widened = any(end - start != 50 for start, end in batches[:-1])
    return af("1.4/composed-sequence-widening" if widened else "1.4/batches-of-50")


def input_text(inp):
    if "text" in inp:
        return inp["text"]
    if "utf16" in inp:
        return b"".join(u.to_bytes(2, "little") for u in inp["utf16"]).decode("utf-16-le")
    return bytes.fromhex(inp["hex"]).decode("utf-8")


def verdict(v):
    """Every percent-escape vector's level (the profile does not change the output, VECTORS.md §3.2): errors are
    SPEC's kinds and offsets; `batches` are AF's batching; the text alone is decided character by character."""
    exp, opts = v["expected"], v.get("options") or {}
    style = opts.get("style", "afnetworking")
    if "error" in exp:
        return decision("SPEC§1.4" if exp["error"].get("kind") == "invalidOption" else "SPEC§1.5")
    text = input_text(v["input"])
    if "batches" in exp:
        return batches_verdict(text, opts.get("batchSize", 50), style, exp["batches"])
    return text_verdict(text, style)


def ascii_file(style):
    """ascii-<style>.json: every ASCII character on its own, id = its hex code."""
    _, fn, oracle, refs = next(s for s in STYLES if s[0] == style)
    f = VectorFile("percent-escape", "ascii-" + style, "Every ASCII character on its own, %s style" % style, refs, verdict=verdict)
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
