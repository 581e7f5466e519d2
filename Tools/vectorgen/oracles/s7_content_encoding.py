"""SPEC §7 Content-Encoding: Python's gzip/zlib as the encoders and the judges, and RFC 1950–1952 fields by hand.

Encoded inputs come from Python's gzip and zlib modules (gzip.compress with mtime=0, zlib.compress for RFC 1950,
zlib.compressobj(wbits=-15) for raw RFC 1951 deflate); decoding back (py_decode) and the verdict on a bad stream
(py_kind) use Python's zlib. gzip members, zlib headers and deflate blocks are also written field by field from
RFC 1950 §2.2, RFC 1951 §3.2.3-3.2.6 and RFC 1952 §2.3 (gz_header, gz_member, stored_block, fixed_huffman_block).
"""
import gzip
import zlib


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


def stored_block(payload, final):
    """A raw RFC 1951 §3.2.4 stored block (BFINAL, BTYPE 00, LEN, NLEN, data), written by hand."""
    return bytes([1 if final else 0]) + len(payload).to_bytes(2, "little") + (len(payload) ^ 0xFFFF).to_bytes(2, "little") + payload


# RFC 1952 §2.3.1 FLG bits.
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
