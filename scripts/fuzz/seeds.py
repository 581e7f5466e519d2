#!/usr/bin/env python3
"""Writes the hand-made seeds and the golden-vector-derived inputs under Corpus/<target>/.

Each input starts with the target's frozen option header (documented on the target's `<Name>Input` in Sources/AFCorpusFormat).
Re-running is idempotent: files are named seed-<label> / vec-<vector id>. Run from the repo root:
    python3 scripts/fuzz/seeds.py [VECTORS_DIR]     (default: Vectors/)
"""
import json, re, struct, sys
from pathlib import Path

from vectorgen import images  # the generators' image builder (.ci/setup installs Tools/vectorgen)
from afstools import fuzz  # the one list of targets (.ci/setup installs Tools/afstools)

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "Corpus"
VECTORS = ROOT / "Vectors"
STYLES = ["afnetworking", "whatwgForm", "rfc3986Unreserved"]
PROFILES = ["af3", "af4", "strict"]
ARRAY_STYLES = ["brackets", "noBrackets", "indexInBrackets"]

# Header bit that bounds the parameter tree (ParameterProgram.decode(bounded:)): every
# query-string/request input is also written with it set, so long runs start from bounded trees.
BOUNDED_BIT = {"query-string": (2, 0x02), "request": (3, 0x80), "plist-request": (1, 0x01)}

def write(target, label, data):
    d = CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    label = re.sub(r"[^A-Za-z0-9._-]+", "_", label)[:80]
    (d / label).write_bytes(bytes(data))
    if target in BOUNDED_BIT and len(data) > BOUNDED_BIT[target][0]:
        i, bit = BOUNDED_BIT[target]
        b = bytearray(data)
        b[i] |= bit
        (d / ("bounded-" + label)[:80]).write_bytes(bytes(b))

# ---------- percent-escape: [style, batchSize-1, mode] + payload
def pe_utf8(style, batch, text):
    return bytes([STYLES.index(style), batch - 1, 0]) + (text.encode("utf-8") if isinstance(text, str) else text)

def pe_utf16(style, batch, units):
    return bytes([STYLES.index(style), batch - 1, 1]) + b"".join(struct.pack("<H", u) for u in units)

def percent_escape_seeds():
    texts = {
        "reserved": ":#[]@!$&'()*+,;=?/", "latin": "À", "emoji-modifier": "👴🏻", "percent": "%20",
        "space": "a b+c", "batch-emoji": "a" * 49 + "👴🏻" + "tail", "flags": "🇫🇷🇩🇪🇯🇵",
        "combining": "e\u0301\u0301x", "zwj": "👨‍👩‍👧‍👦", "cjk": "中文字符", "controls": "\x00\x01\x7f\n",
        "allowed": "AZaz09-._~/?*", "empty": "",
    }
    for label, t in texts.items():
        for style in STYLES:
            write("percent-escape", f"seed-{label}-{style}", pe_utf8(style, 50, t))
    write("percent-escape", "seed-batch1-emoji", pe_utf8("afnetworking", 1, "x👴🏻y🇫🇷"))
    write("percent-escape", "seed-batch3-combining", pe_utf8("afnetworking", 3, "ae\u0301\u0301b"))
    for label, b in {"bad-cont": b"a\x80b", "overlong": b"\xc0\xaf", "surrogate": b"\xed\xa0\x80",
                     "truncated": b"ok\xe2\x82", "too-big": b"\xf4\x90\x80\x80"}.items():
        write("percent-escape", f"seed-invalid-{label}", pe_utf8("afnetworking", 50, b))
    write("percent-escape", "seed-utf16-pair", pe_utf16("afnetworking", 50, [0x61, 0xD83D, 0xDC74, 0x62]))
    write("percent-escape", "seed-utf16-lone-high", pe_utf16("afnetworking", 50, [0x61, 0xD83D, 0x62]))
    write("percent-escape", "seed-utf16-lone-low", pe_utf16("whatwgForm", 50, [0xDC74]))
    write("percent-escape", "seed-utf16-high-at-end", pe_utf16("afnetworking", 50, [0x41, 0xD800]))

