"""Vectors/response/image-details.json: image error offsets and context, header-only boundaries (SPEC §6.5).

SPEC §6.5 asks for "a typed error" and does not define where an image error points. These vectors pin the core's
convention, worked out here from each format's layout (never from the core's output), as a recorded decision:
a field that breaks a rule is reported at that field's first byte (JPEG segment length, BMP DIB size/width, ICO
count, PNG IHDR fields and chunk type, the chunk that is wrong); a marker that is wrong at its FF byte; data that
ends where a structure must follow is reported where that structure would start (the end of the body, or the
claimed IFD position for TIFF). The error `context` names the format (and the limit for limitExceeded).

The topics below are grouped by format: the error context, JPEG, BMP, ICO, TIFF, PNG. Ids are numbered in the order
the vectors are added and never change (vectorfile.py), so build() calls the topics in id order.
"""
import json
import random
import struct
import zlib

from ...images import (PNG_SIG, bmp_image, gif_image, jpeg_image, jpeg_segment, jpeg_sof, png_build, png_chunk,
                       png_ihdr, png_raw, tiff_image)
from ...oracles.s6_5_serializers import IMAGE_CONTENT_TYPES, PILLOW_FORMAT, pillow_verdict
from ...oracles.s6_responses import ABSENT, resp
from ...vectorfile import VectorFile
from ._shared import SPEC65, SPEC7, SPEC8



def ok(f, what, fmt, data, w, h, oracle, options=None, pillow=False, verdict=None):
    """A valid image at a header-only boundary: its format and size (asserted against Pillow when `pillow`)."""
    if pillow:
        got = pillow_verdict(data)
        assert got is None or got == (PILLOW_FORMAT[fmt], w, h), (what, got)
        oracle += "; Pillow agrees"
    f.add("%s → %s %d×%d (%s)" % (what, fmt, w, h, oracle), resp("image", 200, IMAGE_CONTENT_TYPES[fmt], data),
          {"valid": True, "object": {"format": fmt, "width": w, "height": h}, "error": ABSENT}, options=options, verdict=verdict)


def bad(f, what, fmt, data, why, offset=None, context=None, kind="invalidImage", options=None, pillow_rejects=None, refs=None):
    """An image error with its offset (worked out from the format's layout) and context."""
    if pillow_rejects is not None:
        got = pillow_verdict(data)
        assert got is None or isinstance(got, str) == pillow_rejects, (what, got)
        if pillow_rejects:
            why += "; Pillow rejects it too"
    err = {"domain": "AFSerialization", "kind": kind}
    if offset is not None:
        assert 0 <= offset <= len(data), (what, offset)
        err["offset"] = offset
    err["context"] = dict(context or {"format": fmt})
    f.add("%s → %s%s, context %s, no object (%s)" % (what, kind, "" if offset is None else " at byte %d" % offset,
          json.dumps(err["context"]), why), resp("image", 200, IMAGE_CONTENT_TYPES[fmt], data),
          {"valid": True, "object": ABSENT, "error": err}, options=options, refs=refs)


def build():
    f = VectorFile("response", "image-details", "Image serializer error details (byte offsets, error context) and header-only "
                   "boundaries: offsets derived from the format layouts written here (JPEG T.81 §B.1, BMP DIB headers, ICO, "
                   "TIFF 6.0 §2, W3C PNG §5.3/§11.2.2); SPEC §6.5 leaves them open, so they are a recorded decision",
                   ["SPEC§6.5"], verdict=lambda v: SPEC8 if "SPEC§8" in v.get("refs", []) else SPEC65)
    error_context(f)
    jpeg(f)
    bmp(f)
    ico(f)
    tiff(f)
    png(f)
    jpeg_markers_after_fill(f)
    png_zlib_window(f)
    png_surplus_data(f)
    return f


# SPEC §6.5, §8 error context: every image error names the format; limitExceeded also names the limit (SPEC §8
# default 10^8).

