#!/usr/bin/env python3
"""Generates Vectors/media-type/*.json (SPEC §6.2).

Oracles: af3/af4 — the SPEC §6.2 rule (text before the first ";", whitespace-trimmed, lowercased),
Python str operations. strict — RFC 9110 §8.3.1/§5.6.6/§5.6.4 grammar transcribed below as regular
expressions; for every value it accepts, Python's email.message.Message (get_content_type,
get_params) must report the same type and parameters (asserted).
"""
import email.message
import re
import sys

from vectorlib import VectorFile, write_all

GEN = "scripts/gen_media_type.py"
TCHAR = r"[!#$%&'*+.^_`|~0-9A-Za-z-]"
TOKEN = TCHAR + "+"
OWS = r"[ \t]*"
# obs-text is %x80-FF per byte; on a Python str every non-ASCII character's UTF-8 bytes are all
# >= 0x80, so matching characters U+0080 and above is the same rule.
QUOTED = r'"(?:[\t \x21\x23-\x5B\x5D-\x7E\x80-\U0010FFFF]|\\[\t \x21-\x7E\x80-\U0010FFFF])*"'
PARAM = r"(%s)=(%s|%s)" % (TOKEN, TOKEN, QUOTED)


def af(value):
    # "whitespace-trimmed" (SPEC §6.2): SP and HTAB, and the line ends CR and LF (Decision, issue 13:
    # VT, FF and non-ASCII spaces are not trimmed).
    return value.split(";", 1)[0].strip(" \t\r\n").lower()


def strict(value):
    """RFC 9110: media-type = type "/" subtype parameters; parameters = *( OWS ";" OWS [ parameter ] )."""
    m = re.fullmatch(r"%s(%s)/(%s)((?:%s;%s(?:%s)?)*)%s" % (OWS, TOKEN, TOKEN, OWS, OWS, PARAM, OWS), value)
    if not m:
        return None
    params = []
    for pm in re.finditer(PARAM, m.group(3)):
        v = pm.group(2)
        if v.startswith('"'):
            v = re.sub(r"\\(.)", r"\1", v[1:-1])
        params.append([pm.group(1).lower(), v])
    mime = (m.group(1) + "/" + m.group(2)).lower()
    msg = email.message.Message()
    msg["Content-Type"] = value
    assert msg.get_content_type() == mime, (value, msg.get_content_type())
    got = [[k.lower(), v] for k, v in (msg.get_params() or [])[1:] if k]  # email reports an empty parameter as ('', '')
    # email.utils.unquote only undoes the quoted-pairs \\ and \" (RFC 9110 §5.6.4 undoes every
    # quoted-pair): compare with the raw quoted text unquoted the same way.
    email_view = []
    for pm in re.finditer(PARAM, m.group(3)):
        v = pm.group(2)
        if v.startswith('"'):
            v = v[1:-1].replace("\\\\", "\\").replace('\\"', '"')
        email_view.append([pm.group(1).lower(), v])
    assert got == email_view, (value, got, email_view)
    return mime, params


VALUES = [
    ("application/json", "plain"),
    ("application/json; charset=utf-8", "with charset"),
    ("Application/JSON", "uppercase"),
    ("TEXT/HTML; Charset=UTF-8", "uppercase type and parameter name"),
    ("text/plain;charset=us-ascii", "no space before the parameter"),
    ("text/plain ; charset=us-ascii", "space before ;"),
    ("  text/xml  ", "surrounding whitespace"),
    ("\ttext/xml", "leading tab"),
    ("application/vnd.api+json", "structured suffix"),
    ("application/x-www-form-urlencoded", "form type"),
    ("multipart/form-data; boundary=Boundary+D87993F14D11D1AD", "multipart with a boundary token"),
    ('multipart/form-data; boundary="quoted boundary"', "quoted boundary value"),
    ('text/plain; charset="utf-8"', "quoted charset"),
    ('text/plain; title="a \\"quoted\\" word"', "quoted-pairs inside a quoted-string"),
    ('text/plain; a=1; b=2; c="3"', "three parameters in order"),
    ("text/plain; a=1;", "trailing semicolon (empty parameter is allowed)"),
    ("text/plain;;a=1", "empty parameter between semicolons"),
    ("image/svg+xml", "svg"),
    ("text/javascript", "javascript"),
    ("application/problem+json; charset=utf-8", "problem+json"),
    ("*/*", "wildcard as a value"),
    ("application/json;charset=UTF-8", "uppercase parameter value kept"),
]

MALFORMED = [
    ("application", "no slash"),
    ("application/", "empty subtype"),
    ("/json", "empty type"),
    ("text/html/extra", "two slashes"),
    ("text /html", "space inside the type/subtype"),
    ("text/html; charset", "parameter without a value"),
    ("text/html; charset=", "parameter with an empty value"),
    ('text/html; charset="unterminated', "unterminated quoted-string"),
    ("text/h(t)ml", "parentheses are not tchars"),
    ("tëxt/html", "non-ASCII in the type"),
    ("text/html; a b=1", "space inside a parameter name"),
    ("", "empty value"),
    ("; charset=utf-8", "parameters without a type"),
]

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
]
EXPECT_PARSE = [True, True, True, True, False, False, False, False, False, False, False, False]

AF_EDGES = [
    ("\r\ntext/xml\r\n", "leading and trailing CR LF"),
    ("\ntext/xml\n", "leading and trailing LF"),
    ("\rtext/xml\r", "leading and trailing CR"),
    (" \t\r\nText/XML \r\n\t; charset=utf-8", "mixed whitespace before the ';'"),
]


def main():
    f = VectorFile("media-type", "af", "AF's MIME type: text up to the first ';', trimmed, lowercased (SPEC §6.2, af3/af4)",
                   ["SPEC§6.2", "RFC9110#8.3.1"], GEN)
    for value, what in VALUES + MALFORMED:
        if value == "":
            continue
        f.add("%s: %r → %r by the SPEC §6.2 rule" % (what, value, af(value)), {"contentType": value},
              {"mimeType": af(value)}, profiles=["af3", "af4"])
    f.add("no Content-Type header → no MIME type (SPEC §6.2)", {}, {"mimeType": None}, profiles=["af3", "af4"])
    g = VectorFile("media-type", "strict", "RFC 9110 media-type parsing in strict (SPEC §6.2); parameters as [name, value] pairs, names lowercased, quoted values unquoted",
                   ["SPEC§6.2", "RFC9110#8.3.1", "RFC9110#5.6.6"], GEN)
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
    # Issue 13: every qdtext / quoted-pair class boundary and the ";" between parameters.
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
    for value, what in AF_EDGES:
        f.add("%s: %r → %r by the SPEC §6.2 rule (whitespace = SP, HTAB, CR, LF: Decision, issue 13)" % (what, value, af(value)),
              {"contentType": value}, {"mimeType": af(value)}, profiles=["af3", "af4"])
    print("media-type: %d vectors" % write_all([f, g]))


if __name__ == "__main__":
    sys.exit(main())
