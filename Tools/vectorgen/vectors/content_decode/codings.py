"""Vectors/content-decode/codings.json: gzip, x-gzip, deflate (zlib and raw), identity, any chunking (SPEC §7).

Every input is decoded back by Python's zlib before it is written (asserted); the expected body is the plaintext.
"""
import random

from ...oracles.s7_content_encoding import gz, py_decode, raw, zl
from ...vectorfile import VectorFile, bytes_value
from ._shared import GZIP, SPEC7, X_GZIP, ZLIB


def texts():
    rng = random.Random(1952)
    return [
        (b"", "empty plaintext"),
        (b"hello, world\n", "short text"),
        ("Grüße, 日本語, 👴🏻\n".encode("utf-8"), "UTF-8 text"),
        (b"a" * 20000, "20 kB of one byte (high ratio)"),
        (bytes(rng.getrandbits(8) for _ in range(1024)), "1 kB of random bytes (incompressible)"),
        (b'{"json":[1,2,3],"s":"' + b"x" * 2000 + b'"}', "JSON document"),
        (bytes(range(256)) * 2, "every byte value"),
    ]


CHUNKS = [None, {"chunkSizes": [1]}, {"chunkSizes": [3, 1, 7]}, {"chunkSizes": [65536]}]


def build():
    f = VectorFile("content-decode", "codings", "gzip, x-gzip, deflate (zlib and raw), identity; identical output for any chunking (SPEC §7)",
                   ["SPEC§7", "RFC9110#8.4.1"])
    for data, what in texts():
        # x-gzip is gzip by a SHOULD; raw deflate under "deflate" (RFC 9110 §8.4.1.2 names zlib) and identity are SPEC §7's.
        for coding, enc, ref, oracle, verdict in [("gzip", gz(data), "RFC1952", "gzip.compress(mtime=0)", GZIP),
                                                  ("x-gzip", gz(data, 1), "RFC1952", "gzip.compress(level 1)", X_GZIP),
                                                  ("deflate", zl(data), "RFC1950", "zlib.compress", ZLIB),
                                                  ("deflate", raw(data), "RFC1951", "raw deflate via zlib.compressobj(wbits=-15)", SPEC7),
                                                  ("identity", data, None, "identity", SPEC7)]:
            assert py_decode(coding, enc) == data
            chunkings = CHUNKS if len(enc) + len(data) < 3000 else CHUNKS[:1] + CHUNKS[2:3]
            for opts in chunkings:
                how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
                f.add("%s, %s (%s)%s; decodes to the plaintext (Python zlib agrees)" % (what, coding, oracle, how),
                      {"contentEncoding": coding, "body": bytes_value(enc)}, {"body": bytes_value(data)}, options=opts,
                      refs=[ref] if ref else None, verdict=verdict)
    return f