def error_context(f):
    bad(f, "GIF89a 0×5", "gif", gif_image(0, 5), "zero width: no pixels; the error carries the format")
    bad(f, "PNG 10000×10001 header: over the default 10^8 pixels", "png", PNG_SIG + png_ihdr(10000, 10001),
        "SPEC §8 default 10^8: the context names the limit", kind="limitExceeded",
        context={"limit": "100000000", "format": "png"}, options={"inflatesResponseImage": False}, refs=["SPEC§8"])
    bad(f, "maxImagePixels 11: a 4×3 PNG is one pixel over", "png", png_build(4, 3), "SPEC §8: the context names the configured limit",
        kind="limitExceeded", context={"limit": "11", "format": "png"}, options={"maxImagePixels": 11}, refs=["SPEC§8"])
    bad(f, "GIF89a cut to 9 bytes", "gif", gif_image(7, 9)[:9], "the logical screen height (bytes 8–9) is incomplete: reported at the end of "
        "the data, byte 9", offset=9, pillow_rejects=True)


# ITU T.81 §B.1.1.2–§B.1.1.4 JPEG: marker = FF (fill FFs) + code; a segment's 2-byte length follows the code.

def jpeg(f):
    bad(f, "JPEG SOI, then FF E0 and the end", "jpeg", b"\xff\xd8\xff\xe0", "APP0's length field would start at byte 4; the data ends there",
        offset=4)
    bad(f, "JPEG SOI, fill byte, FF C0 and one length byte", "jpeg", b"\xff\xd8\xff\xff\xc0\x00",
        "SOF0's length field starts at byte 5 and only one of its 2 bytes is there", offset=5)
    bad(f, "JPEG EOI right after SOI", "jpeg", b"\xff\xd8\xff\xd9", "no frame header; reported at the EOI marker's FF, byte 2",
        offset=2, pillow_rejects=True)
    bad(f, "JPEG SOI, fill bytes FF FF, then SOS (FF DA)", "jpeg", b"\xff\xd8\xff\xff\xff\xda\x00\x02",
        "scan data before any frame header; the SOS marker is the FF at byte 4 followed by DA (bytes 2–3 are fill)", offset=4)
    bad(f, "JPEG with an APP0 of length 2 that ends the data", "jpeg", b"\xff\xd8\xff\xe0\x00\x02",
        "the empty APP0 ends at byte 6, where the next marker must start; the data ends there", offset=6)
    bad(f, "JPEG segment with length 1 (< 2) and 20 zero bytes after it", "jpeg", b"\xff\xd8\xff\xe0\x00\x01" + bytes(20),
        "ITU T.81 §B.1.1.4: the length counts its own 2 bytes; reported at the length field, byte 4", offset=4)
    bad(f, "JPEG segment with length 0 and 20 zero bytes after it", "jpeg", b"\xff\xd8\xff\xe0\x00\x00" + bytes(20),
        "ITU T.81 §B.1.1.4; reported at the length field, byte 4", offset=4)
    bf = jpeg_segment(0xBF, bytes(8))
    ok(f, "JPEG with a reserved FF BF segment (8 zero bytes) before SOF0", "jpeg", jpeg_image(bf, jpeg_sof(0xC0, 21, 11)), 21, 11,
       "ITU T.81 Table B.1: FF 02–FF BF are reserved, not frame headers; the size comes from SOF0")
    ok(f, "JPEG whose SOF0 has length 7 (P, Y, X and nothing more)", "jpeg", b"\xff\xd8\xff\xc0\x00\x07\x08" + struct.pack(">HH", 4, 9),
       9, 4, "decision recorded with this vector (SPEC §6.5 is silent): the size is read from the frame header's P, Y, X; length 7 is the least that holds them "
       "(the existing vector pins length 6 as too short), component specifications are not checked")


