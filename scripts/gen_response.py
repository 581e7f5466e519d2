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


# --- Foundation oracle for the JSON number range check and UTF-16/32 detection (SPEC §6.4) -----------
#
# SPEC §6.4: af3/af4 accept/reject exactly what Foundation's JSONSerialization accepts on this platform.
# The verdicts below were produced by FOUNDATION_ORACLE (swift-corelibs-foundation, Swift 6.3.1, Linux,
# run 2026-11-23), never by this project; `python3 scripts/gen_response.py --check-foundation` re-runs
# it and fails if any recorded verdict changed. A verdict is the object Foundation returned (re-written
# by JSONSerialization, parsed here with json.loads) or, for a rejection, the "character N" index of
# Foundation's "... around character N." message (an index into the UTF-8 text Foundation parses after
# transcoding, None when its message gives none). SPEC §6.4 wants the byte offset in the body, so the
# expected offset is the length, in the body's own encoding (plus its BOM), of the text before that
# UTF-8 index (computed here with Python's codecs).
FOUNDATION_ORACLE = r"""
import Foundation
let text = try! String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
for line in text.split(separator: "\n") {
    let parts = line.split(separator: "\t")
    let hex = Array(parts[0].utf8)
    var bytes = [UInt8]()
    var i = 0
    while i < hex.count { bytes.append(UInt8(String(decoding: hex[i..<i + 2], as: UTF8.self), radix: 16)!); i += 2 }
    do {
        let o = try JSONSerialization.jsonObject(with: Data(bytes), options: parts[1] == "1" ? [.fragmentsAllowed] : [])
        let d = try JSONSerialization.data(withJSONObject: o, options: [.fragmentsAllowed, .sortedKeys])
        print("ok\t" + String(decoding: d, as: UTF8.self))
    } catch let e as NSError {
        print("err\t\(e.code)\t\(e.userInfo[NSDebugDescriptionErrorKey] ?? "")")
    }
}
"""

# (document, Foundation's object as JSON text, or None = rejected: "Number … is not representable in Swift.")
FOUNDATION_NUMBERS = [
    ("[1e308]", "[1e+308]"), ("[1.7976931348623157e308]", "[1.7976931348623157e+308]"),
    ("[1.7976931348623158e308]", "[1.7976931348623157e+308]"), ("[1.7976931348623159e308]", None),
    ("[1.8e308]", None), ("[2e308]", None), ("[-2e308]", None), ("[-1.8e308]", None),
    ("[18e307]", None), ("[17e307]", "[1.7e+308]"), ("[0.18e309]", None), ("[0.17e309]", "[1.7e+308]"),
    ("[0.0018e311]", None), ("[0.0017e311]", "[1.7e+308]"), ("[0.0000018e314]", None), ("[0.0000017e314]", "[1.7e+308]"),
    ("[1000000000000000000000000e284]", "[1e+308]"), ("[1800000000000000000000000e284]", None), ("[123e306]", "[1.23e+308]"),
    ("[1e0000000000000000000000309]", None), ("[1e0000000000000000000000308]", "[1e+308]"), ("[1e+308]", "[1e+308]"),
    ("[10e307]", "[1e+308]"), ("[0.1e309]", "[1e+308]"), ("[0.000000000000000000000000000000000000001e347]", "[1e+308]"),
    ("[1E+309]", None), ("[1e400]", None), ("[1e999999]", None), ("[1e1000000]", None), ("[1e1000001]", None), ("[1e99999999999]", None),
    ("[0e99999]", "[0]"), ("[0.0e400]", "[0]"), ("[-0e400]", "[-0]"), ("[1e-400]", "[0]"), ("[1e-99999999999]", "[0]"),
    ("[1e-324]", "[0]"), ("[4.9e-324]", "[5e-324]"), ("[12345678901234567890123456789]", "[12345678901234567890123456789]"),
    ("[" + str(2**1024 - 2**970 - 1) + "]", "[1.7976931348623157e+308]"), ("[" + str(2**1024 - 2**970) + "]", None),
    ('{"a":1e400,"a":1}', '{"a":1}'), ('{"a":1,"a":1e400}', None), ('{"a":[1e400],"b":1,"a":2}', '{"a":2,"b":1}'),
    ("[[1e400]]", None), ('{"x":{"y":[1e400]}}', None), ("[1, 2e308, 3e308]", None), ("[1e309, -1e309]", None),
]

