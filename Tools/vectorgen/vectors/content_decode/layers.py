"""Vectors/content-decode/layers.json: coding lists undone in reverse order, at most 5 layers (SPEC §7, RFC 9110 §8.4.1)."""
from ...oracles.s7_content_encoding import gz, py_decode_list, py_gunzip_all, zl
from ...vectorfile import CORE, VectorFile, bytes_value
from ._shared import GZIP, LIST, ORDER, SPEC7


def build():
    f = VectorFile("content-decode", "layers", "Coding lists are undone in reverse order, at most 5 layers (SPEC §7, RFC 9110 §8.4.1)",
                   ["SPEC§7", "RFC9110#8.4.1"])
    data = b"layered payload " * 20
    for codings in [["gzip", "deflate"], ["deflate", "gzip"], ["gzip", "gzip"], ["identity", "gzip"], ["gzip", "identity"],
                    ["deflate", "deflate", "deflate"], ["gzip", "deflate", "gzip", "deflate", "gzip"]]:
        enc = data
        for c in codings:
            enc = {"gzip": gz, "deflate": zl, "identity": lambda d: d}[c](enc)
        header = ", ".join(codings)
        assert py_decode_list(header, enc) == data
        # identity in Content-Encoding is SPEC §7's (RFC 9110 §8.4: it SHOULD NOT be sent, and says nothing of a recipient)
        f.add("Content-Encoding %r: applied left to right, undone right to left (%d layers)" % (header, len(codings)),
              {"contentEncoding": header, "body": bytes_value(enc)}, {"body": bytes_value(data)}, refs=["RFC1952", "RFC1950"],
              verdict=SPEC7 if "identity" in codings else ORDER)
    enc = data
    for _ in range(6):
        enc = gz(enc)
    f.add("six gzip layers exceed the limit of 5 → typed error limitExceeded (SPEC §7, §8)", {"contentEncoding": ", ".join(["gzip"] * 6), "body": bytes_value(enc)},
          {"error": {"domain": CORE, "kind": "limitExceeded"}}, refs=["SPEC§8"], verdict=SPEC7)
    # RFC 9110 §8.4.1 states "All content codings are case-insensitive" without a BCP 14 keyword: SPEC §7 decides it.
    f.add("codings are case-insensitive: 'GZip' (RFC 9110 §8.4.1)", {"contentEncoding": "GZip", "body": bytes_value(gz(data))},
          {"body": bytes_value(data)}, verdict=SPEC7)
    f.add("whitespace around list items is ignored: ' gzip ,deflate '", {"contentEncoding": " gzip ,deflate ", "body": bytes_value(zl(gz(data)))},
          {"body": bytes_value(data)}, verdict=LIST)
    two = gz(b"first member, ") + gz(b"second member")
    assert py_gunzip_all(two) == b"first member, second member"
    for opts in [None, {"chunkSizes": [1]}, {"chunkSizes": [5]}]:
        f.add("multi-member gzip: every member is decoded (RFC 1952 §2.2)%s" % ("" if opts is None else ", chunks %s" % opts["chunkSizes"]),
              {"contentEncoding": "gzip", "body": bytes_value(two)}, {"body": {"text": "first member, second member"}}, options=opts,
              refs=["RFC1952"], verdict=GZIP)
    three = gz(b"a") + gz(b"") + gz(b"c")
    f.add("multi-member gzip with an empty middle member", {"contentEncoding": "gzip", "body": bytes_value(three)}, {"body": {"text": "ac"}},
          refs=["RFC1952"], verdict=GZIP)
    return f
