#!/usr/bin/env python3
"""Generates Vectors/content-decode/*.json (SPEC §7).

Oracles: encoded inputs are produced by Python's gzip and zlib modules (gzip.compress with mtime=0,
zlib.compress for RFC 1950, zlib.compressobj(wbits=-15) for raw RFC 1951 deflate); the expected
body is the original plaintext, and every valid input is decoded back with Python's zlib
(decompressobj(wbits=47) for gzip members, 15 / -15 for deflate) before it is written (asserted).
Corrupt inputs are derived by flipping or cutting bytes of valid ones; Python must reject them too.
"""
import gzip
import random
import sys
import zlib

from vectorlib import VectorFile, bytes_value, write_all

GEN = "scripts/gen_content_decode.py"
CORE = "AFSerialization"


def gz(data, level=9):
    return gzip.compress(data, compresslevel=level, mtime=0)


def zl(data, level=6):
    return zlib.compress(data, level)


def raw(data, level=6):
    c = zlib.compressobj(level, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


def py_gunzip_all(data):
    out = b""
    while data:
        d = zlib.decompressobj(47)
        out += d.decompress(data)
        if not d.eof:
            raise ValueError("truncated")
        data = d.unused_data
    return out


def py_decode(coding, data):
    coding = coding.strip().lower()
    if coding == "identity":
        return data
    if coding in ("gzip", "x-gzip"):
        return py_gunzip_all(data)
    if coding == "deflate":
        try:
            return zlib.decompress(data)
        except zlib.error:
            return zlib.decompress(data, -15)
    raise ValueError(coding)


def py_decode_list(header, data):
    for c in reversed([c for c in header.split(",")]):
        data = py_decode(c, data)
    return data


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


def valid_file():
    f = VectorFile("content-decode", "codings", "gzip, x-gzip, deflate (zlib and raw), identity; identical output for any chunking (SPEC §7)",
                   ["SPEC§7", "RFC9110#8.4.1"], GEN)
    for data, what in texts():
        for coding, enc, ref, oracle in [("gzip", gz(data), "RFC1952", "gzip.compress(mtime=0)"),
                                         ("x-gzip", gz(data, 1), "RFC1952", "gzip.compress(level 1)"),
                                         ("deflate", zl(data), "RFC1950", "zlib.compress"),
                                         ("deflate", raw(data), "RFC1951", "raw deflate via zlib.compressobj(wbits=-15)"),
                                         ("identity", data, None, "identity")]:
            assert py_decode(coding, enc) == data
            chunkings = CHUNKS if len(enc) + len(data) < 3000 else CHUNKS[:1] + CHUNKS[2:3]
            for opts in chunkings:
                how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
                f.add("%s, %s (%s)%s; decodes to the plaintext (Python zlib agrees)" % (what, coding, oracle, how),
                      {"contentEncoding": coding, "body": bytes_value(enc)}, {"body": bytes_value(data)}, options=opts,
                      refs=[ref] if ref else None)
    return f


def layered_file():
    f = VectorFile("content-decode", "layers", "Coding lists are undone in reverse order, at most 5 layers (SPEC §7, RFC 9110 §8.4.1)",
                   ["SPEC§7", "RFC9110#8.4.1"], GEN)
    data = b"layered payload " * 20
    for codings in [["gzip", "deflate"], ["deflate", "gzip"], ["gzip", "gzip"], ["identity", "gzip"], ["gzip", "identity"],
                    ["deflate", "deflate", "deflate"], ["gzip", "deflate", "gzip", "deflate", "gzip"]]:
        enc = data
        for c in codings:
            enc = {"gzip": gz, "deflate": zl, "identity": lambda d: d}[c](enc)
        header = ", ".join(codings)
        assert py_decode_list(header, enc) == data
        f.add("Content-Encoding %r: applied left to right, undone right to left (%d layers)" % (header, len(codings)),
              {"contentEncoding": header, "body": bytes_value(enc)}, {"body": bytes_value(data)}, refs=["RFC1952", "RFC1950"])
    enc = data
    for _ in range(6):
        enc = gz(enc)
    f.add("six gzip layers exceed the limit of 5 → typed error (SPEC §7)", {"contentEncoding": ", ".join(["gzip"] * 6), "body": bytes_value(enc)},
          {"error": {"domain": CORE}}, refs=["SPEC§8"])
    f.add("codings are case-insensitive: 'GZip' (RFC 9110 §8.4.1)", {"contentEncoding": "GZip", "body": bytes_value(gz(data))},
          {"body": bytes_value(data)})
    f.add("whitespace around list items is ignored: ' gzip ,deflate '", {"contentEncoding": " gzip ,deflate ", "body": bytes_value(zl(gz(data)))},
          {"body": bytes_value(data)})
    two = gz(b"first member, ") + gz(b"second member")
    assert py_gunzip_all(two) == b"first member, second member"
    for opts in [None, {"chunkSizes": [1]}, {"chunkSizes": [5]}]:
        f.add("multi-member gzip: every member is decoded (RFC 1952 §2.2)%s" % ("" if opts is None else ", chunks %s" % opts["chunkSizes"]),
              {"contentEncoding": "gzip", "body": bytes_value(two)}, {"body": {"text": "first member, second member"}}, options=opts,
              refs=["RFC1952"])
    three = gz(b"a") + gz(b"") + gz(b"c")
    f.add("multi-member gzip with an empty middle member", {"contentEncoding": "gzip", "body": bytes_value(three)}, {"body": {"text": "ac"}},
          refs=["RFC1952"])
    return f


def errors_file():
    f = VectorFile("content-decode", "errors", "Unknown codings, truncated or corrupt data, and decoded size over the limit are typed errors (SPEC §7, §8)",
                   ["SPEC§7", "SPEC§8"], GEN)
    err = {"error": {"domain": CORE}}
    data = b"The quick brown fox jumps over the lazy dog. " * 50
    g = gz(data)
    z = zl(data)
    for coding in ["br", "compress", "zstd", "gzip;q=1", "unknown"]:
        f.add("unknown coding %r → typed error (SPEC §7)" % coding, {"contentEncoding": coding, "body": bytes_value(g)}, err, refs=["RFC9110#8.4.1"])

    def rejected(fn):
        try:
            fn()
        except Exception:
            return True
        return False

    bad_crc = g[:-8] + bytes([g[-8] ^ 0xFF]) + g[-7:]
    bad_isize = g[:-4] + (len(data) + 1).to_bytes(4, "little")
    bad_magic = b"\x1f\x8c" + g[2:]
    bad_zlib_check = z[:-1] + bytes([z[-1] ^ 0x01])
    cases = [
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
    for coding, body, what, ref in cases:
        assert rejected(lambda: py_decode(coding, body)), what
        f.add("%s → typed error, never a partial body (Python zlib also rejects it)" % what, {"contentEncoding": coding, "body": bytes_value(body)},
              err, refs=[ref])
        f.add("%s, fed one byte at a time → the same typed error" % what, {"contentEncoding": coding, "body": bytes_value(body)}, err,
              options={"chunkSizes": [1]}, refs=[ref])
    if not rejected(lambda: py_decode("deflate", bad_zlib_check)):
        raise AssertionError("zlib adler32 check")
    f.add("zlib stream with a wrong Adler-32: typed error (RFC 1950 §2.2; raw-deflate fallback must not accept it as data)",
          {"contentEncoding": "deflate", "body": bytes_value(bad_zlib_check)}, err, refs=["RFC1950"])
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


def main():
    print("content-decode: %d vectors" % write_all([valid_file(), layered_file(), errors_file()]))


if __name__ == "__main__":
    sys.exit(main())
