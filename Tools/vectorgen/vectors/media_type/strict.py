"""Vectors/media-type/strict.json: RFC 9110 media-type parsing in strict, the grammar transcription in oracles/s6_2."""
import re

from ...levels import decision, must
from ...oracles.s6_2_media_type import strict
from ...vectorfile import VectorFile
from ._shared import MALFORMED, VALUES


# (value, what, expected to parse?) — the last item is asserted against the regex transcription.
STRICT_EDGES = [
    ('text/plain; a="x\ty"', "HTAB is qdtext"),
    ('text/plain; a="!#[]~"', "qdtext edges %x21, %x23, %x5B, %x5D, %x7E"),
    ('text/plain; a="\u0400"', "obs-text: U+0400 is the bytes D0 80 (%x80 is the lowest obs-text byte)"),
    ('text/plain; a="\\\t\\ \\!\\~\\\u0400"', "quoted-pairs of HTAB, SP, %x21, %x7E and obs-text: the backslashes go"),
    ('text/plain; a="x\x01y"', "a control character (%x01) is not qdtext"),
    ('text/plain; a="x\x7fy"', "DEL (%x7F) is not qdtext"),
    ('text/plain; a="\\\x01"', "a quoted-pair of %x01 is not allowed"),
    ('text/plain; a="\\\x7f"', "a quoted-pair of DEL is not allowed"),
    ('text/plain; a="x\\', "a backslash as the last byte: unterminated quoted-pair"),
    ('text/plain; a="x\\"', "the closing quote is escaped: unterminated quoted-string"),
    ("text/plain x", "text after the subtype that is not ';'"),
    ("text/plain; a=1 b", "text after a parameter that is not ';'"),
    # Content-Type is one media-type, not a list (RFC 9110 §8.3): a comma is no separator (Rack reads one, FINDINGS R-11).
    ("text/html,charset=utf-7", "a comma is not a tchar, and Content-Type is not a list field"),
    # A quoted-string is a parameter value only (§5.6.4, §8.3.1); FoundationNetworking drops the quotes (FINDINGS F-3).
    ('"text/plain"', "a quoted type: DQUOTE is not a tchar"),
    ('text/"plain;charset=utf-7"', "quotes in the subtype do not make a parameter part of it"),
]
EXPECT_PARSE = [True, True, True, True, False, False, False, False, False, False, False, False, False, False, False]


def level(v):
    """RFC 9110 §8.3.1 has a grammar but no keyword, and the lowercased output is SPEC §6.2's, so most vectors are
    decisions; a keyword decides the value only where a parsed value holds quoted-pairs (§5.6.4: recipients MUST
    replace them by the octet) or the field value has surrounding whitespace to drop (§5.5: MUST exclude it)."""
    value = v["input"].get("contentType")
    if v["expected"].get("mimeType") is None or value is None:
        return decision("SPEC§6.2")
    names = [value.split(";")[0]] + re.findall(r";[ \t]*([^=;]*)=", value)
    if any(n != n.lower() for n in names):  # the lowercased type, subtype or parameter name
        return decision("SPEC§6.2")
    if "\\" in value:
        return must("RFC9110#5.6.4", "MUST")
    if value != value.strip(" \t"):
        return must("RFC9110#5.5", "MUST")
    return decision("SPEC§6.2")


def build():
    g = VectorFile("media-type", "strict", "RFC 9110 media-type parsing in strict (SPEC §6.2); parameters as [name, value] pairs, names lowercased, quoted values unquoted",
                   ["SPEC§6.2", "RFC9110#8.3.1", "RFC9110#5.6.6"], verdict=level)
    for value, what in VALUES:
        mime, params = strict(value)
        refs = ["RFC9110#5.6.4"] if '"' in value else None
        g.add("%s: RFC 9110 grammar (regex transcription), agreed by Python email.message" % what, {"contentType": value},
              {"mimeType": mime, "parameters": params}, profiles=["strict"], refs=refs)
    for value, what in MALFORMED:
        assert strict(value) is None, value
        g.add("%s: %r is not an RFC 9110 media-type → no MIME type" % (what, value), {"contentType": value},
              {"mimeType": None}, profiles=["strict"], refs=["RFC9110#5.6.4"] if '"' in value else None)
    g.add("no Content-Type header → no MIME type", {}, {"mimeType": None}, profiles=["strict"])
    # RFC 9110 §5.6.4: every qdtext / quoted-pair class boundary, and the ";" between parameters (§5.6.6).
    for (value, what), parses in zip(STRICT_EDGES, EXPECT_PARSE):
        r = strict(value)
        assert (r is not None) == parses, value
        if r is None:
            g.add("%s: %r is not an RFC 9110 media-type → no MIME type" % (what, value), {"contentType": value},
                  {"mimeType": None}, profiles=["strict"], refs=["RFC9110#5.6.4"] if '"' in value else None)
        else:
            g.add("%s: RFC 9110 grammar (regex transcription), agreed by Python email.message" % what,
                  {"contentType": value}, {"mimeType": r[0], "parameters": r[1]}, profiles=["strict"],
                  refs=["RFC9110#5.6.4"] if '"' in value else None)
    return g
