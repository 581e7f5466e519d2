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


# SPEC §7 names the failures: unknown coding, truncated data, corrupt data, decoded size above the limit. The core's
# kinds for the middle two follow Python's zlib: a stream that raises zlib.error is corrupt; one that ends without
# zlib reaching its end-of-stream marker (decompressobj().eof false) is truncated.
KIND_WHY = {"truncatedContent": "zlib stops before the end-of-stream marker", "corruptContent": "zlib.error"}


def py_kind(data, wbits):
    """'corruptContent' or 'truncatedContent' by Python's zlib (every gzip member for wbits 47)."""
    while True:
        d = zlib.decompressobj(wbits)
        try:
            d.decompress(data)
            d.flush()
        except zlib.error:
            return "corruptContent"
        if not d.eof:
            return "truncatedContent"
        data = d.unused_data.lstrip(b"\x00") if wbits == 47 else b""
        if not data:
            raise AssertionError("valid stream")


def rejected_by(fn):
    try:
        fn()
    except Exception:
        return True
    return False


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
    f.add("six gzip layers exceed the limit of 5 → typed error limitExceeded (SPEC §7, §8)", {"contentEncoding": ", ".join(["gzip"] * 6), "body": bytes_value(enc)},
          {"error": {"domain": CORE, "kind": "limitExceeded"}}, refs=["SPEC§8"])
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
    unsupported = {"error": {"domain": CORE, "kind": "unsupportedContentEncoding"}}
    data = b"The quick brown fox jumps over the lazy dog. " * 50
    g = gz(data)
    z = zl(data)
    for coding in ["br", "compress", "zstd", "gzip;q=1", "unknown"]:
        f.add("unknown coding %r → typed error unsupportedContentEncoding (SPEC §7: 'Unknown coding')" % coding, {"contentEncoding": coding, "body": bytes_value(g)},
              unsupported, refs=["RFC9110#8.4.1"])

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
    for coding, body, what, ref in cases:
        assert rejected(lambda: py_decode(coding, body)), what
        kind = py_kind(body, wbits[ref] if body != b"\xff\xff\xff\xff" else -15)
        e = {"error": {"domain": CORE, "kind": kind}}
        f.add("%s → typed error %s, never a partial body (Python zlib also rejects it: %s)" % (what, kind, KIND_WHY[kind]),
              {"contentEncoding": coding, "body": bytes_value(body)}, e, refs=[ref])
        f.add("%s, fed one byte at a time → the same typed error" % what, {"contentEncoding": coding, "body": bytes_value(body)}, e,
              options={"chunkSizes": [1]}, refs=[ref])
    if not rejected(lambda: py_decode("deflate", bad_zlib_check)):
        raise AssertionError("zlib adler32 check")
    assert py_kind(bad_zlib_check, 15) == "corruptContent"
    f.add("zlib stream with a wrong Adler-32: typed error corruptContent (RFC 1950 §2.2; raw-deflate fallback must not accept it as data)",
          {"contentEncoding": "deflate", "body": bytes_value(bad_zlib_check)}, {"error": {"domain": CORE, "kind": "corruptContent"}}, refs=["RFC1950"])
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


def stored_block(payload, final):
    """A raw RFC 1951 §3.2.4 stored block (BFINAL, BTYPE 00, LEN, NLEN, data), written by hand."""
    return bytes([1 if final else 0]) + len(payload).to_bytes(2, "little") + (len(payload) ^ 0xFFFF).to_bytes(2, "little") + payload