# (what, body bytes, fragments, verdict: JSON text | ("error", N, (codec, bom length)) | ("error", None, None))
def _enc(text, codec, bom=b""):
    return bom + text.encode(codec)


_B16LE, _B16BE, _B32LE, _B32BE, _B8 = b"\xff\xfe", b"\xfe\xff", b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff", b"\xef\xbb\xbf"
FOUNDATION_ENCODINGS = []
for _text, _frag in [('{"a":"é"}', 0), ('[1,"x"]', 0), ("[]", 0), ('["😀"]', 0), ("1", 1), ("12", 1), ("[true]", 0), ('{"k":[null]}', 0)]:
    for _name, _codec, _bom, _why in [
            ("UTF-16LE", "utf-16-le", b"", "no BOM: NUL pattern (x,0,x,0) or, under 4 bytes, second byte 0"),
            ("UTF-16LE", "utf-16-le", _B16LE, "BOM FF FE"),
            ("UTF-16BE", "utf-16-be", b"", "no BOM: NUL pattern (0,x,0,x) or, under 4 bytes, first byte 0"),
            ("UTF-16BE", "utf-16-be", _B16BE, "BOM FE FF"),
            ("UTF-32LE", "utf-32-le", b"", "no BOM: NUL pattern (x,0,0,0)"),
            ("UTF-32LE", "utf-32-le", _B32LE, "BOM FF FE 00 00 (checked before UTF-16's FF FE)"),
            ("UTF-32BE", "utf-32-be", b"", "no BOM: NUL pattern (0,0,0,x)"),
            ("UTF-32BE", "utf-32-be", _B32BE, "BOM 00 00 FE FF")]:
        FOUNDATION_ENCODINGS.append(("%s %s, %s" % (_name, _text, _why), _enc(_text, _codec, _bom), _frag, _text))
