"""Vectors/content-decode/error-details.json: error offsets and context (SPEC §7, §8).

Offsets are derived from the RFC 1950/1951/1952 field layout (the end of the defective field, in the failing layer's
input); every such input is rejected by Python's zlib with the matching wbits and checked unchanged under several
chunkings. Error contexts (coding, layer, limit, field) are SPEC §7 decisions, so every vector here is decision-level.
"""
import gzip
import random
import zlib

from ...oracles.s7_content_encoding import (FHCRC, FNAME, bytewise_output, fixed_huffman_block, gz, gz_header,
                                            gz_member, over_limit_at, py_kind, raw, rejected_by, stored_block, zl)
from ...vectorfile import VectorFile
from ...vectorfile import core_error as err
from ._shared import LIMIT_OFFSET_RULE, OFFSET_RULE, add_rejected, ctx


def build():
    """Error offsets and context (VECTORS.md §2.4: errors carry `offset` and `context`). Offsets are derived from the
    RFC 1950/1951/1952 field layout (the end of the defective field); each input is also rejected by Python's zlib."""
    f = VectorFile("content-decode", "error-details", "Error offsets (end of the defective RFC 1950/1951/1952 field, in the failing "
                   "layer's input) and error context (coding, layer, limit), identical for any chunking (SPEC §7, §8)",
                   ["SPEC§7", "SPEC§8"])
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
        "zlib.decompress gives the inner bytes, gzip.decompress rejects them; SPEC §7 decision: context.layer is the position in the list")
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
            "SPEC §7 unknown coding; SPEC §7 decision: context.coding is the ASCII-lower-cased name (codings are case-insensitive)",
            chunkings=[None])
    long = "x" * 64 + "YZ"
    bad("unknown 66-character coding: the context keeps its first 64 characters", "gzip, " + long, gz(b"x"),
        err("unsupportedContentEncoding", None, {"coding": long.lower()[:64]}), "RFC9110#8.4.1",
        "SPEC §7 decision: a coding name in an error context is cut to 64 characters", chunkings=[None])
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
        "SPEC §7 decision: the bytes up to the limit reach the inner layer, and its error in them wins",
        options={"maxDecodedSize": 2})
    assert len(gzip.decompress(gz(exact + b"y"))) == 4097
    return f