# ---------- parameter programs (ParameterProgram.swift)
def program(value, key=None):
    out = bytearray()
    def text(s, mod):
        b = s.encode("utf-8")
        assert len(b) < mod, (s, mod)
        return bytes([len(b)]) + b
    if isinstance(value, bool):
        out += bytes([3, 1 if value else 0])
    elif value is None:
        out += bytes([4])
    elif isinstance(value, int):
        out += bytes([1]) + struct.pack("<q", value)
    elif isinstance(value, float):
        out += bytes([2]) + struct.pack("<d", value)
    elif isinstance(value, str):
        out += bytes([0]) + text(value, 16)
    elif isinstance(value, bytes):
        assert len(value) < 8
        out += bytes([5, len(value)]) + value
    elif isinstance(value, list):
        out += bytes([6]) + b"".join(program(v) for v in value) + bytes([9])
    elif isinstance(value, tuple) and value and value[0] == "$set":
        out += bytes([7]) + b"".join(program(v) for v in value[1]) + bytes([9])
    elif isinstance(value, dict):
        out += bytes([8]) + b"".join(program(v, k) for k, v in value.items()) + bytes([9])
    else:
        raise TypeError(value)
    if key is not None:
        out += text(key, 8)
    return bytes(out)

def qs(profile, escape, array, literal_bools, depth, value):
    return bytes([PROFILES.index(profile), STYLES.index(escape) + 3 * ARRAY_STYLES.index(array),
                  1 if literal_bools else 0, depth]) + program(value)

def query_string_seeds():
    trees = {
        "spec-2.5": {"foo": "bar", "baz": [1, 2, 3]},
        "nested": {"a": {"b": {"c": "d"}}, "e": [{"f": "g"}, None]},
        "set": {"s": ("$set", ["b", "a", "10", "9"])},
        "scalars": {"i": -42, "d": 0.1, "big": 1e100, "neg0": -0.0, "t": True, "f": False, "n": None},
        "sort-order": {"b": 1, "a": 2, "10": 3, "9": 4, "B": 5, "_": 6, "ab": 7},
        "reserved-keys": {"a b": "c&d", "k[]": "=", "é": "ü"},
        "empty-containers": {"a": [], "b": {}, "c": ("$set", [])},
        "top-array": ["x", "y"], "top-scalar": "s", "top-null": None,
        "data-leaf": {"d": b"\x00\xff"},
        "duplicate-keys": {"k": 1, "k ": 2},
    }
    for label, tree in trees.items():
        for profile in ("af4", "strict"):
            write("query-string", f"seed-{label}-{profile}", qs(profile, "afnetworking", "brackets", False, 0, tree))
    write("query-string", "seed-whatwg-index", qs("af4", "whatwgForm", "indexInBrackets", True, 0, {"a": ["x y", "+"], "b": True}))
    write("query-string", "seed-nobrackets-unreserved", qs("af3", "rfc3986Unreserved", "noBrackets", False, 0, {"a": [1, [2, [3]]]}))
    write("query-string", "seed-depth-limit-2", qs("af4", "afnetworking", "brackets", False, 2, {"a": {"b": {"c": 1}}}))
    write("query-string", "seed-depth-limit-0", qs("af4", "afnetworking", "brackets", False, 32, {"a": 1}))
    write("query-string", "seed-nan-inf", qs("af4", "afnetworking", "brackets", False, 0,
                                              {"n": float("nan"), "i": float("inf"), "m": float("-inf"), "e": 1e-6}))

# ---------- json: [flags, reserved] + text
def json_seeds():
    docs = {
        "object": '{"a":1,"b":[true,false,null],"c":{"d":"e"}}', "array": '[1,-0,0.5,1e10,-1E-5,123456789012345678901234567890]',
        "strings": r'["\u00e9\ud83d\udc74\n\t\"\\\/", "é", ""]', "duplicates": '{"a":1,"a":2}',
        "nulls": '{"a":null,"b":[null,{"c":null}],"d":[]}', "whitespace": ' \t\r\n[ 1 , 2 ] ',
        "bad-comma": '[1,]', "bad-leading-zero": '[01]', "bad-escape": r'["\x"]', "bad-surrogate": r'["\udc00"]',
        "lone-high": r'["\ud800"]', "unterminated": '{"a":', "garbage": '[1] x', "control": '["\u0001"]',
        "deep": "[" * 600 + "]" * 600, "deep-ok": "[" * 100 + "]" * 100, "big-number": "[1e400]",
        "tiny-number": "[1e-400]", "fragment-str": '"x"', "fragment-num": "-12.5e3", "empty": "", "space": " ",
        "bom": "\ufeff[1]", "true": "true", "nul-in-string": '["a\u0000"]',
    }
    for label, doc in docs.items():
        for frag in (0, 1):
            write("json", f"seed-{label}-frag{frag}", bytes([frag, 0]) + doc.encode("utf-8"))
    write("json", "seed-invalid-utf8", bytes([0, 0]) + b'["\xff"]')
    write("json", "seed-utf16le", bytes([0, 0]) + '[1]'.encode("utf-16-le"))


