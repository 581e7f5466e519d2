#!/usr/bin/env python3
"""Generates Vectors/content-decode/*.json (SPEC §7).

Oracles: encoded inputs are produced by Python's gzip and zlib modules (gzip.compress with mtime=0,
zlib.compress for RFC 1950, zlib.compressobj(wbits=-15) for raw RFC 1951 deflate); the expected
body is the original plaintext, and every valid input is decoded back with Python's zlib
(decompressobj(wbits=47) for gzip members, 15 / -15 for deflate) before it is written (asserted).
Corrupt inputs are derived by flipping or cutting bytes of valid ones; Python must reject them too.

error-details / buffers (mutation follow-up): gzip members, zlib headers and stored blocks are also written field by field
from RFC 1950 §2.2, RFC 1951 §3.2.3-3.2.4 and RFC 1952 §2.3 (gz_header, gz_member, stored_block). Expected error offsets are
the end of the defective field in the failing layer's input (magic → 2, FLG → 4, FHCRC → end of header, CRC32 → n-4, ISIZE
→ n, DICTID → 6, ADLER32 → n, BTYPE → 1, LEN/NLEN → 5), every such input rejected by Python's zlib with the matching wbits;
each is checked unchanged under several chunkings. Error contexts (coding, layer, limit, field) are decisions to record for README §7 (listed in the mutation report).
Inputs that reach particular decoder paths (output filling the first 16 KiB buffer, a chunk ending on a block) are chosen
with Python's decompressobj (max_length, unconsumed_tail), but their expected values are still only the plaintext.
"""
import gzip
import random
import sys
import zlib

from vectorlib import VectorFile, bytes_value, write_all, core_error

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

    def bad(what, coding, body, kind, ref, why, chunkings=CH, offset=None):
        for opts in chunkings:
            how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
            e = {"domain": CORE}
            if kind:
                e["kind"] = kind
            if offset is not None:
                e["offset"] = offset
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
    bad("a gzip member followed by one byte 'x' (not a gzip magic)", "gzip", g + b"x", "corruptContent", "RFC1952",
        "gzip.decompress: not a gzipped file (zlib would wait for a second byte); SPEC §7 decision: a lone byte other than 1f can "
        "begin no member, so corrupt, at the end of the input", offset=len(g) + 1)
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
    # Issue 25: a lone byte where a gzip member would begin (SPEC §7 decision): corrupt unless it is 1f.
    for body, kind, off, why in [
            (b"x", "corruptContent", 1, "gzip.decompress: not a gzipped file; zlib waits for the magic's second byte"),
            (g + b"\x00\x00x", "corruptContent", len(g) + 3, "gzip.decompress: not a gzipped file (after the zero padding)"),
            (g + b"\x1f", "truncatedContent", None, "zlib.decompressobj(47) on the byte: no error, eof false; gzip.decompress reads two "
             "bytes and says not a gzipped file, but a member could still follow")]:
        assert rejected_by(lambda: gzip.decompress(body))
        bad("gzip body %s…%s (%d bytes)" % (body[:2].hex(" "), body[-3:].hex(" "), len(body)), "gzip", body, kind, "RFC1952", why, offset=off)
    return f


# ---------------------------------------------------------------------------------------------------------------
# Hand-built RFC 1952 members and RFC 1951 blocks for the error-detail and buffer-path topics.

FTEXT, FHCRC, FEXTRA, FNAME, FCOMMENT = 1, 2, 4, 8, 16


def gz_header(flg=0, extra=b"", name=b"", comment=b"", hcrc=None, cm=8, mtime=0, xfl=0, os_=255):
    """An RFC 1952 §2.3 member header written field by field (ID1 ID2 CM FLG MTIME XFL OS, then the optional
    FEXTRA (XLEN + data), FNAME and FCOMMENT (zero-terminated) and FHCRC fields, in that order)."""
    h = bytes([0x1F, 0x8B, cm, flg]) + mtime.to_bytes(4, "little") + bytes([xfl, os_])
    if flg & FEXTRA:
        h += len(extra).to_bytes(2, "little") + extra
    if flg & FNAME:
        h += name + b"\x00"
    if flg & FCOMMENT:
        h += comment + b"\x00"
    if flg & FHCRC:
        h += (zlib.crc32(h) & 0xFFFF if hcrc is None else hcrc).to_bytes(2, "little")  # §2.3.1.1: low 16 bits of CRC32
    return h