FOUNDATION_ENCODINGS += [
    ("2 bytes 31 00: second byte NUL → UTF-16LE '1'", bytes.fromhex("3100"), 1, "1"),
    ("2 bytes 00 31: first byte NUL → UTF-16BE '1'", bytes.fromhex("0031"), 1, "1"),
    ("3 bytes 00 31 00: UTF-16BE, the odd trailing byte is dropped", bytes.fromhex("003100"), 1, "1"),
    ("3 bytes 31 00 32: UTF-16LE, the odd trailing byte is dropped", bytes.fromhex("310032"), 1, "1"),
    ("5 bytes of UTF-16LE '12' + '3': the odd trailing byte is dropped", bytes.fromhex("3100320033"), 1, "12"),
    ("UTF-16LE '[]' plus a stray NUL byte: dropped", bytes.fromhex("5b005d0000"), 0, "[]"),
    ("UTF-16BE '[]' plus a stray NUL byte: dropped", bytes.fromhex("005b005d00"), 0, "[]"),
    ("UTF-16LE '\"é\"' fragment (2-byte units, no BOM)", bytes.fromhex("2200e9002200"), 1, '"é"'),
    ("UTF-16BE '\"é\"' fragment (2-byte units, no BOM)", bytes.fromhex("002200e90022"), 1, '"é"'),
    ("UTF-8 BOM skipped: [1]", _B8 + b"[1]", 0, "[1]"),
    ("UTF-8 BOM skipped: fragment 1", _B8 + b"1", 1, "1"),
    ("UTF-16LE BOM then '1'", _B16LE + "1".encode("utf-16-le"), 1, "1"),
    ("UTF-16BE BOM then '1'", _B16BE + "1".encode("utf-16-be"), 1, "1"),
    ("UTF-32LE BOM then '[]'", _B32LE + "[]".encode("utf-32-le"), 0, "[]"),
    ("UTF-32BE BOM then '[]'", _B32BE + "[]".encode("utf-32-be"), 0, "[]"),
    ("UTF-32BE '1' without BOM (0,0,0,x)", bytes.fromhex("00000031"), 1, "1"),
    ("UTF-32LE '1' without BOM (x,0,0,0)", bytes.fromhex("31000000"), 1, "1"),
    ("UTF-16LE trailing comma [1,] (Foundation dialect after transcoding)", "[1,]".encode("utf-16-le"), 0, "[1]"),
    ("UTF-32LE trailing comma [1,]", "[1,]".encode("utf-32-le"), 0, "[1]"),
    ("UTF-16LE surrogate pair D83D DE00 in a string", bytes.fromhex("5b0022003dd800de22005d00"), 0, '["😀"]'),
    # rejections: ("error", N, (codec, bom length)) maps Foundation's UTF-8 index N back to a body offset
    ("UTF-8 BOM + [1 2]: error at the '2'", _B8 + b"[1 2]", 0, ("error", 3, ("utf-8", 3))),
    ("UTF-16LE BOM + [1 2]: error at the '2'", _B16LE + "[1 2]".encode("utf-16-le"), 0, ("error", 3, ("utf-16-le", 2))),
    ("UTF-16BE BOM + [1 2]: error at the '2'", _B16BE + "[1 2]".encode("utf-16-be"), 0, ("error", 3, ("utf-16-be", 2))),
    ("UTF-16LE [1 2]: error at the '2'", "[1 2]".encode("utf-16-le"), 0, ("error", 3, ("utf-16-le", 0))),
    ("UTF-16BE [1 2]: error at the '2'", "[1 2]".encode("utf-16-be"), 0, ("error", 3, ("utf-16-be", 0))),
    ("UTF-32LE [1 2]: error at the '2'", "[1 2]".encode("utf-32-le"), 0, ("error", 3, ("utf-32-le", 0))),
    ("UTF-32BE [1 2]: error at the '2'", "[1 2]".encode("utf-32-be"), 0, ("error", 3, ("utf-32-be", 0))),
    ('UTF-8 ["é" 1]: error at the 1', '["é" 1]'.encode("utf-8"), 0, ("error", 6, ("utf-8", 0))),
    ('UTF-16LE ["é" 1]: é is 2 bytes in UTF-8 but one 2-byte unit here', '["é" 1]'.encode("utf-16-le"), 0, ("error", 6, ("utf-16-le", 0))),
    ('UTF-16BE BOM + ["é" 1]', _B16BE + '["é" 1]'.encode("utf-16-be"), 0, ("error", 6, ("utf-16-be", 2))),
    ('UTF-32LE ["é" 1]', '["é" 1]'.encode("utf-32-le"), 0, ("error", 6, ("utf-32-le", 0))),
    ('UTF-16LE ["😀" 1]: 😀 is 4 bytes in UTF-8 and a 4-byte surrogate pair here', '["😀" 1]'.encode("utf-16-le"), 0, ("error", 8, ("utf-16-le", 0))),
    ('UTF-16BE BOM + ["😀" 1]', _B16BE + '["😀" 1]'.encode("utf-16-be"), 0, ("error", 8, ("utf-16-be", 2))),
    ('UTF-32LE ["😀" 1]: 😀 is one 4-byte unit', '["😀" 1]'.encode("utf-32-le"), 0, ("error", 8, ("utf-32-le", 0))),
    ('UTF-16LE {"é":1 2}', '{"é":1 2}'.encode("utf-16-le"), 0, ("error", 8, ("utf-16-le", 0))),
    ('UTF-16BE BOM + {"é":1 2}', _B16BE + '{"é":1 2}'.encode("utf-16-be"), 0, ("error", 8, ("utf-16-be", 2))),
    ('UTF-32LE {"é":1 2}', '{"é":1 2}'.encode("utf-32-le"), 0, ("error", 8, ("utf-32-le", 0))),
    ("UTF-16LE BOM + a bare surrogate pair outside a string: error at the pair", bytes.fromhex("fffe5b003dd800de"), 0, ("error", 1, ("utf-16-le", 2))),
    ("5b 00 00 d8 5d 00: no NUL pattern in the first 4 bytes → UTF-8, the NUL at 1 is invalid", bytes.fromhex("5b0000d85d00"), 0, ("error", 1, ("latin-1", 0))),
    ("5b 31 5d 00: UTF-8 (no NUL pattern), NUL at 3 is garbage", bytes.fromhex("5b315d00"), 0, ("error", 3, ("utf-8", 0))),
    ("00 5b 31 5d: (0,x,x,x) is no pattern → UTF-8, NUL at 0", bytes.fromhex("005b315d"), 0, ("error", 0, ("utf-8", 0))),
    ("5b 00 31 5d: (x,0,x,x) is no pattern → UTF-8, NUL at 1", bytes.fromhex("5b00315d"), 0, ("error", 1, ("utf-8", 0))),
    ("5b 31 00 5d: UTF-8, NUL at 2", bytes.fromhex("5b31005d"), 0, ("error", 2, ("utf-8", 0))),
    ("FF FE alone (2 bytes: no BOM rule under 4 bytes) → UTF-8, invalid at 0", bytes.fromhex("fffe"), 1, ("error", 0, ("latin-1", 0))),
    ("FE FF alone → UTF-8, invalid at 0", bytes.fromhex("feff"), 1, ("error", 0, ("latin-1", 0))),
    ("EF BB BF alone (3 bytes: the BOM is not skipped under 4 bytes) → invalid at 0", _B8, 1, ("error", 0, ("latin-1", 0))),
    ("UTF-8 BOM + one space: the document is empty after the BOM", _B8 + b" ", 1, ("error", None, None)),
    ("UTF-32LE BOM + '[' + ']' cut to 2 bytes: the partial unit is dropped, the array is unterminated", bytes.fromhex("fffe00005b0000005d00"), 0, ("error", None, None)),
    ("UTF-16LE with a lone high surrogate D800 in a string: cannot transcode", bytes.fromhex("5b00220000d822005d00"), 0, ("error", None, None)),
    ("UTF-16LE with a lone low surrogate DC00 in a string: cannot transcode", bytes.fromhex("5b00220000dc22005d00"), 0, ("error", None, None)),
    ("UTF-32BE with the unit 0x00110000 (above U+10FFFF): cannot transcode", bytes.fromhex("0000005b001100000000005d"), 0, ("error", None, None)),
    ("UTF-32LE with the unit 0xD800 (a surrogate): cannot transcode", bytes.fromhex("5b00000000d800005d000000"), 0, ("error", None, None)),
    ("UTF-32LE with a surrogate code point in a string: cannot transcode", bytes.fromhex("5b0000002200000000d80000220000005d000000"), 0, ("error", None, None)),
]


