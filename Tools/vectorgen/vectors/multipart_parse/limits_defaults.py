"""Vectors/multipart-parse/limits-defaults.json: the default maxPartHeaderBytes (16 KiB, SPEC §8) in the parser.

A part's header bytes run from its first header byte through the LF of the empty line, and the error offset is the
first byte over the limit: the decisions multipart-parse/limits pins for a configured limit. The accepted body is
read back by Python's email (asserted).
"""
from ...levels import decision
from ...oracles.s5_multipart import CLOSE, HEAD, B, email_message_parts
from ...oracles.s8_limits import MAX_PART_HEADER_BYTES
from ...vectorfile import CORE, VectorFile, bytes_value


def build():
    f = VectorFile("multipart-parse", "limits-defaults",
                   "The default maxPartHeaderBytes (16 KiB, SPEC §8): a header section of 16,384 bytes parses, 16,385 is limitExceeded",
                   ["SPEC§8", "SPEC§5.7"], verdict=decision("SPEC§8"))
    limit = MAX_PART_HEADER_BYTES
    cd = b'Content-Disposition: form-data; name="a"\r\n'
    for size in (limit, limit + 1):
        pad = size - len(cd) - len(b"X-Pad: \r\n") - 2  # the section ends with the empty line's CR LF
        section = cd + b"X-Pad: " + b"x" * pad + b"\r\n" + b"\r\n"
        assert len(section) == size
        body = HEAD + section + b"1" + CLOSE
        if size == limit:
            p, = email_message_parts(body, B)
            assert p.get_param("name", header="content-disposition") == "a" and p.get_payload(decode=True) == b"1" and len(p["X-Pad"]) == pad
            f.add("a header section of exactly 16,384 bytes (the default maxPartHeaderBytes; counted from the first header byte "
                  "through the empty line's LF, as multipart-parse/limits pins for a configured limit): accepted; part read back "
                  "by Python's email",
                  {"boundary": B, "body": bytes_value(body)},
                  {"parts": [{"name": "a", "headers": [["Content-Disposition", 'form-data; name="a"'], ["X-Pad", "x" * pad]],
                              "body": {"text": "1"}}]})
        else:
            f.add("a header section of 16,385 bytes: one over the default maxPartHeaderBytes → limitExceeded at byte %d, the "
                  "first byte over the limit (the empty line's LF), context part 0 (SPEC §8; offset rule of multipart-parse/limits)"
                  % (len(HEAD) + limit),
                  {"boundary": B, "body": bytes_value(body)},
                  {"error": {"domain": CORE, "kind": "limitExceeded", "offset": len(HEAD) + limit,
                             "context": {"limit": "maxPartHeaderBytes=%d" % limit, "part": "0"}}})
    return f