# ---------- json with the Foundation dialect / null cleaning: [flags, cleaning] + text
def json_dialect_seeds():
    docs = {"trailing-comma": '[1,2,]', "obj-trailing": '{"a":1,}', "bom": "\ufeff{\"a\":null}",
            "nulls": '{"a":null,"b":[null,1,{"c":null,"d":[null]}],"e":{}}', "dup-null": '{"a":1,"a":null}',
            "top-null": 'null', "nested-empty": '[[null],{"x":null}]', "big": '[1e309]'}
    for label, doc in docs.items():
        write("json", f"seed-foundation-{label}", bytes([3, 1]) + doc.encode("utf-8"))
        write("json", f"seed-rfc-clean-{label}", bytes([1, 1]) + doc.encode("utf-8"))
    write("json", "seed-foundation-utf16le", bytes([2, 1]) + '{"a":[null]}'.encode("utf-16-le"))
    write("json", "seed-foundation-utf32be-bom", bytes([2, 0]) + '[1]'.encode("utf-32-be").rjust(16, b"\0")[:0] + b"\x00\x00\xfe\xff" + '[1]'.encode("utf-32-be"))

# ---------- request: [serializer, method, profile, flags] + parameter program
METHODS = ["GET", "HEAD", "DELETE", "POST", "PUT", "PATCH", "get", "OPTIONS"]
def request_seeds():
    trees = {"simple": {"foo": "bar", "baz": [1, 2, 3]}, "nested": {"a": {"b": [True, None, 0.5]}},
             "slash": {"u": "a/b"}, "array-top": ["x", 1], "set": {"s": ("$set", ["a"])}, "data": {"d": b"\x01"},
             "nan": {"n": float("nan")}, "empty": {}, "unicode": {"k": "é\u2028"}}
    for label, tree in trees.items():
        for ser in (0, 1):
            for m in ("GET", "POST", "get"):
                for flags in (0x02, 0x0F, 0x36):
                    write("request", f"seed-{label}-{['http','json'][ser]}-{m}-{flags:02x}",
                          bytes([ser, METHODS.index(m), 1, flags]) + program(tree))
    write("request", "seed-strict-fragment", bytes([0, 0, 2, 0x0A]) + program({"a": "1"}))
    write("request", "seed-no-parameters-json", bytes([1, 3, 1, 0]))

# ---------- plist-request: [profile, flags] + parameter program
def plist_request_seeds():
    trees = {"simple": {"foo": "bar", "baz": [1, 2, 3]}, "escapes": {"a&b": "<x>\x01\t"}, "keys": {"b": 1, "B": 2, "é": 3, "\U0001f600": 4, "a": 5},
             "reals": [0.0, -0.0, 0.1, float("nan"), float("inf"), float("-inf"), 1e300, -5e-324], "ints": [-(2**63), 2**63 - 1, 0],
             "data": [b"", b"\x01", b"\x00\x01\x02\x03\x04\x05\x06"], "deep-data": [[[[[[[[[[b"\xff\xfe\xfd\xfc\xfb\xfa\xf9"]]]]]]]]]],
             "empty": {"a": [], "d": {}}, "bools": [True, False], "null": {"n": None}, "set": {"s": ("$set", ["a"])}, "top-string": "x"}
    for label, tree in trees.items():
        for flags in (0, 2):
            write("plist-request", f"seed-{label}-{flags}", bytes([1, flags]) + program(tree))
    write("plist-request", "seed-no-parameters", bytes([1, 4]))

