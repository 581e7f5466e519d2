#!/usr/bin/env python3
"""Generates Vectors/response/*.json and Vectors/null-clean/*.json (SPEC §6).

Oracles: status phrases and error texts are copied from SPEC §6.3 (which pins Darwin's English
NSHTTPURLResponse phrases); JSON objects come from Python's json.loads of the body (only bodies on
which Python and Foundation agree are used: no NaN/Infinity, no duplicate keys, no leading zeros);
null cleaning from a transcription of the SPEC §6.4 rule; images are built byte by byte here
(PNG chunks with zlib.crc32/zlib.compress, GIF/BMP/JPEG headers with struct) so their sizes are known
by construction; property lists from plistlib.
"""
import json
import plistlib
import random
import struct
import sys
import zlib

from vectorlib import VectorFile, bytes_value, write_all

GEN = "scripts/gen_response.py"
RESP = "com.alamofire.error.serialization.response"
COCOA = "NSCocoaErrorDomain"
URL = "http://example.com/resource"
ABSENT = {"$absent": True}

PHRASES = {
    100: "continue", 101: "switching protocols", 200: "no error", 201: "created", 202: "accepted",
    203: "non-authoritative information", 204: "no content", 205: "reset content", 206: "partial content",
    300: "multiple choices", 301: "moved permanently", 302: "found", 303: "see other", 304: "not modified",
    305: "needs proxy", 307: "redirected", 400: "bad request", 401: "unauthorized", 402: "payment required",
    403: "forbidden", 404: "not found", 405: "method not allowed", 406: "unacceptable",
    407: "proxy authentication required", 408: "request timed out", 409: "conflict", 410: "no longer exists",
    411: "length required", 412: "precondition failed", 413: "request too large", 414: "requested URL too long",
    415: "unsupported media type", 416: "requested range not satisfiable", 417: "expectation failed",
    500: "internal server error", 501: "unimplemented", 502: "bad gateway", 503: "service unavailable",
    504: "gateway timed out", 505: "unsupported version",
}
CLASSES = {1: "informational", 2: "success", 3: "redirected", 4: "client error", 5: "server error"}


