"""Vectors/content-decode/errors.json: unknown codings, truncated or corrupt data, sizes over the limit (SPEC §7, §8).

Corrupt inputs are derived by flipping or cutting bytes of valid ones; Python must reject them too, and its verdict
(py_kind) names the kind.
"""
from ...oracles.s7_content_encoding import gz, py_decode, py_kind, rejected_by, zl
from ...vectorfile import CORE, VectorFile, bytes_value
from ._shared import GZIP_HEADER, SPEC7, SPEC8, ZLIB_CHECKS, trailer_unchecked

# Why Python's zlib gives each kind (oracles/s7 py_kind), as the comments say it.
KIND_WHY = {"truncatedContent": "zlib stops before the end-of-stream marker", "corruptContent": "zlib.error"}


def build():
    f = VectorFile("content-decode", "errors", "Unknown codings, truncated or corrupt data, and decoded size over the limit are typed errors (SPEC §7, §8)",
                   ["SPEC§7", "SPEC§8"], verdict=SPEC8)  # the default: the decoded-size limit
    unsupported = {"error": {"domain": CORE, "kind": "unsupportedContentEncoding"}}
    data = b"The quick brown fox jumps over the lazy dog. " * 50
    g = gz(data)
    z = zl(data)
    for coding in ["br", "compress", "zstd", "gzip;q=1", "unknown"]:
        f.add("unknown coding %r → typed error unsupportedContentEncoding (SPEC §7: 'Unknown coding')" % coding, {"contentEncoding": coding, "body": bytes_value(g)},
              unsupported, refs=["RFC9110#8.4.1"], verdict=SPEC7)

    bad_crc = g[:-8] + bytes([g[-8] ^ 0xFF]) + g[-7:]
    bad_isize = g[:-4] + (len(data) + 1).to_bytes(4, "little")
    bad_magic = b"\x1f\x8c" + g[2:]
    bad_zlib_check = z[:-1] + bytes([z[-1] ^ 0x01])
    cases = [  # (coding, body, what, ref); the kind comes from py_kind with the format the body really has
        ("gzip", g[:-1], "gzip missing the last ISIZE byte", "RFC1952"),
        ("gzip", g[:10], "gzip header only", "RFC1952"),
        ("gzip", g[: len(g) // 2], "gzip cut in the middle of the deflate stream", "RFC1952"),
        ("gzip", bad_crc, "gzip with a wrong CRC32", "RFC1952"),
        ("gzip", bad_isize, "gzip with a wrong ISIZE", "RFC1952"),
        ("gzip", bad_magic, "gzip with a wrong magic number", "RFC1952"),
        ("gzip", b"plain text, not gzip", "plain text labelled gzip", "RFC1952"),
        ("deflate", z[: len(z) // 2], "zlib stream cut in the middle", "RFC1950"),
        ("deflate", b"\xff\xff\xff\xff", "garbage labelled deflate (neither zlib nor raw deflate)", "RFC1951"),
    ]
    wbits = {"RFC1952": 47, "RFC1950": 15, "RFC1951": -15}
    # RFC 1952 §2.3.1.2 requires an error for a bad ID1/ID2 and leaves the trailer unchecked if the reader wants; what a
    # reader does with a cut stream, and the kinds, are SPEC §7's.
    verdicts = {"gzip with a wrong CRC32": trailer_unchecked(data), "gzip with a wrong ISIZE": trailer_unchecked(data),
                "gzip with a wrong magic number": GZIP_HEADER, "plain text labelled gzip": GZIP_HEADER}
    for coding, body, what, ref in cases:
        assert rejected_by(lambda: py_decode(coding, body)), what
        kind = py_kind(body, wbits[ref] if body != b"\xff\xff\xff\xff" else -15)
        e = {"error": {"domain": CORE, "kind": kind}}
        verdict = verdicts.get(what, SPEC7)
        f.add("%s → typed error %s, never a partial body (Python zlib also rejects it: %s)" % (what, kind, KIND_WHY[kind]),
              {"contentEncoding": coding, "body": bytes_value(body)}, e, refs=[ref], verdict=verdict)
        f.add("%s, fed one byte at a time → the same typed error" % what, {"contentEncoding": coding, "body": bytes_value(body)}, e,
              options={"chunkSizes": [1]}, refs=[ref], verdict=verdict)
    if not rejected_by(lambda: py_decode("deflate", bad_zlib_check)):
        raise AssertionError("zlib adler32 check")
    assert py_kind(bad_zlib_check, 15) == "corruptContent"
    f.add("zlib stream with a wrong Adler-32: typed error corruptContent (RFC 1950 §2.2; raw-deflate fallback must not accept it as data)",
          {"contentEncoding": "deflate", "body": bytes_value(bad_zlib_check)}, {"error": {"domain": CORE, "kind": "corruptContent"}}, refs=["RFC1950"],
          verdict=ZLIB_CHECKS)
    bomb = gz(b"\x00" * (1 << 20))
    f.add("1 MiB of zeros with maxDecodedSize 65536 → limitExceeded (SPEC §8)", {"contentEncoding": "gzip", "body": bytes_value(bomb)},
          {"error": {"domain": CORE, "kind": "limitExceeded"}}, options={"maxDecodedSize": 65536}, refs=["RFC1952"])
    f.add("the limit is checked while streaming too (chunks of 100)", {"contentEncoding": "gzip", "body": bytes_value(bomb)},
          {"error": {"domain": CORE, "kind": "limitExceeded"}}, options={"maxDecodedSize": 65536, "chunkSizes": [100]})
    exact = b"y" * 4096
    f.add("decoded size exactly at maxDecodedSize is allowed", {"contentEncoding": "gzip", "body": bytes_value(gz(exact))},
          {"body": bytes_value(exact)}, options={"maxDecodedSize": 4096})
    f.add("one byte over maxDecodedSize → limitExceeded", {"contentEncoding": "gzip", "body": bytes_value(gz(exact + b"y"))},
          {"error": {"domain": CORE, "kind": "limitExceeded"}}, options={"maxDecodedSize": 4096})
    f.add("the limit counts across members of a multi-member gzip", {"contentEncoding": "gzip", "body": bytes_value(gz(exact) + gz(b"z"))},
          {"error": {"domain": CORE, "kind": "limitExceeded"}}, options={"maxDecodedSize": 4096})
    f.add("the limit counts across layers", {"contentEncoding": "gzip, gzip", "body": bytes_value(gz(gz(b"w" * 5000)))},
          {"error": {"domain": CORE, "kind": "limitExceeded"}}, options={"maxDecodedSize": 4096})
    return f