# ---------- media-type: [profile, status lo, status hi, flags, pattern mask] + Content-Type
def media_type_seeds():
    values = ["application/json", "Application/JSON; charset=utf-8", " text/html ;q=1", "text/plain;;a=b",
              'multipart/form-data; boundary="a\\"b"', "text/json; x=\"unterminated", "", ";", "image/png\t",
              "a/b; c", "*/*", "text/*", "a/b;c=d;e=\"f;g\"", "application/json\r\n", "tExt/JaVaScript"]
    for i, v in enumerate(values):
        for profile in (1, 2):
            for status, flags, mask in ((200, 0x0F, 0x01), (404, 0x0F, 0x1F), (500, 0x0D, 0x00), (201, 0x07, 0x80), (302, 0x1B, 0x18)):
                write("media-type", f"seed-{i:02d}-{PROFILES[profile]}-{status}-{flags:02x}",
                      bytes([profile, status & 0xFF, status >> 8, flags, mask]) + v.encode("utf-8"))

# ---------- content-decode: [encoding, chunkA-1, chunkB-1, flags, limit] + body
ENCODINGS = ["gzip", "x-gzip", "deflate", "identity", "gzip, deflate", "deflate,gzip", "br", "GZIP , identity"]
def content_decode_seeds():
    import gzip as _gzip, zlib as _zlib
    # mtime 0: gzip otherwise stamps the current time, and each regeneration would rewrite every seed.
    def gz(data): return _gzip.compress(data, mtime=0)
    text = b"hello hello hello, content-encoding " * 3
    for i, enc in enumerate(ENCODINGS):
        write("content-decode", f"seed-compress-{i}", bytes([i, 0, 6, 1, 0]) + text)
        write("content-decode", f"seed-compress-raw-{i}", bytes([i, 2, 0, 3, 2]) + text)
    write("content-decode", "seed-gzip-raw", bytes([0, 3, 0, 0, 0]) + gz(text))
    write("content-decode", "seed-gzip-two-members", bytes([0, 0, 1, 0, 0]) + gz(b"ab") + gz(b"cd"))
    write("content-decode", "seed-gzip-padding", bytes([0, 0, 1, 0, 0]) + gz(b"ab") + b"\0\0\0")
    # 50 empty members in 1,005 bytes (max_len 1024): decoded one after another, on the body's small stack (SmallStack).
    write("content-decode", "seed-gzip-many-members", bytes([0, 255, 255, 0, 0]) + gz(b"") * 50)
    write("content-decode", "seed-gzip-truncated", bytes([0, 0, 0, 0, 0]) + gz(text)[:-5])
    write("content-decode", "seed-gzip-bad-crc", bytes([0, 0, 0, 0, 0]) + gz(b"x")[:-8] + b"\0" * 8)
    write("content-decode", "seed-zlib-raw", bytes([2, 5, 9, 0, 0]) + _zlib.compress(text))
    write("content-decode", "seed-deflate-raw", bytes([2, 0, 0, 0, 0]) + _zlib.compress(text)[2:-4])
    write("content-decode", "seed-bomb-limit", bytes([0, 200, 200, 0, 1]) + gz(b"\0" * 100000))
    # Within the default limit: 100,000 bytes from ~130 in 256-byte chunks, so streaming fills and
    # doubles the scratch buffer (16 → 64 KiB) and LSan sees the old one leak if it is not freed.
    write("content-decode", "seed-bomb-default-limit", bytes([0, 255, 255, 0, 0]) + gz(b"\0" * 100000))
    write("content-decode", "seed-custom-encoding", bytes([8 + 12, 0, 0, 0, 0]) + b"gzip,gzip,gz" + gz(gz(b"x")))
    write("content-decode", "seed-six-layers", bytes([8 + 35, 0, 0, 1, 0]) + b"gzip,gzip,gzip,gzip,gzip,gzip,gzip" + b"x")

