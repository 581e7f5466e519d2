"""Images built byte by byte, so their format and size are known by construction (no image library).

The one builder for every generator: PNG (chunks with zlib.crc32,
IHDR, filtered scanlines, the W3C PNG Adam7 passes), GIF, BMP, JPEG, ICO and TIFF. Each function
returns the bytes of a whole file or of one structure of it; callers cut or corrupt them to make
invalid images. Sources: W3C PNG (2nd ed.) §5, §8.2, §11.2; GIF89a §18; the BMP file and DIB
headers (BITMAPFILEHEADER, BITMAPCOREHEADER/INFOHEADER/V2–V5); ITU T.81 §B.1–B.2 (JPEG); the ICO
ICONDIR/ICONDIRENTRY layout; TIFF 6.0 §2.
"""
import random
import struct
import zlib

# --- PNG ---------------------------------------------------------------------------------------------

PNG_SIG = b"\x89PNG\r\n\x1a\n"
# W3C PNG §8.2 (Adam7): the pass number of every pixel of an 8×8 tile, transcribed from the figure.
ADAM7_TILE = ["16462646", "77777777", "56565656", "77777777", "36463646", "77777777", "56565656", "77777777"]
# W3C PNG §11.2.2 Table 11.1: (colour type, bit depth) → bits per pixel.
PNG_BITS = {(0, 1): 1, (0, 2): 2, (0, 4): 4, (0, 8): 8, (0, 16): 16, (2, 8): 24, (2, 16): 48, (3, 1): 1, (3, 2): 2, (3, 4): 4,
            (3, 8): 8, (4, 8): 16, (4, 16): 32, (6, 8): 32, (6, 16): 64}


def adam7_layout(w, h):
    """(rows, pixels per row) of every non-empty pass, found by enumerating pixels against ADAM7_TILE."""
    out = []
    for p in "1234567":
        ys = [y for y in range(h) if any(ADAM7_TILE[y % 8][x % 8] == p for x in range(min(w, 8)))]
        if ys:
            out.append((len(ys), sum(1 for x in range(w) if ADAM7_TILE[ys[0] % 8][x % 8] == p)))
    return out


def png_raw(w, h, ct, depth, interlace, seed=0):
    """Filtered scanlines of the right size: a filter byte 0…4 (cycling) + the row's bytes (seeded random; zeros for palette
    images, whose indexes must stay inside the palette)."""
    rng = random.Random(seed)
    bits = PNG_BITS[(ct, depth)]
    out = bytearray()
    k = 0
    for rows, pw in (adam7_layout(w, h) if interlace else [(h, w)]):
        for _ in range(rows):
            out.append(k % 5)
            k += 1
            n = (pw * bits + 7) // 8
            out += bytes(n) if ct == 3 else bytes(rng.getrandbits(8) for _ in range(n))
    return bytes(out)


def png_blank_rows(w, h, ct=2, depth=8):
    """Non-interlaced scanlines of zero bytes, each with filter type 0 (None)."""
    return b"".join(b"\x00" + bytes((w * PNG_BITS[(ct, depth)] + 7) // 8) for _ in range(h))


def png_chunk(t, data, crc=None):
    """length, type, data, CRC-32 of type + data (W3C PNG §5.3); `crc` overrides the CRC."""
    return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF if crc is None else crc)


def png_ihdr(w, h, depth=8, ct=2, comp=0, filt=0, inter=0):
    return png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ct, comp, filt, inter))


PLTE1 = png_chunk(b"PLTE", b"\x00\x00\x00")  # a one-entry palette


def png_build(w, h, ct=2, depth=8, interlace=0, raw=None, z=None, before=None, split=None, after=(), iend=None, head=None):
    """A whole PNG: signature and IHDR (or `head`), chunks `before` the image data (PLTE1 for palette images), the zlib
    stream `z` of `raw` scanlines in one IDAT or in IDATs of `split` bytes, chunks `after`, IEND (or `iend`)."""
    raw = png_raw(w, h, ct, depth, interlace) if raw is None else raw
    z = zlib.compress(raw) if z is None else z
    if before is None:
        before = [PLTE1] if ct == 3 else []
    idats = [png_chunk(b"IDAT", z[i:i + split]) for i in range(0, len(z), split)] if split else [png_chunk(b"IDAT", z)]
    return ((head if head is not None else PNG_SIG + png_ihdr(w, h, depth, ct, 0, 0, interlace)) + b"".join(before) + b"".join(idats)
            + b"".join(after) + (png_chunk(b"IEND", b"") if iend is None else iend))


def png_blank(w, h, ct=2, depth=8):
    """The plainest PNG of a size: one IDAT of zero scanlines (filter 0)."""
    return png_build(w, h, ct, depth, raw=png_blank_rows(w, h, ct, depth))


# --- GIF (GIF89a §18: logical screen width and height, little-endian 16-bit at bytes 6 and 8) ---------

def gif_screen(w, h, version=b"GIF89a"):
    """The signature and the logical screen size: the first 10 bytes of a GIF."""
    return version + struct.pack("<HH", w, h)


def gif_image(w, h, version=b"GIF89a"):
    """A whole GIF: screen descriptor, one w×h image descriptor, a 1-byte LZW image, the trailer."""
    return gif_screen(w, h, version) + b"\x00\x00\x00" + b",\x00\x00\x00\x00" + struct.pack("<HH", w, h) + b"\x00\x02\x02\x44\x01\x00;"


