"""Shared by parser-edges.json and limits.json: a one-part form with the SPEC §5.1 example boundary."""
from ...oracles.s5_multipart import CLOSE, HEAD

BIG = 1 << 20  # a chunk size larger than any body here: the rest of the input in one chunk


def cd(name):
    return ('Content-Disposition: form-data; name="%s"\r\n\r\n' % name).encode()


def one(data, headers=None):
    """A one-part form: `--B`, the part's headers (default: name "a"), the data, the close delimiter."""
    return HEAD + (cd("a") if headers is None else headers) + data + CLOSE