def gz_member(data, header=None, crc=None, isize=None):
    """header + raw deflate + CRC32 + ISIZE (RFC 1952 §2.3.1), each trailer field overridable."""
    return ((header if header is not None else gz_header()) + raw(data)
            + ((zlib.crc32(data) if crc is None else crc) & 0xFFFFFFFF).to_bytes(4, "little")
            + ((len(data) if isize is None else isize) & 0xFFFFFFFF).to_bytes(4, "little"))


err = core_error  # vectorlib: the core domain's expected error


def ctx(coding, layer=0, **more):
    c = {"coding": coding, "layer": str(layer)}
    c.update({k: str(v) for k, v in more.items()})
    return c


def over_limit_at(body, wbits, limit):
    """The shortest prefix of `body` from which Python's zlib.decompressobj(wbits) gives more than `limit` bytes: zlib
    hands out every symbol it can decode from the bytes it has, so this is where the first byte over the limit is decoded."""
    lo, hi = 0, len(body)
    assert len(zlib.decompressobj(wbits).decompress(body)) > limit
    while lo < hi:
        mid = (lo + hi) // 2
        if len(zlib.decompressobj(wbits).decompress(body[:mid])) > limit:
            hi = mid
        else:
            lo = mid + 1
    return lo


LIMIT_OFFSET_RULE = ("decision to record (README §7): a size-limit error's offset is the length of the shortest prefix of the layer's "
                     "input from which zlib.decompressobj decodes more than the limit")


def bytewise_output(body, wbits):
    """What zlib.decompressobj(wbits) hands out when fed one byte at a time, and the error it stops with (or None)."""
    d, out = zlib.decompressobj(wbits), b""
    for i in range(len(body)):
        try:
            out += d.decompress(body[i:i + 1])
        except zlib.error as e:
            return out, (i + 1, str(e))
    return out, None


def fixed_huffman_block(symbols):
    """One final RFC 1951 §3.2.6 fixed-Huffman block, written bit by bit: ("literal", byte ≤ 143), ("match", length 3–10,
    distance 1–4) or ("end",). Header bits go least significant first, Huffman codes most significant first (§3.1.1)."""
    bits = []

    def lsb(v, n):
        bits.extend((v >> i) & 1 for i in range(n))

    def msb(v, n):
        bits.extend((v >> (n - 1 - i)) & 1 for i in range(n))
    lsb(1, 1)  # BFINAL
    lsb(1, 2)  # BTYPE 01
    for sym in symbols:
        if sym[0] == "literal":
            assert sym[1] <= 143
            msb(0x30 + sym[1], 8)
        elif sym[0] == "match":
            assert 3 <= sym[1] <= 10 and 1 <= sym[2] <= 4
            msb(sym[1] - 3 + 1, 7)  # length codes 257-264 are 7-bit codes 1-8, no extra bits
            msb(sym[2] - 1, 5)  # distance codes 0-3, no extra bits
        else:
            msb(0, 7)  # 256, end of block
    bits += [0] * (-len(bits) % 8)
    return bytes(sum(bits[i + j] << j for j in range(8)) for i in range(0, len(bits), 8))


def py_rejects(data, wbits):
    """True when Python's zlib rejects `data` as a whole stream of this format (error or no end marker)."""
    return rejected_by(lambda: py_kind(data, wbits))


OFFSET_RULE = ("decision to record (README §7): an error's offset counts bytes of the failing layer's input up to the "
               "end of the field in which the defect is found")


def add_rejected(f, what, coding, body, expected, ref, why, chunkings, options=None):
    """One vector per chunking (None: one-shot) expecting `expected`'s error, options merged."""
    for opts in chunkings:
        how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
        o = dict(options or {})
        o.update(opts or {})
        f.add("%s%s → %s (%s)" % (what, how, expected["error"]["kind"], why), {"contentEncoding": coding, "body": bytes_value(body)},
              expected, options=o or None, refs=[ref] if ref else None)