def jpeg_markers_after_fill(f):
    """A marker whose code byte is the last byte of the data, after fill bytes (ITU T.81 §B.1.1.2: a marker is
    FF, optional FF fill, then the code). The offsets follow the rules of the vectors above, counted here by hand: a
    missing length is reported where the length field would start (the byte after the code, as for 'SOI, then FF E0
    and the end'), a scan/EOI marker at its own FF, the one right before the code (as for 'SOI, fill bytes FF FF, then
    SOS'). A reader off by one at the marker code (ImageInfo.swift jpeg(_:) `i + 0` for `i + 1`) reports another byte."""
    bad(f, "JPEG SOI, fill byte FF, then EOI (FF D9) ending the data", "jpeg", b"\xff\xd8\xff\xff\xd9",
        "no frame header; the EOI marker is the FF at byte 3 followed by D9 (byte 2 is fill), reported there as for the other "
        "scan/EOI vectors", offset=3, pillow_rejects=True)
    bad(f, "JPEG SOI, fill bytes FF FF, then SOS (FF DA) ending the data", "jpeg", b"\xff\xd8\xff\xff\xff\xda",
        "scan data before any frame header; the SOS marker is the FF at byte 4 followed by DA (bytes 2–3 are fill)", offset=4)
    bad(f, "JPEG SOI, fill byte FF, then FF E0 ending the data", "jpeg", b"\xff\xd8\xff\xff\xe0",
        "APP0's length field would start at byte 5, after the code at byte 4; the data ends there", offset=5)
    bad(f, "JPEG SOI, fill byte FF, then FF C0 ending the data", "jpeg", b"\xff\xd8\xff\xff\xc0",
        "SOF0's length field would start at byte 5, after the code at byte 4; the data ends there", offset=5)


# BMP: BITMAPFILEHEADER is 14 bytes; the DIB header size is the 32-bit field at 14, the width follows at 18.

def bmp(f):
    hdr = bmp_image(4, 3, 40)
    bad(f, "BMP of 18 bytes whose DIB header size is 13", "bmp", hdr[:14] + struct.pack("<I", 13),
        "13 is no DIB header size; reported at the size field, byte 14", offset=14)
    bad(f, "BMP with DIB header size 39", "bmp", hdr[:14] + struct.pack("<I", 39) + hdr[18:],
        "not one of 12, 40, 52, 56, 64, 108, 124; reported at the size field, byte 14", offset=14, pillow_rejects=True)
    bad(f, "BMP 40-byte header with width 0", "bmp", bmp_image(0, 3, 40), "zero width; reported at the width field, byte 18", offset=18)
    bad(f, "BMP 40-byte header with width -1", "bmp", bmp_image(-1, 3, 40), "negative width; reported at the width field, byte 18", offset=18,
        pillow_rejects=True)
    ok(f, "BMP 40-byte header 1×3", "bmp", bmp_image(1, 3, 40), 1, 3, "the smallest positive width, written here", pillow=True)


# ICO: ICONDIR = reserved (0), type (1), count (16-bit LE at 4).

def ico(f):
    bad(f, "ICO directory of 6 bytes with count 0", "ico", struct.pack("<HHH", 0, 1, 0), "no images; reported at the count field, byte 4",
        offset=4)
    bad(f, "ICO with count 0 and 16 more bytes", "ico", struct.pack("<HHH", 0, 1, 0) + bytes(16), "no images; reported at the count field, byte 4",
        offset=4)


# TIFF 6.0 §2: 8-byte header with the first IFD's offset at 4; IFD = 2-byte count, 12-byte entries, 4-byte next-IFD offset.

