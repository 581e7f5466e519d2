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
QUOTED = r'"(?:[\t \x21\x23-\x5B\x5D-\x7E\x80-\xFF]|\\[\t \x21-\x7E\x80-\xFF])*"'
PARAM = r"(%s)=(%s|%s)" % (TOKEN, TOKEN, QUOTED)


def af(value):
    return value.split(";", 1)[0].strip(" \t").lower()


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
    assert got == params, (value, got, params)
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
    print("media-type: %d vectors" % write_all([f, g]))


if __name__ == "__main__":
    sys.exit(main())
