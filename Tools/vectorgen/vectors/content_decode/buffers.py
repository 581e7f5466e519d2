"""Vectors/content-decode/buffers.json: decoder paths only some inputs reach (SPEC §7, §8).

zlib window sizes, the deflate sniffing rule's CM test, output that fills the decoder's first 16 KiB buffer exactly,
layered size limits (which layer's error wins), optional gzip header fields. Inputs that reach these paths are chosen
with Python's decompressobj (max_length, unconsumed_tail), but their expected values are still only the plaintext.

The topics below are grouped by rule: window sizes, sniffing, output buffer boundaries, gzip header fields, layered
errors and memory. Ids are numbered in the order the vectors are added and never change (vectorfile.py), so build()
calls the topics in id order.
"""
import gzip
import random
import zlib

from ...oracles.s7_content_encoding import (FCOMMENT, FEXTRA, FHCRC, FNAME, FTEXT, bytewise_output, gz, gz_header,
                                            gz_member, over_limit_at, py_gunzip_all, py_kind, raw, rejected_by,
                                            stored_block, zl)
from ...vectorfile import VectorFile, bytes_value
from ...vectorfile import core_error as err
from ._shared import (DEFLATE_RANGE, GZIP, GZIP_HEADER, LIMIT_OFFSET_RULE, OFFSET_RULE, SPEC7, SPEC8, ZLIB, add_rejected,
                      ctx)


def ok(f, what, coding, body, plain, ref, chunkings, oracle, options=None, verdict=SPEC7):
    """A body every chunking decodes to `plain`."""
    for opts in chunkings:
        how = "" if opts is None else ", chunks %s" % opts["chunkSizes"]
        o = dict(options or {})
        o.update(opts or {})
        f.add("%s%s → the plaintext (%s)" % (what, how, oracle), {"contentEncoding": coding, "body": bytes_value(body)},
              {"body": bytes_value(plain)}, options=o or None, refs=[ref] if ref else None, verdict=verdict)


def bad(f, what, coding, body, expected, ref, why, chunkings, options=None):
    add_rejected(f, what, coding, body, expected, ref, why, chunkings, options)


def build():
    """Decoder paths that only some inputs reach: zlib window sizes, the deflate sniffing rule's CM test, output that
    fills the decoder's first 16 KiB buffer exactly, and layered size limits (which layer's error wins)."""
    f = VectorFile("content-decode", "buffers", "Window sizes, format sniffing, output buffer boundaries, layered size limits, optional gzip header fields; every "
                   "chunking gives the same result (SPEC §7, §8)", ["SPEC§7"])
    rng = random.Random(1951)  # one generator for the random bodies, drawn from in id order
    window_distances(f, rng)
    sniffing(f)
    small_declared_window(f, rng)
    buffer_boundaries(f, rng)
    multi_member(f)
    layered_limits(f)
    header_fields(f)
    no_preallocation(f)
    layered_corruption(f)
    return f


# RFC 1951 §2 windows: back-references up to 32 KiB, whatever window a zlib header states (SPEC §7 decision: CINFO is
# not enforced).

def window_distances(f, rng):
    """A gzip member may refer back up to 32 KiB (RFC 1951 §2: distances up to 32768; RFC 1952 has no window field)."""
    r = bytes(rng.getrandbits(8) for _ in range(20000))
    plain = r + r[:300]
    g = gz(plain)
    assert len(g) < 20300 and gzip.decompress(g) == plain  # the repeat is a match at distance 20000 > 16 KiB
    ok(f, "gzip of 20000 random bytes followed by a repeat of the first 300 (a back-reference at distance 20000 > 16 KiB)", "gzip", g,
       plain, "RFC1952", [None, {"chunkSizes": [4096]}, {"chunkSizes": [997]}], "gzip.decompress; RFC 1951 allows distances up to 32768",
       verdict=DEFLATE_RANGE)
    z = zl(plain)
    assert z[0] == 0x78 and zlib.decompress(z) == plain
    ok(f, "the same as a zlib stream (CINFO 7, 32 KiB window)", "deflate", z, plain, "RFC1950", [{"chunkSizes": [4096]}], "zlib.decompress",
       verdict=DEFLATE_RANGE)


