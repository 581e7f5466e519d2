"""Vectors/response/content-encoding.json: bodies decoded per Content-Encoding before validation and parsing (SPEC §7).

Inputs from Python's gzip/zlib (oracles/s7), objects from json.loads.
"""
import json

from ...images import png_build
from ...oracles.s6_responses import ABSENT, COCOA, ctype_error, resp
from ...oracles.s7_content_encoding import gz, raw, zl
from ...vectorfile import VectorFile
from ._shared import GZIP, HTTP_OBJECT, ORDER, SPEC65, SPEC7, SPEC8, X_GZIP, ZLIB, accepted, trailer_unchecked


def build():
    # Default: SPEC §7 (decoding is beyond AF; raw deflate, identity, empty bodies, the option and the error kinds are its own).
    f = VectorFile("response", "content-encoding", "Response bodies decoded per Content-Encoding before validation and parsing, with "
                   "decodeContentEncoding (SPEC §7); inputs from Python's gzip/zlib, objects from json.loads", ["SPEC§7"], verdict=SPEC7)
    on = {"decodeContentEncoding": True}
    doc = '{"a":[1,2,{"b":"c"}],"d":null}'
    g = gz(doc.encode("utf-8"))
    for coding, body, verdict in [("gzip", g, GZIP), ("x-gzip", g, X_GZIP), ("deflate", zl(doc.encode("utf-8")), ZLIB),
                                  ("deflate", raw(doc.encode("utf-8")), SPEC7), ("gzip, identity", g, SPEC7), ("identity", doc.encode("utf-8"), SPEC7)]:
        f.add("JSON body under Content-Encoding %r, decoded before parsing → json.loads of the plaintext" % coding,
              resp("json", 200, "application/json", body, headers=[["Content-Encoding", coding]]),
              {"valid": True, "object": json.loads(doc), "error": ABSENT}, options=on, refs=["RFC1952" if "gzip" in coding else "RFC1950"],
              verdict=verdict)
    both = zl(gz(doc.encode("utf-8")))
    f.add("two Content-Encoding fields 'gzip' then 'deflate' combine to 'gzip, deflate' (RFC 9110 §5.3) and are undone right to left",
          resp("json", 200, "application/json", both, headers=[["Content-Encoding", "gzip"], ["content-encoding", "deflate"]]),
          {"valid": True, "object": json.loads(doc), "error": ABSENT}, options=on, refs=["RFC9110#8.4.1"], verdict=ORDER)
    f.add("without decodeContentEncoding the gzip bytes reach the JSON parser (URLSession already decoded what AF sees) → 3840",
          resp("json", 200, "application/json", g, headers=[["Content-Encoding", "gzip"]]),
          {"valid": True, "object": ABSENT, "error": {"domain": COCOA, "code": 3840}})
    img = png_build(3, 2)
    f.add("a gzip-encoded PNG is decoded, then identified", resp("image", 200, "image/png", gz(img), headers=[["Content-Encoding", "gzip"]]),
          {"valid": True, "object": {"format": "png", "width": 3, "height": 2}, "error": ABSENT}, options=on, refs=["RFC1952"], verdict=SPEC65)
    f.add("the HTTP serializer returns the decoded bytes", resp("http", 200, "text/plain", gz(b"plain text"),
                                                              headers=[["Content-Encoding", "gzip"]]),
          {"valid": True, "object": {"text": "plain text"}, "error": ABSENT}, options=on, refs=["RFC1952"], verdict=HTTP_OBJECT)
    f.add("no body stays no body under Content-Encoding gzip", resp("json", 204, "application/json", None, headers=[["Content-Encoding", "gzip"]]),
          {"valid": True, "object": ABSENT, "error": ABSENT}, options=on)
    f.add("an empty body under Content-Encoding gzip decodes to empty (SPEC §7 decision) → no object, no error",
          resp("json", 200, "application/json", b"", headers=[["Content-Encoding", "gzip"]]), {"valid": True, "object": ABSENT, "error": ABSENT}, options=on)
    f.add("decoding comes before validation: a gzip body decoded to '<p>' under text/html still fails content-type (−1016)",
          resp("json", 200, "text/html", gz(b"<p>"), headers=[["Content-Encoding", "gzip"]]),
          {"valid": False, "object": ABSENT, "error": ctype_error("text/html")}, options=on, refs=["SPEC§6.3"])
    bad = g[:-8] + bytes([g[-8] ^ 0xFF]) + g[-7:]
    f.add("a gzip body with a wrong CRC32: the decode error is the output (corruptContent; Python's gzip rejects it too)",
          resp("json", 200, "application/json", bad, headers=[["Content-Encoding", "gzip"]]),
          {"error": {"domain": "AFSerialization", "kind": "corruptContent"}}, options=on, refs=["RFC1952"],
          verdict=trailer_unchecked(json.loads(doc), accepted))
    f.add("a gzip body cut in half: truncatedContent (zlib reaches no end-of-stream marker)",
          resp("json", 200, "application/json", g[: len(g) // 2], headers=[["Content-Encoding", "gzip"]]),
          {"error": {"domain": "AFSerialization", "kind": "truncatedContent"}}, options=on, refs=["RFC1952"])
    f.add("Content-Encoding br: unsupportedContentEncoding", resp("json", 200, "application/json", g, headers=[["Content-Encoding", "br"]]),
          {"error": {"domain": "AFSerialization", "kind": "unsupportedContentEncoding"}}, options=on, refs=["RFC9110#8.4.1"])
    big = gz(b"[" + b"0," * 5000 + b"0]")
    f.add("decoded size 10003 over maxDecodedSize 10002: limitExceeded", resp("json", 200, "application/json", big, headers=[["Content-Encoding", "gzip"]]),
          {"error": {"domain": "AFSerialization", "kind": "limitExceeded"}}, options={"decodeContentEncoding": True, "maxDecodedSize": 10002}, refs=["SPEC§8"],
          verdict=SPEC8)
    f.add("decoded size 10003 = maxDecodedSize 10003: parsed", resp("json", 200, "application/json", big, headers=[["Content-Encoding", "gzip"]]),
          {"valid": True, "object": [0] * 5001, "error": ABSENT}, options={"decodeContentEncoding": True, "maxDecodedSize": 10003}, refs=["SPEC§8"],
          verdict=SPEC8)
    assert len(b"[" + b"0," * 5000 + b"0]") == 10003
    # The 5-layer cap counts the combined list: repeated fields are one list (SPEC §6.3, RFC 9110 §5.3), so two fields of
    # three codings are six layers, not two lists of three (curl CVE-2023-23916 counted per field).
    six = g
    for _ in range(5):
        six = gz(six)
    f.add("two Content-Encoding fields of three gzip codings each: one list of six layers, over SPEC §7's 5 → limitExceeded, "
          "context limit 5 (the cap counts the combined list; RFC 9110 §5.3 combines repeated fields)",
          resp("json", 200, "application/json", six, headers=[["Content-Encoding", "gzip, gzip, gzip"], ["Content-Encoding", "gzip, gzip, gzip"]]),
          {"error": {"domain": "AFSerialization", "kind": "limitExceeded", "context": {"limit": "5"}}}, options=on, refs=["SPEC§8"],
          verdict=SPEC7)
    return f
