"""Vectors/multipart-parse/framing.json: preamble, epilogue, transport padding, delimiter lookalikes (RFC 2046 §5.1.1, SPEC §5.7)."""
from ...levels import decision, must
from ...oracles.s5_multipart import B, body_bytes, email_parse, form
from ...vectorfile import VectorFile, bytes_value

# RFC 2046 §5.1.1: "implementations must ignore anything that appears before the first boundary delimiter line or after
# the last one"; "receivers MUST be able to handle padding"; "The boundary delimiter MUST occur at the beginning of a
# line, i.e., following a CRLF, and the initial CRLF is considered to be attached to the boundary delimiter line".
FRAMING = must("RFC2046#5.1.1", "MUST")


def build():
    g = VectorFile("multipart-parse", "framing", "Preamble, epilogue, transport padding, delimiter lookalikes (RFC 2046 §5.1.1, SPEC §5.7)",
                   ["SPEC§5.7", "RFC2046#5.1.1"], verdict=FRAMING)
    core = body_bytes([form("a", "1")], B)
    one = {"parts": [{"name": "a", "body": {"text": "1"}}]}
    variants = [
        (b"This is the preamble.\r\n" + core, "a preamble before the first delimiter is ignored"),
        (core + b"This is the epilogue.\r\n", "an epilogue after the close delimiter is ignored"),
        (core.replace(("--%s\r\n" % B).encode(), ("--%s  \t\r\n" % B).encode(), 1), "transport padding (spaces/tabs) after the boundary is allowed"),
        (core[:-2], "close delimiter without a trailing CRLF"),
        (b"\r\n" + core, "a leading CRLF (empty preamble) is ignored"),
    ]
    for body, what in variants:
        # a missing CRLF after the close delimiter is allowed by the grammar alone: SPEC §5.7 reads it
        g.add(what + " (RFC 2046 §5.1.1 grammar; Python email agrees)", {"boundary": B, "body": bytes_value(body)}, one,
              verdict=decision("SPEC§5.7") if body.endswith(b"--") else None)
        got = email_parse(body, B)
        assert [(x["name"], x["body"]) for x in got] == [("a", b"1")], (what, got)
    body = body_bytes([form("a", "x\r\n--%sx" % B[:-1])], B)
    g.add("a line that starts like the delimiter but differs is body text", {"boundary": B, "body": bytes_value(body)},
          {"parts": [{"name": "a", "body": {"text": "x\r\n--%sx" % B[:-1]}}]})
    body = b"--B\r\ncontent-disposition: form-data; name=\"lc\"\r\n\r\nv\r\n--B--\r\n"
    g.add("header names are case-insensitive (RFC 7578 §4.2 via RFC 2045)", {"boundary": "B", "body": bytes_value(body)},
          {"parts": [{"name": "lc", "body": {"text": "v"}}]}, refs=["RFC7578#4.2"], verdict=decision("SPEC§5.7"))
    body = b"--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n--B--\r\n"
    g.add("an empty body part", {"boundary": "B", "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": ""}}]})
    body = b"--B\r\nContent-Disposition: form-data; name=\"t\"\r\n\r\nplain\r\n--B--\r\n"
    g.add("a part without Content-Type: its headers are just Content-Disposition (receivers default it to text/plain, RFC 7578 §4.4)", {"boundary": "B", "body": bytes_value(body)},
          {"parts": [{"name": "t", "headers": [["Content-Disposition", "form-data; name=\"t\""]], "body": {"text": "plain"}}]}, refs=["RFC7578#4.4"],
          verdict=decision("SPEC§5.7"))  # the headers list, values trimmed, is SPEC §5.7's output
    return g