def small_declared_window(f, rng):
    """A zlib header may state a window smaller than the distances the data uses; zlib.decompress (window 2^15) accepts it."""
    text = bytes(rng.choice(b"abcdefghijklmnopqrstuvwxyz") for _ in range(1000))
    plain2 = text + text
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    rd = c.compress(plain2) + c.flush()
    z0 = bytes([0x08, 0x1D]) + rd + zlib.adler32(plain2).to_bytes(4, "big")
    assert zlib.decompress(z0) == plain2 and len(rd) < 1200
    assert bytewise_output(z0, 15) == (plain2, None)
    assert bytewise_output(z0, 0)[1] is not None  # with the header's own 256-byte window, fed bytewise: 'invalid distance too far back'
    ok(f, "zlib header 08 1D (CINFO 0: a 256-byte window) over data that refers back 1000 bytes (hand-assembled): decoded with the full "
       "32 KiB window (SPEC §7 decision: CINFO is not enforced)", "deflate", z0, plain2, "RFC1950",
       [{"chunkSizes": [1]}, {"chunkSizes": [64]}], "zlib.decompress and decompressobj(15) fed bytewise decode it; decompressobj(wbits=0) fed bytewise rejects it")



# RFC 1950 §2.2 sniffing: a deflate body is zlib only if its header says so.

def sniffing(f):
    """Sniffing (RFC 1950 §2.2): CM is the low nibble of CMF and must be 8. 09 15: CM 9, CINFO 0, (0x0915 = 2325 = 31·75)."""
    body = stored_block(bytes(range(0x41, 0x41 + 21)), True)
    assert body[:2] == b"\x01\x15"
    body = b"\x09" + body[1:]  # BFINAL 1, BTYPE 00; the 5 high bits of a stored block's first byte are ignored (§3.2.4)
    assert (body[0] * 256 + body[1]) % 31 == 0 and body[0] >> 4 <= 7 and body[0] & 0x0F == 9
    assert zlib.decompress(body, -15) == bytes(range(0x41, 0x41 + 21)) and rejected_by(lambda: zlib.decompress(body))
    ok(f, "raw deflate starting 09 15 (a final stored block of 21 bytes, hand-built): FCHECK and CINFO fit, but CM 9 ≠ 8, so it is raw",
       "deflate", body, bytes(range(0x41, 0x41 + 21)), "RFC1951", [None, {"chunkSizes": [1]}],
       "zlib.decompress(wbits=-15) decodes it; as zlib it is 'unknown compression method'")


# SPEC §7 output buffer boundaries: the result does not depend on where the decoder's 16 KiB output buffer or a chunk
# ends, nor on the capacity hint a gzip trailer gives.

def buffer_boundaries(f, rng):
    """Output that fills the first 16 KiB output buffer exactly. a×16387 as raw deflate: inflating into 16384 bytes consumes the
    whole input before the stream ends (Python's decompressobj with max_length 16384 shows it); a stored block of 20000
    bytes fed as 5 + 16384 bytes fills 16384 bytes exactly with no input left."""
    a = raw(b"a" * 16387)
    d = zlib.decompressobj(-15)
    assert len(d.decompress(a, 16384)) == 16384 and d.unconsumed_tail == b"" and not d.eof
    ok(f, "raw deflate of 16387 × 'a' (the first 16384 output bytes use up the input, the last 3 are still owed)", "deflate", a,
       b"a" * 16387, "RFC1951", [None], "zlib.decompress(wbits=-15)")
    za = zl(b"a" * 16387)
    ok(f, "zlib stream of 16387 × 'a'", "deflate", za, b"a" * 16387, "RFC1950", [None], "zlib.decompress", verdict=ZLIB)
    payload = bytes(rng.choice(b"0123456789") for _ in range(20000))
    st = stored_block(payload[:16384], False) + stored_block(payload[16384:], True)
    assert zlib.decompress(st, -15) == payload
    ok(f, "raw deflate: stored blocks of 16384 and 3616 bytes (hand-built), the first chunk is its block exactly", "deflate", st, payload,
       "RFC1951", [None, {"chunkSizes": [16389, 100]}, {"chunkSizes": [16389]}], "zlib.decompress(wbits=-15)")
    st1 = stored_block(payload, True)
    ok(f, "raw deflate: one stored block of 20000 bytes (hand-built), fed so that a chunk ends after 16384 payload bytes", "deflate", st1,
       payload, "RFC1951", [{"chunkSizes": [16389, 1000]}, {"chunkSizes": [5, 16384]}], "zlib.decompress(wbits=-15)")
    assert zlib.decompress(st1, -15) == payload


