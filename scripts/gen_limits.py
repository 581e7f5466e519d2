#!/usr/bin/env python3
"""Generates the limits-defaults.json topic files (SPEC §8 default limits, issue 13).

Each default limit N is pinned by an input of exactly N (accepted) and one of N + 1 (a typed
`limitExceeded`), with the default options, in the component that enforces it:

  Vectors/multipart/limits-defaults.json        maxMultipartParts 10,000 (the writer)
  Vectors/multipart-parse/limits-defaults.json  maxPartHeaderBytes 16 KiB (the parser)
  (content-decode maxDecodedSize 64 MiB: a Swift test, ContentEncodingTests)
  Vectors/response/limits-defaults.json         maxImagePixels 10^8 (one pixel over)

Oracles: the defaults are SPEC §8 and the README; what a limit counts is the decision already pinned
for the configurable limit in gen_multipart.py / gen_multipart_parse.py (parts are counted by the
writer as they are added; a part's header bytes run from its first header byte through the LF of
the empty line; the error offset is the first byte over the limit); multipart framing from SPEC §5.2
with every body parsed back by Python's `email` (asserted); gzip bodies from Python's `gzip`
(decoded back with `gzip.decompress`, asserted); the PNG header built by hand (`struct`,
`zlib.crc32`, PNG spec §11.2.2 IHDR).

maxMultipartBytes (1 GiB) is not pinned here: a vector would need a 1 GiB body (a Swift test does it).
"""
import email.parser
import email.policy
import gzip
import struct
import sys
import zlib

from vectorlib import VectorFile, bytes_value, write_all

GEN = "scripts/gen_limits.py"
CORE = "AFSerialization"
B = "Boundary+D87993F14D11D1AD"
BB = B.encode()


def email_parts(body):
    """Python's email reading of a multipart/form-data body: [(name, payload bytes, headers)]."""
    msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        b"Content-Type: multipart/form-data; boundary=" + BB + b"\r\n\r\n" + body)
    assert msg.is_multipart()
    return [(p.get_param("name", header="content-disposition"), p.get_payload(decode=True), p) for p in msg.iter_parts()]


def multipart_file():
    f = VectorFile("multipart", "limits-defaults",
                   "The default maxMultipartParts (10,000, SPEC §8): 10,000 parts are written, 10,001 are limitExceeded",
                   ["SPEC§8", "SPEC§5.2", "SPEC§5.3"], GEN)
    limit = 10000
    # Parameters become one form field per array element, field a[] (SPEC §5.3, §2.2).
    n = limit
    first = b"--" + BB + b"\r\n"
    later = b"\r\n--" + BB + b"\r\n"
    close = b"\r\n--" + BB + b"--\r\n"
    part = b'Content-Disposition: form-data; name="a[]"\r\n\r\n0'
    body = first + part + (later + part) * (n - 1) + close
    got = email_parts(body)
    assert len(got) == n and all(name == "a[]" and payload == b"0" for name, payload, _ in got)
    assert len(first) == 29 and len(later) == 31 and len(close) == 33  # SPEC §5.2
    f.add("10,000 parameter fields (the default maxMultipartParts) are written: Content-Length %d from the SPEC §5.2 framing "
          "(29 + 31 × 9,999 + 33 delimiter bytes, 46 per part's header section and body), the body parsed back by Python's "
          "email as 10,000 parts" % len(body),
          {"method": "POST", "url": "http://example.com/", "parameters": {"a": [0] * n}, "boundary": B},
          {"contentLength": len(body)})
    f.add("10,001 parameter fields: one over the default maxMultipartParts 10,000 → limitExceeded (SPEC §8; the writer counts "
          "parts as they are added, as multipart/read-sizes/031 does for a configured limit)",
          {"method": "POST", "url": "http://example.com/", "parameters": {"a": [0] * (n + 1)}, "boundary": B},
          {"error": {"domain": CORE, "kind": "limitExceeded", "context": {"limit": "maxMultipartParts=10000"}}})
    return f