def phrase(code):
    return PHRASES.get(code) or CLASSES[code // 100]


def resp(serializer, status=200, ctype=None, body=None, url=URL, headers=None):
    r = {"serializer": serializer, "statusCode": status}
    h = list(headers or [])
    if ctype is not None:
        h.insert(0, ["Content-Type", ctype])
    if h:
        r["headers"] = h
    if url is not None:
        r["url"] = url
    if body is not None:
        r["body"] = bytes_value(body if isinstance(body, bytes) else body.encode("utf-8"))
    return r


def status_error(code):
    return {"domain": RESP, "code": -1011, "description": "Request failed: %s (%d)" % (phrase(code), code)}


def ctype_error(mime):
    return {"domain": RESP, "code": -1016, "description": "Request failed: unacceptable content-type: %s" % (mime if mime else "(null)")}


def status_file():
    f = VectorFile("response", "status", "Status validation and Darwin's English status phrases (SPEC §6.3)",
                   ["SPEC§6.1", "SPEC§6.3"], GEN)
    codes = sorted(PHRASES) + [102, 103, 226, 308, 418, 422, 429, 451, 506, 511, 599, 199]
    never = {"acceptableStatusCodes": [[600, 600]]}
    for code in codes:
        f.add("status %d is not acceptable: −1011 'Request failed: %s (%d)' (phrase from SPEC §6.3)" % (code, phrase(code), code),
              resp("http", code, body="x"), {"valid": False, "error": status_error(code)}, options=never)
    for code in [200, 201, 204, 250, 299]:
        f.add("status %d is in the default 200…299" % code, resp("http", code, body="ok"), {"valid": True, "error": ABSENT})
    for code in [199, 300, 404, 500]:
        f.add("status %d is outside the default 200…299" % code, resp("http", code, body="x"), {"valid": False, "error": status_error(code)})
    f.add("without a URL the status is not checked at all: valid, no error (SPEC §6.3: 'and the URL is present')", resp("http", 500, body="x", url=None),
          {"valid": True, "error": ABSENT})
    f.add("custom acceptable ranges [[200,200],[304,304]]: 304 passes", resp("http", 304, body=""), {"valid": True, "error": ABSENT},
          options={"acceptableStatusCodes": [[200, 200], [304, 304]]})
    f.add("custom acceptable ranges [[200,200],[304,304]]: 201 fails", resp("http", 201, body="x"), {"valid": False, "error": status_error(201)},
          options={"acceptableStatusCodes": [[200, 200], [304, 304]]})
    f.add("the HTTP serializer returns the body bytes as its object", resp("http", 200, "text/plain", "hello"),
          {"valid": True, "object": {"text": "hello"}}, refs=["SPEC§6.5"])
    return f


def ctype_file():
    f = VectorFile("response", "content-type", "Content-type validation; content type checked before status (SPEC §6.2, §6.3)",
                   ["SPEC§6.3"], GEN)
    j = "application/json"
    for ct in ["application/json", "text/json", "text/javascript", "application/json; charset=utf-8", "APPLICATION/JSON"]:
        f.add("JSON serializer accepts %r by default (MIME type lowercased in every profile)" % ct, resp("json", 200, ct, '{"a":1}'),
              {"valid": True, "object": {"a": 1}}, refs=["SPEC§6.2"])
    for ct in ["text/html", "text/plain", "application/xml"]:
        f.add("JSON serializer rejects %s: −1016 with the MIME type, no object (SPEC §6.3, §6.4)" % ct, resp("json", 200, ct, '{"a":1}'),
              {"valid": False, "object": ABSENT, "error": ctype_error(ct)})
    f.add("no Content-Type and a non-empty body: −1016 with (null) (SPEC §6.3)", resp("json", 200, None, '{"a":1}'),
          {"valid": False, "error": ctype_error(None)})
    f.add("no Content-Type and an empty body is not a content-type failure (SPEC §6.3)", resp("json", 200, None, ""),
          {"valid": True, "error": ABSENT, "object": ABSENT})
    f.add("unacceptable type with an empty body: invalid, but no error is created (SPEC §6.3)", resp("json", 200, "text/html", ""),
          {"valid": False, "error": ABSENT})
    f.add("unacceptable type without a URL: invalid but no error is created, so nothing in the chain stops the JSON parse → 3840 (SPEC §6.3, §6.4)",
          resp("json", 200, "text/html", "<p>", url=None),
          {"valid": False, "object": ABSENT, "error": {"domain": COCOA, "code": 3840, "underlying": ABSENT}})
    f.add("both fail: −1011 outer, −1016 underlying (SPEC §6.3)", resp("json", 500, "text/html", "<p>"),
          {"valid": False, "error": dict(status_error(500), underlying=ctype_error("text/html"))})
    f.add("HTTP serializer has no acceptable content types: anything passes", resp("http", 200, "application/x-whatever", "z"),
          {"valid": True, "error": ABSENT})
    o = {"acceptableContentTypes": ["Application/JSON"]}
    f.add("af: exact string match, so 'Application/JSON' never matches the lowercased MIME type", resp("json", 200, j, "{}"),
          {"valid": False, "error": ctype_error(j)}, options=o, profiles=["af3", "af4"])
    f.add("strict: type/subtype compare case-insensitively (RFC 9110 §8.3.1)", resp("json", 200, j, "{}"),
          {"valid": True, "object": {}}, options=o, profiles=["strict"], refs=["RFC9110#8.3.1"])
    o = {"acceptableContentTypes": ["text/*"]}
    f.add("af: 'text/*' is a literal string, no wildcard", resp("http", 200, "text/html", "x"), {"valid": False, "error": ctype_error("text/html")},
          options=o, profiles=["af3", "af4"])
    f.add("strict: 'text/*' matches text/html", resp("http", 200, "text/html", "x"), {"valid": True}, options=o, profiles=["strict"])
    o = {"acceptableContentTypes": ["*/*"]}
    f.add("strict: '*/*' matches anything", resp("http", 200, "image/png", "x"), {"valid": True}, options=o, profiles=["strict"])
    o = {"acceptableContentTypes": ["text/plain"]}
    f.add("strict ignores parameters when matching", resp("http", 200, "text/plain; charset=utf-8", "x"), {"valid": True}, options=o,
          profiles=["strict"])
    f.add("HTTP serializer, unacceptable type without a URL: invalid, no error (SPEC §6.3)", resp("http", 200, "text/html", "<p>", url=None),
          {"valid": False, "error": ABSENT}, options={"acceptableContentTypes": ["application/json"]})
    f.add("strict: a malformed Content-Type has no MIME type → −1016 (null)", resp("http", 200, "text/plain; charset", "x"),
          {"valid": False, "error": ctype_error(None)}, options=o, profiles=["strict"], refs=["SPEC§6.2"])
    return f


VALID_JSON = [
    '{"a":1}', '{"a":[1,2,{"b":null}],"c":"d"}', '[]', '{}', '[1,"two",true,false,null]', '{"unicode":"\\u00e9\\ud83d\\ude00"}',
    '{"esc":"\\"\\\\\\/\\b\\f\\n\\r\\t"}', '  {"ws" : [ 1 , 2 ]}  ', '{"n":-0.5,"e":1e3,"E":2E-2,"big":12345678901234567890}',
    '[[[[[[]]]]]]', '{"k":"日本語"}', '{"z":1,"a":2}', '[{"a":{}}]',
]
# Foundation's JSONSerialization on this platform accepts these (checked with swift-corelibs-foundation,
# Swift 6.3.1, 2026-11-22) although RFC 8259 and Python reject them; SPEC §6.4 follows Foundation.
FOUNDATION_ACCEPTS = [("[1,]", [1]), ('{"a":1,}', {"a": 1}), ('\ufeff{"bom":1}', {"bom": 1})]
INVALID_JSON = ["{", "[1,,2]", "{'a':1}", "tru", "[1 2]", '{"a" 1}', '"unterminated', "[", "}", '{"a":}', "{} x", "[01]", "{,}", "nul", "[\"\\x\"]", "[,1]"]


def json_file():
    f = VectorFile("response", "json", "The JSON response serializer (SPEC §6.4); objects from Python json.loads",
                   ["SPEC§6.4"], GEN)
    j = "application/json"
    for body in VALID_JSON:
        b = body.encode("utf-8")
        f.add("valid JSON %s → object as parsed by Python json.loads" % json.dumps(body[:40]), resp("json", 200, j, b),
              {"valid": True, "object": json.loads(body), "error": ABSENT})
    for body in INVALID_JSON:
        try:
            json.loads(body)
            raise AssertionError(body)
        except json.JSONDecodeError:
            pass
        f.add("invalid JSON %s → NSCocoaErrorDomain 3840 (rejected by Python json, RFC 8259 and Foundation on this platform)" % json.dumps(body),
              resp("json", 200, j, body), {"object": ABSENT, "error": {"domain": COCOA, "code": 3840}})
    for body, obj in FOUNDATION_ACCEPTS:
        f.add("Foundation dialect: %s is accepted by JSONSerialization on this platform (checked 2026-11-22), though not RFC 8259 (SPEC §6.4)" % json.dumps(body),
              resp("json", 200, j, body.encode("utf-8")), {"valid": True, "object": obj, "error": ABSENT}, profiles=["af3", "af4"])
        f.add("strict corrects AF where it breaks an RFC (SPEC §0): %s is not RFC 8259 JSON → 3840" % json.dumps(body),
              resp("json", 200, j, body.encode("utf-8")), {"object": ABSENT, "error": {"domain": COCOA, "code": 3840}}, profiles=["strict"])
    for body in ["1", '"s"', "true", "-2.5"]:
        f.add("fragment %s rejected without allowFragments (3840)" % body, resp("json", 200, j, body), {"error": {"domain": COCOA, "code": 3840}})
        f.add("fragment %s accepted with allowFragments" % body, resp("json", 200, j, body), {"object": json.loads(body), "error": ABSENT},
              options={"readingOptions": {"allowFragments": True}})
    f.add("empty body → no object, no error (SPEC §6.4)", resp("json", 200, j, ""), {"valid": True, "object": ABSENT, "error": ABSENT})
    f.add("absent body → no object, no error (SPEC §6.4)", resp("json", 204, j, None), {"object": ABSENT, "error": ABSENT})
    f.add("a single space (Rails head :ok) → no object, no error (SPEC §6.4)", resp("json", 200, j, " "), {"object": ABSENT, "error": ABSENT})
    f.add("two spaces are not the Rails special case → 3840", resp("json", 200, j, "  "), {"error": {"domain": COCOA, "code": 3840}})
    f.add("status-only failure still parses: object and −1011 (SPEC §6.4)", resp("json", 404, j, '{"error":"nope"}'),
          {"valid": False, "object": {"error": "nope"}, "error": status_error(404)})
    f.add("status failure and parse failure: parse error outer, −1011 underlying (SPEC §6.4)", resp("json", 500, j, "{"),
          {"object": ABSENT, "error": {"domain": COCOA, "code": 3840, "underlying": status_error(500)}})
    f.add("content-type failure anywhere in the chain → no object even if the body parses (SPEC §6.4)", resp("json", 500, "text/html", "{}"),
          {"object": ABSENT, "error": dict(status_error(500), underlying=ctype_error("text/html"))})
    deep = "[" * 600 + "]" * 600
    f.add("600 nested arrays exceed the JSON depth limit 512 → typed error, no crash (SPEC §8)", resp("json", 200, j, deep),
          {"object": ABSENT, "error": {"domain": "AFSerialization", "kind": "nestingTooDeep"}}, refs=["SPEC§8"])
    ok = "[" * 100 + "]" * 100
    obj = []
    for _ in range(99):
        obj = [obj]
    f.add("100 nested arrays are within the limit", resp("json", 200, j, ok), {"object": obj}, refs=["SPEC§8"])
    return f


def clean(v, profile, top=True):
    """SPEC §6.4 null cleaning."""
    if isinstance(v, dict):
        return {k: clean(x, profile, False) for k, x in v.items() if x is not None}
    if isinstance(v, list):
        return [clean(x, profile, False) for x in v if not (x is None and profile != "af3")]
    return v


def random_json(rng, depth):
    r = rng.random()
    if depth == 0 or r < 0.4:
        return rng.choice([None, None, 1, "s", True, False, 0, "", -7])
    if r < 0.7:
        return {k: random_json(rng, depth - 1) for k in rng.sample(["a", "b", "c", "d", "e", "null", "x y"], rng.randint(0, 4))}
    return [random_json(rng, depth - 1) for _ in range(rng.randint(0, 4))]


def null_clean_files():
    f = VectorFile("null-clean", "spec", "removesKeysWithNullValues as SPEC §6.4 states it: af3 keeps null array elements, af4/strict drop them",
                   ["SPEC§6.4"], GEN)
    cases = [
        ({"a": None}, "{\"a\":null} → {}"), ([None], "[null]"), ({"a": [None, 1, {"b": None}]}, "nested"),
        ({"a": {"b": {"c": None, "d": 1}}}, "deep dictionary"), ([[None], [None, None]], "arrays of nulls"),
        (None, "top-level null is returned unchanged"), (1, "top-level scalar unchanged"), ("s", "top-level string unchanged"),
        ({}, "empty dictionary stays"), ([], "empty array stays"), ({"a": {}}, "emptied containers stay"),
        ({"a": 0, "b": False, "c": "", "d": None}, "only null is removed, not falsy values"),
        ([{"a": None}, None, [None, {"b": [None]}]], "mixed nesting"),
    ]
    for v, what in cases:
        for profiles in (["af3"], ["af4", "strict"]):
            p = profiles[0]
            f.add("%s (%s) by the SPEC §6.4 rule" % (what, "/".join(profiles)), {"json": v}, {"json": clean(v, p)}, profiles=profiles)
    g = VectorFile("null-clean", "generated", "Seeded random JSON trees (seed 64) cleaned by the SPEC §6.4 transcription in scripts/gen_response.py",
                   ["SPEC§6.4"], GEN)
    rng = random.Random(64)
    for i in range(30):
        v = random_json(rng, 4)
        for profiles in (["af3"], ["af4", "strict"]):
            g.add("random tree %d (%s)" % (i, "/".join(profiles)), {"json": v}, {"json": clean(v, profiles[0])}, profiles=profiles)
    deep = None
    for _ in range(600):
        deep = {"k": deep}
    g.add("600 nested objects: iterative or limited, never a stack overflow → nestingTooDeep (SPEC §8)", {"json": deep},
          {"error": {"domain": "AFSerialization", "kind": "nestingTooDeep"}}, refs=["SPEC§8"])
    return [f, g]


def response_clean_file():
    f = VectorFile("response", "null-clean", "JSON response serializer with removesKeysWithNullValues (SPEC §6.4)", ["SPEC§6.4"], GEN)
    body = '{"a":null,"b":[null,1],"c":{"d":null}}'
    v = json.loads(body)
    o = {"removesKeysWithNullValues": True}
    f.add("af3 keeps null array elements", resp("json", 200, "application/json", body), {"object": clean(v, "af3")}, options=o, profiles=["af3"])
    f.add("af4/strict drop null array elements", resp("json", 200, "application/json", body), {"object": clean(v, "af4")}, options=o,
          profiles=["af4", "strict"])
    f.add("off by default: nulls kept", resp("json", 200, "application/json", body), {"object": v})
    return f


def png(w, h, color_type=2, bit_depth=8):
    def chunk(t, data):
        return struct.pack(">I", len(data)) + t + data + struct.pack(">I", zlib.crc32(t + data) & 0xFFFFFFFF)
    bpp = {0: 1, 2: 3, 6: 4}[color_type]
    raw = b"".join(b"\x00" + bytes(w * bpp) for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, bit_depth, color_type, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def gif(w, h):
    return b"GIF89a" + struct.pack("<HH", w, h) + b"\x00\x00\x00" + b",\x00\x00\x00\x00" + struct.pack("<HH", w, h) + b"\x00\x02\x02\x44\x01\x00;"


def bmp(w, h):
    row = (w * 3 + 3) & ~3
    pixels = bytes(row * h)
    return (b"BM" + struct.pack("<IHHI", 54 + len(pixels), 0, 0, 54) + struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pixels), 2835, 2835, 0, 0)
            + pixels)