# ---------- image: [mode, size, format, idat, flip] + payload
def image_seeds():
    for fmt in range(15):
        for interlace in (0, 0x80):
            write("image", f"seed-png-{fmt}-{interlace >> 7}", bytes([1, 0x35, fmt | interlace, fmt % 3, 0]) + bytes(range(0, 256, 7)))
    write("image", "seed-png-corrupt", bytes([2, 0x77, 5, 1, 40]) + b"\x05abc")
    write("image", "seed-png-no-inflate", bytes([1, 0xFF, 13, 0x80, 0]) + b"\x01\x02")
    # Headers only (the raw mode reads sizes): a GIF screen, a BMP without pixels, a 3-component SOF0 without scan data,
    # an ICO directory without its image, TIFF IFDs without strips.
    gif = images.gif_screen(3, 2) + bytes(8)
    bmp = images.bmp_file_header(0, 0) + images.bmp_dib_header(4, -3, ppm=0)
    jpeg = b"\xff\xd8" + images.JFIF + images.jpeg_sof(0xC0, 3, 2, bytes(9))
    ico = images.ico_directory([(16, 16, 40, 22)])
    tiff_le = images.tiff_image(5, 7, extra=False)
    tiff_be = images.tiff_image(5, 7, little=False, types=(3, 4), extra=False)
    for label, b in {"gif": gif, "bmp": bmp, "jpeg": jpeg, "ico": ico, "tiff-le": tiff_le, "tiff-be": tiff_be,
                     "gif-truncated": gif[:8], "jpeg-no-sof": jpeg[:20], "png-sig-only": images.PNG_SIG, "garbage": b"hello"}.items():
        write("image", f"seed-raw-{label}", bytes([0, 0, 0, 0, 0]) + b)
    huge = images.PNG_SIG + images.png_ihdr(100000, 100000, 8, 6)
    write("image", "seed-raw-png-huge", bytes([0, 0, 0, 0, 0]) + huge)

# ---------- multipart-writer: [profile, readA-1, readB-1, packet, seed, flags] + part ops
def mp_text(b, mod):
    b = b.encode("utf-8") if isinstance(b, str) else b
    assert len(b) < mod, b
    return bytes([len(b)]) + b

def multipart_writer_seeds():
    def field(n, v): return bytes([0]) + mp_text(n, 8) + mp_text(v, 32)
    def filedata(n, f, m, v, op=1): return bytes([op]) + mp_text(n, 8) + mp_text(f, 8) + mp_text(m, 8) + mp_text(v, 32)
    def custom(n, v): return bytes([3]) + mp_text(n, 8) + mp_text("v", 8) + mp_text(v, 32)
    parts = field("a", "1") + filedata("f", "x.txt", "plain", "hello\r\n") + filedata("s", "s.bin", "bin", "streamed", op=2) + custom("c", "body")
    for profile in range(3):
        for ra, rb, pk in ((0, 0, 0), (2, 6, 0), (255, 0, 3), (28, 30, 31)):
            write("multipart-writer", f"seed-mixed-{PROFILES[profile]}-{ra}-{rb}-{pk}", bytes([profile, ra, rb, pk, 7, 0]) + parts)
    write("multipart-writer", "seed-quote-crlf-names", bytes([2, 4, 4, 0, 1, 0]) + field('a"b', "x") + field("c\r\nd", "y"))
    write("multipart-writer", "seed-quote-crlf-names-af", bytes([1, 4, 4, 0, 1, 0]) + field('a"b', "x"))
    write("multipart-writer", "seed-stream-too-short", bytes([1, 10, 3, 0, 1, 1]) + filedata("s", "f", "m", "12345", op=2))
    write("multipart-writer", "seed-stream-too-long", bytes([1, 10, 3, 0, 1, 3]) + filedata("s", "f", "m", "12345", op=2))
    write("multipart-writer", "seed-collision-strict", bytes([2, 0, 0, 0, 9, 0]) + field("a", "\r\n--Boundary+x"))
    write("multipart-writer", "seed-utf8-name", bytes([1, 0, 0, 0, 2, 0]) + field("é", "ü"))
    write("multipart-writer", "seed-empty", bytes([1, 0, 0, 0, 0, 0]))
    for profile in range(3):  # bit 2 of [5]: the finalized request's body written to a file
        write("multipart-writer", f"seed-file-{PROFILES[profile]}", bytes([profile, 255, 255, 0, 7, 4]) + parts)
    write("multipart-writer", "seed-file-stream-too-long", bytes([1, 10, 3, 0, 1, 7]) + filedata("s", "f", "m", "12345", op=2))