def multipart_parse_file():
    f = VectorFile("multipart-parse", "limits-defaults",
                   "The default maxPartHeaderBytes (16 KiB, SPEC §8): a header section of 16,384 bytes parses, 16,385 is limitExceeded",
                   ["SPEC§8", "SPEC§5.7"], GEN)
    limit = 16 * 1024
    head = b"--" + BB + b"\r\n"
    cd = b'Content-Disposition: form-data; name="a"\r\n'
    close = b"\r\n--" + BB + b"--\r\n"
    for size in (limit, limit + 1):
        pad = size - len(cd) - len(b"X-Pad: \r\n") - 2  # the section ends with the empty line's CR LF
        section = cd + b"X-Pad: " + b"x" * pad + b"\r\n" + b"\r\n"
        assert len(section) == size
        body = head + section + b"1" + close
        if size == limit:
            (name, payload, p), = email_parts(body)
            assert name == "a" and payload == b"1" and len(p["X-Pad"]) == pad
            f.add("a header section of exactly 16,384 bytes (the default maxPartHeaderBytes; counted from the first header byte "
                  "through the empty line's LF, as multipart-parse/limits pins for a configured limit): accepted; part read back "
                  "by Python's email",
                  {"boundary": B, "body": bytes_value(body)},
                  {"parts": [{"name": "a", "headers": [["Content-Disposition", 'form-data; name="a"'], ["X-Pad", "x" * pad]],
                              "body": {"text": "1"}}]})
        else:
            f.add("a header section of 16,385 bytes: one over the default maxPartHeaderBytes → limitExceeded at byte %d, the "
                  "first byte over the limit (the empty line's LF), context part 0 (SPEC §8; offset rule of multipart-parse/limits)"
                  % (len(head) + limit),
                  {"boundary": B, "body": bytes_value(body)},
                  {"error": {"domain": CORE, "kind": "limitExceeded", "offset": len(head) + limit,
                             "context": {"limit": "maxPartHeaderBytes=16384", "part": "0"}}})
    return f


def content_decode_file():
    f = VectorFile("content-decode", "limits-defaults",
                   "The default maxDecodedSize (64 MiB, SPEC §7, §8): exactly 64 MiB decodes, one byte more is limitExceeded",
                   ["SPEC§7", "SPEC§8", "RFC1952"], GEN)
    limit = 64 * 1024 * 1024
    for size in (limit, limit + 1):
        plain = bytes(size)
        inner = gzip.compress(plain, 9, mtime=0)
        outer = gzip.compress(inner, 9, mtime=0)
        assert gzip.decompress(gzip.decompress(outer)) == plain
        # One profile: decoding does not depend on it, and 64 MiB costs about a second per run.
        what = "exactly 64 MiB" if size == limit else "64 MiB + 1 byte"
        exp = {"error": {"$absent": True}} if size == limit else {"error": {"domain": CORE, "kind": "limitExceeded"}}
        f.add("%s of zeros, gzip twice (Content-Encoding 'gzip, gzip'; the outer layer decodes to %d bytes) with the default "
              "maxDecodedSize 64 MiB: %s (bodies from Python's gzip, decoded back by gzip.decompress; the 64 MiB output is not "
              "listed)" % (what, len(inner), "decodes without error" if size == limit else "limitExceeded"),
              {"contentEncoding": "gzip, gzip", "body": bytes_value(outer)}, exp, profiles=["af4"])
    return f


def png_chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def response_file():
    f = VectorFile("response", "limits-defaults",
                   "The default maxImagePixels (10^8, SPEC §8): a PNG header one pixel over is limitExceeded",
                   ["SPEC§8", "SPEC§6.5"], GEN)
    w, h = 17, 5882353
    assert w * h == 100000001
    png = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    f.add("PNG header 17×5,882,353 = 100,000,001 pixels, one over the default maxImagePixels 10^8 → limitExceeded, context limit "
          "100000000 and format png, no object (SPEC §8; header built with struct + zlib.crc32; context as response/image-details/002)",
          {"serializer": "image", "statusCode": 200, "headers": [["Content-Type", "image/png"]], "url": "http://example.com/resource",
           "body": bytes_value(png)},
          {"valid": True, "object": {"$absent": True},
           "error": {"domain": CORE, "kind": "limitExceeded", "context": {"limit": "100000000", "format": "png"}}},
          options={"inflatesResponseImage": False})
    return f


def main():
    # content_decode_file() is not written: two 64 MiB decodes cost ~0.7 s of every run (and of every
    # mutant in the mutation vectors layer); the default is checked by a Swift test instead.
    files = [multipart_file(), multipart_parse_file(), response_file()]
    print("limits-defaults: %d vectors" % write_all(files))


if __name__ == "__main__":
    sys.exit(main())