def tiff(f):
    bad(f, "TIFF of 8 bytes whose first IFD offset is 4", "tiff", b"II*\x00" + struct.pack("<I", 4),
        "an IFD offset inside the 8-byte header; reported at the claimed IFD position, 4", offset=4)
    bad(f, "big-endian TIFF of 9 bytes whose first IFD offset is 7", "tiff", b"MM\x00*" + struct.pack(">I", 7) + b"\x00",
        "an IFD offset inside the 8-byte header; reported at the claimed IFD position, 7", offset=7)
    bad(f, "TIFF whose IFD count says 1 entry and the data ends after the count", "tiff", b"II*\x00" + struct.pack("<IH", 8, 1),
        "the entry would start at byte 10, where the data ends", offset=10)
    t5 = tiff_image(6, 4, extra=False)
    ok(f, "TIFF whose 2-entry IFD ends the data without its next-IFD offset", "tiff", t5[:-4], 6, 4,
       "decision recorded with this vector (SPEC §6.5 is silent): sizes are read from the IFD entries only, as the header-only JPEG/BMP/GIF vectors are; entries written here")
    e = "<"
    entries = [(256, 3, 11), (257, 3, 5), (258, 3, 8), (259, 3, 1), (262, 3, 1)]
    ifd = struct.pack(e + "H", len(entries)) + b"".join(struct.pack(e + "HHIHH", t, ty, 1, v, 0) for t, ty, v in entries) + bytes(4)
    ok(f, "TIFF with a 5-entry IFD and its next-IFD offset 0 ending the data", "tiff", b"II*\x00" + struct.pack(e + "I", 8) + ifd, 11, 5,
       "TIFF 6.0 §2: 2 + 5×12 + 4 bytes of IFD; entries written here")
    first = struct.pack("<H", 2) + struct.pack("<HHIHH", 256, 3, 1, 13, 0) + struct.pack("<HHIHH", 257, 3, 1, 6, 0) + struct.pack("<I", 256)
    second = struct.pack("<H", 2) + struct.pack("<HHIHH", 256, 3, 1, 99, 0) + struct.pack("<HHIHH", 257, 3, 1, 77, 0) + bytes(4)
    body = b"II*\x00" + struct.pack("<I", 8) + first
    body += bytes(256 - len(body)) + second
    ok(f, "TIFF with two IFDs (13×6, next-IFD offset 256, then 99×77)", "tiff", body, 13, 6,
       "TIFF 6.0 §2: the first IFD is the image reported; the next-IFD offset is no entry; written here")


# PNG: signature 8 bytes, then the IHDR chunk: length at 8, type at 12, width 16, height 20, depth 24, colour 25,
# compression 26, filter 27, interlace 28, CRC 29–32.

def png(f):
    ok(f, "PNG signature + IHDR length, type and 13 data bytes, CRC missing (29 bytes), inflatesResponseImage false", "png",
       (PNG_SIG + png_ihdr(5, 3))[:29], 5, 3, "decision recorded with this vector (SPEC §6.5 is silent): with inflation off the size comes from the IHDR data alone, "
       "as for the existing IHDR-only vectors; CRCs are checked only when inflating", options={"inflatesResponseImage": False})
    bad(f, "PNG whose first chunk is a 14-byte IHDR", "png",
        png_build(4, 4, head=PNG_SIG + png_chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0) + b"\x00")),
        "W3C PNG §11.2.2: IHDR is 13 bytes; reported at the first chunk, byte 8", offset=8)
    bad(f, "PNG width 2^31", "png", PNG_SIG + png_ihdr(2 ** 31, 1) + png_chunk(b"IEND", b""), "W3C PNG §11.2.2: at most 2^31-1; "
        "reported at the width field, byte 16", offset=16, options={"inflatesResponseImage": False})
    bad(f, "PNG colour type 1", "png", png_build(4, 4, 0, 8, head=PNG_SIG + png_ihdr(4, 4, 8, 1)),
        "W3C PNG Table 11.1; reported at the bit depth field, byte 24 (depth and colour type are checked as a pair)", offset=24,
        pillow_rejects=True)
    bad(f, "PNG with filter method 1", "png", png_build(4, 4, head=PNG_SIG + png_ihdr(4, 4, 8, 2, filt=1)),
        "W3C PNG §11.2.2: methods are 0; reported at the compression method field, byte 26 (the three methods are checked together)",
        offset=26)
    data = png_build(4, 4, before=[png_chunk(b"tE5t", b"")])
    bad(f, "PNG with a chunk type 'tE5t' (empty chunk right after IHDR)", "png", data,
        "W3C PNG §5.4: type bytes are letters; the chunk starts at byte 33, its type at byte 37", offset=37)
    data = png_build(4, 4, iend=png_chunk(b"IEND", b"\x00"))
    at = len(data) - (12 + 1)
    assert data[at + 4:at + 8] == b"IEND"
    bad(f, "PNG whose IEND has 1 data byte", "png", data,
        "W3C PNG §11.2.5: IEND is empty; reported at the IEND chunk's first byte %d, like every chunk error (§5.3 chunk layout: "
        "length, type, data, CRC: not at the data byte %d)" % (at, at + 1), offset=at)


