"""Vectors/content-decode/paths.json: decoder paths (deflate sniffing, window sizes, trailing bytes, member boundaries,
the coding list parser), every chunking (SPEC §7).
"""
import gzip
import random
import zlib

from ...oracles.s7_content_encoding import gz, py_decode, py_decode_list, py_kind, raw, rejected_by, stored_block, zl
from ...vectorfile import CORE, VectorFile, bytes_value
from ._shared import GZIP, LIST, ORDER, SPEC7, SPEC8, TRIM, ZLIB, ZLIB_CHECKS


def build():
    f = VectorFile("content-decode", "paths", "Decoder paths: deflate format sniffing (RFC 1950 header vs raw RFC 1951), every zlib window size, "
                   "trailing bytes after a stream, gzip member boundaries, empty and one-byte bodies, the coding list parser; every "
                   "chunking (SPEC §7)", ["SPEC§7"])
    CH = [None, {"chunkSizes": [1]}, {"chunkSizes": [2, 5]}]

    def ok(what, coding, body, plain, ref, chunkings=CH, oracle="Python zlib decodes it to the same bytes", verdict=SPEC7):
        for opts in chunkings:
            how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
            f.add("%s%s → the plaintext (%s)" % (what, how, oracle), {"contentEncoding": coding, "body": bytes_value(body)},
                  {"body": bytes_value(plain)}, options=opts, refs=[ref] if ref else None, verdict=verdict)

    def bad(what, coding, body, kind, ref, why, chunkings=CH, offset=None, verdict=SPEC7):
        for opts in chunkings:
            how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
            e = {"domain": CORE}
            if kind:
                e["kind"] = kind
            if offset is not None:
                e["offset"] = offset
            f.add("%s%s → %s (%s)" % (what, how, kind or "typed error", why), {"contentEncoding": coding, "body": bytes_value(body)}, {"error": e},
                  options=opts, refs=[ref] if ref else None, verdict=verdict)

    text = b"window sizes: abcabcabcabc " * 3
    for wb in range(9, 16):
        c = zlib.compressobj(6, zlib.DEFLATED, wb)
        body = c.compress(text) + c.flush()
        assert zlib.decompress(body) == text and body[0] >> 4 == wb - 8
        ok("zlib stream with CINFO %d (window 2^%d, header %s)" % (wb - 8, wb, body[:2].hex(" ")), "deflate", body, text, "RFC1950",
           verdict=ZLIB)
    c = zlib.compressobj(6, zlib.DEFLATED, -9)
    rd = c.compress(b"abcabcabc") + c.flush()
    z8 = bytes([0x08, 0x1D]) + rd + zlib.adler32(b"abcabcabc").to_bytes(4, "big")
    assert zlib.decompress(z8) == b"abcabcabc"
    ok("zlib header 08 1D: CINFO 0 (256-byte window), FCHECK valid, written by hand", "deflate", z8, b"abcabcabc", "RFC1950",
       verdict=ZLIB)  # distances of 3 fit the declared window: a conforming stream
    for level in [0, 1, 9]:
        body = zlib.compress(text, level)
        ok("zlib stream at level %d (header %s, FLEVEL bits differ)" % (level, body[:2].hex(" ")), "deflate", body, text, "RFC1950",
           verdict=ZLIB)
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
        "RFC 1950 §2.2 FDICT; Python zlib.decompress fails with Z_NEED_DICT", verdict=ZLIB_CHECKS)
    d = b"trailing bytes after the stream"
    z, r = zl(d), raw(d)
    for coding, body, what in [("deflate", z + b"garbage!", "zlib stream"), ("deflate", r + b"garbage!", "raw deflate stream")]:
        o = zlib.decompressobj(15 if body is not None and body[:2] == z[:2] else -15)
        assert o.decompress(body) == d and o.eof and o.unused_data == b"garbage!"
        ok("%s followed by 8 bytes of garbage: the garbage is ignored (SPEC §7 decision; zlib's unused_data)" % what, coding, body, d, None,
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
        ok("an empty body under %r (SPEC §7 decision: an empty body decodes to empty)" % coding, coding, b"", b"", None, chunkings=[None],
           oracle="SPEC §7 decision")
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

    # The coding list (RFC 9110 §5.6.1 lists, §8.4.1 codings; SPEC §7: at most 5 layers, identity counts). Case-insensitive
    # names are SPEC §7's: RFC 9110 §8.4.1 says "All content codings are case-insensitive" without a BCP 14 keyword.
    hello = b"list parsing"
    ok("Content-Encoding 'gzip,,' (empty list elements are ignored, RFC 9110 §5.6.1)", "gzip,,", gz(hello), hello, "RFC9110#8.4.1", chunkings=[None],
       verdict=LIST)
    ok("Content-Encoding ', gzip' (leading empty element)", ", gzip", gz(hello), hello, "RFC9110#8.4.1", chunkings=[None], verdict=LIST)
    ok("Content-Encoding TAB gzip TAB (OWS includes HTAB, RFC 9110 §5.6.3)", "\tgzip\t", gz(hello), hello, "RFC9110#8.4.1", chunkings=[None],
       verdict=TRIM)
    ok("Content-Encoding 'X-GZIP' (case-insensitive alias)", "X-GZIP", gz(hello), hello, "RFC9110#8.4.1", chunkings=[None])
    ok("Content-Encoding 'Identity'", "Identity", hello, hello, "RFC9110#8.4.1", chunkings=[None], oracle="identity")
    ok("Content-Encoding '' (no codings): the body unchanged", "", hello, hello, "RFC9110#8.4.1", chunkings=[None], oracle="identity",
       verdict=LIST)  # #element admits an empty list
    ok("five identity codings: at the 5-layer limit, body unchanged", ", ".join(["identity"] * 5), hello, hello, "RFC9110#8.4.1", chunkings=[None],
       oracle="identity")
    bad("five identity codings and gzip: six layers (SPEC §7: identity counts toward the 5)", ", ".join(["identity"] * 5 + ["gzip"]), gz(hello),
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
        ok("Content-Encoding %r undone right to left" % header, header, enc, data, "RFC9110#8.4.1", chunkings=[{"chunkSizes": [1]}, {"chunkSizes": [3, 1, 7]}],
           verdict=ORDER)
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
               chunkings=[None, {"chunkSizes": [4096]}] if n == 16385 else [None], verdict=GZIP if coding == "gzip" else ZLIB)
            if coding == "gzip":
                # (no maxDecodedSize option is set: a plain gzip decode)
                ok("%d random letters (gzip) with maxDecodedSize exactly %d" % (n, n), coding, enc, plain, ref, chunkings=[None], verdict=GZIP)
                f.add("%d random letters (gzip) with maxDecodedSize %d → limitExceeded (SPEC §8)" % (n, n - 1),
                      {"contentEncoding": coding, "body": bytes_value(enc)}, {"error": {"domain": CORE, "kind": "limitExceeded"}},
                      options={"maxDecodedSize": n - 1}, refs=["SPEC§8"], verdict=SPEC8)
    two = gz(b"a" * 100) + gz(b"b" * 50)
    f.add("multi-member gzip whose last ISIZE (50) is smaller than the output (150)", {"contentEncoding": "gzip", "body": bytes_value(two)},
          {"body": bytes_value(b"a" * 100 + b"b" * 50)}, refs=["RFC1952"], verdict=GZIP)
    f.add("multi-member gzip, 150 bytes, maxDecodedSize 150", {"contentEncoding": "gzip", "body": bytes_value(two)},
          {"body": bytes_value(b"a" * 100 + b"b" * 50)}, options={"maxDecodedSize": 150}, refs=["RFC1952"], verdict=SPEC8)
    f.add("multi-member gzip, 150 bytes, maxDecodedSize 149 → limitExceeded", {"contentEncoding": "gzip", "body": bytes_value(two)},
          {"error": {"domain": CORE, "kind": "limitExceeded"}}, options={"maxDecodedSize": 149}, refs=["SPEC§8"], verdict=SPEC8)
    # A lone byte where a gzip member would begin (SPEC §7 decision): corrupt unless it is 1f.
    for body, kind, off, why in [
            (b"x", "corruptContent", 1, "gzip.decompress: not a gzipped file; zlib waits for the magic's second byte"),
            (g + b"\x00\x00x", "corruptContent", len(g) + 3, "gzip.decompress: not a gzipped file (after the zero padding)"),
            (g + b"\x1f", "truncatedContent", None, "zlib.decompressobj(47) on the byte: no error, eof false; gzip.decompress reads two "
             "bytes and says not a gzipped file, but a member could still follow")]:
        assert rejected_by(lambda: gzip.decompress(body))
        bad("gzip body %s…%s (%d bytes)" % (body[:2].hex(" "), body[-3:].hex(" "), len(body)), "gzip", body, kind, "RFC1952", why, offset=off)
    return f