def jpeg(w, h):
    sof = b"\xff\xc0" + struct.pack(">HBHHB", 17, 8, h, w, 3) + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    return b"\xff\xd8" + b"\xff\xe0" + struct.pack(">H", 16) + b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" + sof + b"\xff\xd9"


def other_serializers_file():
    f = VectorFile("response", "serializers", "XML, property-list, image and compound serializers (SPEC §6.5)", ["SPEC§6.5"], GEN)
    xml = '<?xml version="1.0"?><root><a>1</a></root>'
    f.add("XML: validated, body returned as bytes (AF never parses)", resp("xml", 200, "application/xml", xml), {"valid": True, "object": {"text": xml}})
    f.add("XML: text/xml is acceptable by default", resp("xml", 200, "text/xml", xml), {"valid": True, "object": {"text": xml}})
    f.add("XML: application/json is not acceptable → −1016", resp("xml", 200, "application/json", "{}"),
          {"valid": False, "error": ctype_error("application/json")}, refs=["SPEC§6.3"])
    f.add("af: XML that is not well-formed is still returned as bytes", resp("xml", 200, "application/xml", "<a><b></a>"),
          {"object": {"text": "<a><b></a>"}}, profiles=["af3", "af4"])
    pl = {"name": "x", "n": 3, "ok": True, "list": [1, "two"], "d": {"k": "v"}}
    pl = dict(sorted(pl.items()))  # a plist dictionary has no order; sorted in the file and in the expected object
    body = plistlib.dumps(pl, sort_keys=True)
    f.add("property list: parsed to a value (plistlib-written XML plist)", resp("plist", 200, "application/x-plist", body),
          {"valid": True, "object": pl, "error": ABSENT})
    f.add("property list: no body → no object", resp("plist", 200, "application/x-plist", None), {"object": ABSENT})
    f.add("property list: a corrupt plist fails with Foundation's error (NSCocoaErrorDomain 3840)", resp("plist", 200, "application/x-plist", "<plist><dict><key>a</key></plist>"),
          {"object": ABSENT, "error": {"domain": COCOA, "code": 3840}})
    for data, fmt, w, h, ct in [(png(1, 1), "png", 1, 1, "image/png"), (png(3, 2), "png", 3, 2, "image/png"), (png(17, 5, 6), "png", 17, 5, "image/png"),
                                (png(640, 1, 0), "png", 640, 1, "image/png"), (gif(10, 20), "gif", 10, 20, "image/gif"),
                                (bmp(4, 3), "bmp", 4, 3, "image/bmp"), (jpeg(32, 16), "jpeg", 32, 16, "image/jpeg")]:
        f.add("image: %s %d×%d identified from its header (built byte by byte in the generator)" % (fmt, w, h), resp("image", 200, ct, data),
              {"valid": True, "object": {"format": fmt, "width": w, "height": h}})
    f.add("image: text/plain is not an image content type → −1016", resp("image", 200, "text/plain", png(1, 1)),
          {"valid": False, "error": ctype_error("text/plain")}, refs=["SPEC§6.3"])
    j = '{"a":[1]}'
    f.add("compound [json, xml]: JSON wins for application/json", resp("compound", 200, "application/json", j), {"object": {"a": [1]}},
          options={"serializers": ["json", "xml"]})
    f.add("compound [json, xml]: XML wins for text/xml", resp("compound", 200, "text/xml", "<a/>"), {"object": {"text": "<a/>"}},
          options={"serializers": ["json", "xml"]})
    f.add("compound [json]: nothing matches text/plain → plain HTTP behaviour, body bytes", resp("compound", 200, "text/plain", "hi"),
          {"valid": True, "object": {"text": "hi"}}, options={"serializers": ["json"]})
    return f


def main():
    print("response: %d vectors" % write_all([status_file(), ctype_file(), json_file(), response_clean_file(), other_serializers_file()]))
    print("null-clean: %d vectors" % write_all(null_clean_files()))


if __name__ == "__main__":
    sys.exit(main())