# ---------- multipart-parser: [boundary, chunkA-1, chunkB-1, flags] + body
MP_BOUNDARIES = ["AaB03x", "Boundary+D87993F14D11D1AD", "b", "----WebKitFormBoundary7MA4YWxkTrZu0gW"]
def multipart_parser_seeds():
    def body(b, parts, close=True, pre=b"", epi=b""):
        out = pre
        for i, (hs, v) in enumerate(parts):
            out += (b"--" if i == 0 and not pre else b"\r\n--") + b.encode() + b"\r\n"
            for h in hs: out += h.encode("utf-8") + b"\r\n"
            out += b"\r\n" + v
        if close: out += b"\r\n--" + b.encode() + b"--\r\n" + epi
        return out
    cd = 'Content-Disposition: form-data; name="%s"'
    std = [([cd % "a"], b"1"), ([cd % "f" + '; filename="x.txt"', "Content-Type: text/plain"], b"hello\r\nworld"), ([cd % "e"], b"")]
    for i, b in enumerate(MP_BOUNDARIES):
        write("multipart-parser", f"seed-std-{i}", bytes([i, 0, 4, 0]) + body(b, std))
        write("multipart-parser", f"seed-std-chunked-{i}", bytes([i, 2, 6, 1]) + body(b, std, pre=b"preamble\r\n", epi=b"epilogue"))
    b = MP_BOUNDARIES[0]
    write("multipart-parser", "seed-unclosed", bytes([0, 0, 0, 0]) + body(b, std, close=False))
    write("multipart-parser", "seed-no-colon", bytes([0, 0, 0, 0]) + body(b, [(["NoColonHere"], b"x")]))
    write("multipart-parser", "seed-no-disposition", bytes([0, 0, 0, 0]) + body(b, [(["Content-Type: a/b"], b"x")]))
    write("multipart-parser", "seed-no-name", bytes([0, 0, 0, 0]) + body(b, [(["Content-Disposition: form-data"], b"x")]))
    write("multipart-parser", "seed-utf8-header", bytes([0, 0, 0, 1]) + body(b, [([cd % "é"], b"x")]))
    write("multipart-parser", "seed-utf8-header-refused", bytes([0, 0, 0, 0]) + body(b, [([cd % "é"], b"x")]))
    write("multipart-parser", "seed-small-limits", bytes([0, 0, 0, 2]) + body(b, std * 2))
    write("multipart-parser", "seed-near-delimiter", bytes([0, 1, 2, 0]) + body(b, [([cd % "a"], b"\r\n--AaB03\r\n-\r\n--AaB03xx")]))
    write("multipart-parser", "seed-custom-boundary", bytes([3 + 5, 0, 0, 0]) + b"q'(+)" + body("q'(+)", std))
    write("multipart-parser", "seed-bad-boundary", bytes([3 + 3, 0, 0, 0]) + b"a b" + body("a b", std))

# ---------- golden vectors (Vectors/<component>/*.json), when present
def vector_tree(v):
    """A vector parameter tree (VECTORS.md encoding) as the python value program() takes, or None."""
    if isinstance(v, dict):
        if "$set" in v: 
            items = [vector_tree(x) for x in v["$set"]]
            return None if any(i is _SKIP for i in items) else ("$set", items)
        if "$data" in v: return bytes.fromhex(v["$data"])
        if "$double" in v: return float(v["$double"])
        if "$dict" in v: return _SKIP  # repeated keys: not representable as a python dict
        out = {k: vector_tree(x) for k, x in v.items()}
        return _SKIP if any(x is _SKIP for x in out.values()) else out
    if isinstance(v, list):
        items = [vector_tree(x) for x in v]
        return _SKIP if any(i is _SKIP for i in items) else items
    return v
_SKIP = object()

def try_program(tree):
    try:
        return program(tree)
    except (AssertionError, TypeError, struct.error, RecursionError):
        return None  # a string or key longer than the program's length prefix allows