def multi_member(f):
    """Multi-member gzip where the last member (whose ISIZE is the one-shot decoder's capacity hint) is larger than the first."""
    m = gz(b"a" * 60000) + gz(b"b" * 70000)
    assert gzip.decompress(m) == b"a" * 60000 + b"b" * 70000
    ok(f, "gzip members of 60000 × 'a' and 70000 × 'b'", "gzip", m, b"a" * 60000 + b"b" * 70000, "RFC1952", [None], "gzip.decompress",
       verdict=GZIP)
    m = gz(b"c" * 10) + gz(b"d" * 1000) + gz(b"e" * 100)
    assert gzip.decompress(m) == b"c" * 10 + b"d" * 1000 + b"e" * 100
    ok(f, "gzip members of 10, 1000 and 100 bytes", "gzip", m, b"c" * 10 + b"d" * 1000 + b"e" * 100, "RFC1952", [None], "gzip.decompress",
       verdict=GZIP)



# RFC 1952 §2.3.1 optional gzip header fields.

def header_fields(f):
    """Optional gzip header fields (RFC 1952 §2.3.1), written by hand; zlib skips them to find the deflate data."""
    for flg, kw, what in [(FTEXT | FEXTRA | FNAME | FCOMMENT | FHCRC, dict(extra=b"AB\x02\x00hi", name=b"file.txt", comment=b"a comment"),
                           "FTEXT, FEXTRA (subfield 'AB', 2 bytes), FNAME, FCOMMENT and a correct FHCRC"),
                          (FEXTRA, dict(extra=b""), "FEXTRA with XLEN 0"),
                          (FNAME | FCOMMENT, dict(name=b"", comment=b""), "an empty FNAME and an empty FCOMMENT")]:
        member = gz_member(b"optional header fields", gz_header(flg=flg, **kw))
        assert gzip.decompress(member) == b"optional header fields" and py_gunzip_all(member) == b"optional header fields"
        ok(f, "gzip member whose header has %s (hand-built)" % what, "gzip", member, b"optional header fields", "RFC1952",
           [None, {"chunkSizes": [1]}], "gzip.decompress and zlib.decompressobj(47) agree", verdict=GZIP_HEADER)


# SPEC §7, §8 layered errors: the bytes a layer decoded before its own defect or its limit still reach the inner layer,
# and an inner error in them wins (SPEC §7 decision: which error wins does not depend on the chunking).

def layered_limits(f):
    """Layered limits (SPEC §8: the limit bounds every inflating layer's output). When an outer layer goes over the limit, the bytes
    it produced up to the limit still reach the inner layer: if the inner layer fails on them, that earlier defect is reported
    (SPEC §7 decision: which error wins does not depend on the chunking)."""
    inner = b"\x1f\x8c" + b"not a gzip member"
    outer = stored_block(inner, True)
    assert zlib.decompress(outer, -15) == inner and py_kind(inner, 31) == "corruptContent"
    bad(f, "'gzip, deflate', maxDecodedSize 2: the deflate layer (a stored block, hand-built) outputs 19 bytes; its first 2 are 1F 8C, "
        "a bad gzip magic", "gzip, deflate", outer, err("corruptContent", 2, ctx("gzip", 0)), "SPEC§8",
        "gzip.decompress rejects 1F 8C; the defect lies within the first 2 decoded bytes, before the limit",
        [None, {"chunkSizes": [6, 10]}, {"chunkSizes": [1]}, {"chunkSizes": [7]}], options={"maxDecodedSize": 2})
    inner = gz_header(flg=0xE0)
    outer = stored_block(inner + b"rest", True)
    assert py_kind(inner, 31) == "corruptContent" and not rejected_by(lambda: zlib.decompressobj(31).decompress(inner[:3]))
    assert over_limit_at(outer, -15, 3) == 9
    bad(f, "'gzip, deflate', maxDecodedSize 3: the deflate layer outputs a gzip header whose FLG (byte 3, reserved bits set) lies past "
        "the limit", "gzip, deflate", outer, err("limitExceeded", 9, ctx("deflate", 1, limit=3)), "SPEC§8",
        "the first 3 bytes 1F 8B 08 are a valid gzip prefix (zlib.decompressobj(31) accepts them); the defect is beyond the limit; "
        "the 4th data byte of the stored block ends at 5 + 4 (" + LIMIT_OFFSET_RULE + ")",
        [None, {"chunkSizes": [1]}, {"chunkSizes": [8]}], options={"maxDecodedSize": 3})