def paths_file():
    f = VectorFile("content-decode", "paths", "Decoder paths: deflate format sniffing (RFC 1950 header vs raw RFC 1951), every zlib window size, "
                   "trailing bytes after a stream, gzip member boundaries, empty and one-byte bodies, the coding list parser; every "
                   "chunking (SPEC §7)", ["SPEC§7"], GEN)
    CH = [None, {"chunkSizes": [1]}, {"chunkSizes": [2, 5]}]

    def ok(what, coding, body, plain, ref, chunkings=CH, oracle="Python zlib decodes it to the same bytes"):
        for opts in chunkings:
            how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
            f.add("%s%s → the plaintext (%s)" % (what, how, oracle), {"contentEncoding": coding, "body": bytes_value(body)},
                  {"body": bytes_value(plain)}, options=opts, refs=[ref] if ref else None)

    def bad(what, coding, body, kind, ref, why, chunkings=CH):
        for opts in chunkings:
            how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
            e = {"domain": CORE}
            if kind:
                e["kind"] = kind
            f.add("%s%s → %s (%s)" % (what, how, kind or "typed error", why), {"contentEncoding": coding, "body": bytes_value(body)}, {"error": e},
                  options=opts, refs=[ref] if ref else None)

    text = b"window sizes: abcabcabcabc " * 3
    for wb in range(9, 16):
        c = zlib.compressobj(6, zlib.DEFLATED, wb)
        body = c.compress(text) + c.flush()
        assert zlib.decompress(body) == text and body[0] >> 4 == wb - 8
        ok("zlib stream with CINFO %d (window 2^%d, header %s)" % (wb - 8, wb, body[:2].hex(" ")), "deflate", body, text, "RFC1950")
    c = zlib.compressobj(6, zlib.DEFLATED, -9)
    rd = c.compress(b"abcabcabc") + c.flush()
    z8 = bytes([0x08, 0x1D]) + rd + zlib.adler32(b"abcabcabc").to_bytes(4, "big")
    assert zlib.decompress(z8) == b"abcabcabc"
    ok("zlib header 08 1D: CINFO 0 (256-byte window), FCHECK valid, written by hand", "deflate", z8, b"abcabcabc", "RFC1950")
    for level in [0, 1, 9]:
        body = zlib.compress(text, level)
        ok("zlib stream at level %d (header %s, FLEVEL bits differ)" % (level, body[:2].hex(" ")), "deflate", body, text, "RFC1950")
    payload = bytes(range(65, 65 + 28))
    raw88 = bytes([0x88]) + stored_block(payload, False)[1:] + stored_block(b"", True)
    assert (0x88 * 256 + raw88[1]) % 31 == 0 and zlib.decompress(raw88, -15) == payload and rejected_by(lambda: zlib.decompress(raw88))
    ok("raw deflate starting 88 1C (a stored block; CM 8 and FCHECK fit, but CINFO 8 > 7 is no zlib header, RFC 1950 §2.2) is raw", "deflate",
       raw88, payload, "RFC1951", oracle="zlib.decompress(wbits=-15) decodes it; as zlib it is 'invalid window size'")
    raw78 = bytes([0x78]) + stored_block(b"ABCDE", False)[1:] + stored_block(b"", True)
    assert (0x78 * 256 + raw78[1]) % 31 != 0 and zlib.decompress(raw78, -15) == b"ABCDE" and rejected_by(lambda: zlib.decompress(raw78))
    ok("raw deflate starting 78 05 (a stored block; CM 8 and CINFO 7 fit, but (CMF·256+FLG) mod 31 ≠ 0, RFC 1950 §2.2) is raw", "deflate",
       raw78, b"ABCDE", "RFC1951", oracle="zlib.decompress(wbits=-15) decodes it; as zlib it is 'incorrect header check'")
    raw09 = bytes([0x09]) + stored_block(b"xyz", False)[1:] + stored_block(b"", True)
    assert zlib.decompress(raw09, -15) == b"xyz"
    ok("raw deflate starting 09 (CM 9 is not deflate's 8) is raw", "deflate", raw09, b"xyz", "RFC1951",
       oracle="zlib.decompress(wbits=-15)")
    one = stored_block(b"Q", True)
    assert zlib.decompress(one, -15) == b"Q"
    ok("raw deflate: one final stored block holding 'Q', written by hand", "deflate", one, b"Q", "RFC1951", oracle="zlib.decompress(wbits=-15)")
    zd = zlib.compressobj(6, zlib.DEFLATED, 15, zdict=b"hello")
    fdict = zd.compress(b"hello hello") + zd.flush()
    assert rejected_by(lambda: zlib.decompress(fdict))
    bad("zlib stream with FDICT set (needs a preset dictionary nobody gives)", "deflate", fdict, "corruptContent", "RFC1950",
        "RFC 1950 §2.2 FDICT; Python zlib.decompress fails with Z_NEED_DICT")
    d = b"trailing bytes after the stream"
    z, r = zl(d), raw(d)
    for coding, body, what in [("deflate", z + b"garbage!", "zlib stream"), ("deflate", r + b"garbage!", "raw deflate stream")]:
        o = zlib.decompressobj(15 if body is not None and body[:2] == z[:2] else -15)
        assert o.decompress(body) == d and o.eof and o.unused_data == b"garbage!"
        ok("%s followed by 8 bytes of garbage: the garbage is ignored (README §7 decision; zlib's unused_data)" % what, coding, body, d, None,
           oracle="decompressobj stops at the end marker and leaves the garbage in unused_data")
    g = gz(d)
    ok("gzip member followed by 3 zero bytes of padding (skipped, as gzip.decompress does)", "gzip", g + b"\x00\x00\x00", d, "RFC1952",
       oracle="gzip.decompress")
    ok("gzip member, zero padding, second member", "gzip", g + b"\x00\x00" + gz(b"+2"), d + b"+2", "RFC1952", oracle="gzip.decompress")
    assert gzip.decompress(g + b"\x00\x00" + gz(b"+2")) == d + b"+2"
    for tail, kind, why in [(b"xy", "corruptContent", "gzip.decompress: not a gzipped file"),
                            (b"\x1f\x8c" + bytes(18), "corruptContent", "gzip.decompress: not a gzipped file"),
                            (b"\x1f\x8b", "truncatedContent", "gzip.decompress: ended before the end-of-stream marker"),
                            (gz(b"second")[:12], "truncatedContent", "gzip.decompress: ended before the end-of-stream marker"),
                            (b"\x00\x00" + gz(b"second")[:-1], "truncatedContent", "gzip.decompress: ended before the end-of-stream marker")]:
        assert rejected_by(lambda: gzip.decompress(g + tail))
        bad("a gzip member followed by %s" % tail[:14].hex(" "), "gzip", g + tail, kind, "RFC1952", why)
    assert rejected_by(lambda: gzip.decompress(g + b"x"))
    bad("a gzip member followed by one byte 'x' (not a gzip magic)", "gzip", g + b"x", None, "RFC1952",
        "gzip.decompress: not a gzipped file; SPEC §7 pins only a typed error here")
    for coding in ["gzip", "x-gzip", "deflate", "identity", "gzip, deflate"]:
        ok("an empty body under %r (README §7 decision: an empty body decodes to empty)" % coding, coding, b"", b"", None, chunkings=[None],
           oracle="README decision")
    bad("deflate body of one byte 78 (a zlib header's first byte, then nothing)", "deflate", b"\x78", "truncatedContent", "RFC1950",
        "zlib.decompressobj: no error, eof false")
    bad("deflate body 78 9C (a whole zlib header, no data)", "deflate", b"\x78\x9c", "truncatedContent", "RFC1950",
        "zlib.decompressobj: no error, eof false")
    bad("gzip body of one byte 1F", "gzip", b"\x1f", "truncatedContent", "RFC1952", "zlib.decompressobj(47): no error, eof false")
    bad("raw deflate cut before its last byte", "deflate", r[:-1], "truncatedContent", "RFC1951", "zlib.decompressobj(-15): eof false")
    bad("zlib stream without its Adler-32", "deflate", z[:-4], "truncatedContent", "RFC1950", "zlib.decompressobj: eof false")
    for wb, body in [(-15, r[:-1]), (15, z[:-4]), (15, b"\x78"), (15, b"\x78\x9c"), (47, b"\x1f")]:
        assert py_kind(body, wb) == "truncatedContent", body
    assert py_kind(fdict, 15) == "corruptContent"

    # The coding list (RFC 9110 §5.6.1 lists, §8.4.1 codings; SPEC §7: at most 5 layers; README: identity counts).
    hello = b"list parsing"
    ok("Content-Encoding 'gzip,,' (empty list elements are ignored, RFC 9110 §5.6.1)", "gzip,,", gz(hello), hello, "RFC9110#8.4.1", chunkings=[None])
    ok("Content-Encoding ', gzip' (leading empty element)", ", gzip", gz(hello), hello, "RFC9110#8.4.1", chunkings=[None])
    ok("Content-Encoding TAB gzip TAB (OWS includes HTAB, RFC 9110 §5.6.3)", "\tgzip\t", gz(hello), hello, "RFC9110#8.4.1", chunkings=[None])
    ok("Content-Encoding 'X-GZIP' (case-insensitive alias)", "X-GZIP", gz(hello), hello, "RFC9110#8.4.1", chunkings=[None])
    ok("Content-Encoding 'Identity'", "Identity", hello, hello, "RFC9110#8.4.1", chunkings=[None], oracle="identity")
    ok("Content-Encoding '' (no codings): the body unchanged", "", hello, hello, "RFC9110#8.4.1", chunkings=[None], oracle="identity")
    ok("five identity codings: at the 5-layer limit, body unchanged", ", ".join(["identity"] * 5), hello, hello, "RFC9110#8.4.1", chunkings=[None],
       oracle="identity")
    bad("five identity codings and gzip: six layers (README §7: identity counts toward the 5)", ", ".join(["identity"] * 5 + ["gzip"]), gz(hello),
        "limitExceeded", "RFC9110#8.4.1", "SPEC §7 at most 5 layers", chunkings=[None])
    bad("six empty-separated codings 'gzip,,gzip,,gzip,,gzip,,gzip,,gzip'", "gzip,,gzip,,gzip,,gzip,,gzip,,gzip", gz(hello), "limitExceeded",
        "RFC9110#8.4.1", "SPEC §7: six layers, empty elements do not count", chunkings=[None])
    five = hello
    for _ in range(5):
        five = gz(five)
    ok("five gzip layers: exactly at the limit", ", ".join(["gzip"] * 5), five, hello, "RFC1952", chunkings=[None, {"chunkSizes": [1]}])
    bad("'gzip, br': an unknown coding anywhere in the list", "gzip, br", gz(hello), "unsupportedContentEncoding", "RFC9110#8.4.1", "SPEC §7",
        chunkings=[None])
    bad("'gzip;q=1': parameters are not codings", "gzip;q=1", gz(hello), "unsupportedContentEncoding", "RFC9110#8.4.1", "SPEC §7", chunkings=[None])

    # Layers fed in small chunks: every layer sees partial input.
    data = b"layered and chunked " * 40
    for codings in [["deflate", "gzip"], ["gzip", "deflate"], ["gzip", "gzip", "gzip"]]:
        enc = data
        for c in codings:
            enc = {"gzip": gz, "deflate": zl}[c](enc)
        header = ", ".join(codings)
        assert py_decode_list(header, enc) == data
        ok("Content-Encoding %r undone right to left" % header, header, enc, data, "RFC9110#8.4.1", chunkings=[{"chunkSizes": [1]}, {"chunkSizes": [3, 1, 7]}])
    rawlayer = raw(gz(data))
    ok("'gzip, deflate' where the deflate layer is raw RFC 1951", "gzip, deflate", rawlayer, data, "RFC1951",
       chunkings=[None, {"chunkSizes": [1]}])

    # Sizes around the decoder's 16 KiB output buffer (it doubles when zlib fills it) and the decoded-size limit.
    rng = random.Random(7)
    letters = b"abcdefghijklmnopqrstuvwxyz"
    for n in [16384, 16385]:
        plain = bytes(rng.choice(letters) for _ in range(n))
        for coding, enc in [("gzip", gz(plain, 6)), ("deflate", zl(plain))]:
            assert py_decode(coding, enc) == plain
            ref = "RFC1952" if coding == "gzip" else "RFC1950"
            ok("%d random letters (%s), around the 16 KiB output steps" % (n, coding), coding, enc, plain, ref,
               chunkings=[None, {"chunkSizes": [4096]}] if n == 16385 else [None])
            if coding == "gzip":
                ok("%d random letters (gzip) with maxDecodedSize exactly %d" % (n, n), coding, enc, plain, ref, chunkings=[None])
                f.add("%d random letters (gzip) with maxDecodedSize %d → limitExceeded (SPEC §8)" % (n, n - 1),
                      {"contentEncoding": coding, "body": bytes_value(enc)}, {"error": {"domain": CORE, "kind": "limitExceeded"}},
                      options={"maxDecodedSize": n - 1}, refs=["SPEC§8"])
    two = gz(b"a" * 100) + gz(b"b" * 50)
    f.add("multi-member gzip whose last ISIZE (50) is smaller than the output (150)", {"contentEncoding": "gzip", "body": bytes_value(two)},
          {"body": bytes_value(b"a" * 100 + b"b" * 50)}, refs=["RFC1952"])
    f.add("multi-member gzip, 150 bytes, maxDecodedSize 150", {"contentEncoding": "gzip", "body": bytes_value(two)},
          {"body": bytes_value(b"a" * 100 + b"b" * 50)}, options={"maxDecodedSize": 150}, refs=["RFC1952"])
    f.add("multi-member gzip, 150 bytes, maxDecodedSize 149 → limitExceeded", {"contentEncoding": "gzip", "body": bytes_value(two)},
          {"error": {"domain": CORE, "kind": "limitExceeded"}}, options={"maxDecodedSize": 149}, refs=["SPEC§8"])
    return f


def main():
    print("content-decode: %d vectors" % write_all([valid_file(), layered_file(), errors_file(), paths_file()]))


if __name__ == "__main__":
    sys.exit(main())