def details_file():
    """Error offsets and context (README additions: errors carry `offset` and `context`). Offsets are derived from the
    RFC 1950/1951/1952 field layout (the end of the defective field); each input is also rejected by Python's zlib."""
    f = VectorFile("content-decode", "error-details", "Error offsets (end of the defective RFC 1950/1951/1952 field, in the failing "
                   "layer's input) and error context (coding, layer, limit), identical for any chunking (SPEC §7, §8)",
                   ["SPEC§7", "SPEC§8"], GEN)
    CH = [None, {"chunkSizes": [1]}, {"chunkSizes": [2, 5]}]

    def bad(what, coding, body, expected, ref, why, chunkings=CH, options=None):
        add_rejected(f, what, coding, body, expected, ref, why, chunkings, options)

    data = b"The quick brown fox jumps over the lazy dog. " * 50
    g = gz(data)
    n = len(g)
    assert g[:4] == b"\x1f\x8b\x08\x00"
    # RFC 1952 §2.3.1: ID1 ID2 are bytes 0-1; CRC32 is bytes n-8..n-5, ISIZE n-4..n-1.
    bad_magic = b"\x1f\x8c" + g[2:]
    assert py_kind(bad_magic, 31) == "corruptContent" and rejected_by(lambda: gzip.decompress(bad_magic))
    bad("gzip whose ID2 is 8C, not 8B: the defect is in the 2-byte magic (bytes 0-1), offset 2", "gzip", bad_magic,
        err("corruptContent", 2, ctx("gzip")), "RFC1952", "RFC 1952 §2.3.1 ID1 ID2; gzip.decompress: not a gzipped file; " + OFFSET_RULE)
    bad_crc = g[:-8] + bytes([g[-8] ^ 0xFF]) + g[-7:]
    assert py_kind(bad_crc, 31) == "corruptContent"
    bad("gzip with a wrong CRC32: the CRC32 field ends 4 bytes before the end (offset %d of %d)" % (n - 4, n), "gzip", bad_crc,
        err("corruptContent", n - 4, ctx("gzip")), "RFC1952", "RFC 1952 §2.3.1 CRC32; zlib.decompressobj(31) rejects it")
    bad_isize = g[:-4] + (len(data) + 1).to_bytes(4, "little")
    assert py_kind(bad_isize, 31) == "corruptContent"
    bad("gzip with a wrong ISIZE: the ISIZE field is the last 4 bytes (offset %d)" % n, "gzip", bad_isize,
        err("corruptContent", n, ctx("gzip")), "RFC1952", "RFC 1952 §2.3.1 ISIZE; zlib.decompressobj(31) rejects it")
    flg = gz_member(b"reserved flag bits", gz_header(flg=0xE0))
    assert py_kind(flg, 31) == "corruptContent"
    bad("gzip header with the reserved FLG bits 5-7 set (hand-built): FLG is byte 3, offset 4", "gzip", flg,
        err("corruptContent", 4, ctx("gzip")), "RFC1952",
        "RFC 1952 §2.3.1.2: a compliant decompressor must give an error if a reserved bit is set; zlib.decompressobj(31) rejects it "
        "(Python's gzip module ignores these bits)")
    hdr = gz_header(flg=FHCRC | FNAME, name=b"a.txt")
    good = gz_member(b"header crc", hdr)
    wrong = gz_member(b"header crc", hdr[:-2] + bytes([hdr[-2] ^ 0x01, hdr[-1]]))
    assert gzip.decompress(good) == b"header crc" and py_kind(wrong, 31) == "corruptContent"
    bad("gzip header with FNAME 'a.txt' and a wrong FHCRC (hand-built): the CRC16 field ends the %d-byte header" % len(hdr), "gzip", wrong,
        err("corruptContent", len(hdr), ctx("gzip")), "RFC1952", "RFC 1952 §2.3.1.1 CRC16 = low 16 bits of the header's CRC32; "
        "zlib.decompressobj(31) rejects it")
    z = zl(data)
    assert py_kind(z, 31) == "corruptContent" and rejected_by(lambda: gzip.decompress(z))
    bad("a zlib (RFC 1950) stream labelled gzip is not gzip: its first two bytes are no gzip magic, offset 2", "gzip", z,
        err("corruptContent", 2, ctx("gzip")), "RFC1952", "gzip.decompress and zlib.decompressobj(31) reject it; gzip is not "
        "zlib/gzip auto-detection")
    m2 = gz(b"second")
    for tail, off, what in [(b"xy", n + 2, "the bytes 'xy' (a second member with a bad magic, bytes %d-%d)" % (n, n + 1)),
                            (m2[:-8] + bytes([m2[-8] ^ 1]) + m2[-7:], n + len(m2) - 4, "a second member with a wrong CRC32")]:
        body = g + tail
        assert rejected_by(lambda: gzip.decompress(body)) and py_kind(body, 47) == "corruptContent"
        bad("a %d-byte gzip member followed by %s: the offset counts from the start of the body" % (n, what), "gzip", body,
            err("corruptContent", off, ctx("gzip")), "RFC1952", "gzip.decompress rejects it; " + OFFSET_RULE)

    bad_adler = z[:-1] + bytes([z[-1] ^ 0x01])
    assert py_kind(bad_adler, 15) == "corruptContent"
    bad("zlib stream with a wrong Adler-32: the ADLER32 field is the last 4 bytes (offset %d)" % len(z), "deflate", bad_adler,
        err("corruptContent", len(z), ctx("deflate")), "RFC1950", "RFC 1950 §2.2 ADLER32; zlib.decompress rejects it")
    zd = zlib.compressobj(6, zlib.DEFLATED, 15, zdict=b"hello")
    fdict = zd.compress(b"hello hello") + zd.flush()
    assert fdict[1] & 0x20 and rejected_by(lambda: zlib.decompress(fdict))
    bad("zlib stream with FDICT: the 4-byte DICTID follows CMF FLG, a dictionary is needed at offset 6", "deflate", fdict,
        err("corruptContent", 6, ctx("deflate")), "RFC1950", "RFC 1950 §2.2 FDICT/DICTID; zlib.decompress fails (Z_NEED_DICT)")
    btype3 = b"\x07\x00\x00"
    assert (btype3[0] & 0x0F) != 8 and py_kind(btype3, -15) == "corruptContent"
    bad("raw deflate whose first block has BTYPE 11 (byte 07, hand-built): the block header is in byte 0, offset 1", "deflate", btype3,
        err("corruptContent", 1, ctx("deflate")), "RFC1951", "RFC 1951 §3.2.3: BTYPE 11 is reserved (error); zlib.decompress(wbits=-15) rejects it")
    lens = b"\x01\x05\x00\x00\x00hello"
    assert py_kind(lens, -15) == "corruptContent"
    bad("raw stored block with NLEN not the complement of LEN (hand-built): LEN NLEN are bytes 1-4, offset 5", "deflate", lens,
        err("corruptContent", 5, ctx("deflate")), "RFC1951", "RFC 1951 §3.2.4; zlib.decompress(wbits=-15): invalid stored block lengths")

    # Context: the failing coding and its 0-based position in the Content-Encoding list (identity counts); the offset is in that
    # layer's input, i.e. in the bytes the outer layers decoded.
    inner_bad = b"\x1f\x8c" + b"not gzip" * 8
    outer = zl(inner_bad)
    assert zlib.decompress(outer) == inner_bad and py_kind(inner_bad, 31) == "corruptContent"
    bad("'gzip, deflate' whose deflate layer decodes to bytes with a bad gzip magic: the gzip layer (position 0) fails at offset 2 of "
        "its own input", "gzip, deflate", outer, err("corruptContent", 2, ctx("gzip", 0)), "RFC9110#8.4.1",
        "zlib.decompress gives the inner bytes, gzip.decompress rejects them; decision to record (README §7): context.layer is the position in the list")
    bad("'identity, gzip' with a bad gzip magic: the failing coding is at position 1", "identity, gzip", bad_magic,
        err("corruptContent", 2, ctx("gzip", 1)), "RFC9110#8.4.1", "gzip.decompress rejects it; identity counts as a position")
    fine = gz(zl(b"inner deflate is fine " * 10))
    outer_crc = fine[:-8] + bytes([fine[-8] ^ 0x01]) + fine[-7:]
    assert zlib.decompress(gzip.decompress(fine)) == b"inner deflate is fine " * 10 and py_kind(outer_crc, 31) == "corruptContent"
    bad("'deflate, gzip' whose gzip layer has a wrong CRC32 over a valid zlib stream: the gzip layer (position 1) is reported",
        "deflate, gzip", outer_crc, err("corruptContent", len(fine) - 4, ctx("gzip", 1)), "RFC1952",
        "zlib.decompressobj(31) rejects the CRC32; zlib.decompress accepts the bytes it wraps")

    # Non-stream errors: the coding list and the decoded-size limit.
    for header, name in [("BR", "br"), ("gzip, X-Custom", "x-custom")]:
        bad("unknown coding in %r: the context names it lower-cased" % header, header, gz(b"x"),
            err("unsupportedContentEncoding", None, {"coding": name}), "RFC9110#8.4.1",
            "SPEC §7 unknown coding; decision to record (README §7): context.coding is the ASCII-lower-cased name (codings are case-insensitive)",
            chunkings=[None])
    long = "x" * 64 + "YZ"
    bad("unknown 66-character coding: the context keeps its first 64 characters", "gzip, " + long, gz(b"x"),
        err("unsupportedContentEncoding", None, {"coding": long.lower()[:64]}), "RFC9110#8.4.1",
        "decision to record (README §7): a coding name in an error context is cut to 64 characters", chunkings=[None])
    bad("six codings: the context names the limit (5) and the field", ", ".join(["gzip"] * 6), gz(b"x"),
        err("limitExceeded", None, {"limit": "5", "field": "Content-Encoding"}), "RFC9110#8.4.1", "SPEC §7: at most 5 layers",
        chunkings=[None])
    exact = b"y" * 4096
    over = gz(exact + b"y")
    bad("gzip of 4097 bytes with maxDecodedSize 4096: the context names the coding, its layer and the limit", "gzip", over,
        err("limitExceeded", over_limit_at(over, 31, 4096), ctx("gzip", 0, limit=4096)), "SPEC§8",
        "SPEC §8 decoded-size limit; gzip.decompress gives 4097 bytes; " + LIMIT_OFFSET_RULE, options={"maxDecodedSize": 4096})
    over = zl(exact + b"y")
    bad("'deflate, identity' over the limit: deflate is at position 0", "deflate, identity", over,
        err("limitExceeded", over_limit_at(over, 15, 4096), ctx("deflate", 0, limit=4096)), "SPEC§8",
        "SPEC §8; zlib.decompress gives 4097 bytes; " + LIMIT_OFFSET_RULE,
        options={"maxDecodedSize": 4096}, chunkings=[None, {"chunkSizes": [3]}])
    # The limit crossed by a stored block's data (RFC 1951 §3.2.4: 5 header bytes, then the data verbatim), so the offset can be
    # read off the layout too: the 101st data byte ends at 5 + 101.
    st = stored_block(b"s" * 300, True)
    assert over_limit_at(st, -15, 100) == 5 + 101
    bad("raw deflate, one stored block of 300 bytes (hand-built), maxDecodedSize 100: the 101st data byte ends at offset 106", "deflate",
        st, err("limitExceeded", 106, ctx("deflate", 0, limit=100)), "RFC1951",
        "RFC 1951 §3.2.4 layout; " + LIMIT_OFFSET_RULE, options={"maxDecodedSize": 100}, chunkings=CH + [{"chunkSizes": [105]}, {"chunkSizes": [106]}])
    # A layer over the limit hands on exactly `limit` bytes, even when the symbol that crosses it (a match) yields several:
    # the deflate layer decodes 1F 8B, then a match of nine 8B at distance 1 (zlib's own raw deflate). The inner gzip layer
    # needs CM and FLG together (4 bytes) to find the bad CM 8B, so with a limit of 3 it has seen no defect.
    body = raw(b"\x1f" + b"\x8b" * 10)
    assert py_kind(b"\x1f\x8b\x8b\x8b", 31) == "corruptContent" and py_kind(b"\x1f\x8b\x8b", 31) == "truncatedContent"
    bad("'gzip, deflate', maxDecodedSize 3: the deflate layer decodes 1F 8B and then a match of nine 8B (gzip's CM would be the "
        "4th byte, 8B, invalid)", "gzip, deflate", body, err("limitExceeded", over_limit_at(body, -15, 3), ctx("deflate", 1, limit=3)),
        "SPEC§8", "zlib.decompressobj(31) rejects 1F 8B 8B 8B (unknown compression method) but not 1F 8B 8B, so only a 4th byte "
        "past the limit could fail the gzip layer; " + LIMIT_OFFSET_RULE, options={"maxDecodedSize": 3})
    # A limit one below the decoder's first 16 KiB output buffer, over Huffman-coded letters (zlib.compress of 20000 random
    # letters): the offset still follows the prefix rule when the limit and the buffer meet.
    rng = random.Random(16383)
    letters = bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(20000))
    for limit in (16383, 16384):
        z = zl(letters)
        bad("zlib stream of 20000 random letters, maxDecodedSize %d (around the decoder's 16 KiB output buffer)" % limit, "deflate", z,
            err("limitExceeded", over_limit_at(z, 15, limit), ctx("deflate", 0, limit=limit)), "SPEC§8",
            "zlib.decompress gives 20000 bytes; " + LIMIT_OFFSET_RULE, options={"maxDecodedSize": limit},
            chunkings=[None, {"chunkSizes": [4096]}])
    # The symbol that crosses the limit also yields bytes below it: those reach the inner layer. A fixed-Huffman block written
    # bit by bit (RFC 1951 §3.2.6: literal 1F, then a match of length 10 at distance 1, then end of block): byte 1 completes the
    # literal, byte 2 the match. With a limit of 2, the match's first byte is the 2nd decoded byte, and gzip rejects 1F 1F.
    block = fixed_huffman_block([("literal", 0x1F), ("match", 10, 1), ("end",)])
    assert bytewise_output(block[:2], -15) == (b"\x1f", None) and bytewise_output(block[:3], -15) == (b"\x1f" * 11, None)
    assert zlib.decompress(block, -15) == b"\x1f" * 11  # and the block is complete
    assert py_kind(b"\x1f\x1f", 31) == "corruptContent" and py_kind(b"\x1f", 31) == "truncatedContent"
    bad("'gzip, deflate', maxDecodedSize 2: the deflate layer's 2nd byte comes from the match that also crosses the limit (hand-built "
        "fixed-Huffman block), and gzip rejects 1F 1F", "gzip, deflate", block, err("corruptContent", 2, ctx("gzip", 0)), "RFC1951",
        "zlib.decompressobj(-15) fed bytewise gives 1F for byte 1 and ten 1F for byte 2; gzip.decompress rejects 1F 1F at its magic; "
        "decision to record (README §7): the bytes up to the limit reach the inner layer, and its error in them wins",
        options={"maxDecodedSize": 2})
    assert len(gzip.decompress(gz(exact + b"y"))) == 4097
    return f