def foundation_offset(body, n, how):
    codec, bom = how
    text = body[bom:].decode(codec, errors="surrogatepass")
    prefix = text.encode("utf-8", errors="surrogatepass")[:n].decode("utf-8", errors="surrogatepass")
    return bom + len(prefix.encode(codec, errors="surrogatepass"))


def check_foundation():
    """Re-runs FOUNDATION_ORACLE on every recorded document and compares the verdicts."""
    import os
    import subprocess
    import tempfile
    docs = [(d.encode("utf-8"), 0, v) for d, v in FOUNDATION_NUMBERS] + [(b, f, v) for _, b, f, v in FOUNDATION_ENCODINGS]
    with tempfile.TemporaryDirectory() as tmp:
        prog, data = os.path.join(tmp, "oracle.swift"), os.path.join(tmp, "docs.txt")
        open(prog, "w").write(FOUNDATION_ORACLE)
        open(data, "w").write("".join("%s\t%d\n" % (b.hex(), f) for b, f, _ in docs))
        lines = subprocess.run(["swift", prog, data], capture_output=True, text=True, check=True).stdout.splitlines()
    bad = 0
    for (b, f, v), line in zip(docs, lines):
        parts = line.split("\t")
        if isinstance(v, str):
            ok = parts[0] == "ok" and json.loads(parts[1]) == json.loads(v)
        elif v is None or v[1] is None:
            ok = parts[0] == "err" and parts[1] == "3840"
        else:
            ok = parts[0] == "err" and parts[1] == "3840" and parts[2].endswith("around character %d." % v[1])
        if not ok:
            bad += 1
            print("verdict changed for %s: recorded %r, Foundation says %r" % (b.hex(), v, line))
    print("%d documents, %d changed verdicts" % (len(docs), bad))
    return 1 if bad else 0


