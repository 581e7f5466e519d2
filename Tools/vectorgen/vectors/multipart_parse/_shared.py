"""Shared by parser-edges.json and limits.json: a one-part form with the SPEC §5.1 example boundary."""
import re

from ...oracles.s5_multipart import CLOSE, HEAD

BIG = 1 << 20  # a chunk size larger than any body here: the rest of the input in one chunk


def cd(name):
    return ('Content-Disposition: form-data; name="%s"\r\n\r\n' % name).encode()


def one(data, headers=None):
    """A one-part form: `--B`, the part's headers (default: name "a"), the data, the close delimiter."""
    return HEAD + (cd("a") if headers is None else headers) + data + CLOSE


def boundary_line_in_part(body, boundary):
    """True when a line of `body` starts with `--boundary` but is no delimiter line (padding then CRLF) and no close
    delimiter line: RFC 2046 §5.1 says the boundary delimiter MUST NOT appear "as the prefix of any line"."""
    dash = b"--" + boundary.encode()
    for start in [0] + [m.end() for m in re.finditer(b"\r\n", body)]:
        if body.startswith(dash, start):
            rest = body[start + len(dash):]
            if not re.match(rb"(--)?[ \t]*(\r\n|$)", rest):
                return True
    return False
