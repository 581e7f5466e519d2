"""Vectors/response/image.json: every image format branch, PNG inflation and its checks, the pixel limit (SPEC §6.5, §8).

Every image is built byte by byte (images.py), so its format and size are known by construction. When the
libraries are installed (pip install pillow pypng) each one is also checked while generating: valid images must be
decoded by Pillow (PNG fully, with load()) and by pypng (PNG), with the expected size; invalid PNGs must break a
rule of the PNG spec or SPEC §6.5 that the comment names, and the libraries' verdicts are asserted where they
enforce that rule (both tolerate some defects SPEC §6.5 rejects, e.g. surplus image data, and pypng a short IDAT).
`file(1)` is asserted for the BMP header variants. Errors here pin `kind` only (SPEC §6.5 says "typed error" /
`invalidImage`); image-details.json pins offsets and context as a decision.

Levels: what the serializer reports (format, size, `invalidImage`) is SPEC §6.5's (AF hands the bytes to the platform's
UIImage, and no image format is a SPEC §9 reference); the pixel limit is SPEC §8's; only the empty or unknown body and
the content-type checks are AF's own.

The topics below are grouped by format: PNG, the pixel limit, GIF, JPEG, BMP, ICO, TIFF, then the serializer around
the decoder. Ids are numbered in the order the vectors are added and never change (vectorfile.py), so build()
calls the topics in id order.
"""
import struct
import zlib

from ...images import (DHT, DQT, JFIF, PLTE1, PNG_BITS, PNG_SIG, adam7_layout, bmp_image, gif_image, ico_image,
                       jpeg_image, jpeg_segment, jpeg_sof, png_build, png_chunk, png_ihdr, png_raw, tiff_image)
from ...levels import af
from ...oracles.s6_5_serializers import IMAGE_CONTENT_TYPES, PILLOW_FORMAT, file1_verdict, pillow_verdict, pypng_verdict
from ...oracles.s6_responses import ABSENT, ctype_error, resp, status_error
from ...vectorfile import VectorFile
from ._shared import SPEC65, SPEC8

PLAIN = png_raw(4, 4, 2, 8, 0)  # the scanlines of png_build(4, 4), the default 4×4 RGB image



def ok(f, what, fmt, data, w, h, options=None, oracle="Pillow", refs=None, pillow=True):
    """A valid image: its format and size, asserted against Pillow (and pypng for PNG) when installed."""
    if pillow:
        got = pillow_verdict(data)
        assert got is None or got == (PILLOW_FORMAT[fmt], w, h), (what, got)
    if fmt == "png" and pillow:
        got = pypng_verdict(data)
        assert got is None or got == ("PNG", w, h), (what, got)
        oracle = "Pillow and pypng decode it fully"
    f.add("%s → %s %d×%d (built byte by byte; %s)" % (what, fmt, w, h, oracle), resp("image", 200, IMAGE_CONTENT_TYPES[fmt], data),
          {"valid": True, "object": {"format": fmt, "width": w, "height": h}, "error": ABSENT}, options=options, refs=refs)