def buffers_file():
    """Decoder paths that only some inputs reach: zlib window sizes, the deflate sniffing rule's CM test, output that
    fills the decoder's first 16 KiB buffer exactly, and layered size limits (which layer's error wins)."""
    f = VectorFile("content-decode", "buffers", "Window sizes, format sniffing, output buffer boundaries, layered size limits, optional gzip header fields; every "
                   "chunking gives the same result (SPEC §7, §8)", ["SPEC§7"], GEN)

    def ok(what, coding, body, plain, ref, chunkings, oracle, options=None):
        for opts in chunkings:
            how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
            o = dict(options or {})
            o.update(opts or {})
            f.add("%s%s → the plaintext (%s)" % (what, how, oracle), {"contentEncoding": coding, "body": bytes_value(body)},
                  {"body": bytes_value(plain)}, options=o or None, refs=[ref] if ref else None)

    def bad(what, coding, body, expected, ref, why, chunkings, options=None):
        add_rejected(f, what, coding, body, expected, ref, why, chunkings, options)

    # A gzip member may refer back up to 32 KiB (RFC 1951 §2: distances up to 32768; RFC 1952 has no window field).
    rng = random.Random(1951)
    r = bytes(rng.getrandbits(8) for _ in range(20000))
    plain = r + r[:300]
    g = gz(plain)
    assert len(g) < 20300 and gzip.decompress(g) == plain  # the repeat is a match at distance 20000 > 16 KiB
    ok("gzip of 20000 random bytes followed by a repeat of the first 300 (a back-reference at distance 20000 > 16 KiB)", "gzip", g,
       plain, "RFC1952", [None, {"chunkSizes": [4096]}, {"chunkSizes": [997]}], "gzip.decompress; RFC 1951 allows distances up to 32768")
    z = zl(plain)
    assert z[0] == 0x78 and zlib.decompress(z) == plain
    ok("the same as a zlib stream (CINFO 7, 32 KiB window)", "deflate", z, plain, "RFC1950", [{"chunkSizes": [4096]}], "zlib.decompress")

    # Sniffing (RFC 1950 §2.2): CM is the low nibble of CMF and must be 8. 09 15: CM 9, CINFO 0, (0x0915 = 2325 = 31·75).
    body = stored_block(bytes(range(0x41, 0x41 + 21)), True)
    assert body[:2] == b"\x01\x15"
    body = b"\x09" + body[1:]  # BFINAL 1, BTYPE 00; the 5 high bits of a stored block's first byte are ignored (§3.2.4)
    assert (body[0] * 256 + body[1]) % 31 == 0 and body[0] >> 4 <= 7 and body[0] & 0x0F == 9
    assert zlib.decompress(body, -15) == bytes(range(0x41, 0x41 + 21)) and rejected_by(lambda: zlib.decompress(body))
    ok("raw deflate starting 09 15 (a final stored block of 21 bytes, hand-built): FCHECK and CINFO fit, but CM 9 ≠ 8, so it is raw",
       "deflate", body, bytes(range(0x41, 0x41 + 21)), "RFC1951", [None, {"chunkSizes": [1]}],
       "zlib.decompress(wbits=-15) decodes it; as zlib it is 'unknown compression method'")

    # A zlib header may state a window smaller than the distances the data uses; zlib.decompress (window 2^15) accepts it.
    text = bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(1000))
    plain2 = text + text
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    rd = c.compress(plain2) + c.flush()
    z0 = bytes([0x08, 0x1D]) + rd + zlib.adler32(plain2).to_bytes(4, "big")
    assert zlib.decompress(z0) == plain2 and len(rd) < 1200
    assert bytewise_output(z0, 15) == (plain2, None)
    assert bytewise_output(z0, 0)[1] is not None  # with the header's own 256-byte window, fed bytewise: 'invalid distance too far back'
    ok("zlib header 08 1D (CINFO 0: a 256-byte window) over data that refers back 1000 bytes (hand-assembled): decoded with the full "
       "32 KiB window (decision to record, README §7: CINFO is not enforced)", "deflate", z0, plain2, "RFC1950",
       [{"chunkSizes": [1]}, {"chunkSizes": [64]}], "zlib.decompress and decompressobj(15) fed bytewise decode it; decompressobj(wbits=0) fed bytewise rejects it")

    # Output that fills the first 16 KiB output buffer exactly. a×16387 as raw deflate: inflating into 16384 bytes consumes the
    # whole input before the stream ends (Python's decompressobj with max_length 16384 shows it); a stored block of 20000
    # bytes fed as 5 + 16384 bytes fills 16384 bytes exactly with no input left.
    a = raw(b"a" * 16387)
    d = zlib.decompressobj(-15)
    assert len(d.decompress(a, 16384)) == 16384 and d.unconsumed_tail == b"" and not d.eof
    ok("raw deflate of 16387 × 'a' (the first 16384 output bytes use up the input, the last 3 are still owed)", "deflate", a,
       b"a" * 16387, "RFC1951", [None], "zlib.decompress(wbits=-15)")
    za = zl(b"a" * 16387)
    ok("zlib stream of 16387 × 'a'", "deflate", za, b"a" * 16387, "RFC1950", [None], "zlib.decompress")
    payload = bytes(rng.choice(b"0123456789") for _ in range(20000))
    st = stored_block(payload[:16384], False) + stored_block(payload[16384:], True)
    assert zlib.decompress(st, -15) == payload
    ok("raw deflate: stored blocks of 16384 and 3616 bytes (hand-built), the first chunk is its block exactly", "deflate", st, payload,
       "RFC1951", [None, {"chunkSizes": [16389, 100]}, {"chunkSizes": [16389]}], "zlib.decompress(wbits=-15)")
    st1 = stored_block(payload, True)
    ok("raw deflate: one stored block of 20000 bytes (hand-built), fed so that a chunk ends after 16384 payload bytes", "deflate", st1,
       payload, "RFC1951", [{"chunkSizes": [16389, 1000]}, {"chunkSizes": [5, 16384]}], "zlib.decompress(wbits=-15)")
    assert zlib.decompress(st1, -15) == payload

    # Multi-member gzip where the last member (whose ISIZE is the one-shot decoder's capacity hint) is larger than the first.
    m = gz(b"a" * 60000) + gz(b"b" * 70000)
    assert gzip.decompress(m) == b"a" * 60000 + b"b" * 70000
    ok("gzip members of 60000 × 'a' and 70000 × 'b'", "gzip", m, b"a" * 60000 + b"b" * 70000, "RFC1952", [None], "gzip.decompress")
    m = gz(b"c" * 10) + gz(b"d" * 1000) + gz(b"e" * 100)
    assert gzip.decompress(m) == b"c" * 10 + b"d" * 1000 + b"e" * 100
    ok("gzip members of 10, 1000 and 100 bytes", "gzip", m, b"c" * 10 + b"d" * 1000 + b"e" * 100, "RFC1952", [None], "gzip.decompress")

    # Layered limits (SPEC §8: the limit bounds every inflating layer's output). When an outer layer goes over the limit, the bytes
    # it produced up to the limit still reach the inner layer: if the inner layer fails on them, that earlier defect is reported
    # (decision to record, README §7: which error wins does not depend on the chunking).
    inner = b"\x1f\x8c" + b"not a gzip member"
    outer = stored_block(inner, True)
    assert zlib.decompress(outer, -15) == inner and py_kind(inner, 31) == "corruptContent"
    bad("'gzip, deflate', maxDecodedSize 2: the deflate layer (a stored block, hand-built) outputs 19 bytes; its first 2 are 1F 8C, "
        "a bad gzip magic", "gzip, deflate", outer, err("corruptContent", 2, ctx("gzip", 0)), "SPEC§8",
        "gzip.decompress rejects 1F 8C; the defect lies within the first 2 decoded bytes, before the limit",
        [None, {"chunkSizes": [6, 10]}, {"chunkSizes": [1]}, {"chunkSizes": [7]}], options={"maxDecodedSize": 2})
    inner = gz_header(flg=0xE0)
    outer = stored_block(inner + b"rest", True)
    assert py_kind(inner, 31) == "corruptContent" and not rejected_by(lambda: zlib.decompressobj(31).decompress(inner[:3]))
    assert over_limit_at(outer, -15, 3) == 9
    bad("'gzip, deflate', maxDecodedSize 3: the deflate layer outputs a gzip header whose FLG (byte 3, reserved bits set) lies past "
        "the limit", "gzip, deflate", outer, err("limitExceeded", 9, ctx("deflate", 1, limit=3)), "SPEC§8",
        "the first 3 bytes 1F 8B 08 are a valid gzip prefix (zlib.decompressobj(31) accepts them); the defect is beyond the limit; "
        "the 4th data byte of the stored block ends at 5 + 4 (" + LIMIT_OFFSET_RULE + ")",
        [None, {"chunkSizes": [1]}, {"chunkSizes": [8]}], options={"maxDecodedSize": 3})

    # Optional gzip header fields (RFC 1952 §2.3.1), written by hand; zlib skips them to find the deflate data.
    for flg, kw, what in [(FTEXT | FEXTRA | FNAME | FCOMMENT | FHCRC, dict(extra=b"AB\x02\x00hi", name=b"file.txt", comment=b"a comment"),
                           "FTEXT, FEXTRA (subfield 'AB', 2 bytes), FNAME, FCOMMENT and a correct FHCRC"),
                          (FEXTRA, dict(extra=b""), "FEXTRA with XLEN 0"),
                          (FNAME | FCOMMENT, dict(name=b"", comment=b""), "an empty FNAME and an empty FCOMMENT")]:
        member = gz_member(b"optional header fields", gz_header(flg=flg, **kw))
        assert gzip.decompress(member) == b"optional header fields" and py_gunzip_all(member) == b"optional header fields"
        ok("gzip member whose header has %s (hand-built)" % what, "gzip", member, b"optional header fields", "RFC1952",
           [None, {"chunkSizes": [1]}], "gzip.decompress and zlib.decompressobj(47) agree")

    # SPEC §8: memory in proportion to the input. A huge maxDecodedSize is only a bound: it must not be allocated up front.
    big = 1 << 40
    small = gz(b"a small body under a 1 TiB limit")
    ok("gzip of 32 bytes with maxDecodedSize 2^40 (1 TiB): the limit is not preallocated", "gzip", small,
       b"a small body under a 1 TiB limit", "SPEC§8", [None], "gzip.decompress; SPEC §8 memory in proportion to the input",
       options={"maxDecodedSize": big})
    assert gzip.decompress(small) == b"a small body under a 1 TiB limit"

    # The same rule for an outer layer's corruption (fuzz-found: one-shot decoding dropped what the outer layer had decoded
    # before its defect, so the inner layer never saw it, while chunks handed those bytes on first). The outer deflate layer is a
    # non-final stored block, then a block header with BTYPE 11 (reserved: an error, RFC 1951 §3.2.3).
    bad_type = b"\x07"  # BFINAL 1, BTYPE 11
    inner = b"\x1f\x8c" + b"not gzip"
    outer = stored_block(inner, False) + bad_type
    out, failure = bytewise_output(outer, -15)
    assert out == inner and failure and failure[0] == len(outer) and "invalid block type" in failure[1]
    assert py_kind(inner, 31) == "corruptContent"
    bad("'gzip, deflate': the deflate layer decodes 1F 8C … (a bad gzip magic) from a stored block, then hits a reserved block type",
        "gzip, deflate", outer, err("corruptContent", 2, ctx("gzip", 0)), "SPEC§7",
        "zlib.decompressobj(-15) fed bytewise hands out the 10 stored bytes, then fails with 'invalid block type'; gzip.decompress "
        "rejects 1F 8C at its magic; decision to record (README §7): a layer's defect lies after the bytes it decoded before it, so "
        "the inner layer's error in those bytes wins, for any chunking",
        [None, {"chunkSizes": [1]}, {"chunkSizes": [2, 5]}, {"chunkSizes": [9]}, {"chunkSizes": [15]}])
    inner = gz_header()
    outer = stored_block(inner, False) + bad_type
    out, failure = bytewise_output(outer, -15)
    assert out == inner and failure and failure[0] == len(outer) == 16
    assert not rejected_by(lambda: zlib.decompressobj(31).decompress(inner))
    bad("'gzip, deflate': the deflate layer decodes a valid 10-byte gzip header, then hits a reserved block type at byte 15",
        "gzip, deflate", outer, err("corruptContent", 16, ctx("deflate", 1)), "SPEC§7",
        "zlib.decompressobj(-15) fed bytewise hands out the header, then fails on byte 15 ('invalid block type'); "
        "zlib.decompressobj(31) accepts the header as a prefix, so the outer defect is the first; " + OFFSET_RULE,
        [None, {"chunkSizes": [1]}, {"chunkSizes": [2, 5]}, {"chunkSizes": [15]}])
    return f


def main():
    print("content-decode: %d vectors" % write_all([valid_file(), layered_file(), errors_file(), paths_file(), details_file(), buffers_file()]))


if __name__ == "__main__":
    sys.exit(main())
