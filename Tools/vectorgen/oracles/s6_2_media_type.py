"""SPEC §6.2 MIME type: the af rule and an RFC 9110 grammar transcription for strict.

af3/af4 — the SPEC §6.2 rule (text before the first ";", whitespace-trimmed, lowercased), Python str
operations. strict — RFC 9110 §8.3.1/§5.6.6/§5.6.4 grammar transcribed below as regular expressions; for
every value it accepts, Python's email.message.Message (get_content_type, get_params) must report the same
type and parameters (asserted).
"""
import email.message
import re

TCHAR = r"[!#$%&'*+.^_`|~0-9A-Za-z-]"
TOKEN = TCHAR + "+"
OWS = r"[ \t]*"
# obs-text is %x80-FF per byte; on a Python str every non-ASCII character's UTF-8 bytes are all
# >= 0x80, so matching characters U+0080 and above is the same rule.
QUOTED = r'"(?:[\t \x21\x23-\x5B\x5D-\x7E\x80-\U0010FFFF]|\\[\t \x21-\x7E\x80-\U0010FFFF])*"'
PARAM = r"(%s)=(%s|%s)" % (TOKEN, TOKEN, QUOTED)


def af(value):
    # "whitespace-trimmed" (SPEC §6.2): SP and HTAB, and the line ends CR and LF (the SPEC §6.2 decision,
    # Foundation's rule: VT, FF and non-ASCII spaces are not trimmed).
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
