"""Vectors/content-decode/limits-defaults.json: the default maxDecodedSize (64 MiB, SPEC §7, §8). Not written.

WRITTEN = False: two 64 MiB decodes cost ~0.7 s of every run (and of every mutant in the mutation vectors layer),
so the default is checked by a Swift test instead (ContentEncodingTests.defaultDecodedSizeIs64MiB). Bodies from
Python's gzip, decoded back by gzip.decompress.
"""
import gzip

from ...oracles.s8_limits import MAX_DECODED_SIZE
from ...vectorfile import CORE, VectorFile, bytes_value
from ._shared import SPEC8

WRITTEN = False


def build():
    f = VectorFile("content-decode", "limits-defaults",
                   "The default maxDecodedSize (64 MiB, SPEC §7, §8): exactly 64 MiB decodes, one byte more is limitExceeded",
                   ["SPEC§7", "SPEC§8", "RFC1952"], verdict=SPEC8)
    limit = MAX_DECODED_SIZE
    for size in (limit, limit + 1):
        plain = bytes(size)
        inner = gzip.compress(plain, 9, mtime=0)
        outer = gzip.compress(inner, 9, mtime=0)
        assert gzip.decompress(gzip.decompress(outer)) == plain
        # One profile: decoding does not depend on it, and 64 MiB costs about a second per run.
        what = "exactly 64 MiB" if size == limit else "64 MiB + 1 byte"
        exp = {"error": {"$absent": True}} if size == limit else {"error": {"domain": CORE, "kind": "limitExceeded"}}
        f.add("%s of zeros, gzip twice (Content-Encoding 'gzip, gzip'; the outer layer decodes to %d bytes) with the default "
              "maxDecodedSize 64 MiB: %s (bodies from Python's gzip, decoded back by gzip.decompress; the 64 MiB output is not "
              "listed)" % (what, len(inner), "decodes without error" if size == limit else "limitExceeded"),
              {"contentEncoding": "gzip, gzip", "body": bytes_value(outer)}, exp, profiles=["af4"])
    return f