def json_numbers_file():
    f = VectorFile("response", "json-numbers", "Foundation's number range check in the JSON serializer: a number whose Double is infinite is "
                   "rejected (SPEC §6.4; verdicts from Foundation's JSONSerialization on this platform)", ["SPEC§6.4"], GEN)
    j = "application/json"
    for doc, verdict in FOUNDATION_NUMBERS:
        short = doc if len(doc) <= 60 else doc[:28] + "…" + doc[-28:]
        if verdict is not None and "1e400" in doc:
            # Duplicate keys: Foundation keeps the last member, so the overwritten 1e400 is never converted and the
            # document is accepted. The core's object keeps every member in order (VECTORS.md), as the text has them.
            f.add("%s: the overflowing number is overwritten by a later duplicate key, so Foundation's JSONSerialization accepts the "
                  "document (run 2026-11-23, returns %s); the object is not pinned (the core keeps duplicate members, the vector matcher cannot)" % (doc, verdict),
                  resp("json", 200, j, doc), {"valid": True, "error": ABSENT}, profiles=["af3", "af4"])
        elif verdict is not None:
            # In range: RFC 8259 and Foundation agree, so every profile.
            f.add("%s: finite as a Double → accepted; object as Foundation's JSONSerialization returns it (run 2026-11-23)" % short,
                  resp("json", 200, j, doc), {"valid": True, "object": json.loads(verdict), "error": ABSENT})
        else:
            f.add("%s: its Double overflows → Foundation's JSONSerialization rejects it with 3840 (run 2026-11-23), so af3/af4 do (SPEC §6.4)" % short,
                  resp("json", 200, j, doc), {"valid": True, "object": ABSENT, "error": {"domain": COCOA, "code": 3840, "underlying": ABSENT}},
                  profiles=["af3", "af4"])
    return f


def json_encoding_file():
    f = VectorFile("response", "json-encoding", "UTF-16/UTF-32/UTF-8-BOM JSON bodies: Foundation's encoding detection (af3/af4) and "
                   "RFC 8259 §8.1 UTF-8 only (strict) (SPEC §6.4)", ["SPEC§6.4"], GEN)
    j = "application/json"
    for what, body, frag, verdict in FOUNDATION_ENCODINGS:
        opts = {"readingOptions": {"allowFragments": True}} if frag else None
        if isinstance(verdict, str):
            f.add("%s → accepted as Foundation's JSONSerialization does (run 2026-11-23); object from json.loads of the text" % what,
                  resp("json", 200, j, body), {"valid": True, "object": json.loads(verdict), "error": ABSENT}, options=opts, profiles=["af3", "af4"])
        else:
            err = {"domain": COCOA, "code": 3840}
            how = "rejected by Foundation's JSONSerialization (run 2026-11-23)"
            if verdict[1] is not None:
                err["offset"] = foundation_offset(body, verdict[1], verdict[2])
                how += "; Foundation says 'around character %d' of the UTF-8 text, which is byte %d of the body" % (verdict[1], err["offset"])
            f.add("%s → %s" % (what, how), resp("json", 200, j, body), {"valid": True, "object": ABSENT, "error": err}, options=opts,
                  profiles=["af3", "af4"])
        if b"\x00" in body or b"\xff" in body or b"\xfe" in body:
            f.add("strict: %s is not UTF-8 (RFC 8259 §8.1; a NUL, FF or FE byte cannot occur in UTF-8 JSON text) → 3840" % what,
                  resp("json", 200, j, body), {"valid": True, "object": ABSENT, "error": {"domain": COCOA, "code": 3840}}, options=opts,
                  profiles=["strict"], refs=["RFC8259#8.1"])
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
    if "--check-foundation" in sys.argv:
        return check_foundation()
    print("response: %d vectors" % write_all([status_file(), ctype_file(), json_file(), response_clean_file(), other_serializers_file(),
                                              json_numbers_file(), json_encoding_file()]))
    print("null-clean: %d vectors" % write_all(null_clean_files()))


if __name__ == "__main__":
    sys.exit(main())