def bad(f, what, fmt, data, why, kind="invalidImage", options=None, pillow_rejects=None, pypng_rejects=None, refs=None):
    """An invalid image: `why` names the rule it breaks; the libraries' verdicts are asserted where they are given."""
    if pillow_rejects is not None:
        got = pillow_verdict(data)
        assert got is None or (isinstance(got, str)) == pillow_rejects, (what, got)
        if pillow_rejects:
            why += "; Pillow rejects it too"
    if pypng_rejects is not None:
        got = pypng_verdict(data)
        assert got is None or (isinstance(got, str)) == pypng_rejects, (what, got)
        if pypng_rejects:
            why += "; pypng rejects it too"
    f.add("%s → %s, no object (%s)" % (what, kind, why), resp("image", 200, IMAGE_CONTENT_TYPES[fmt], data),
          {"valid": True, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": kind}}, options=options, refs=refs)


def build():
    f = VectorFile("response", "image", "Image serializer: every format branch (PNG/GIF/JPEG/BMP/ICO/TIFF), PNG inflation and its checks, "
                   "the pixel-count limit (SPEC §6.5, §8); images built byte by byte, cross-checked with Pillow, pypng and file(1)",
                   ["SPEC§6.5"], verdict=lambda v: SPEC8 if "SPEC§8" in v.get("refs", []) else SPEC65)
    png_layouts(f)
    png_image_data(f)
    png_chunks(f)
    png_zlib_stream(f)
    png_header_fields(f)
    png_without_inflation(f)
    pixel_limit(f)
    gif(f)
    jpeg(f)
    bmp(f)
    ico(f)
    tiff(f)
    serializer_around_the_decoder(f)
    png_chunk_type_edges_and_lengths(f)
    png_inflated_in_pieces(f)
    jpeg_marker_edges(f)
    ico_equal_areas_and_cut_directory(f)
    tiff_cut_ifd(f)
    png_truncated_chunks(f)
    bmp_os2_16_byte_header(f)
    return f


# W3C PNG: every layout of Table 11.1 and Adam7 (§8.2), the image data's exact size and filter types (§9.2), chunk
# structure and order (§5.3-§5.6), the zlib stream (§10.1, RFC 1950) and the IHDR fields (§11.2.2).

def png_layouts(f):
    """Every (colour type, bit depth) of Table 11.1, plain and Adam7, sizes that leave partial bytes and empty passes;
    IDAT split into chunks, ancillary chunks, every filter type."""
    for (ct, depth) in sorted(PNG_BITS):
        for w, h in [(3, 2), (13, 7)]:
            for inter in (0, 1):
                ok(f, "PNG colour type %d, depth %d, %s: IDAT inflates to exactly the %d bytes of scanlines (PNG Table 11.1%s)"
                   % (ct, depth, "Adam7" if inter else "not interlaced", len(png_raw(w, h, ct, depth, inter)), ", §8.2 passes" if inter else ""),
                   "png", png_build(w, h, ct, depth, inter), w, h)
    for w, h in [(1, 1), (2, 2), (4, 4), (5, 5), (8, 8), (9, 9), (1, 9), (9, 1), (2, 17), (17, 2), (6, 3), (3, 6), (16, 16), (33, 5)]:
        raw = png_raw(w, h, 2, 8, 1)
        ok(f, "Adam7 %d×%d RGB: passes %s (rows × pixels, W3C PNG §8.2), %d bytes" % (w, h, adam7_layout(w, h), len(raw)), "png",
           png_build(w, h, 2, 8, 1), w, h)
    for w, h in [(1, 1), (3, 3), (9, 9), (7, 5)]:
        ok(f, "Adam7 %d×%d grey depth 1: packed rows %s" % (w, h, [(r, (pw + 7) // 8 + 1) for r, pw in adam7_layout(w, h)]), "png",
           png_build(w, h, 0, 1, 1), w, h)
    ok(f, "PNG with IDAT split into 1-byte chunks (consecutive IDATs form one stream)", "png", png_build(7, 5, 2, 8, 1, split=1), 7, 5)
    ok(f, "PNG with an ancillary tEXt chunk before IDAT and one after the IDAT run", "png",
       png_build(4, 4, before=[png_chunk(b"tEXt", b"k\x00v")], after=[png_chunk(b"tEXt", b"a\x00b")]), 4, 4)
    ok(f, "PNG colour type 2 with a suggested PLTE (allowed before IDAT)", "png", png_build(4, 4, before=[png_chunk(b"PLTE", bytes(6))]), 4, 4)
    ok(f, "PNG palette image with a 256-entry (768-byte) PLTE", "png", png_build(4, 4, 3, 8, before=[png_chunk(b"PLTE", bytes(768))]), 4, 4)
    ok(f, "PNG with every filter type 0…4 (cycling per row)", "png", png_build(5, 10, 6, 8), 5, 10)


def png_image_data(f):
    """IDAT must inflate to exactly the size IHDR implies (SPEC §6.5), with filter types 0…4 (W3C PNG §9.2)."""
    inter_raw = png_raw(9, 9, 2, 8, 1)
    bad(f, "Adam7 PNG whose IDAT holds the non-interlaced scanlines (28×9 bytes instead of the Adam7 passes)", "png",
        png_build(9, 9, 2, 8, 1, raw=png_raw(9, 9, 2, 8, 0)), "SPEC §6.5: IDAT must inflate to exactly the size IHDR implies, W3C PNG §8.2",
        pillow_rejects=True, pypng_rejects=True)
    bad(f, "non-interlaced PNG whose IDAT holds the Adam7 layout", "png", png_build(9, 9, 2, 8, 0, raw=inter_raw),
        "SPEC §6.5 exact size (Adam7 is %d bytes, plain %d)" % (len(inter_raw), len(png_raw(9, 9, 2, 8, 0))))
    bad(f, "Adam7 PNG with one byte of image data missing", "png", png_build(9, 9, 2, 8, 1, raw=inter_raw[:-1]),
        "SPEC §6.5: exactly the expected size", pillow_rejects=True)
    bad(f, "Adam7 PNG with one byte of image data too many", "png", png_build(9, 9, 2, 8, 1, raw=inter_raw + b"\x00"),
        "SPEC §6.5: exactly the expected size (Pillow and pypng tolerate surplus data)")
    bad(f, "PNG with one byte of image data missing", "png", png_build(4, 4, raw=PLAIN[:-1]), "SPEC §6.5", pillow_rejects=True)
    bad(f, "PNG with one byte of image data too many", "png", png_build(4, 4, raw=PLAIN + b"\x00"), "SPEC §6.5 (the libraries tolerate surplus)")
    bad(f, "PNG 1×1 grey depth 1 whose scanline has 2 data bytes instead of 1", "png", png_build(1, 1, 0, 1, raw=b"\x00\x00\x00"), "SPEC §6.5")
    bad(f, "Adam7 PNG with filter type 5 on the last row of pass 7", "png", png_build(9, 9, 2, 8, 1, raw=inter_raw[:-28] + b"\x05" + inter_raw[-27:]),
        "W3C PNG §9.2: filter types are 0…4", pillow_rejects=True, pypng_rejects=True)
    bad(f, "PNG with filter type 5 on the first row", "png", png_build(4, 4, raw=b"\x05" + PLAIN[1:]), "W3C PNG §9.2", pillow_rejects=True,
        pypng_rejects=True)
    bad(f, "PNG with filter type 255 on the third row", "png", png_build(4, 4, raw=PLAIN[:26] + b"\xff" + PLAIN[27:]), "W3C PNG §9.2",
        pillow_rejects=True, pypng_rejects=True)


def png_inflated_in_pieces(f):
    """Image data larger than one 16 KiB inflation piece: filter bytes are checked across the pieces."""
    big = png_raw(200, 100, 2, 8, 0)  # 100 rows of 601 bytes: the inflated data spans several 16 KiB output pieces
    ok(f, "PNG 200×100 RGB: 60100 bytes of scanlines, inflated in several pieces, filter bytes checked across them", "png", png_build(200, 100, 2, 8), 200, 100)
    for row in [27, 28, 99]:
        at = row * 601
        bad(f, "PNG 200×100 RGB with filter type 7 on row %d (byte %d of the image data, %s 16 KiB)" % (row, at, "before" if at < 16384 else "past"), "png",
            png_build(200, 100, 2, 8, raw=big[:at] + b"\x07" + big[at + 1:]), "W3C PNG §9.2", pillow_rejects=True, pypng_rejects=True)
    big7 = png_raw(150, 150, 6, 8, 1)
    ok(f, "Adam7 PNG 150×150 RGBA (%d bytes over 7 passes)" % len(big7), "png", png_build(150, 150, 6, 8, 1), 150, 150)
    last7 = len(big7) - (150 * 4 + 1)
    bad(f, "Adam7 PNG 150×150 RGBA with filter type 5 on the last row of pass 7", "png",
        png_build(150, 150, 6, 8, 1, raw=big7[:last7] + b"\x05" + big7[last7 + 1:]), "W3C PNG §9.2", pillow_rejects=True, pypng_rejects=True)


def png_chunks(f):
    """Chunk CRCs and type bytes (§5.3, §5.4), one IHDR first, PLTE, consecutive IDATs, IEND last and empty."""
    good = png_build(4, 4)
    bad(f, "PNG whose IDAT CRC is wrong", "png", good[:-16] + bytes([good[-16] ^ 1]) + good[-15:], "W3C PNG §5.3 chunk CRC", pypng_rejects=True)
    bad(f, "PNG whose IEND CRC is wrong", "png", good[:-1] + bytes([good[-1] ^ 0x80]), "W3C PNG §5.3 chunk CRC", pypng_rejects=True)
    bad(f, "PNG whose IHDR CRC is wrong", "png", good[:29] + bytes([good[29] ^ 1]) + good[30:], "W3C PNG §5.3 chunk CRC", pypng_rejects=True)
    bad(f, "PNG with an ancillary chunk whose CRC is wrong", "png",
        png_build(4, 4, before=[png_chunk(b"tEXt", b"k\x00v", crc=0)]), "W3C PNG §5.3 chunk CRC", pypng_rejects=True)
    bad(f, "PNG with a chunk type containing a digit ('tE5t', CRC correct)", "png", png_build(4, 4, before=[png_chunk(b"tE5t", b"")]),
        "W3C PNG §5.4: chunk type bytes are ASCII letters")
    bad(f, "PNG with a chunk type containing '[' (0x5B, just past 'Z')", "png", png_build(4, 4, before=[png_chunk(b"tE[t", b"")]), "W3C PNG §5.4")
    bad(f, "PNG with a chunk type containing '`' (0x60, just before 'a')", "png", png_build(4, 4, before=[png_chunk(b"tE`t", b"")]), "W3C PNG §5.4")
    bad(f, "PNG with a second IHDR", "png", png_build(4, 4, before=[png_ihdr(4, 4)]), "W3C PNG §5.6: one IHDR, first")
    bad(f, "PNG palette image without PLTE", "png", png_build(4, 4, 3, 8, before=[]), "W3C PNG §11.2.3: PLTE is required for colour type 3")
    bad(f, "PNG with PLTE after IDAT", "png", png_build(4, 4, 3, 8, before=[], after=[PLTE1]), "W3C PNG §5.6: PLTE before the first IDAT")
    bad(f, "PNG with a 4-byte PLTE (not a multiple of 3)", "png", png_build(4, 4, 3, 8, before=[png_chunk(b"PLTE", bytes(4))]), "W3C PNG §11.2.3")
    bad(f, "PNG with an empty PLTE", "png", png_build(4, 4, 3, 8, before=[png_chunk(b"PLTE", b"")]), "W3C PNG §11.2.3: 1…256 entries")
    bad(f, "PNG with a 257-entry (771-byte) PLTE", "png", png_build(4, 4, 3, 8, before=[png_chunk(b"PLTE", bytes(771))]), "W3C PNG §11.2.3: 1…256 entries")
    z = zlib.compress(PLAIN)
    bad(f, "PNG with two IDAT runs separated by tEXt", "png", png_build(4, 4, z=z[:10], after=[png_chunk(b"tEXt", b"a\x00b"), png_chunk(b"IDAT", z[10:])]),
        "W3C PNG §5.6: IDAT chunks are consecutive")
    bad(f, "PNG with no IDAT", "png", PNG_SIG + png_ihdr(4, 4) + png_chunk(b"IEND", b""), "W3C PNG §5.6: at least one IDAT", pillow_rejects=True,
        pypng_rejects=True)
    bad(f, "PNG without IEND (file ends after IDAT)", "png", png_build(4, 4, iend=b""), "W3C PNG §5.6: IEND last", pypng_rejects=True)
    bad(f, "PNG whose IEND has 1 data byte", "png", png_build(4, 4, iend=png_chunk(b"IEND", b"\x00")), "W3C PNG §11.2.5: IEND is empty")


def png_chunk_type_edges_and_lengths(f):
    """Chunk type bytes at the edges of A–Z and a–z (§5.4), a cut IEND, a length past the data (§5.3)."""
    bad(f, "PNG with a chunk type containing '@' (0x40, just before 'A')", "png", png_build(4, 4, before=[png_chunk(b"tE@t", b"")]), "W3C PNG §5.4")
    bad(f, "PNG with a chunk type containing '{' (0x7B, just past 'z')", "png", png_build(4, 4, before=[png_chunk(b"tE{t", b"")]), "W3C PNG §5.4")
    ok(f, "PNG with an unknown ancillary chunk 'aZaz' (type bytes at the letter boundaries a, Z, z)", "png",
       png_build(4, 4, before=[png_chunk(b"aZaz", b"")]), 4, 4, pillow=False, oracle="W3C PNG §5.4: A–Z, a–z are valid type bytes; size written here")
    bad(f, "PNG whose IEND chunk is cut (3 CRC bytes missing)", "png", png_build(4, 4)[:-3], "W3C PNG §5.3: truncated chunk", pypng_rejects=True)
    bad(f, "PNG whose tEXt chunk claims 2^32-1 data bytes", "png", png_build(4, 4, before=[struct.pack(">I", 0xFFFFFFFF) + b"tEXt" + bytes(8)]),
        "W3C PNG §5.3: length ≤ 2^31-1, and the data is not there")


def png_truncated_chunks(f):
    """A chunk cut by the end of the file, one CRC byte short or in its data (§5.3)."""
    bad(f, "PNG whose IEND lacks only the last CRC byte", "png", png_build(4, 4)[:-1], "W3C PNG §5.3: truncated chunk", pypng_rejects=True)
    bad(f, "PNG whose tEXt chunk claims 100 data bytes, 20 present, then the end", "png",
        PNG_SIG + png_ihdr(4, 4) + struct.pack(">I", 100) + b"tEXt" + bytes(20), "W3C PNG §5.3: truncated chunk")
    bad(f, "PNG whose 20-byte tEXt chunk lacks only its last CRC byte (the file ends there)", "png",
        PNG_SIG + png_ihdr(4, 4) + png_chunk(b"tEXt", b"k\x00" + bytes(18))[:-1], "W3C PNG §5.3: truncated chunk", pypng_rejects=True)


def png_zlib_stream(f):
    """The IDAT stream is zlib (RFC 1950): complete, with a correct Adler-32."""
    z = zlib.compress(PLAIN)
    bad(f, "PNG whose zlib stream is cut before its end (Adler-32 missing, all scanlines present)", "png", png_build(4, 4, z=z[:-4]),
        "SPEC §6.5: IDAT inflated through zlib; RFC 1950 stream incomplete")
    bad(f, "PNG whose zlib Adler-32 is wrong", "png", png_build(4, 4, z=z[:-1] + bytes([z[-1] ^ 1])), "RFC 1950 §2.2 ADLER32", pillow_rejects=None)
    bad(f, "PNG whose IDAT is raw deflate, not zlib", "png", png_build(4, 4, z=zlib.compress(PLAIN)[2:-4]), "W3C PNG §10.1: zlib datastream (RFC 1950)")


def png_header_fields(f):
    """IHDR fields (§11.2.2, Table 11.1): colour type and bit depth, methods, length, sizes."""
    bad(f, "PNG colour type 2 with bit depth 4", "png", png_build(4, 4, 2, 8, head=PNG_SIG + png_ihdr(4, 4, 4, 2)), "W3C PNG Table 11.1",
        pillow_rejects=True, pypng_rejects=True)
    bad(f, "PNG colour type 3 with bit depth 16", "png", png_build(4, 4, 3, 8, head=PNG_SIG + png_ihdr(4, 4, 16, 3)), "W3C PNG Table 11.1",
        pypng_rejects=True)
    bad(f, "PNG colour type 4 with bit depth 4", "png", png_build(4, 4, 4, 8, head=PNG_SIG + png_ihdr(4, 4, 4, 4)), "W3C PNG Table 11.1",
        pypng_rejects=True)
    bad(f, "PNG colour type 1 (undefined)", "png", png_build(4, 4, 0, 8, head=PNG_SIG + png_ihdr(4, 4, 8, 1)), "W3C PNG Table 11.1",
        pillow_rejects=True, pypng_rejects=True)
    bad(f, "PNG colour type 0 with bit depth 3", "png", png_build(4, 4, 0, 8, head=PNG_SIG + png_ihdr(4, 4, 3, 0)), "W3C PNG Table 11.1",
        pypng_rejects=True)
    bad(f, "PNG with compression method 1", "png", png_build(4, 4, head=PNG_SIG + png_ihdr(4, 4, 8, 2, comp=1)), "W3C PNG §11.2.2: method 0 only",
        pypng_rejects=True)
    bad(f, "PNG with filter method 1", "png", png_build(4, 4, head=PNG_SIG + png_ihdr(4, 4, 8, 2, filt=1)), "W3C PNG §11.2.2: method 0 only",
        pypng_rejects=True)
    bad(f, "PNG with interlace method 2", "png", png_build(4, 4, head=PNG_SIG + png_ihdr(4, 4, 8, 2, inter=2)), "W3C PNG §11.2.2: 0 or 1",
        pypng_rejects=True)
    bad(f, "PNG whose first chunk is a 14-byte IHDR", "png",
        png_build(4, 4, head=PNG_SIG + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0) + b"\x00")), "W3C PNG §11.2.2: IHDR is 13 bytes")
    bad(f, "PNG whose first chunk is tEXt, not IHDR", "png", PNG_SIG + png_chunk(b"tEXt", b"abcdefghijklm") + png_ihdr(4, 4), "W3C PNG §5.6")
    bad(f, "PNG signature + 20 bytes (IHDR cut short)", "png", (PNG_SIG + png_ihdr(4, 4))[:28], "truncated header")
    bad(f, "PNG 0×4", "png", PNG_SIG + png_ihdr(0, 4) + png_chunk(b"IEND", b""), "W3C PNG §11.2.2: width 0 is invalid", pillow_rejects=None)
    bad(f, "PNG 4×0", "png", PNG_SIG + png_ihdr(4, 0) + png_chunk(b"IEND", b""), "W3C PNG §11.2.2: height 0 is invalid")
    bad(f, "PNG width 2^31 (above the PNG maximum 2^31-1)", "png", PNG_SIG + png_ihdr(2 ** 31, 1) + png_chunk(b"IEND", b""), "W3C PNG §11.2.2",
        options={"inflatesResponseImage": False})
    bad(f, "PNG height 2^31", "png", PNG_SIG + png_ihdr(1, 2 ** 31) + png_chunk(b"IEND", b""), "W3C PNG §11.2.2", options={"inflatesResponseImage": False})


def png_without_inflation(f):
    """inflatesResponseImage false: the size comes from IHDR alone, whatever the image data."""
    broken = png_build(4, 4, raw=b"\x05" * 13 * 4)
    ok(f, "inflatesResponseImage false: a PNG with corrupt image data is identified from IHDR alone (AF without inflation)", "png", broken, 4, 4,
       options={"inflatesResponseImage": False}, pillow=False, oracle="size from the IHDR written here")
    ok(f, "inflatesResponseImage false: IHDR only, no IDAT at all", "png", PNG_SIG + png_ihdr(640, 480), 640, 480,
       options={"inflatesResponseImage": False}, pillow=False, oracle="size from the IHDR written here")


# SPEC §8 pixel limit (default 10^8), checked before any inflation.

def pixel_limit(f):
    lim = {"inflatesResponseImage": False}
    ok(f, "PNG 10000×10000 header = exactly the default limit of 10^8 pixels", "png", PNG_SIG + png_ihdr(10000, 10000), 10000, 10000, options=lim,
       pillow=False, oracle="IHDR written here; SPEC §8: default image pixels 10^8", refs=["SPEC§8"])
    bad(f, "PNG 10000×10001 header: one row over the default 10^8 pixels", "png", PNG_SIG + png_ihdr(10000, 10001), "SPEC §8 default 10^8",
        kind="limitExceeded", options=lim, refs=["SPEC§8"])
    bad(f, "PNG 10000×10001 header with inflation on: the limit is checked before inflating", "png", PNG_SIG + png_ihdr(10000, 10001),
        "SPEC §8: never allocate in proportion to a claimed size", kind="limitExceeded", refs=["SPEC§8"])
    bad(f, "PNG 2^31-1 × 2^31-1 header", "png", PNG_SIG + png_ihdr(2 ** 31 - 1, 2 ** 31 - 1), "SPEC §8", kind="limitExceeded", options=lim, refs=["SPEC§8"])
    ok(f, "maxImagePixels 12: a 4×3 PNG is exactly at the limit", "png", png_build(4, 3), 4, 3, options={"maxImagePixels": 12}, refs=["SPEC§8"])
    bad(f, "maxImagePixels 11: a 4×3 PNG is one pixel over", "png", png_build(4, 3), "SPEC §8", kind="limitExceeded", options={"maxImagePixels": 11},
        refs=["SPEC§8"])
    bad(f, "maxImagePixels 199: a 10×20 GIF is over", "gif", gif_image(10, 20), "SPEC §8", kind="limitExceeded", options={"maxImagePixels": 199},
        refs=["SPEC§8"])
    ok(f, "maxImagePixels 200: a 10×20 GIF is at the limit", "gif", gif_image(10, 20), 10, 20, options={"maxImagePixels": 200}, refs=["SPEC§8"])
    bad(f, "TIFF LONG 4294967295 × 4294967295: the pixel count overflows 64 bits", "tiff",
        tiff_image(0xFFFFFFFF, 0xFFFFFFFF, types=(4, 4), extra=False), "SPEC §8", kind="limitExceeded", refs=["SPEC§8"])


# GIF89a §18: logical screen width and height as little-endian 16-bit at 6 and 8.

def gif(f):
    ok(f, "GIF89a 10×20", "gif", gif_image(10, 20), 10, 20)
    ok(f, "GIF87a 300×2 (little-endian 16-bit sizes: 2C 01)", "gif", gif_image(300, 2, b"GIF87a"), 300, 2)
    ok(f, "GIF89a 258×513 (both bytes of each size matter)", "gif", gif_image(258, 513), 258, 513)
    ok(f, "GIF89a 65535×1", "gif", gif_image(65535, 1), 65535, 1)
    ok(f, "GIF89a cut to its 10-byte signature + logical screen size", "gif", gif_image(7, 9)[:10], 7, 9, pillow=False,
       oracle="size bytes written here")
    bad(f, "GIF89a cut to 9 bytes", "gif", gif_image(7, 9)[:9], "truncated logical screen descriptor", pillow_rejects=True)
    bad(f, "GIF89a 0×5", "gif", gif_image(0, 5), "zero width: no pixels")
    bad(f, "GIF89a 5×0", "gif", gif_image(5, 0), "zero height: no pixels")
    f.add("GIF88a is no GIF signature: unknown bytes → no object and no error (SPEC §6.5 decision)", resp("image", 200, "image/gif", b"GIF88a" + gif_image(4, 4)[6:]),
          {"valid": True, "object": ABSENT, "error": ABSENT})


# ITU T.81 §B.1.1.2-§B.2.2 JPEG: markers, fill bytes, standalone markers, the first SOFn gives Y then X.

def jpeg(f):
    ok(f, "JPEG baseline SOF0 320×240 after JFIF and DQT", "jpeg", jpeg_image(JFIF, DQT, jpeg_sof(0xC0, 320, 240)), 320, 240)
    for m in [0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF]:
        ok(f, "JPEG frame header SOF%d (marker FF %02X) 33×17" % (m - 0xC0, m), "jpeg", jpeg_image(JFIF, jpeg_sof(m, 33, 17)), 33, 17, pillow=False,
           oracle="ITU T.81 Table B.1: FF %02X is a SOF marker; size written here" % m)
    ok(f, "JPEG with DHT (FF C4, not a frame header) before SOF0", "jpeg", jpeg_image(DHT, jpeg_sof(0xC0, 17, 33)), 17, 33, pillow=False,
       oracle="ITU T.81 Table B.1: C4 is DHT")
    ok(f, "JPEG with JPG (FF C8, reserved, not a frame header) before SOF0", "jpeg", jpeg_image(jpeg_segment(0xC8, b"\x00" * 9), jpeg_sof(0xC0, 17, 33)),
       17, 33, pillow=False, oracle="ITU T.81 Table B.1: C8 is JPG")
    ok(f, "JPEG with DAC (FF CC, not a frame header) before SOF0", "jpeg", jpeg_image(jpeg_segment(0xCC, b"\x00" * 9), jpeg_sof(0xC0, 17, 33)),
       17, 33, pillow=False, oracle="ITU T.81 Table B.1: CC is DAC")
    ok(f, "JPEG with fill bytes FF FF FF before SOF0 (T.81 §B.1.1.2)", "jpeg", jpeg_image(JFIF, b"\xff\xff\xff" + jpeg_sof(0xC0, 64, 48)), 64, 48)
    ok(f, "JPEG with standalone markers RST0 (FF D0), RST7 (FF D7), TEM (FF 01) between segments", "jpeg",
       jpeg_image(JFIF, b"\xff\xd0\xff\xd7\xff\x01", jpeg_sof(0xC0, 5, 6)), 5, 6, pillow=False, oracle="ITU T.81 §B.1.1.3: no length")
    ok(f, "JPEG with a 1000-byte APP1 segment before SOF0", "jpeg", jpeg_image(jpeg_segment(0xE1, bytes(1000)), jpeg_sof(0xC0, 1, 65535)), 1, 65535)
    ok(f, "JPEG 258×513 (both bytes of each size matter)", "jpeg", jpeg_image(jpeg_sof(0xC0, 258, 513)), 258, 513)
    ok(f, "JPEG whose SOF0 ends the data (length 11, exactly 7 bytes after the length present)", "jpeg", b"\xff\xd8" + jpeg_sof(0xC0, 9, 4)[:9], 9, 4,
       pillow=False, oracle="sizes written here")
    bad(f, "JPEG with SOS before any frame header", "jpeg", jpeg_image(JFIF, jpeg_segment(0xDA, b"\x01\x01\x00\x00\x3f\x00")), "no SOFn before the scan",
        pillow_rejects=True)
    bad(f, "JPEG with EOI right after SOI", "jpeg", b"\xff\xd8\xff\xd9", "no frame header", pillow_rejects=True)
    bad(f, "JPEG with a second SOI (FF D8 as standalone) and then EOI", "jpeg", b"\xff\xd8\xff\xd8\xff\xd9", "no frame header")
    bad(f, "JPEG where a marker is expected but 00 follows the segment", "jpeg", b"\xff\xd8" + JFIF + b"\x00\xc0", "ITU T.81 §B.1.1.2: markers start with FF",
        pillow_rejects=True)
    bad(f, "JPEG segment with length 1 (< 2)", "jpeg", b"\xff\xd8\xff\xe0\x00\x01" + bytes(20), "ITU T.81 §B.1.1.4: length includes its own 2 bytes")
    bad(f, "JPEG segment with length 0", "jpeg", b"\xff\xd8\xff\xe0\x00\x00" + bytes(20), "ITU T.81 §B.1.1.4")
    bad(f, "JPEG SOF0 with length 6 (< the 7 bytes up to X)", "jpeg", b"\xff\xd8\xff\xc0\x00\x06\x08\x00\x10\x00\x10\x01\xff\xd9", "ITU T.81 §B.2.2")
    bad(f, "JPEG SOF0 cut after Y (X missing)", "jpeg", b"\xff\xd8" + jpeg_sof(0xC0, 9, 4)[:8], "truncated frame header")
    bad(f, "JPEG that ends inside the APP0 length", "jpeg", b"\xff\xd8\xff\xe0\x00", "truncated")
    bad(f, "JPEG that ends after SOI + FF", "jpeg", b"\xff\xd8\xff", "truncated")
    bad(f, "JPEG that ends in fill bytes", "jpeg", b"\xff\xd8\xff\xff\xff", "truncated")
    bad(f, "JPEG whose APP0 length runs past the end", "jpeg", b"\xff\xd8\xff\xe0\x01\x00" + bytes(10), "truncated: no frame header")
    bad(f, "JPEG SOF0 0×16", "jpeg", jpeg_image(jpeg_sof(0xC0, 0, 16)), "X = 0 (T.81 §B.2.2 allows it only with a DNL segment, not supported)")


def jpeg_marker_edges(f):
    """The smallest valid segment, and a marker position holding 00 instead of FF."""
    ok(f, "JPEG with an empty APP1 segment (length 2, the smallest valid) before SOF0", "jpeg", jpeg_image(jpeg_segment(0xE1, b""), jpeg_sof(0xC0, 9, 4)), 9, 4)
    bad(f, "JPEG with a 00 byte where a marker is expected, then C0 and a frame header", "jpeg",
        b"\xff\xd8" + JFIF + b"\x00" + jpeg_sof(0xC0, 9, 4)[1:] + b"\xff\xd9", "ITU T.81 §B.1.1.2: a marker is FF then its code",
        pillow_rejects=True)


# BMP: BITMAPFILEHEADER 14 bytes, then the DIB header whose size is its first field.

def bmp(f):
    for dib, what in [(12, "BITMAPCOREHEADER (OS/2 1.x): 16-bit sizes"), (40, "BITMAPINFOHEADER"), (52, "BITMAPV2INFOHEADER (Photoshop)"),
                      (56, "BITMAPV3INFOHEADER (Photoshop, alpha mask)"), (64, "OS/2 2.x BITMAPCOREHEADER2"), (108, "BITMAPV4HEADER"),
                      (124, "BITMAPV5HEADER")]:
        data = bmp_image(300, 2, dib)
        fl = file1_verdict(data)
        assert fl is None or "300 x 2 x 24" in fl, (dib, fl)
        ok(f, "BMP with a %d-byte DIB header, %s, 300×2" % (dib, what), "bmp", data, 300, 2, oracle="Pillow; file(1): %s" % (fl or "n/a").split(",")[1].strip())
    ok(f, "BMP 12-byte header 258×513 (16-bit little-endian sizes at 18 and 20)", "bmp", bmp_image(258, 513, 12), 258, 513)
    ok(f, "BMP 40-byte header 70000×1 (32-bit width)", "bmp", bmp_image(70000, 1, 40), 70000, 1)
    ok(f, "BMP 40-byte header, height -3 (top-down rows): height 3", "bmp", bmp_image(4, -3, 40), 4, 3)
    ok(f, "BMP 124-byte header, height -70000 (top-down)", "bmp", bmp_image(2, -70000, 124)[:14 + 124], 2, 70000, pillow=False,
       oracle="header written here; BITMAPV5HEADER: negative height = top-down")
    ok(f, "BMP 40-byte header cut right after the height field (26 bytes)", "bmp", bmp_image(5, 7, 40)[:26], 5, 7, pillow=False,
       oracle="sizes written here")
    ok(f, "BMP 12-byte header cut right after the height field (22 bytes)", "bmp", bmp_image(5, 7, 12)[:22], 5, 7, pillow=False,
       oracle="sizes written here")
    for dib in [0, 11, 13, 39, 41, 100, 125, 0x10000028]:
        bad(f, "BMP with DIB header size %d (no such header)" % dib, "bmp", b"BM" + bmp_image(4, 3, 40)[2:14] + struct.pack("<I", dib) + bmp_image(4, 3, 40)[18:],
            "not one of the header sizes 12, 40, 52, 56, 64, 108, 124 that Pillow (and the core) read", pillow_rejects=True)
    bad(f, "BMP 40-byte header with width -4", "bmp", bmp_image(-4, 3, 40), "negative width", pillow_rejects=True)
    bad(f, "BMP 40-byte header with width 0", "bmp", bmp_image(0, 3, 40), "zero width")
    bad(f, "BMP 40-byte header with height 0", "bmp", bmp_image(4, 0, 40), "zero height")
    bad(f, "BMP 40-byte header with height -2^31 (no positive counterpart)", "bmp", bmp_image(4, 1, 40)[:22] + struct.pack("<i", -2 ** 31) + bytes(28),
        "height out of range")
    bad(f, "BMP 12-byte header with width 0", "bmp", bmp_image(0, 3, 12), "zero width")
    bad(f, "BMP cut to 17 bytes (DIB header size incomplete)", "bmp", bmp_image(4, 3, 40)[:17], "truncated", pillow_rejects=True)
    bad(f, "BMP 40-byte header cut to 25 bytes (height incomplete)", "bmp", bmp_image(4, 3, 40)[:25], "truncated", pillow_rejects=True)
    bad(f, "BMP 12-byte header cut to 21 bytes", "bmp", bmp_image(4, 3, 12)[:21], "truncated", pillow_rejects=True)
    bad(f, "a body that starts with 'BM' and is text", "bmp", b"BMW rocks", "SPEC §6.5 decision: a known signature with a bad header is invalidImage")


def bmp_os2_16_byte_header(f):
    """The 16-byte OS/2 2.x header (BITMAPCOREHEADER2 cut after the bit count, which OS/2 allows) holds
    32-bit width and height like the 64-byte one, but Pillow 13 refuses it ("Unsupported BMP header type (16)"), and
    SPEC §6.5 reads the header sizes Pillow reads: rejected, at the header size field."""
    os2_short = b"BM" + bmp_image(4, 3, 40)[2:14] + struct.pack("<IiiHH", 16, 4, 3, 1, 24) + bmp_image(4, 3, 40)[54:]
    bad(f, "BMP with a 16-byte DIB header (OS/2 2.x BITMAPCOREHEADER2 cut after the bit count), 4×3", "bmp", os2_short,
        "not one of the header sizes 12, 40, 52, 56, 64, 108, 124 that Pillow (and the core) read (SPEC §6.5)", pillow_rejects=True)


# ICO: ICONDIR (reserved 0, type 1, count), then 16-byte entries with width/height bytes, 0 meaning 256.

def ico(f):
    ok(f, "ICO with one 16×16 entry", "ico", ico_image([(16, 16)]), 16, 16)
    ok(f, "ICO 16×16, 48×48, 32×32: the largest entry is reported (SPEC §6.5 decision; Pillow does the same)", "ico",
       ico_image([(16, 16), (48, 48), (32, 32)]), 48, 48)
    ok(f, "ICO 64×64 first, then 16×16: the largest wins wherever it is", "ico", ico_image([(64, 64), (16, 16)]), 64, 64)
    ok(f, "ICO 256×256 written as width and height bytes 0", "ico", ico_image([(16, 16), (256, 256)]), 256, 256)
    ok(f, "ICO 24×20 then 20×25 (areas 480 and 500): compared by area", "ico", ico_image([(24, 20), (20, 25)]), 20, 25, pillow=False,
       oracle="SPEC §6.5 decision 'largest entry' = largest area")
    ok(f, "ICO width byte 0 (256) and height byte 1: 256×1 beats 15×16 (area 256 vs 240)", "ico", ico_image([(15, 16), (256, 1)]), 256, 1, pillow=False,
       oracle="SPEC §6.5 decision 'largest entry'; 0 means 256 (ICO format)")
    ok(f, "ICO with the directory only (no image data after the entries)", "ico", ico_image([(32, 32), (16, 16)])[:6 + 32], 32, 32, pillow=False,
       oracle="entries written here")
    bad(f, "ICO with count 0", "ico", struct.pack("<HHH", 0, 1, 0), "no images")
    bad(f, "ICO with count 2 but one entry", "ico", ico_image([(16, 16)])[:6 + 16].replace(b"\x00\x00\x01\x00\x01\x00", b"\x00\x00\x01\x00\x02\x00", 1),
        "truncated directory")
    bad(f, "ICO cut to 5 bytes", "ico", b"\x00\x00\x01\x00\x01", "truncated ICONDIR")
    f.add("CUR (type 2, 00 00 02 00) is not an ICO signature: no object, no error", resp("image", 200, "image/x-icon", b"\x00\x00\x02\x00" + ico_image([(16, 16)])[4:]),
          {"valid": True, "object": ABSENT, "error": ABSENT})


def ico_equal_areas_and_cut_directory(f):
    """Equal areas: the first entry wins, as in Pillow; a directory one byte short."""
    ok(f, "ICO 16×64 then 32×32 (equal areas): the first is reported, as Pillow does", "ico", ico_image([(16, 64), (32, 32)]), 16, 64)
    ok(f, "ICO 32×32 then 16×64 (equal areas): the first is reported, as Pillow does", "ico", ico_image([(32, 32), (16, 64)]), 32, 32)
    bad(f, "ICO with two entries whose directory lacks its last byte (37 of 38 bytes)", "ico", ico_image([(16, 16), (32, 32)])[:37],
        "truncated ICONDIRENTRY", pillow_rejects=True)


# TIFF 6.0 §2: header II*\0 / MM\0*, first IFD offset, 12-byte entries; ImageWidth 256, ImageLength 257, SHORT (3) or LONG (4).

def tiff(f):
    ok(f, "TIFF little-endian, SHORT sizes, 40×30", "tiff", tiff_image(40, 30), 40, 30)
    ok(f, "TIFF big-endian, SHORT sizes, 40×30", "tiff", tiff_image(40, 30, little=False), 40, 30)
    ok(f, "TIFF little-endian, LONG sizes, 300×2", "tiff", tiff_image(300, 2, types=(4, 4)), 300, 2)
    ok(f, "TIFF big-endian, LONG sizes, 258×3", "tiff", tiff_image(258, 3, little=False, types=(4, 4)), 258, 3)
    ok(f, "TIFF big-endian, width LONG and height SHORT, 70000×1", "tiff", tiff_image(70000, 1, little=False, types=(4, 3)), 70000, 1)
    ok(f, "TIFF with the first IFD at offset 100 (not right after the header)", "tiff", tiff_image(12, 10, ifd_offset=100), 12, 10)
    ok(f, "TIFF with ImageLength before ImageWidth and no other tags", "tiff", tiff_image(7, 5, order=(257, 256), types=(3, 3), extra=False),
       7, 5, pillow=False, oracle="entries written here: first tag 257 (ImageLength) = 5, then tag 256 (ImageWidth) = 7")
    bad(f, "TIFF with only ImageWidth", "tiff", b"II*\x00\x08\x00\x00\x00\x01\x00" + struct.pack("<HHI", 256, 3, 1) + b"\x05\x00\x00\x00" + bytes(4),
        "TIFF 6.0 §8: ImageLength is required", pillow_rejects=None)
    bad(f, "TIFF with ImageWidth of type RATIONAL (5)", "tiff", tiff_image(5, 5, types=(5, 3), extra=False), "TIFF 6.0 §8: SHORT or LONG")
    bad(f, "TIFF whose first IFD offset is 4 (inside the header)", "tiff", b"II*\x00\x04\x00\x00\x00" + bytes(20), "TIFF 6.0 §2: IFD offset ≥ 8")
    bad(f, "TIFF whose first IFD offset is past the end", "tiff", b"MM\x00*\x00\x00\x01\x00" + bytes(20), "truncated")
    bad(f, "TIFF whose IFD claims 3 entries but holds 1", "tiff", b"II*\x00\x08\x00\x00\x00\x03\x00" + struct.pack("<HHI", 256, 3, 1) + b"\x05\x00\x00\x00",
        "truncated IFD")
    bad(f, "TIFF cut to 7 bytes", "tiff", b"II*\x00\x08\x00\x00", "truncated header")
    bad(f, "TIFF 0×5", "tiff", tiff_image(0, 5, extra=False), "zero width")


def tiff_cut_ifd(f):
    """An IFD cut by one byte, and a first IFD offset at or next to the end of the file."""
    t = tiff_image(5, 6, types=(4, 4), extra=False)
    bad(f, "TIFF whose two LONG entries lack the last byte (IFD cut by one)", "tiff", t[:len(t) - 5], "truncated IFD (TIFF 6.0 §2: 12-byte entries)")
    bad(f, "TIFF whose first IFD offset is the last byte of the file", "tiff", b"II*\x00" + struct.pack("<I", 9) + b"\x01\x00", "truncated IFD count")
    bad(f, "TIFF whose first IFD offset equals the file length", "tiff", b"MM\x00*" + struct.pack(">I", 10) + b"\x00\x01", "truncated IFD count")


# SPEC §6.3, §6.5 the serializer around the decoder: unknown bytes and an empty body, the status and content-type
# checks.

def serializer_around_the_decoder(f):
    f.add("unknown bytes ('hello') with an image content type: no object and no error (SPEC §6.5 decision, AF's UIImage returns nil)",
          resp("image", 200, "image/png", b"hello"), {"valid": True, "object": ABSENT, "error": ABSENT}, verdict=af("6.5/image-empty-or-unknown"))
    f.add("empty body: no object, no error", resp("image", 200, "image/png", b""), {"valid": True, "object": ABSENT, "error": ABSENT},
          verdict=af("6.5/image-empty-or-unknown"))
    f.add("404 with a valid PNG: the object is returned with the −1011 error (SPEC §6.3, §6.5: only content-type failures stop parsing)",
          resp("image", 404, "image/png", png_build(2, 2)), {"valid": False, "object": {"format": "png", "width": 2, "height": 2}, "error": status_error(404)},
          refs=["SPEC§6.3"])
    f.add("404 with a corrupt PNG: invalidImage outer, −1011 underlying (errors chained as for JSON, SPEC §6.3)",
          resp("image", 404, "image/png", png_build(4, 4, raw=b"\x05" + PLAIN[1:])),
          {"valid": False, "object": ABSENT, "error": {"domain": "AFSerialization", "kind": "invalidImage", "underlying": status_error(404)}},
          refs=["SPEC§6.3"])
    for ct in ["image/tiff", "image/jpeg", "image/gif", "image/png", "image/ico", "image/x-icon", "image/bmp", "image/x-bmp", "image/x-xbitmap",
               "image/x-win-bitmap"]:
        f.add("%s is a default acceptable type of the image serializer (SPEC §6.3 list)" % ct, resp("image", 200, ct, gif_image(3, 4)),
              {"valid": True, "object": {"format": "gif", "width": 3, "height": 4}, "error": ABSENT}, refs=["SPEC§6.3"])
    f.add("image/webp is not in the default list → −1016, no object", resp("image", 200, "image/webp", gif_image(3, 4)),
          {"valid": False, "object": ABSENT, "error": ctype_error("image/webp")}, refs=["SPEC§6.3"], verdict=af("6.3/default-content-types"))
