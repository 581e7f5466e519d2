"""Unit tests for images.py: the bytes parse back, field by field, as the formats define them.

    python3 -m unittest discover -s vectorgen -p 'test_*.py'   # the installed package (.ci/setup)
"""
import io
import struct
import unittest
import zlib

from vectorgen import images


def png_chunks(data):
    """(type, data, stored CRC) of every chunk after the signature."""
    assert data[:8] == images.PNG_SIG
    out, i = [], 8
    while i < len(data):
        n, = struct.unpack(">I", data[i:i + 4])
        out.append((data[i + 4:i + 8], data[i + 8:i + 8 + n], struct.unpack(">I", data[i + 8 + n:i + 12 + n])[0]))
        i += 12 + n
    return out


try:
    from PIL import Image
except ImportError:
    Image = None


class PNGTests(unittest.TestCase):
    def test_every_chunk_crc_verifies_with_zlib_crc32(self):
        for data in [images.png_build(4, 4), images.png_build(7, 5, 2, 8, 1, split=1), images.png_build(4, 4, 3, 8),
                     images.png_blank(17, 5, 6), images.PNG_SIG + images.png_ihdr(100000, 100000, 8, 6)]:
            for kind, body, crc in png_chunks(data):
                self.assertEqual(crc, zlib.crc32(kind + body) & 0xFFFFFFFF, kind)

    def test_crc_override_is_written_as_given(self):
        (kind, body, crc), = png_chunks(images.PNG_SIG + images.png_chunk(b"tEXt", b"k\x00v", crc=0))
        self.assertEqual(crc, 0)
        self.assertNotEqual(zlib.crc32(kind + body), 0)

    def test_chunk_order_and_ihdr_fields(self):
        chunks = png_chunks(images.png_build(9, 3, 3, 4, 1))
        self.assertEqual([c[0] for c in chunks], [b"IHDR", b"PLTE", b"IDAT", b"IEND"])
        self.assertEqual(struct.unpack(">IIBBBBB", chunks[0][1]), (9, 3, 4, 3, 0, 0, 1))

    def test_idat_inflates_to_the_scanlines_the_header_implies(self):
        for w, h, ct, depth, inter in [(3, 2, 0, 1, 0), (13, 7, 2, 16, 1), (9, 9, 6, 8, 1), (1, 1, 4, 8, 0), (33, 5, 2, 8, 1)]:
            raw = zlib.decompress(b"".join(b for k, b, _ in png_chunks(images.png_build(w, h, ct, depth, inter)) if k == b"IDAT"))
            passes = images.adam7_layout(w, h) if inter else [(h, w)]
            bits = images.PNG_BITS[(ct, depth)]
            self.assertEqual(len(raw), sum(rows * (1 + (pw * bits + 7) // 8) for rows, pw in passes), (w, h, ct, depth, inter))

    def test_adam7_passes_cover_every_pixel_once(self):
        self.assertEqual(images.adam7_layout(8, 8), [(1, 1), (1, 1), (1, 2), (2, 2), (2, 4), (4, 4), (4, 8)])
        self.assertEqual(images.adam7_layout(1, 1), [(1, 1)])
        for w, h in [(1, 9), (9, 1), (5, 5), (17, 2), (33, 5)]:
            self.assertEqual(sum(rows * pw for rows, pw in images.adam7_layout(w, h)), w * h, (w, h))

    @unittest.skipIf(Image is None, "Pillow is not installed")
    def test_pillow_decodes_the_declared_size(self):
        for w, h, ct, depth, inter in [(3, 2, 0, 1, 0), (13, 7, 2, 16, 1), (150, 150, 6, 8, 1), (4, 4, 3, 8, 0)]:
            im = Image.open(io.BytesIO(images.png_build(w, h, ct, depth, inter)))
            im.load()
            self.assertEqual((im.format, im.size), ("PNG", (w, h)))


class OtherFormatTests(unittest.TestCase):
    def test_gif_header(self):
        data = images.gif_image(258, 513)
        self.assertEqual(struct.unpack("<6sHH", data[:10]), (b"GIF89a", 258, 513))
        self.assertEqual(data[-1:], b";")
        self.assertEqual(images.gif_screen(3, 2, b"GIF87a"), b"GIF87a\x03\x00\x02\x00")

    def test_bmp_headers(self):
        for dib in [12, 40, 52, 56, 64, 108, 124]:
            data = images.bmp_image(300, 2, dib)
            magic, size, _, _, offset, dib_size = struct.unpack("<2sIHHII", data[:18])
            self.assertEqual((magic, size, offset, dib_size), (b"BM", len(data), 14 + dib, dib))
            fmt = "<HHHH" if dib == 12 else "<iiHH"  # BITMAPCOREHEADER has 16-bit sizes
            self.assertEqual(struct.unpack(fmt, data[18:18 + struct.calcsize(fmt)]), (300, 2, 1, 24))
            self.assertEqual(len(data) - offset, 2 * ((300 * 3 + 3) & ~3))  # rows padded to 4 bytes
        self.assertEqual(struct.unpack("<ii", images.bmp_image(4, -3)[18:26]), (4, -3))  # top-down
        self.assertEqual(struct.unpack("<I", images.bmp_image(4, 3, record_size=True)[34:38])[0], 36)  # biSizeImage

    def test_jpeg_frame_header(self):
        data = images.jpeg_image(images.JFIF, images.DQT, images.jpeg_sof(0xC2, 320, 240, images.YCBCR_420))
        self.assertEqual((data[:2], data[-2:]), (b"\xff\xd8", b"\xff\xd9"))
        i, found = 2, None
        while i < len(data) - 2:
            marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
            if marker == 0xC2:
                found = struct.unpack(">BHHB", data[i + 4:i + 10])
            i += 2 + length
        self.assertEqual(found, (8, 240, 320, 3))

    def test_ico_directory_points_at_its_pngs(self):
        data = images.ico_image([(16, 16), (256, 256)])
        self.assertEqual(struct.unpack("<HHH", data[:6]), (0, 1, 2))
        for k, (w, h) in enumerate([(16, 16), (256, 256)]):
            bw, bh, _, _, planes, bpp, size, off = struct.unpack("<BBBBHHII", data[6 + 16 * k:22 + 16 * k])
            self.assertEqual((bw, bh, planes, bpp), (w % 256, h % 256, 1, 32))
            self.assertEqual(data[off:off + 8], images.PNG_SIG)
            self.assertEqual(struct.unpack(">II", data[off + 16:off + 24]), (w, h))
            self.assertEqual(len(data[off:off + size]), size)

    def test_tiff_ifd_holds_the_sizes(self):
        for little, types in [(True, (3, 3)), (False, (4, 3)), (False, (3, 4))]:
            e = "<" if little else ">"
            data = images.tiff_image(70, 30, little=little, types=types, ifd_offset=100)
            self.assertEqual(data[:4], b"II*\x00" if little else b"MM\x00*")
            ifd, = struct.unpack(e + "I", data[4:8])
            n, = struct.unpack(e + "H", data[ifd:ifd + 2])
            tags = {}
            for k in range(n):
                tag, typ, count = struct.unpack(e + "HHI", data[ifd + 2 + 12 * k:ifd + 10 + 12 * k])
                raw = data[ifd + 10 + 12 * k:ifd + 14 + 12 * k]
                tags[tag] = struct.unpack(e + ("H" if typ == 3 else "I"), raw[:2] if typ == 3 else raw)[0]
            self.assertEqual((tags[256], tags[257]), (70, 30))
            self.assertEqual(len(data) - tags[273], 70 * 30)

    @unittest.skipIf(Image is None, "Pillow is not installed")
    def test_pillow_reads_the_declared_sizes(self):
        for data, fmt, size in [(images.gif_image(10, 20), "GIF", (10, 20)), (images.bmp_image(300, 2, 124), "BMP", (300, 2)),
                                (images.bmp_image(4, -3), "BMP", (4, 3)), (images.ico_image([(16, 16), (48, 48)]), "ICO", (48, 48)),
                                (images.tiff_image(40, 30, little=False), "TIFF", (40, 30)),
                                (images.jpeg_image(images.JFIF, images.DQT, images.jpeg_sof(0xC0, 320, 240)), "JPEG", (320, 240))]:
            im = Image.open(io.BytesIO(data))
            self.assertEqual((im.format, im.size), (fmt, size))


if __name__ == "__main__":
    unittest.main()