def vector_inputs(vectors_dir=VECTORS):
    if not vectors_dir.is_dir():
        return 0
    enabled = set(enabled_targets())
    def raw(b):
        if isinstance(b, dict) and "text" in b: return b["text"].encode("utf-8")
        if isinstance(b, dict) and "hex" in b: return bytes.fromhex(b["hex"])
        return None
    n = 0
    def emit(target, vid, data):
        nonlocal n
        if target in enabled and data is not None:
            write(target, "vec-" + vid, data); n += 1
    for f in sorted(vectors_dir.glob("*/*.json")):
        try: doc = json.loads(f.read_text())
        except Exception: continue
        comp = doc.get("component")
        for v in doc.get("vectors", []):
            vid, inp, opts = v.get("id", "x"), v.get("input", {}) or {}, v.get("options", {}) or {}
            profiles = v.get("profiles") or ["af4"]
            profile = PROFILES.index(profiles[0]) if profiles[0] in PROFILES else 1
            if comp == "response" and inp.get("serializer") in RESPONSE_SERIALIZERS and raw(inp.get("body")) is not None:
                emit("response", vid, response_input(inp, opts, profile, raw(inp["body"])))
            style = opts.get("style", "afnetworking")
            if comp == "percent-escape" and style in STYLES:
                batch = max(1, min(256, int(opts.get("batchSize", 50))))
                if "utf16" in inp: emit("percent-escape", vid, pe_utf16(style, batch, inp["utf16"]))
                elif raw(inp) is not None: emit("percent-escape", vid, pe_utf8(style, batch, raw(inp)))
            elif comp == "query-string" and "parameters" in inp:
                try: tree = vector_tree(inp["parameters"])
                except RecursionError: continue
                arr = opts.get("arrayStyle", "brackets"); arr = arr if arr in ARRAY_STYLES else "brackets"
                prog = None if tree is _SKIP else try_program(tree)
                if prog is not None and style in STYLES:
                    emit("query-string", vid, bytes([profile, STYLES.index(style) + 3 * ARRAY_STYLES.index(arr),
                                                     1 if opts.get("boolStyle") == "literal" else 0, 0]) + prog)
            elif comp == "response" and inp.get("serializer") == "json" and raw(inp.get("body")) is not None:
                frag = 1 if (opts.get("readingOptions") or {}).get("allowFragments") else 0
                dialect = 0 if profiles[0] == "strict" else 2
                clean = 1 if opts.get("removesKeysWithNullValues") else 0
                emit("json", vid, bytes([frag | dialect, clean]) + raw(inp["body"]))
            elif comp == "null-clean" and "json" in inp:
                emit("json", vid, bytes([3, 1]) + json.dumps(inp["json"]).encode("utf-8"))
            elif comp == "media-type":
                ct = inp.get("contentType")
                emit("media-type", vid, bytes([profile, 200, 0, 0x0F | (0x10 if ct is None else 0), 0x1F]) + (ct or "").encode("utf-8"))
            elif comp == "response" and "statusCode" in inp:
                hdrs = {k.lower(): val for k, val in inp.get("headers", [])}
                ct = hdrs.get("content-type")
                status = int(inp["statusCode"]) % 1000
                flags = (1 if inp.get("url") else 0) | (2 if raw(inp.get("body")) else 0) | 0x0C | (0x10 if ct is None else 0)
                emit("media-type", vid, bytes([profile, status & 0xFF, status >> 8, flags, 0x07]) + (ct or "").encode("utf-8"))
            elif comp == "content-decode" and raw(inp.get("body")) is not None:
                enc = (inp.get("contentEncoding") or "").encode("utf-8")
                chunks = (opts.get("chunkSizes") or [256]) * 2
                limit = opts.get("maxDecodedSize")
                lb = 0 if not limit else max(1, min(255, int(limit) // 16))
                if len(enc) <= 248:
                    emit("content-decode", vid, bytes([8 + len(enc), min(chunks[0], 256) - 1, min(chunks[1], 256) - 1, 0, lb]) + enc + raw(inp["body"]))
            elif comp == "multipart-parse" and raw(inp.get("body")) is not None:
                b = (inp.get("boundary") or "").encode("utf-8")
                chunks = (opts.get("chunkSizes") or [256]) * 2
                if 1 <= len(b) <= 252:
                    emit("multipart-parser", vid, bytes([3 + len(b), min(chunks[0], 256) - 1, min(chunks[1], 256) - 1, 0]) + b + raw(inp["body"]))
            elif comp == "request" and inp.get("serializer") == "plist" and inp.get("parameters") is not None:
                try: tree = vector_tree(inp["parameters"])
                except RecursionError: continue
                prog = None if tree is _SKIP else try_program(tree)
                has_ct = any(k.lower() == "content-type" for k, _ in inp.get("headers", []))
                if prog is not None: emit("plist-request", vid, bytes([profile, 2 if has_ct else 0]) + prog)
            elif comp == "request" and inp.get("serializer") in ("http", "json"):
                method = inp.get("method", "GET")
                if method not in METHODS: continue
                params = inp.get("parameters")
                try: tree = vector_tree(params) if params is not None else {}
                except RecursionError: continue
                prog = None if tree is _SKIP else try_program(tree)
                if prog is None: continue
                has_ct = any(k.lower() == "content-type" for k, _ in inp.get("headers", []))
                wo = opts.get("jsonWritingOptions") or []
                flags = (1 if has_ct else 0) | (2 if params is not None else 0) | (16 if "sortedKeys" in wo else 0) \
                    | (32 if "withoutEscapingSlashes" in wo else 0) | (64 if "prettyPrinted" in wo else 0)
                emit("request", vid, bytes([0 if inp["serializer"] == "http" else 1, METHODS.index(method), profile, flags]) + prog)
    return n

# ---------- response: [serializer, profile, flags] + body
RESPONSE_SERIALIZERS = ["http", "json", "xml", "image", "plist", "compound"]

def response_input(inp, opts, profile, body):
    """A response vector as a response-target input: its serializer, profile, reading options, and
    whether its status or Content-Type would fail validation."""
    hdrs = {k.lower(): val for k, val in inp.get("headers", [])}
    ct = (hdrs.get("content-type") or "").split(";")[0].strip().lower()
    good = {"xml": ("application/xml", "text/xml"), "image": ("image/png", "image/jpeg", "image/gif", "image/tiff", "image/bmp", "image/x-icon", "image/ico"),
            "plist": ("application/x-plist",)}.get(inp["serializer"], ("application/json", "text/json", "text/javascript"))
    flags = (1 if (opts.get("readingOptions") or {}).get("allowFragments") else 0) \
        | (2 if opts.get("removesKeysWithNullValues") else 0) | (0 if ct in good else 4) \
        | (0 if 200 <= int(inp.get("statusCode", 200)) <= 299 else 8)
    return bytes([RESPONSE_SERIALIZERS.index(inp["serializer"]), profile, flags]) + body

def response_seeds():
    for s, body in [("xml", b"<a b='1'>x&amp;y<![CDATA[<]]><!--c--><?p i?></a>"), ("xml", "\ufeff<a>é</a>".encode("utf-16")),
                    ("xml", b"<a><b></a>"), ("json", '{"a":[null,1]}'.encode("utf-16-le")), ("json", b'\xef\xbb\xbf{"a":null}'),
                    ("json", '["x"]'.encode("utf-32")), ("json", '{"b":[1]}'.encode("utf-16")),
                    ("json", b"\xfe\xff" + '[1]'.encode("utf-16-be")), ("json", '[2]'.encode("utf-32-be")), ("plist", b'<plist version="1.0"><dict><key>a</key><integer>1</integer></dict></plist>'),
                    ("compound", b"<a/>"), ("http", b"")]:
        for profile in range(3):
            write("response", f"seed-{s}-{profile}-{body[:12].hex()}", bytes([RESPONSE_SERIALIZERS.index(s), profile, 2]) + body)

def enabled_targets():
    """The targets of scripts/fuzz/targets.json (no canary): seeds are written only for targets that exist."""
    return fuzz.load().names()

GENERATORS = {
    "percent-escape": [percent_escape_seeds], "query-string": [query_string_seeds],
    "json": [json_seeds, json_dialect_seeds], "request": [request_seeds], "media-type": [media_type_seeds],
    "content-decode": [content_decode_seeds], "image": [image_seeds],
    "multipart-writer": [multipart_writer_seeds], "multipart-parser": [multipart_parser_seeds],
    "response": [response_seeds], "plist-request": [plist_request_seeds],
}

if __name__ == "__main__":
    targets = enabled_targets()
    for t in targets:
        for g in GENERATORS.get(t, []):
            g()
    vectors = Path(sys.argv[1]) if len(sys.argv) > 1 else VECTORS
    print(f"derived {vector_inputs(vectors)} inputs from golden vectors in {vectors}")