def png_zlib_window(f):
    """The IDAT zlib header's window size (CINFO) is not enforced, as for Content-Encoding (SPEC §7 decision):
    CINFO 0 declares a 256-byte window, the data copies from 300 bytes back. Oracle: Python's zlib.decompressobj at
    wbits 15 (the fixed 32 KiB window) inflates it in 1000-byte pieces; at wbits 0 (the header's window) it fails with
    "invalid distance too far back" once a copy reaches into an earlier piece (asserted here), as an inflater that takes
    its window from the header (ContentDecoder.swift InflateStage.init `.zlib` windowBits 0) would."""
    rows = bytes([0]) + bytes(random.Random(1).getrandbits(8) for _ in range(299))
    raw = rows * 300
    co = zlib.compressobj(9, zlib.DEFLATED, -15)
    cinfo0 = bytes([0x08, 0x1D]) + co.compress(raw) + co.flush() + struct.pack(">I", zlib.adler32(raw))
    assert (0x08 * 256 + 0x1D) % 31 == 0

    def pieces(wbits):
        o, out, buf = zlib.decompressobj(wbits), b"", cinfo0
        while not o.eof:
            got = o.decompress(buf, 1000)
            out, buf = out + got, o.unconsumed_tail
        return out
    assert pieces(15) == raw
    try:
        pieces(0)
        raise AssertionError("wbits 0 should fail on the 300-byte distances")
    except zlib.error as e:
        assert "too far back" in str(e)
    ok(f, "PNG 299×300 grayscale whose IDAT zlib header declares a 256-byte window (CINFO 0) while its rows copy from 300 bytes back",
       "png", png_build(299, 300, ct=0, raw=raw, z=cinfo0), 299, 300,
       "the window size is not enforced (SPEC §7 decision): Python's zlib at wbits 15 inflates it in pieces, at the header's "
       "window it fails with 'invalid distance too far back'", options={"inflatesResponseImage": True}, verdict=SPEC7)


def png_surplus_data(f):
    """Image data longer than IHDR implies is found while inflating, in the IDAT that carries the surplus: the
    inflation stops at the expected size (a decompression bomb costs no more than the image), and the error points at
    that chunk."""
    raw4 = png_raw(4, 4, 2, 8, 0)
    surplus = png_build(4, 4, raw=raw4 + bytes(1))
    bad(f, "PNG 4×4 RGB whose IDAT inflates to one byte more than the 52 of its scanlines", "png", surplus,
        "SPEC §6.5: the offending field is the IDAT chunk, byte 33 (8 of signature + 25 of IHDR)", offset=33)
    z = zlib.compress(raw4 + bytes(1 << 20))
    bomb = png_build(4, 4, raw=raw4 + bytes(1 << 20), z=z, split=64)
    d, produced, at = zlib.decompressobj(), 0, None
    for k in range(0, len(z), 64):  # the IDAT whose data takes the output past the 52 bytes (Python's zlib, piece by piece)
        produced += len(d.decompress(z[k:k + 64]))
        if produced > len(raw4):
            at = 33 + (k // 64) * (12 + 64)
            break
    bad(f, "PNG 4×4 RGB whose IDAT stream inflates to 1 MiB more, split into 64-byte IDATs", "png", bomb,
        "SPEC §6.5: the IDAT that takes the output past the 52 bytes is the offending field, at byte %d (Python's zlib fed "
        "chunk by chunk); inflation stops there" % at, offset=at)