def layered_corruption(f):
    """The same rule for an outer layer's corruption: a decoder that decodes in one shot could drop what the outer layer
    decoded before its defect, so that the inner layer never sees it, while chunks hand those bytes on first. The outer deflate layer is a
    non-final stored block, then a block header with BTYPE 11 (reserved: an error, RFC 1951 §3.2.3)."""
    bad_type = b"\x07"  # BFINAL 1, BTYPE 11
    inner = b"\x1f\x8c" + b"not gzip"
    outer = stored_block(inner, False) + bad_type
    out, failure = bytewise_output(outer, -15)
    assert out == inner and failure and failure[0] == len(outer) and "invalid block type" in failure[1]
    assert py_kind(inner, 31) == "corruptContent"
    bad(f, "'gzip, deflate': the deflate layer decodes 1F 8C … (a bad gzip magic) from a stored block, then hits a reserved block type",
        "gzip, deflate", outer, err("corruptContent", 2, ctx("gzip", 0)), "SPEC§7",
        "zlib.decompressobj(-15) fed bytewise hands out the 10 stored bytes, then fails with 'invalid block type'; gzip.decompress "
        "rejects 1F 8C at its magic; SPEC §7 decision: a layer's defect lies after the bytes it decoded before it, so "
        "the inner layer's error in those bytes wins, for any chunking",
        [None, {"chunkSizes": [1]}, {"chunkSizes": [2, 5]}, {"chunkSizes": [9]}, {"chunkSizes": [15]}])
    inner = gz_header()
    outer = stored_block(inner, False) + bad_type
    out, failure = bytewise_output(outer, -15)
    assert out == inner and failure and failure[0] == len(outer) == 16
    assert not rejected_by(lambda: zlib.decompressobj(31).decompress(inner))
    bad(f, "'gzip, deflate': the deflate layer decodes a valid 10-byte gzip header, then hits a reserved block type at byte 15",
        "gzip, deflate", outer, err("corruptContent", 16, ctx("deflate", 1)), "SPEC§7",
        "zlib.decompressobj(-15) fed bytewise hands out the header, then fails on byte 15 ('invalid block type'); "
        "zlib.decompressobj(31) accepts the header as a prefix, so the outer defect is the first; " + OFFSET_RULE,
        [None, {"chunkSizes": [1]}, {"chunkSizes": [2, 5]}, {"chunkSizes": [15]}])



# SPEC §8 memory in proportion to the input.

def no_preallocation(f):
    """SPEC §8: memory in proportion to the input. A huge maxDecodedSize is only a bound: it must not be allocated up front."""
    big = 1 << 40
    small = gz(b"a small body under a 1 TiB limit")
    ok(f, "gzip of 32 bytes with maxDecodedSize 2^40 (1 TiB): the limit is not preallocated", "gzip", small,
       b"a small body under a 1 TiB limit", "SPEC§8", [None], "gzip.decompress; SPEC §8 memory in proportion to the input",
       options={"maxDecodedSize": big}, verdict=SPEC8)
    assert gzip.decompress(small) == b"a small body under a 1 TiB limit"