# --- BMP (BITMAPFILEHEADER 14 bytes, then the DIB header whose size is its first field) ---------------

def bmp_file_header(size, offset):
    """'BM', the file size, two reserved words, the pixel array's offset."""
    return b"BM" + struct.pack("<IHHI", size, 0, 0, offset)


def bmp_dib_header(w, h, dib=40, ppm=2835, size_image=0):
    """A `dib`-byte DIB header for 24-bit pixels: BITMAPCOREHEADER (12, 16-bit sizes) or BITMAPINFOHEADER and its longer
    successors (40 and more: the INFOHEADER fields, then zeros)."""
    if dib == 12:
        return struct.pack("<IHHHH", 12, w & 0xFFFF, h & 0xFFFF, 1, 24)
    return struct.pack("<IiiHHIIiiII", dib, w, h, 1, 24, 0, size_image, ppm, ppm, 0, 0) + bytes(dib - 40)


def bmp_image(w, h, dib=40, record_size=False):
    """A whole 24-bit BMP of zero pixels (rows padded to 4 bytes; a negative height is top-down). `record_size` writes the
    pixel array's size into biSizeImage instead of 0 (both are valid for uncompressed images)."""
    pixels = bytes(((abs(w) * 3 + 3) & ~3) * abs(h))
    hdr = bmp_dib_header(w, h, dib, size_image=len(pixels) if record_size else 0)
    return bmp_file_header(14 + dib + len(pixels), 14 + dib) + hdr + pixels


# --- JPEG (ITU T.81 §B.1.1: markers FF xx, segments with a 2-byte length that counts itself) ----------

def jpeg_segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


GREY = b"\x01\x11\x00"  # one component: id 1, sampling 1×1, table 0
YCBCR_420 = b"\x01\x22\x00\x02\x11\x01\x03\x11\x01"  # Y 2×2 with table 0, Cb and Cr 1×1 with table 1


def jpeg_sof(marker, w, h, components=GREY):
    """A frame header (SOFn, T.81 §B.2.2): precision 8, Y (height) then X (width), Nf, the component specifications."""
    return jpeg_segment(marker, struct.pack(">BHHB", 8, h, w, len(components) // 3) + components)


JFIF = jpeg_segment(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
DQT = jpeg_segment(0xDB, b"\x00" + bytes(range(1, 65)))
DHT = jpeg_segment(0xC4, b"\x00" + bytes([0, 1] + [0] * 14) + b"\x00")


def jpeg_image(*segments):
    """SOI, the segments, EOI."""
    return b"\xff\xd8" + b"".join(segments) + b"\xff\xd9"


# --- ICO (ICONDIR: reserved 0, type 1, count; 16-byte ICONDIRENTRYs, width/height bytes with 0 meaning 256) ---

def ico_directory(entries):
    """ICONDIR + one ICONDIRENTRY per (w, h, data size, data offset), 32 bits per pixel."""
    out = struct.pack("<HHH", 0, 1, len(entries))
    for w, h, size, offset in entries:
        out += struct.pack("<BBBBHHII", w % 256, h % 256, 0, 0, 1, 32, size, offset)
    return out


def ico_image(sizes):
    """The directory for every (w, h) (256 written as 0) and an embedded grey PNG for each."""
    blobs = [png_build(w, h, 0, 8) for w, h in sizes]
    entries, off = [], 6 + 16 * len(sizes)
    for (w, h), blob in zip(sizes, blobs):
        entries.append((w, h, len(blob), off))
        off += len(blob)
    return ico_directory(entries) + b"".join(blobs)


# --- TIFF 6.0 §2: header II*\0 / MM\0*, first IFD offset, 12-byte entries; ImageWidth 256, ImageLength 257 ---

def tiff_image(w, h, little=True, types=(3, 3), order=(256, 257), extra=True, ifd_offset=8):
    """A TIFF whose first IFD holds the two size tags with the given `types` (3 SHORT, 4 LONG) in `order`; with `extra`,
    the tags and the strip of w×h 8-bit grey pixels that real readers need."""
    e = "<" if little else ">"
    entries = []
    vals = {256: w, 257: h}
    for tag, typ in zip(order, types):
        v = vals[tag]
        entries.append((tag, typ, 1, (struct.pack(e + "H", v) + b"\x00\x00") if typ == 3 else struct.pack(e + "I", v)))
    data_off = ifd_offset + 2 + 12 * (len(entries) + (7 if extra else 0)) + 4
    if extra:
        for tag, typ, val in [(258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, data_off), (277, 3, 1), (278, 3, h), (279, 4, w * h)]:
            entries.append((tag, typ, 1, (struct.pack(e + "H", val) + b"\x00\x00") if typ == 3 else struct.pack(e + "I", val)))
        entries.sort(key=lambda t: t[0])
    head = (b"II*\x00" if little else b"MM\x00*") + struct.pack(e + "I", ifd_offset) + bytes(ifd_offset - 8)
    ifd = struct.pack(e + "H", len(entries)) + b"".join(struct.pack(e + "HHI", t, ty, c) + v for t, ty, c, v in entries) + b"\x00\x00\x00\x00"
    return head + ifd + (bytes(w * h) if extra else b"")
