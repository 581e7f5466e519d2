"""Vectors/media-type/af.json: AF's MIME type, the SPEC §6.2 rule (oracles/s6_2), af3/af4."""
from ...levels import decision
from ...oracles.s6_2_media_type import af
from ...vectorfile import VectorFile
from ._shared import MALFORMED, VALUES

AF_EDGES = [
    ("\r\ntext/xml\r\n", "leading and trailing CR LF"),
    ("\ntext/xml\n", "leading and trailing LF"),
    ("\rtext/xml\r", "leading and trailing CR"),
    (" \t\r\nText/XML \r\n\t; charset=utf-8", "mixed whitespace before the ';'"),
]


def build():
    f = VectorFile("media-type", "af", "AF's MIME type: text up to the first ';', trimmed, lowercased (SPEC §6.2, af3/af4)",
                   ["SPEC§6.2", "RFC9110#8.3.1"],
                   # Audit row 6.2/mime-type-from-foundation is af-silent: AF takes Foundation's MIMEType, so SPEC §6.2 decides.
                   verdict=decision("SPEC§6.2"))
    for value, what in VALUES + MALFORMED:
        if value == "":
            continue
        f.add("%s: %r → %r by the SPEC §6.2 rule" % (what, value, af(value)), {"contentType": value},
              {"mimeType": af(value)}, profiles=["af3", "af4"])
    f.add("no Content-Type header → no MIME type (SPEC §6.2)", {}, {"mimeType": None}, profiles=["af3", "af4"])
    for value, what in AF_EDGES:
        f.add("%s: %r → %r by the SPEC §6.2 rule (whitespace = SP, HTAB, CR, LF: Decision)" % (what, value, af(value)),
              {"contentType": value}, {"mimeType": af(value)}, profiles=["af3", "af4"])
    return f
