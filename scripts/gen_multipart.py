#!/usr/bin/env python3
"""Generates Vectors/multipart/*.json and Vectors/multipart-parse/*.json (SPEC §5).

Oracles: the bodies are assembled from the framing rules of SPEC §5.2/§5.3 and RFC 2046 §5.1.1
below, and every valid body is parsed back with Python's `email` package
(email.parser.BytesParser, policy=email.policy.HTTP): the names, filenames, content types and
bodies it reports must equal the parts we wrote (asserted), so a framing slip in this script cannot
produce a vector. Strict-profile escapes follow the HTML standard's multipart/form-data rule
(LF → %0A, CR → %0D, " → %22).
"""
import email.parser
import email.policy
import sys

from gen_query_string import Data, flatten, to_json
from vectorlib import VectorFile, bytes_value, write_all, core_error

GEN = "scripts/gen_multipart.py"
B = "Boundary+D87993F14D11D1AD"  # the SPEC §5.1 example, 25 characters
CORE = "AFSerialization"
REQ = "com.alamofire.error.serialization.request"


def html_escape(s):
    return s.replace("\n", "%0A").replace("\r", "%0D").replace('"', "%22")


def part_headers(p, strict):
    esc = html_escape if strict else (lambda s: s)
    if p["kind"] == "headers":
        return [(n, v) for n, v in p["headers"]]
    cd = 'form-data; name="%s"' % esc(p["name"])
    if p["kind"] == "form":
        return [("Content-Disposition", cd)]
    cd += '; filename="%s"' % esc(p["filename"])
    return [("Content-Disposition", cd), ("Content-Type", p["mimeType"])]


def param_parts(params):
    """SPEC §5.3: parameters become form fields first, flattened and sorted as §2, raw field names."""
    out = []
    # flatten() gives descriptions; data (raw bytes) and null (empty body) need their own walk.
    def walk(field, v):
        if isinstance(v, dict):
            for k in sorted(v):
                walk("%s[%s]" % (field, k) if field is not None else k, v[k])
        elif isinstance(v, list):
            for x in v:
                walk(field + "[]", x)
        elif isinstance(v, Data):
            out.append({"kind": "form", "name": field, "body": v.b})
        elif v is None:
            out.append({"kind": "form", "name": field, "body": b""})
        else:
            (_, desc), = flatten(field, v, "brackets", "numeric")
            out.append({"kind": "form", "name": field, "body": desc.encode("utf-8")})
    walk(None, params or {})
    return out


def body_bytes(parts, boundary, strict=False):
    out = b""
    for i, p in enumerate(parts):
        out += ("--%s\r\n" % boundary if i == 0 else "\r\n--%s\r\n" % boundary).encode()
        for n, v in part_headers(p, strict):
            out += ("%s: %s\r\n" % (n, v)).encode("utf-8")
        out += b"\r\n" + p["body"]
    out += ("\r\n--%s--\r\n" % boundary).encode()
    return out


def email_parse(body, boundary):
    msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        ('Content-Type: multipart/form-data; boundary="%s"\r\n\r\n' % boundary).encode() + body)
    assert msg.is_multipart(), "email did not see a multipart body"
    out = []
    for sub in msg.iter_parts():
        payload = sub.get_payload(decode=True)
        out.append({"name": sub.get_param("name", header="content-disposition"),
                    "filename": sub.get_filename(), "body": payload if payload is not None else b""})
    return out


def cross_check(parts, body, boundary):
    got = email_parse(body, boundary)
    assert len(got) == len(parts), (len(got), len(parts))
    for p, g in zip(parts, got):
        if p["kind"] != "headers":
            assert g["name"] == p["name"], (g, p)
            assert g["body"] == p["body"], (g, p)
            if p["kind"] != "form":
                assert g["filename"] == p["filename"], (g, p)


def part_json(p):
    j = {"kind": p["kind"]}
    if p["kind"] == "headers":
        j["headers"] = [list(h) for h in p["headers"]]
    else:
        j["name"] = p["name"]
    if p["kind"] in ("file", "stream"):
        j["filename"] = p["filename"]
        j["mimeType"] = p["mimeType"]
    j["body"] = bytes_value(p["body"])
    if p["kind"] == "stream":
        j["declaredLength"] = p.get("declaredLength", len(p["body"]))
    return j


def form(name, body):
    return {"kind": "form", "name": name, "body": body if isinstance(body, bytes) else body.encode("utf-8")}


def file(name, filename, mime, body, kind="file"):
    return {"kind": kind, "name": name, "filename": filename, "mimeType": mime,
            "body": body if isinstance(body, bytes) else body.encode("utf-8")}


PNG_HEAD = bytes.fromhex("89504e470d0a1a0a0000000d49484452")

CASES = [
    ("one form field", None, [form("name", "value")], ["RFC7578#4.2"]),
    ("two form fields", None, [form("a", "1"), form("b", "2")], ["RFC7578#4.2"]),
    ("empty form field body", None, [form("empty", "")], ["RFC7578#4.2"]),
    ("one text file: filename and Content-Type", None, [file("upload", "notes.txt", "text/plain", "hello\r\nworld")], ["RFC7578#4.2", "RFC7578#4.4"]),
    ("binary file body (PNG signature)", None, [file("img", "a.png", "image/png", PNG_HEAD)], ["RFC7578#4.4"]),
    ("octet-stream file", None, [file("blob", "data.bin", "application/octet-stream", bytes(range(256)))], ["RFC7578#4.4"]),
    ("several files under one name (RFC 7578 §4.3)", None,
     [file("files", "a.txt", "text/plain", "A"), file("files", "b.txt", "text/plain", "B")], ["RFC7578#4.3"]),
    ("form field then file", None, [form("title", "Report"), file("doc", "r.pdf", "application/pdf", b"%PDF-1.4\n%\xe2\xe3")], ["RFC7578#4.2"]),
    ("non-ASCII field name and value written as UTF-8 (RFC 7578 §5.1)", None, [form("名前", "値 ✓")], ["RFC7578#5.1"]),
    ("non-ASCII filename written verbatim", None, [file("f", "résumé.txt", "text/plain", "x")], ["RFC7578#5.1"]),
    ("a _charset_ field is an ordinary field (RFC 7578 §4.6)", None, [form("_charset_", "UTF-8"), form("x", "é")], ["RFC7578#4.6"]),
    ("text with CRLF inside a field body", None, [form("text", "line1\r\nline2\r\n")], ["RFC2046#5.1.1"]),
    ("body that contains -- and the boundary without a leading CRLF", None, [form("x", "--%s and x--%s" % (B, B))], ["RFC2046#5.1.1"]),
    ("custom headers part, in the caller's order", None,
     [{"kind": "headers", "headers": [("Content-Disposition", 'form-data; name="meta"'), ("Content-Type", "application/json")], "body": b'{"a":1}'}],
     ["SPEC§5.3"]),
    ("stream part whose length matches its declared length", None, [file("s", "s.txt", "text/plain", "streamed", kind="stream")], ["SPEC§5.5"]),
    ("parameters become form fields first, sorted", {"b": "2", "a": "1"}, [file("f", "f.txt", "text/plain", "F")], ["SPEC§5.3", "SPEC§2.2"]),
    ("nested parameters use raw bracket field names", {"user": {"name": "x", "tags": ["a", "b"]}}, [], ["SPEC§5.3"]),
    ("data parameter is the raw bytes, null an empty body, bool 1", {"d": Data(b"\x00\xffraw"), "n": None, "t": True}, [], ["SPEC§5.3"]),
    ("double and integer parameters use their descriptions", {"f": __import__("gen_query_string").Dbl(1.0), "i": -3}, [], ["SPEC§5.3", "SPEC§2.3"]),
    ("a file with a long body", None, [file("big", "big.txt", "text/plain", "0123456789" * 500)], ["SPEC§5.5"]),
    ("three parts of mixed kinds", None,
     [form("a", "x"), file("b", "b.json", "application/json", '{"k":[1,2]}'),
      {"kind": "headers", "headers": [("Content-Disposition", 'form-data; name="c"')], "body": b"custom"}], ["SPEC§5.3"]),
]

READS = [None, {"readSizes": [1]}, {"readSizes": [3, 7, 2]}, {"readSizes": [4096]}, {"packetSize": 5}, {"readSizes": [1000], "packetSize": 1}]
ALWAYS = ["RFC7578#4.7", "RFC7578#4.8", "RFC7578#4.5"]


def splitmix64(seed):
    """Sebastiano Vigna's SplitMix64 (prng.di.unimi.it/splitmix64.c), state = seed as a 64-bit value."""
    mask = (1 << 64) - 1
    x = seed & mask
    while True:
        x = (x + 0x9E3779B97F4A7C15) & mask
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield z ^ (z >> 31)


def multipart_files():
    f = VectorFile("multipart", "framing",
                   "Exact multipart/form-data bytes for a caller-chosen boundary (SPEC §5.2–5.5); body read with several buffer and packet sizes",
                   ["SPEC§5.2", "SPEC§5.3", "SPEC§5.4", "RFC2046#5.1.1"], GEN)
    for what, params, parts, refs in CASES:
        all_parts = param_parts(params) + parts
        body = body_bytes(all_parts, B)
        cross_check(all_parts, body, B)
        inp = {"method": "POST", "url": "http://example.com/upload"}
        if params is not None:
            inp["parameters"] = to_json(params)
        inp["parts"] = [part_json(p) for p in parts]
        inp["boundary"] = B
        for opts in READS:
            how = "" if opts is None else " (read with %s)" % ", ".join("%s %s" % kv for kv in opts.items())
            f.add("%s%s; body by SPEC §5.2/§5.3 framing, parsed back identically by Python email; no Content-Transfer-Encoding or other headers" % (what, how),
                  inp, {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + B], ["Content-Length", str(len(body))]]},
                        "body": bytes_value(body), "contentLength": len(body)},
                  options=opts, refs=refs + ALWAYS + (["SPEC§5.5"] if opts else []))
    g = VectorFile("multipart", "boundary", "Boundaries: generated (seeded), caller-chosen, strict RFC 2046 validation (SPEC §5.1)",
                   ["SPEC§5.1", "RFC2046#5.1.1"], GEN)
    one = [form("a", "1")]
    for seed in [0, 1, 42, 2 ** 31]:
        length = len(body_bytes(one, "X" * 25))
        g.add("seed %d: Boundary+ and 16 uppercase hex digits is 25 characters, so the length is fixed (SPEC §5.1, §5.2)" % seed,
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in one], "seed": seed},
              {"contentLength": length, "headers": {"$includes": [["Content-Length", str(length)]]}})
    d = body_bytes(one, B)
    g.add("delimiters with a 25-character boundary are 29, 31 and 33 bytes (SPEC §5.2): one 1-byte field → %d bytes" % len(d),
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in one], "boundary": B},
          {"contentLength": len(d)})
    for bnd, what in [("a", "1 character"), ("x" * 70, "70 characters"), ("'()+_,-./:=? ok", "every bchar class including inner space"),
                      ("0123456789AZaz", "digits and letters")]:
        body = body_bytes(one, bnd)
        cross_check(one, body, bnd)
        g.add("valid boundary, %s: accepted in every profile (RFC 2046 §5.1.1)" % what,
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in one], "boundary": bnd},
              {"body": bytes_value(body), "contentLength": len(body)})
    for bnd, what in [("", "empty"), ("x" * 71, "71 characters"), ("ends with space ", "trailing space"), ("bad@char", "'@' is not a bchar"),
                      ("semi;colon", "';' is not a bchar"), ("quote\"", "'\"' is not a bchar"), ("é", "non-ASCII")]:
        g.add("strict rejects a caller boundary: %s (RFC 2046 §5.1.1)" % what,
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in one], "boundary": bnd},
              {"error": {"domain": CORE}}, profiles=["strict"])
    for bnd, what in [("bad@char", "'@'"), ("x" * 71, "71 characters")]:
        body = body_bytes(one, bnd)
        g.add("af4 writes a caller boundary verbatim even when RFC 2046 forbids it (%s)" % what,
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in one], "boundary": bnd},
              {"body": bytes_value(body)}, profiles=["af3", "af4"])
    # Issue 13: the whole boundary for a seed. README: SplitMix64(seed:), each 32-bit value the high half of
    # the next output; expected from Vigna's reference SplitMix64 (splitmix64.c) transcribed in splitmix64().
    for seed in [0, 1, 42, 2 ** 31, -1, 7, 2 ** 63 - 1]:
        gen = splitmix64(seed)
        bnd = "Boundary+%08X%08X" % (next(gen) >> 32, next(gen) >> 32)
        parts = [form("a", "1"), file("f", "f.txt", "text/plain", "x")]
        body = body_bytes(parts, bnd)
        cross_check(parts, body, bnd)
        g.add("seed %d → %s (SplitMix64 reference, high 32 bits of two outputs, %%08X each; SPEC §5.1 format); exact body" % (seed, bnd),
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "seed": seed},
              {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + bnd]]}, "body": bytes_value(body),
               "contentLength": len(body)})
    h = VectorFile("multipart", "requests", "How the multipart request is built and finalized; errors (SPEC §5.3, §5.4, §5.5)",
                   ["SPEC§5.4"], GEN)
    for m in ["GET", "HEAD"]:
        h.add("%s cannot carry a multipart body: typed error (AF asserts; SPEC §5.4)" % m,
              {"method": m, "url": "http://example.com/", "parts": [part_json(form("a", "1"))], "boundary": B},
              {"error": {"domain": CORE}})
    h.add("no parts and no parameters: the §3.2 POST request unchanged (empty form body, form Content-Type; SPEC §5.4)",
          {"method": "POST", "url": "http://example.com/", "parts": [], "boundary": B},
          {"body": {"text": ""}, "headers": {"$includes": [["Content-Type", "application/x-www-form-urlencoded"]]}}, refs=["SPEC§3.2"])
    body = body_bytes([form("a", "1")], B)
    h.add("an existing Content-Type is overwritten by the multipart one (SPEC §5.4)",
          {"method": "POST", "url": "http://example.com/", "headers": [["Content-Type", "text/plain"]], "parts": [part_json(form("a", "1"))], "boundary": B},
          {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + B]]}, "contentLength": len(body)})
    h.add("PUT works like POST", {"method": "PUT", "url": "http://example.com/", "parts": [part_json(form("a", "1"))], "boundary": B},
          {"body": bytes_value(body), "contentLength": len(body)})
    short = file("s", "s.txt", "text/plain", "only7by", kind="stream")
    short["declaredLength"] = 20
    h.add("a stream that yields fewer bytes than declared is a typed error, not a short body (SPEC §5.5 Deviation)",
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(short)], "boundary": B}, {"error": {"domain": CORE}},
          refs=["SPEC§5.5", "SPEC§8"])
    long_ = file("s", "s.txt", "text/plain", "this is longer than declared", kind="stream")
    long_["declaredLength"] = 4
    h.add("a stream that yields more bytes than declared is a typed error (SPEC §5.5 Deviation)",
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(long_)], "boundary": B}, {"error": {"domain": CORE}},
          refs=["SPEC§5.5"])
    h.add("a path part with a non-file URL fails with −1000 'Expected URL to be a file URL' (SPEC §5.3)",
          {"method": "POST", "url": "http://example.com/", "boundary": B,
           "parts": [{"kind": "path", "name": "f", "path": "http://example.com/file.txt"}]},
          {"error": {"domain": REQ, "code": -1000, "reason": "Expected URL to be a file URL"}}, refs=["SPEC§5.3"])
    h.add("a path part with a missing file fails with −1000 'File URL not reachable.' (SPEC §5.3)",
          {"method": "POST", "url": "http://example.com/", "boundary": B,
           "parts": [{"kind": "path", "name": "f", "path": "file:///nonexistent-afserialization/missing.txt"}]},
          {"error": {"domain": REQ, "code": -1000, "reason": "File URL not reachable."}}, refs=["SPEC§5.3"])
    collide = [form("x", "a\r\n--%s\r\nb" % B)]
    h.add("strict refuses a caller boundary that occurs in a body (RFC 7578 §4.1, SPEC §5.5)",
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in collide], "boundary": B},
          {"error": {"domain": CORE}}, profiles=["strict"], refs=["RFC7578#4.1", "SPEC§5.5"])
    body = body_bytes(collide, B)
    h.add("af4 writes a colliding body verbatim (AF does not check; SPEC §5.5)",
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in collide], "boundary": B},
          {"body": bytes_value(body)}, profiles=["af3", "af4"], refs=["RFC7578#4.1"])
    h.add("strict regenerates a seeded boundary that collides with an in-memory body; the length stays fixed (SPEC §5.5)",
          {"method": "POST", "url": "http://example.com/", "seed": 7,
           "parts": [part_json(form("x", "--Boundary+"))]},
          {"contentLength": len(body_bytes([form("x", "--Boundary+")], "X" * 25))}, profiles=["strict"], refs=["RFC7578#4.1", "SPEC§5.5"])
    e = VectorFile("multipart", "names", "Names and filenames: verbatim in AF, HTML-escaped in strict (SPEC §5.3, RFC 7578 §4.2)",
                   ["SPEC§5.3", "RFC7578#4.2", "HTML#multipart-form-data"], GEN)
    for name, fname, what in [('q"uote', 'f"ile.txt', "double quote"), ("cr\rlf\nname", "a\r\nb.txt", "CR and LF"),
                              ("plain", "plain.txt", "nothing to escape"), ("per%cent", "100%.txt", "percent is not escaped"),
                              ("é", "ü.txt", "non-ASCII is not escaped")]:
        parts = [form(name, "v"), file("file", fname, "text/plain", "x")]
        for strict, profiles in [(False, ["af3", "af4"]), (True, ["strict"])]:
            body = body_bytes(parts, B, strict=strict)
            e.add("%s in name/filename: %s (never filename*)" % (what, "HTML escapes LF→%0A CR→%0D \"→%22" if strict else "written verbatim by AF"),
                  {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "boundary": B},
                  {"body": bytes_value(body), "contentLength": len(body)}, profiles=profiles)
    w = VectorFile("multipart", "write-to-file", "Writing the stream to a file keeps Content-Length and drops the body stream (SPEC §5.6)",
                   ["SPEC§5.6"], GEN)
    parts = [form("a", "1"), file("f", "f.txt", "text/plain", "file body")]
    body = body_bytes(parts, B)
    w.add("writeToFile: the file holds exactly the stream bytes; the request keeps Content-Length (SPEC §5.6)",
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "boundary": B},
          {"body": bytes_value(body), "contentLength": len(body), "headers": {"$includes": [["Content-Length", str(len(body))]]}},
          options={"writeToFile": True})
    return [f, g, h, e, w, mime_file(), path_file(), read_file(), params_file(), writer_errors_file(), collisions_file(),
            file_urls_file()]


# ---------------------------------------------------------------------------------------------
# Issue 13: the MIME table (SPEC §5.3), file-path parts and read/packet sizes (SPEC §5.5).
#
# Path parts read fixture files under Vectors/multipart/fixtures/ (written by this script), named by
# a path relative to the package root, where `conformance run` runs.

FIXTURES = "Vectors/multipart/fixtures"
FIXTURE_BYTES = {"empty": b"", "hello.TXT": b"hello\r\n--not-a-delimiter", "archive.tar.gz": b"\x1f\x8b\x08\x00gz",
                 "noext": b"x", "big.bin": bytes(range(256)) * 40}

# Expected MIME type per extension, and where it comes from. "python" = Python 3.11's mimetypes
# built-in table (mimetypes.MimeTypes(filenames=())); "media-types" = Debian's /etc/mime.types
# (media-types 10.0, read by Python's mimetypes.guess_type); IANA registrations by RFC where both
# Python sources are silent or disagree with the registration.
MIME_ORACLE = [
    ("txt", "text/plain", "python"), ("text", "text/plain", "media-types"),
    ("html", "text/html", "python"), ("htm", "text/html", "python"), ("css", "text/css", "python"),
    ("csv", "text/csv", "python"),
    ("xml", "application/xml", "media-types; IANA application/xml (RFC 7303 §9.1; Python's built-in table says text/xml, an alias)"),
    ("json", "application/json", "python"),
    ("js", "text/javascript", "media-types; RFC 9239 §6 (Python 3.11's built-in application/javascript is obsoleted there)"),
    ("mjs", "text/javascript", "media-types; RFC 9239 §6"),
    ("md", "text/markdown", "media-types; RFC 7763"), ("rtf", "application/rtf", "python"),
    ("ics", "text/calendar", "media-types; RFC 5545 §8.1"), ("vcf", "text/vcard", "media-types; RFC 6350 §10.1"),
    ("png", "image/png", "python"), ("jpg", "image/jpeg", "python"), ("jpeg", "image/jpeg", "python"),
    ("gif", "image/gif", "python"), ("bmp", "image/bmp", "python"), ("tif", "image/tiff", "python"),
    ("tiff", "image/tiff", "python"), ("svg", "image/svg+xml", "python"), ("webp", "image/webp", "python"),
    ("heic", "image/heic", "python"), ("heif", "image/heif", "python"), ("avif", "image/avif", "python"),
    ("mp3", "audio/mpeg", "python"), ("m4a", "audio/mp4", "media-types; RFC 4337"), ("aac", "audio/aac", "python"),
    ("ogg", "audio/ogg", "media-types; RFC 5334 §10.1"), ("flac", "audio/flac", "media-types; IANA audio/flac"),
    ("mid", "audio/midi", "python"), ("midi", "audio/midi", "python"),
    ("mp4", "video/mp4", "python"), ("mov", "video/quicktime", "python"), ("avi", "video/x-msvideo", "python"),
    ("mpeg", "video/mpeg", "python"), ("mpg", "video/mpeg", "python"), ("webm", "video/webm", "python"),
    ("3gp", "video/3gpp", "IANA video/3gpp, RFC 3839 §4.1 (.3gp; Python's table says audio/3gpp, also registered for .3gp)"),
    ("pdf", "application/pdf", "python"), ("zip", "application/zip", "python"),
    ("gz", "application/gzip", "RFC 6713 §3 (.gz); neither Python table has it"), ("tar", "application/x-tar", "python"),
    ("7z", "application/x-7z-compressed", "media-types"), ("rar", "application/vnd.rar", "media-types; IANA application/vnd.rar"),
    ("doc", "application/msword", "python"),
    ("docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "media-types; IANA"),
    ("xls", "application/vnd.ms-excel", "python"),
    ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "media-types; IANA"),
    ("ppt", "application/vnd.ms-powerpoint", "python"),
    ("pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation", "media-types; IANA"),
    ("plist", "application/x-plist", "SPEC §3.4 (the plist serializer's Content-Type)"),
    ("wasm", "application/wasm", "python"), ("woff", "font/woff", "media-types; RFC 8081 §4.4.5"),
    ("woff2", "font/woff2", "media-types; RFC 8081 §4.4.6"), ("ttf", "font/ttf", "media-types; RFC 8081 §4.4.2"),
    ("otf", "font/otf", "media-types; RFC 8081 §4.4.3"), ("bin", "application/octet-stream", "python"),
]
# Left out (the table's entry has no independent oracle, reported in issue 13's closing note):
# log → text/plain (no registry lists .log), ico → image/x-icon (IANA and both Python tables:
# image/vnd.microsoft.icon), wav → audio/wav (Python: audio/x-wav; IANA: audio/vnd.wave),
# m4v → video/x-m4v (media-types: video/mp4; no IANA registration).


def write_fixtures():
    import os
    from vectorlib import ROOT
    d = os.path.join(ROOT, FIXTURES)
    os.makedirs(d, exist_ok=True)
    for name, b in FIXTURE_BYTES.items():
        p = os.path.join(d, name)
        if not os.path.exists(p) or open(p, "rb").read() != b:
            with open(p, "wb") as f:
                f.write(b)


def path_part(name, fixture, filename=None, mime=None):
    j = {"kind": "path", "name": name, "path": FIXTURES + "/" + fixture}
    if filename is not None:
        j["filename"] = filename
    if mime is not None:
        j["mimeType"] = mime
    return j


def mime_file():
    write_fixtures()
    m = VectorFile("multipart", "mime-types",
                   "A file-path part takes its Content-Type from the extension through the built-in table (SPEC §5.3)",
                   ["SPEC§5.3", "RFC7578#4.4"], GEN)
    for ext, mime, oracle in MIME_ORACLE:
        parts = [file("f", "x." + ext, mime, b"")]
        body = body_bytes(parts, B)
        cross_check(parts, body, B)
        m.add(".%s → %s (expected from %s); file part from an empty file" % (ext, mime, oracle),
              {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [path_part("f", "empty", "x." + ext)]},
              {"body": bytes_value(body), "contentLength": len(body)})
    for fname, mime, what in [
            ("PHOTO.JPG", "image/jpeg", "the extension is case-insensitive (Python mimetypes lowercases it too)"),
            ("Doc.Pdf", "application/pdf", "mixed-case extension"),
            ("archive.tar.gz", "application/gzip", "only the text after the last dot counts (RFC 6713 .gz)"),
            ("a.b.c.png", "image/png", "several dots: the last one counts"),
            ("noext", "application/octet-stream", "no extension → application/octet-stream (SPEC §5.3)"),
            (".png", "application/octet-stream", "a leading dot is a hidden file, not an extension (Python's splitext('.png') has no extension)"),
            ("x.", "application/octet-stream", "a trailing dot: empty extension → fallback"),
            ("x.unknownext", "application/octet-stream", "unknown extension → fallback (SPEC §5.3)"),
            ("x.pngx", "application/octet-stream", "an extension that only starts like a known one → fallback"),
            ("x.pn", "application/octet-stream", "a prefix of a known extension → fallback"),
            ("x.png.", "application/octet-stream", "a known extension followed by a dot → fallback"),
            ("x.PNG ", "application/octet-stream", "a trailing space is part of the extension → fallback"),
            ("x.txt", "text/plain", "plain .txt")]:
        parts = [file("f", fname, mime, b"")]
        body = body_bytes(parts, B)
        m.add("%s → %s: %s" % (fname, mime, what),
              {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [path_part("f", "empty", fname)]},
              {"body": bytes_value(body), "contentLength": len(body)})
    # Entries no registry or Python table gives: the README's recorded decision (SPEC §5.3 leaves
    # the built-in table to the project), pinned so a changed entry fails the gate.
    for ext, mime in MIME_DECISIONS:
        parts = [file("f", "x." + ext, mime, b"")]
        body = body_bytes(parts, B)
        m.add(".%s → %s (expected from the README decision \"§5.3 MIME table\": no IANA registration or Python/Debian table gives this entry)" % (ext, mime),
              {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [path_part("f", "empty", "x." + ext)]},
              {"body": bytes_value(body), "contentLength": len(body)})
    return m


# README "§5.3 MIME table" decision: the four entries without an outside oracle.
MIME_DECISIONS = [("log", "text/plain"), ("ico", "image/x-icon"), ("wav", "audio/wav"), ("m4v", "video/x-m4v")]


def path_file():
    write_fixtures()
    p = VectorFile("multipart", "paths",
                   "File-path parts: filename = last path component, MIME from its extension, the file's bytes streamed (SPEC §5.3, §5.5)",
                   ["SPEC§5.3", "SPEC§5.5"], GEN)
    cases = [
        ("hello.TXT", "hello.TXT", "text/plain", "filename and MIME type from the path (case-insensitive .TXT)"),
        ("archive.tar.gz", "archive.tar.gz", "application/gzip", "last path component and last extension"),
        ("noext", "noext", "application/octet-stream", "no extension → application/octet-stream"),
        ("empty", "empty", "application/octet-stream", "an empty file is an empty body"),
        ("big.bin", "big.bin", "application/octet-stream", "a 10240-byte file streamed through the reader"),
    ]
    for fixture, fname, mime, what in cases:
        parts = [file("f", fname, mime, FIXTURE_BYTES[fixture])]
        body = body_bytes(parts, B)
        cross_check(parts, body, B)
        for opts in [None, {"readSizes": [1]}, {"readSizes": [5, 64, 3]}, {"packetSize": 7}]:
            how = "" if opts is None else " (read with %s)" % ", ".join("%s %s" % kv for kv in opts.items())
            p.add("%s%s; body by SPEC §5.2/§5.3 framing, parsed back identically by Python email" % (what, how),
                  {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [path_part("f", fixture)]},
                  {"body": bytes_value(body), "contentLength": len(body),
                   "headers": {"$includes": [["Content-Length", str(len(body))]]}}, options=opts)
    for path, what in [(FIXTURES + "//hello.TXT", "a doubled slash"), ("./" + FIXTURES + "/hello.TXT", "a leading ./")]:
        parts = [file("f", "hello.TXT", "text/plain", FIXTURE_BYTES["hello.TXT"])]
        body = body_bytes(parts, B)
        p.add("a plain path with %s: the filename is still the last component" % what,
              {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [{"kind": "path", "name": "f", "path": path}]},
              {"body": bytes_value(body), "contentLength": len(body)})
    parts = [file("f", "given.bin", "text/x-given", FIXTURE_BYTES["hello.TXT"])]
    body = body_bytes(parts, B)
    p.add("an explicit filename and MIME type replace the derived ones (SPEC §5.3)",
          {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [path_part("f", "hello.TXT", "given.bin", "text/x-given")]},
          {"body": bytes_value(body), "contentLength": len(body)})
    parts = [form("a", "1"), file("f", "hello.TXT", "text/plain", FIXTURE_BYTES["hello.TXT"]), file("g", "empty", "application/octet-stream", b""),
             form("z", "2")]
    body = body_bytes(parts, B)
    cross_check(parts, body, B)
    for opts in [None, {"readSizes": [1]}, {"packetSize": 2}, {"readSizes": [29, 31, 33], "packetSize": 30}]:
        how = "" if opts is None else " (read with %s)" % ", ".join("%s %s" % kv for kv in opts.items())
        p.add("form, file, empty file, form: phases across parts%s" % how,
              {"method": "POST", "url": "http://example.com/", "boundary": B,
               "parts": [part_json(form("a", "1")), {"kind": "path", "name": "f", "path": FIXTURES + "/hello.TXT"},
                         {"kind": "path", "name": "g", "path": FIXTURES + "/empty"}, part_json(form("z", "2"))]},
              {"body": bytes_value(body), "contentLength": len(body)}, options=opts)
    p.add("a directory is not a file: a typed error, not a hang or an empty body",
          {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [{"kind": "path", "name": "f", "path": FIXTURES}]},
          {"error": {"domain": CORE}})
    p.add("an empty path is not a file URL: −1000 'Expected URL to be a file URL' (SPEC §5.3)",
          {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [{"kind": "path", "name": "f", "path": ""}]},
          {"error": {"domain": REQ, "code": -1000, "reason": "Expected URL to be a file URL"}})
    for url in ["ftp://h/x.txt", "data:text/plain,x", "file://host/x.txt", "HTTPS://h/x"]:
        p.add("%s is not a local file URL: −1000 'Expected URL to be a file URL' (SPEC §5.3)" % url,
              {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [{"kind": "path", "name": "f", "path": url}]},
              {"error": {"domain": REQ, "code": -1000, "reason": "Expected URL to be a file URL"}})
    p.add("a missing relative path: −1000 'File URL not reachable.' (SPEC §5.3)",
          {"method": "POST", "url": "http://example.com/", "boundary": B,
           "parts": [{"kind": "path", "name": "f", "path": FIXTURES + "/missing.txt"}]},
          {"error": {"domain": REQ, "code": -1000, "reason": "File URL not reachable."}})
    return p


def styled_param_parts(params, array_style="brackets", bool_style="numeric"):
    """SPEC §5.3 with the §2 flattening in every style: raw field names, data raw, null empty, sets sorted
    by description with the same field (scripts/gen_query_string.py's reference for the order)."""
    from gen_query_string import Set, describe, swift_order
    import unicodedata
    out = []

    def walk(field, v):
        if isinstance(v, dict):
            for k in sorted(v, key=swift_order):
                walk("%s[%s]" % (field, k) if field is not None else k, v[k])
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk({"brackets": field + "[]", "noBrackets": field, "indexInBrackets": "%s[%d]" % (field, i)}[array_style], x)
        elif isinstance(v, Set):
            for x in sorted(v.items, key=lambda x: unicodedata.normalize("NFC", "<null>" if x is None else describe(x, bool_style))):
                walk(field, x)
        elif isinstance(v, Data):
            out.append({"kind": "form", "name": field, "body": v.b})
        elif v is None:
            out.append({"kind": "form", "name": field, "body": b""})
        else:
            out.append({"kind": "form", "name": field, "body": describe(v, bool_style).encode("utf-8")})
    walk(None, params)
    return out


def params_file():
    from gen_query_string import Dbl, Set
    m = VectorFile("multipart", "parameters",
                   "Request parameters become the first form fields: §2 flattening in every style, raw names, data raw, null empty (SPEC §5.3)",
                   ["SPEC§5.3", "SPEC§2.2", "SPEC§2.4"], GEN)
    P = {"s": Set(["b", "a", "10", "9"]), "arr": [Data(b"\x00\xff"), None, Dbl(1.5), [True, False]], "d": {"z": Dbl(1e100), "a b": "x&y"},
         "\u00e9": "e-acute", "e\u0301": "decomposed", "i": -9223372036854775808}
    for a, b in [("brackets", "numeric"), ("noBrackets", "numeric"), ("indexInBrackets", "literal"), ("brackets", "literal")]:
        parts = styled_param_parts(P, a, b) + [form("last", "caller part")]
        body = body_bytes(parts, B)
        cross_check(parts, body, B)
        opts = {}
        if a != "brackets":
            opts["arrayStyle"] = a
        if b != "numeric":
            opts["boolStyle"] = b
        m.add("parameters with sets, data, null, doubles, nested arrays, canonically equal keys (%s, %s), then a caller part; "
              "body by SPEC §5.2/§5.3 framing with the §2 reference order, parsed back identically by Python email" % (a, b),
              {"method": "POST", "url": "http://example.com/", "parameters": to_json(P), "parts": [part_json(form("last", "caller part"))],
               "boundary": B}, {"body": bytes_value(body), "contentLength": len(body)}, options=opts or None)
    parts = styled_param_parts({"k": "v"})
    body = body_bytes(parts, B)
    m.add("parameters alone (no caller parts) still make a multipart body (SPEC §5.3, §5.4)",
          {"method": "POST", "url": "http://example.com/", "parameters": {"k": "v"}, "parts": [], "boundary": B},
          {"body": bytes_value(body), "contentLength": len(body)})
    m.add("empty parameters and no parts: the §3.2 POST request unchanged (SPEC §5.4)",
          {"method": "POST", "url": "http://example.com/", "parameters": {}, "parts": [], "boundary": B},
          {"body": {"text": ""}, "headers": {"$includes": [["Content-Type", "application/x-www-form-urlencoded"]]}})
    return m


def read_file():
    r = VectorFile("multipart", "read-sizes",
                   "The phase reader gives the same bytes for every buffer and packet size, delimiters split anywhere (SPEC §5.5)",
                   ["SPEC§5.5", "SPEC§5.2"], GEN)
    parts = [form("a", "x" * 40), file("b", "b.txt", "text/plain", "0123456789" * 7),
             file("s", "s.bin", "application/octet-stream", bytes(range(50)), kind="stream"), form("c", "")]
    body = body_bytes(parts, B)
    cross_check(parts, body, B)
    inp = {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "boundary": B}
    sizes = [{"packetSize": n} for n in [1, 2, 3, 8, 9, 28, 29, 30, 31, 32, 33, 34, 100, len(body) - 1, len(body), len(body) + 1]]
    sizes += [{"readSizes": [n]} for n in [2, 8, 9, 16, 28, 29, 33, len(body) - 1, len(body)]]
    sizes += [{"readSizes": [64], "packetSize": 8}, {"readSizes": [8], "packetSize": 64}, {"readSizes": [1, 2, 3, 5, 8, 13], "packetSize": 4}]
    for opts in sizes:
        r.add("%d-byte body read with %s: identical bytes (SPEC §5.5); body by SPEC §5.2/§5.3 framing, parsed back by Python email"
              % (len(body), ", ".join("%s %s" % kv for kv in opts.items())),
              inp, {"body": bytes_value(body), "contentLength": len(body)}, options=opts)
    for n in [0, -1]:
        r.add("packetSize %d is not a valid packet size: typed error (SPEC §5.5: sizes ≥ 1)" % n, inp, {"error": {"domain": CORE}},
              options={"packetSize": n})
    for limit in [3, 4, 5]:
        if limit >= len(parts):
            r.add("maxMultipartParts %d admits these %d parts (a part-count limit of N allows N parts, SPEC §8)" % (limit, len(parts)),
                  inp, {"body": bytes_value(body), "contentLength": len(body)}, options={"maxMultipartParts": limit}, refs=["SPEC§8"])
        else:
            r.add("maxMultipartParts %d rejects %d caller parts: limitExceeded (SPEC §8)" % (limit, len(parts)),
                  inp, {"error": {"domain": CORE, "kind": "limitExceeded"}}, options={"maxMultipartParts": limit}, refs=["SPEC§8"])
    return r


# ---------------------------------------------------------------------------------------------
# Issue 13 follow-up (mutation survivors in the writer): typed errors with their kind, offset and
# context; strict boundary regeneration; file URLs (scheme detection, percent-decoding, localhost).

def req(parts, boundary=B, **extra):
    inp = {"method": "POST", "url": "http://example.com/", "parts": parts}
    if boundary is not None:
        inp["boundary"] = boundary
    inp.update(extra)
    return inp


core_err = core_error  # vectorlib: the core domain's expected error


def body_prefix(parts, boundary, upto):
    """The bytes SPEC §5.2/§5.3 put before part `upto`'s body (its opening delimiter and headers included)."""
    whole = body_bytes(parts[:upto] + [dict(parts[upto], body=b"")], boundary)
    return len(whole) - len(("\r\n--%s--\r\n" % boundary).encode())


def writer_errors_file():
    x = VectorFile("multipart", "writer-errors",
                   "Writer errors by kind, with the offset and context that say where (SPEC §5.1, §5.3–§5.5, §8)",
                   ["SPEC§5.5", "SPEC§5.3"], GEN)
    one = [part_json(form("a", "1"))]
    # SPEC §5.4: GET/HEAD are a typed error; the method is named in the context (compared uppercased).
    for m in ["GET", "HEAD", "get"]:
        x.add("%s: multipartMethodNotAllowed, the context names the method as given (SPEC §5.4: GET and HEAD, compared uppercased)" % m,
              {"method": m, "url": "http://example.com/", "parts": one, "boundary": B},
              core_err("multipartMethodNotAllowed", context={"method": m}), refs=["SPEC§5.4"])
    # SPEC §5.1: strict validates a caller boundary per RFC 2046 §5.1.1 (1–70 bchars, no trailing space).
    x.add("strict, empty boundary: invalidBoundary, context limit 1...70 (RFC 2046 §5.1.1 boundary length)",
          req(one, ""), core_err("invalidBoundary", context={"limit": "1...70"}), profiles=["strict"], refs=["SPEC§5.1", "RFC2046#5.1.1"])
    x.add("strict, 71-character boundary: invalidBoundary, context limit 1...70 and length 71 (RFC 2046 §5.1.1)",
          req(one, "x" * 71), core_err("invalidBoundary", context={"limit": "1...70", "length": "71"}), profiles=["strict"],
          refs=["SPEC§5.1", "RFC2046#5.1.1"])
    bnd = "ends with space "
    x.add("strict, boundary ending in a space: invalidBoundary at the offset of that space, %d (RFC 2046 §5.1.1 bcharsnospace)" % (len(bnd) - 1),
          req(one, bnd), core_err("invalidBoundary", offset=len(bnd) - 1), profiles=["strict"], refs=["SPEC§5.1", "RFC2046#5.1.1"])
    bnd = "bad@char"
    x.add("strict, '@' in the boundary: invalidBoundary at the offset of '@', %d (RFC 2046 §5.1.1 bchars)" % bnd.index("@"),
          req(one, bnd), core_err("invalidBoundary", offset=bnd.index("@")), profiles=["strict"], refs=["SPEC§5.1", "RFC2046#5.1.1"])
    # Decision (MultipartBoundary.validate): every profile refuses a boundary that is empty or holds CR or LF,
    # since it would break the framing or inject a header; AF accepts any string.
    for bnd, what in [("", "an empty boundary"), ("ab\rcd", "a CR"), ("ab\ncd", "an LF"), ("\r", "a lone CR"), ("x\n", "a final LF")]:
        off = None if bnd == "" else min(i for i, c in enumerate(bnd) if c in "\r\n")
        x.add("%s in a caller boundary: invalidBoundary%s in every profile (decision: it would break the SPEC §5.2 framing)"
              % (what, "" if off is None else " at offset %d, the first CR/LF" % off),
              req(one, bnd), core_err("invalidBoundary", offset=off), refs=["SPEC§5.1", "SPEC§5.2"])
    # SPEC §5.5 Deviation: a stream that yields fewer/more bytes than declared is a typed error.
    lead = form("a", "0123456789")
    short = file("s", "s.txt", "text/plain", "only7by", kind="stream")
    short["declaredLength"] = 20
    parts = [lead, short]
    at = body_prefix(parts, B, 1) + 7
    for opts in [None, {"readSizes": [3]}, {"readSizes": [1]}, {"packetSize": 4}]:
        how = "" if opts is None else " (read with %s)" % ", ".join("%s %s" % kv for kv in opts.items())
        x.add("a stream declared 20 bytes that ends after 7: bodyLengthMismatch at offset %d, the multipart byte where its 8th byte "
              "belongs (SPEC §5.2 framing before it + 7); context part 1, declared 20, actual 7 (SPEC §5.5 Deviation)%s" % (at, how),
              req([part_json(p) for p in parts]),
              core_err("bodyLengthMismatch", offset=at, context={"part": "1", "declared": "20", "actual": "7"}), options=opts)
    long_ = file("s", "s.txt", "text/plain", "this is longer than declared", kind="stream")
    long_["declaredLength"] = 4
    x.add("a stream declared 4 bytes that has more: bodyLengthMismatch, context part 0, declared 4, actual >4 (SPEC §5.5 Deviation)",
          req([part_json(long_)]), core_err("bodyLengthMismatch", context={"part": "0", "declared": "4", "actual": ">4"}))
    failing = file("s", "s.txt", "text/plain", "abcdefgh", kind="stream")
    fj = dict(part_json(failing), failAfter=3)
    x.add("a stream that fails after 3 bytes: its own error (streamReadFailed at its offset 3) surfaces unchanged, nothing is "
          "truncated (SPEC §5.5: a body source that fails mid-read surfaces its error)",
          req([fj]), core_err("streamReadFailed", offset=3))
    # Declared lengths: 0 is a valid (empty) stream, a negative one an invalid option.
    empty_stream = file("s", "e.txt", "text/plain", b"", kind="stream")
    parts = [empty_stream, form("z", "2")]
    body = body_bytes(parts, B)
    cross_check(parts, body, B)
    x.add("a stream declared 0 bytes that yields none is an empty body (SPEC §5.2/§5.3 framing, parsed back by Python email)",
          req([part_json(p) for p in parts]), {"body": bytes_value(body), "contentLength": len(body)})
    neg = dict(part_json(file("s", "n.txt", "text/plain", b"", kind="stream")), declaredLength=-1)
    x.add("a stream declared -1 bytes: invalidOption, context length -1 (a length is a byte count, SPEC §5.4 Content-Length)",
          req([neg]), core_err("invalidOption", context={"length": "-1"}))
    # Custom-header parts with an empty body are fine.
    hp = {"kind": "headers", "headers": [("Content-Disposition", 'form-data; name="e"')], "body": b""}
    body = body_bytes([hp], B)
    cross_check([hp], body, B)
    x.add("a custom-headers part with an empty body: a valid empty part (SPEC §5.3 custom; framing §5.2, parsed back by Python email)",
          req([part_json(hp)]), {"body": bytes_value(body), "contentLength": len(body)})
    # Packet sizes (SPEC §5.5: ≥ 1) and the part-count limit (SPEC §8).
    for n in [0, -1]:
        x.add("packetSize %d: invalidOption, context packetSize %d (SPEC §5.5: packet size ≥ 1)" % (n, n),
              req(one), core_err("invalidOption", context={"packetSize": str(n)}), options={"packetSize": n})
    x.add("maxMultipartParts 1 with two parts: limitExceeded, context limit maxMultipartParts=1 (SPEC §8)",
          req([part_json(form("a", "1")), part_json(form("b", "2"))]),
          core_err("limitExceeded", context={"limit": "maxMultipartParts=1"}), options={"maxMultipartParts": 1}, refs=["SPEC§8"])
    # strict never writes a part header that holds CR or LF, or has an empty name (it would break the
    # part's header section, RFC 2046 §5.1.1 / RFC 5322 §2.2); af3/af4 write the caller's headers verbatim.
    cases = [([("X-A", "a\rb")], "a CR in a header value"), ([("X-A", "a\nb")], "an LF in a header value"),
             ([("X\rA", "v")], "a CR in a header name"), ([("X\nA", "v")], "an LF in a header name"),
             ([("", "v")], "an empty header name")]
    for hs, what in cases:
        headers = [("Content-Disposition", 'form-data; name="h"')] + hs
        hp = {"kind": "headers", "headers": headers, "body": b"1"}
        parts = [form("a", "1"), hp]
        x.add("strict: %s of a custom part is invalidPartHeader, context part 1, header 1" % what,
              req([part_json(p) for p in parts]), core_err("invalidPartHeader", context={"part": "1", "header": "1"}),
              profiles=["strict"], refs=["SPEC§5.3", "RFC2046#5.1.1"])
        body = body_bytes(parts, B)
        x.add("af3/af4: %s of a custom part is written verbatim (SPEC §5.3: the caller's headers, in the caller's order)" % what,
              req([part_json(p) for p in parts]), {"body": bytes_value(body), "contentLength": len(body)}, profiles=["af3", "af4"])
    for mime, what in [("text/plain\r\nX-Injected: 1", "CR LF"), ("text/plain\rx", "a CR"), ("text/plain\nx", "an LF")]:
        parts = [form("a", "1"), file("f", "f.txt", mime, "x")]
        x.add("strict: a file part's MIME type with %s is invalidPartHeader, context part 1" % what,
              req([part_json(p) for p in parts]), core_err("invalidPartHeader", context={"part": "1"}), profiles=["strict"])
        body = body_bytes(parts, B)
        x.add("af3/af4: a file part's MIME type with %s is written verbatim (AF does not check)" % what,
              req([part_json(p) for p in parts]), {"body": bytes_value(body), "contentLength": len(body)}, profiles=["af3", "af4"])
    # Streamed bodies and the delimiter (SPEC §5.5): strict finds a collision while streaming; AF does not check.
    delim = ("\r\n--%s" % B).encode()
    for data, what in [(b"head" + delim + b"\r\ntail", "inside the body"), (delim + b"\r\nrest", "at the very start of the body"),
                       (b"x" * 40 + delim, "at the very end of the body")]:
        sp = file("s", "s.bin", "application/octet-stream", data, kind="stream")
        parts = [form("a", "1"), sp]
        off = data.index(delim)
        for opts in [None, {"readSizes": [3]}, {"readSizes": [1]}, {"readSizes": [7, 5]}]:
            how = "" if opts is None else " (read with %s)" % ", ".join("%s %s" % kv for kv in opts.items())
            x.add("strict: a streamed body with the delimiter CRLF--B %s is boundaryCollision at offset %d, where the delimiter starts in that "
                  "part's body; context part 1 (RFC 7578 §4.1, SPEC §5.5)%s" % (what, off, how),
                  req([part_json(p) for p in parts]), core_err("boundaryCollision", offset=off, context={"part": "1"}),
                  options=opts, profiles=["strict"], refs=["RFC7578#4.1"])
        body = body_bytes(parts, B)
        x.add("af3/af4: the same streamed body (delimiter %s) is written verbatim; AF does not check (SPEC §5.5)" % what,
              req([part_json(p) for p in parts]), {"body": bytes_value(body), "contentLength": len(body)}, profiles=["af3", "af4"],
              options={"readSizes": [3]})
    # File parts that are not regular files (SPEC §5.5: a body source that fails surfaces its error).
    x.add("a directory as a file part: fileReadFailed, the context names its path (a typed error, not a hang or an empty body)",
          req([{"kind": "path", "name": "f", "path": FIXTURES}]), core_err("fileReadFailed", context={"path": FIXTURES}))
    return x


def collisions_file():
    """strict regenerates a generated boundary that occurs in an in-memory body (SPEC §5.5); the
    boundaries are the seed's SplitMix64 sequence (Vigna's reference, splitmix64() above)."""
    c = VectorFile("multipart", "collisions",
                   "strict: a generated boundary that occurs in an in-memory body is regenerated, at most 63 times (SPEC §5.5, RFC 7578 §4.1)",
                   ["SPEC§5.5", "RFC7578#4.1", "SPEC§5.1"], GEN)

    def boundaries(seed, n):
        g = splitmix64(seed)
        return ["Boundary+%08X%08X" % (next(g) >> 32, next(g) >> 32) for _ in range(n)]

    seed = 7
    bs = boundaries(seed, 65)
    assert len(set(bs)) == 65
    def colliding(k):
        return b"x" + b"".join(("\r\n--%s" % b).encode() for b in bs[:k]) + b"\r\nend"
    for k, where in [(1, 0), (1, 1), (2, 0), (63, 1)]:
        data = colliding(k)
        parts = [form("a", "1"), form("x", data)] if where else [form("x", data), form("a", "1")]
        chosen = bs[k]
        body = body_bytes(parts, chosen)
        cross_check(parts, body, chosen)
        inp = {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "seed": seed}
        c.add("strict, seed %d: part %d holds the delimiters of the first %d generated boundar%s, so the boundary is regenerated %d "
              "time%s and is %s (SplitMix64 reference: high 32 bits of outputs %d and %d, %%08X each); exact body by SPEC §5.2 "
              "framing, parsed back by Python email" % (seed, where, k, "y" if k == 1 else "ies", k, "" if k == 1 else "s", chosen,
                                                      2 * k + 1, 2 * k + 2),
              inp, {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + chosen]]},
                    "body": bytes_value(body), "contentLength": len(body)}, profiles=["strict"])
        if k == 1:
            body = body_bytes(parts, bs[0])
            c.add("af3/af4, the same input: AF does not check, the first boundary %s is kept and the body written verbatim (SPEC §5.5)" % bs[0],
                  inp, {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + bs[0]]]},
                        "body": bytes_value(body)}, profiles=["af3", "af4"])
    data = colliding(64)
    parts = [form("a", "1"), form("x", data)]
    off = data.index(("\r\n--%s" % bs[63]).encode())
    c.add("strict, seed %d: the body holds the delimiters of the first 64 generated boundaries; after 63 regenerations the 64th, "
          "%s, still collides: boundaryCollision at offset %d (where CRLF--%s starts in part 1's body), context part 1 and that boundary"
          % (seed, bs[63], off, bs[63]),
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "seed": seed},
          core_err("boundaryCollision", offset=off, context={"part": "1", "boundary": bs[63]}), profiles=["strict"])
    data = b"pre" + ("\r\n--%s" % B).encode() + b"\r\npost"
    parts = [form("a", "1"), form("x", data)]
    c.add("strict, caller boundary in part 1's body: never regenerated; boundaryCollision at offset %d, context part 1 and the boundary" % 3,
          req([part_json(p) for p in parts]), core_err("boundaryCollision", offset=3, context={"part": "1", "boundary": B}),
          profiles=["strict"])
    # Appended: LF--boundary without the CR is not the delimiter (RFC 2046 §5.1.1: the delimiter is CRLF "--" boundary), so
    # nothing collides: the first generated boundary is kept (seed 7) and a caller boundary writes the body. The text after
    # the boundary ("x") keeps Python email from reading the LF-ended line as a boundary line (asserted by cross_check).
    # Mutation survivor DelimiterMatcher.var matched 0→1 (a fresh matcher that starts as if a CR had been seen).
    for where in (0, 1):
        data = ("\n--%s" % bs[0]).encode() + b"x"
        parts = [form("a", "1"), form("x", data)] if where else [form("x", data), form("a", "1")]
        body = body_bytes(parts, bs[0])
        cross_check(parts, body, bs[0])
        c.add("strict, seed %d: part %d's body starts with LF--%s (no CR): not a delimiter (RFC 2046 §5.1.1), no collision, so the "
              "first generated boundary is kept; exact body by SPEC §5.2 framing, parsed back by Python email" % (seed, where, bs[0]),
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "seed": seed},
              {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + bs[0]]]},
               "body": bytes_value(body), "contentLength": len(body)}, profiles=["strict"], refs=["RFC2046#5.1.1"])
    data = ("\n--%s" % B).encode() + b"x"
    parts = [form("a", "1"), form("x", data)]
    body = body_bytes(parts, B)
    cross_check(parts, body, B)
    c.add("strict, caller boundary %s; part 1's body starts with LF--%s (no CR): not a delimiter (RFC 2046 §5.1.1), no "
          "boundaryCollision; exact body by SPEC §5.2 framing, parsed back by Python email" % (B, B),
          req([part_json(p) for p in parts]), {"body": bytes_value(body), "contentLength": len(body)}, profiles=["strict"],
          refs=["RFC2046#5.1.1"])
    return c


def file_urls_file():
    """Which path strings are file URLs (SPEC §5.3), and how file:// URLs are percent-decoded."""
    from urllib.parse import unquote, urlsplit
    u = VectorFile("multipart", "file-urls",
                   "File-path parts: a scheme other than file is −1000; file:// URLs are percent-decoded (SPEC §5.3, RFC 3986 §3.1, §2.1, RFC 8089)",
                   ["SPEC§5.3", "RFC3986#2.1"], GEN)
    # A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) before the first ":" (RFC 3986 §3.1); Python's
    # urlsplit reads the same scheme (asserted). Not a scheme → a plain relative path, missing here.
    for s, is_scheme in [("a:x", True), ("z:x", True), ("Z:x", True), ("az:x", True), ("a0:x", True), ("a9:x", True),
                         ("a+:x", True), ("a-:x", True), ("a.:x", True),
                         ("@:x", False), ("_:x", False), ("[:x", False), ("{:x", False), ("`:x", False), ("1a:x", False),
                         ("a_b:x", False), ("a/:x", False), ("a*:x", False), ("a,:x", False), (":x", False)]:
        assert bool(urlsplit(s).scheme) == is_scheme, s
        reason = "Expected URL to be a file URL" if is_scheme else "File URL not reachable."
        what = ("a URL with scheme %r (RFC 3986 §3.1; Python urlsplit agrees): not a file URL" % s.split(":")[0] if is_scheme else
                "no RFC 3986 §3.1 scheme (Python urlsplit agrees): a relative path, missing here")
        u.add("%s: %s → −1000 %r (SPEC §5.3)" % (s, what, reason),
              req([{"kind": "path", "name": "f", "path": s}]),
              {"error": {"domain": REQ, "code": -1000, "reason": reason, "context": {"url": s}}})
    # A path through a regular file (ENOTDIR) is as missing as a missing file.
    p = FIXTURES + "/hello.TXT/x"
    u.add("a path that continues past a regular file (%s) does not exist: −1000 'File URL not reachable.' (SPEC §5.3)" % p,
          req([{"kind": "path", "name": "f", "path": p}]),
          {"error": {"domain": REQ, "code": -1000, "reason": "File URL not reachable.", "context": {"url": p}}})
    # file:// URLs: the path is percent-decoded (RFC 3986 §2.1; Python unquote is the oracle) and may
    # name the host localhost (RFC 8089 §2). These name POSIX paths that exist and are not regular
    # files, so the read fails with fileReadFailed and the context shows the decoded path.
    for url in ["file:///%64ev/%7Aero", "file:///dev/%7aero", "file:///%74%6D%70", "file:///%74%6d%70", "file:///%62%69n",
                "file:///dev%2Fnull", "file:///dev%2fnull", "file:///dev/nul%6C", "file:///%2E/dev/%6E%75%6c%6C",
                "file://localhost/dev/null", "file://localhost/dev/%7Aero"]:
        path = unquote(urlsplit(url).path)
        assert path in ("/dev/zero", "/tmp", "/bin", "/dev/null", "/./dev/null"), path
        u.add("%s → the path %s (percent-decoded, RFC 3986 §2.1: Python unquote gives the same); not a regular file, so reading "
              "it is fileReadFailed naming that path" % (url, path),
              req([{"kind": "path", "name": "f", "path": url}]), core_err("fileReadFailed", context={"path": path}),
              refs=["RFC8089#2"] if "localhost" in url else None)
    # A `%` not followed by two hex digits stays as it is (Python unquote does the same); the file is missing.
    for tail in ["%/x", "%.x", "%@x", "%`x", "%Gx", "%gx", "%:x", "%4", "%", "%%41"]:
        url = "file:///nonexistent-afserialization/" + tail
        path = unquote(urlsplit(url).path)
        u.add("%s: %r is decoded to %r (Python unquote); that file is missing → −1000 'File URL not reachable.' (SPEC §5.3)"
              % (url, tail, path[len("/nonexistent-afserialization/"):]),
              req([{"kind": "path", "name": "f", "path": url}]),
              {"error": {"domain": REQ, "code": -1000, "reason": "File URL not reachable.", "context": {"url": url}}})
    x = "file://localhost"
    u.add("file://localhost without a path is not a local file URL: −1000 'Expected URL to be a file URL' (RFC 8089 §2 needs an absolute path)",
          req([{"kind": "path", "name": "f", "path": x}]),
          {"error": {"domain": REQ, "code": -1000, "reason": "Expected URL to be a file URL", "context": {"url": x}}},
          refs=["RFC8089#2"])
    # Decision: a stat(2) failure other than "no such file" (ENOENT/ENOTDIR) is a typed fileReadFailed naming the
    # decoded path; here a 300-byte path component, longer than NAME_MAX (POSIX ENAMETOOLONG).
    url = "file:///" + "n" * 300 + "%41%42"
    path = unquote(urlsplit(url).path)
    u.add("a file URL whose decoded path has a 302-byte component (longer than POSIX NAME_MAX, 255): stat fails with "
          "ENAMETOOLONG, not 'no such file': fileReadFailed naming the decoded path (decision; Python unquote decodes %41%42 to AB)",
          req([{"kind": "path", "name": "f", "path": url}]), core_err("fileReadFailed", context={"path": path}))
    # %00 decodes to a NUL, which no POSIX path holds (Python's os.stat refuses it: "embedded null byte"); a C call would
    # cut the path there and read hello.TXT (fixed core bug). Nothing is at the decoded path → −1000 'File URL not reachable.'
    import os as _os
    for url in ["file:///dev/null%00.png", FIXTURES + "/hello.TXT\0.png"]:
        path = unquote(urlsplit(url).path) if url.startswith("file:") else url
        assert "\0" in path
        try:
            _os.stat(path)
            raise AssertionError("os.stat accepted a NUL")
        except ValueError:
            pass
        u.add("%r: %%00 decodes to NUL (Python unquote; or a plain path holds one), which no POSIX path can hold (Python os.stat: 'embedded null byte'); "
              "the file is not reachable → −1000 'File URL not reachable.' (SPEC §5.3), not the file before the NUL" % url,
              req([{"kind": "path", "name": "f", "path": url}]),
              {"error": {"domain": REQ, "code": -1000, "reason": "File URL not reachable.", "context": {"url": url}}})
    return u


def parse_files():
    f = VectorFile("multipart-parse", "round-trip",
                   "parse(write(parts)) == parts: the bodies of Vectors/multipart/framing.json parsed back (SPEC §5.7)",
                   ["SPEC§5.7", "RFC2046#5.1.1"], GEN)
    utf8 = []
    for what, params, parts, refs in CASES:
        all_parts = param_parts(params) + parts
        body = body_bytes(all_parts, B)
        cross_check(all_parts, body, B)
        exp_parts = []
        for p in all_parts:
            hs = part_headers(p, False)
            e = {"headers": [list(h) for h in hs], "body": bytes_value(p["body"])}
            if p["kind"] != "headers":
                e["name"] = p["name"]
            if p["kind"] in ("file", "stream"):
                e["filename"] = p["filename"]
                e["contentType"] = p["mimeType"]
            exp_parts.append(e)
        non_ascii = any(ord(c) > 127 for p in all_parts for _, v in part_headers(p, False) for c in v)
        for opts in [None, {"chunkSizes": [1]}, {"chunkSizes": [2, 5, 3]}]:
            chunks = "" if opts is None else " (chunks %s)" % opts["chunkSizes"]
            if non_ascii:
                f.add("%s%s: the parser rejects non-ASCII in a header by default (SPEC §5.7 lists it as a typed error)" % (what, chunks),
                      {"boundary": B, "body": bytes_value(body)}, {"error": {"domain": "AFSerialization"}}, options=opts, refs=refs)
                utf8.append((what + chunks, body, exp_parts, dict(opts or {}, allowUTF8Headers=True), refs))
                continue
            f.add("%s%s; expected parts are the written ones, confirmed by Python email" % (what, chunks),
                  {"boundary": B, "body": bytes_value(body)}, {"parts": exp_parts}, options=opts, refs=refs)
    for i, (what, body, exp_parts, opts, refs) in enumerate(utf8, 1):
        f.add("%s with allowUTF8Headers (RFC 7578 §5.1.1: UTF-8 directly in the header); parts confirmed by Python email" % what,
              {"boundary": B, "body": bytes_value(body)}, {"parts": exp_parts}, options=opts, refs=refs + ["RFC7578#5.1"],
              id="utf8-%03d" % i)
    g = VectorFile("multipart-parse", "framing", "Preamble, epilogue, transport padding, delimiter lookalikes (RFC 2046 §5.1.1, SPEC §5.7)",
                   ["SPEC§5.7", "RFC2046#5.1.1"], GEN)
    core = body_bytes([form("a", "1")], B)
    one = {"parts": [{"name": "a", "body": {"text": "1"}}]}
    variants = [
        (b"This is the preamble.\r\n" + core, "a preamble before the first delimiter is ignored"),
        (core + b"This is the epilogue.\r\n", "an epilogue after the close delimiter is ignored"),
        (core.replace(("--%s\r\n" % B).encode(), ("--%s  \t\r\n" % B).encode(), 1), "transport padding (spaces/tabs) after the boundary is allowed"),
        (core[:-2], "close delimiter without a trailing CRLF"),
        (b"\r\n" + core, "a leading CRLF (empty preamble) is ignored"),
    ]
    for body, what in variants:
        g.add(what + " (RFC 2046 §5.1.1 grammar; Python email agrees)", {"boundary": B, "body": bytes_value(body)}, one)
        got = email_parse(body, B)
        assert [(x["name"], x["body"]) for x in got] == [("a", b"1")], (what, got)
    body = body_bytes([form("a", "x\r\n--%sx" % B[:-1])], B)
    g.add("a line that starts like the delimiter but differs is body text", {"boundary": B, "body": bytes_value(body)},
          {"parts": [{"name": "a", "body": {"text": "x\r\n--%sx" % B[:-1]}}]})
    body = b"--B\r\ncontent-disposition: form-data; name=\"lc\"\r\n\r\nv\r\n--B--\r\n"
    g.add("header names are case-insensitive (RFC 7578 §4.2 via RFC 2045)", {"boundary": "B", "body": bytes_value(body)},
          {"parts": [{"name": "lc", "body": {"text": "v"}}]}, refs=["RFC7578#4.2"])
    body = b"--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n--B--\r\n"
    g.add("an empty body part", {"boundary": "B", "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": ""}}]})
    body = b"--B\r\nContent-Disposition: form-data; name=\"t\"\r\n\r\nplain\r\n--B--\r\n"
    g.add("a part without Content-Type: its headers are just Content-Disposition (receivers default it to text/plain, RFC 7578 §4.4)", {"boundary": "B", "body": bytes_value(body)},
          {"parts": [{"name": "t", "headers": [["Content-Disposition", "form-data; name=\"t\""]], "body": {"text": "plain"}}]}, refs=["RFC7578#4.4"])
    e = VectorFile("multipart-parse", "errors", "Malformed multipart bodies are typed errors (SPEC §5.7, §8)",
                   ["SPEC§5.7", "SPEC§8", "RFC2046#5.1.1"], GEN)
    head = ("--%s\r\n" % B).encode()
    cd_at = len(head) + len("Content-Disposition: ")  # where the first part's Content-Disposition value starts

    def err(kind, offset):
        return {"error": {"domain": CORE, "kind": kind, "offset": offset}}

    no_colon = ("--%s\r\nContent-Disposition form-data; name=\"a\"\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode()
    non_ascii = ("--%s\r\nContent-Disposition: form-data; name=\"ä\"\r\nX-Ünï: 1\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode()
    no_blank = ("--%s\r\nContent-Disposition: form-data; name=\"a\"\r\n1\r\n--%s--\r\n" % (B, B)).encode()
    truncated_after_delimiter = core[: -len("--\r\n") - 2]
    truncated_in_body = core[:-len(("\r\n--%s--\r\n" % B).encode())]
    # Offsets point at the defect (README "Decisions"): the end of input for a missing delimiter,
    # the first byte of a bad header line / name byte / CR or LF / Content-Disposition byte.
    bad = [
        (b"", "empty body: no delimiter at all", "multipartBadDelimiter", 0),
        (b"no delimiter here\r\n", "text without any delimiter", "multipartBadDelimiter", 19),
        (truncated_after_delimiter, "missing close delimiter (ends after the last delimiter)", "multipartMissingCloseDelimiter", len(truncated_after_delimiter)),
        (truncated_in_body, "missing close delimiter (ends inside the body)", "multipartMissingCloseDelimiter", len(truncated_in_body)),
        (no_colon, "header line without a colon", "multipartHeaderWithoutColon", len(head)),
        (non_ascii, "non-ASCII in a header (the first byte >= 0x80)", "multipartNonASCIIHeader", non_ascii.index(b"\xc3")),
        (("--%s\r\nContent-Type: text/plain\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode(), "missing Content-Disposition (points at the part's first header byte)", "multipartMissingContentDisposition", len(head)),
        (("--%s\r\nContent-Disposition: form-data\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode(), "Content-Disposition without a name (points at its value)", "multipartMissingName", cd_at),
        (no_blank, "no empty line after the headers: the body line is a header line without a colon", "multipartHeaderWithoutColon", no_blank.index(b"1\r\n")),
    ]
    for body, what, kind, offset in bad:
        e.add(what + " → typed error %s at byte %d (SPEC §5.7 names each defect with its offset)" % (kind, offset),
              {"boundary": B, "body": bytes_value(body)}, err(kind, offset))
    # errors/010 (kept id): SPEC §5.7 decision — `--B` followed by other bytes is no delimiter line.
    garbage_first = ("--%sXYZ\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode()
    e.add("first delimiter followed by garbage: `--BXYZ` is not a delimiter line (SPEC §5.7 decision, RFC 2046 §5.1.1 grammar), "
          "so everything before the close delimiter is preamble and the form is empty; werkzeug reads zero parts too",
          {"boundary": B, "body": bytes_value(garbage_first)}, {"parts": []})
    assert oracle_parts(garbage_first, B, "werkzeug") in (None, []), "werkzeug"
    for body, what, kind, offset in bad[:4]:
        e.add(what + ", fed one byte at a time → the same typed error %s at byte %d" % (kind, offset),
              {"boundary": B, "body": bytes_value(body)}, err(kind, offset), options={"chunkSizes": [1]})
    # Header defects, each its own kind (SPEC §5.7 "Errors name the defect"; RFC 9110 §5.6.2 token,
    # header lines end in CRLF per RFC 2046 §5.1 / RFC 5322 §2.2).
    def one_header(line, utf8=False):
        return head + line + ("\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--%s--\r\n" % B).encode()

    def with_cd(value):
        return head + b"Content-Disposition: " + value + ("\r\n\r\n1\r\n--%s--\r\n" % B).encode()
    nbsp = with_cd("form-data;\u00a0name=\"a\"".encode())
    header_cases = [
        (one_header(b": x"), None, "an empty header field name", "multipartBadHeaderName", len(head)),
        (one_header(b"Bad Name: x"), None, "a header field name with a space (not an RFC 9110 tchar): points at the space", "multipartBadHeaderName", len(head) + 3),
        (one_header(b"X(y): 1"), None, "a header field name with a separator `(`", "multipartBadHeaderName", len(head) + 1),
        (one_header(b"X-A: a\nb"), None, "a bare LF inside a header line: points at the LF", "multipartBareLineBreak", len(head) + 6),
        (one_header(b"X-A: a\rb"), None, "a bare CR inside a header line: points at the CR", "multipartBareLineBreak", len(head) + 6),
        (one_header(b"X-A: a\x00b"), None, "a NUL byte in a header value", "multipartHeaderControlCharacter", len(head) + 6),
        (one_header(b"X-A: a\x7fb"), None, "a DEL byte in a header value", "multipartHeaderControlCharacter", len(head) + 6),
        (one_header("X-A: é".encode()), None, "a UTF-8 byte in a header value while allowUTF8Headers is off", "multipartNonASCIIHeader", len(head) + 5),
        (with_cd(b"form-data; name"), None, "Content-Disposition parameter without `=`: points past the parameter name", "multipartBadContentDisposition", cd_at + 15),
        (with_cd(b"form-data; name=\"a"), None, "Content-Disposition with an unterminated quoted string: points at the end of the value", "multipartBadContentDisposition", cd_at + 18),
        (with_cd(b"form-data name=\"a\""), None, "Content-Disposition parameters without `;`", "multipartBadContentDisposition", cd_at + 10),
        (nbsp, {"allowUTF8Headers": True}, "a UTF-8 no-break space (C2 A0) as the Content-Disposition separator, with allowUTF8Headers: a malformed value, pointed at the C2 byte", "multipartBadContentDisposition", nbsp.index(b"\xc2")),
        (with_cd(b"attachment; name=\"a\""), None, "a Content-Disposition type other than form-data (RFC 7578 §4.2): points at the type", "multipartNotFormData", cd_at),
    ]
    for body, opts, what, kind, offset in header_cases:
        e.add(what + " → %s at byte %d" % (kind, offset), {"boundary": B, "body": bytes_value(body)}, err(kind, offset),
              options=opts, refs=["RFC9110#5.6.2"] if "Name" in kind else None)
        e.add(what + ", fed one byte at a time → the same error", {"boundary": B, "body": bytes_value(body)}, err(kind, offset),
              options=dict(opts or {}, chunkSizes=[1]))
    # Header values and part context, from the header grammar (RFC 5322 §2.2: the value follows the
    # colon; leading whitespace is not part of it) and SPEC §5.7 (errors name the defect and where).
    ok_tail = ("\r\n\r\n1\r\n--%s--\r\n" % B).encode()
    tab_value = head + b"Content-Disposition:\t attachment; name=\"a\"" + ok_tail
    e.add("a tab and a space after the colon are not part of the value: the non-form-data error points at `attachment`",
          {"boundary": B, "body": bytes_value(tab_value)}, err("multipartNotFormData", tab_value.index(b"attachment")))
    no_space = head + b"Content-Disposition:form-data;name=\"a\"" + ok_tail
    e.add("no space after the colon or the `;` (OWS is optional, RFC 9110 §5.6.3): a valid part named a",
          {"boundary": B, "body": bytes_value(no_space)},
          {"parts": [{"name": "a", "headers": [["Content-Disposition", "form-data;name=\"a\""]], "body": {"text": "1"}}]})
    blank = head + b"Content-Disposition: form-data; name=\"a\"\r\nX-Empty:\t \r\n\r\n1\r\n--" + B.encode() + b"--\r\n"
    e.add("a header whose value is only whitespace has the empty value",
          {"boundary": B, "body": bytes_value(blank)},
          {"parts": [{"name": "a", "headers": [["Content-Disposition", "form-data; name=\"a\""], ["X-Empty", ""]], "body": {"text": "1"}}]})
    two = (head + b"Content-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--" + B.encode() + b"\r\nX-A: 1\r\n"
           b"Content-Disposition: attachment; name=\"b\"" + ok_tail)
    e.add("the second part's non-form-data Content-Disposition: the offset points into that part, the context names part 1",
          {"boundary": B, "body": bytes_value(two)},
          {"error": {"domain": CORE, "kind": "multipartNotFormData", "offset": two.index(b"attachment"), "context": {"part": "1"}}})
    for body, kind, at in [
            (("--%s\r\nContent-Type: text/plain\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode(), "multipartMissingContentDisposition", len(head)),
            (with_cd(b"form-data; name"), "multipartBadContentDisposition", cd_at + 15),
            (with_cd(b"attachment; name=\"a\""), "multipartNotFormData", cd_at),
            (("--%s\r\nContent-Disposition: form-data\r\n\r\n1\r\n--%s--\r\n" % (B, B)).encode(), "multipartMissingName", cd_at)]:
        e.add("%s in the first part: the error's context names part 0 (SPEC §5.7: errors say where)" % kind,
              {"boundary": B, "body": bytes_value(body)},
              {"error": {"domain": CORE, "kind": kind, "offset": at, "context": {"part": "0"}}})
    empty_q = head + b"Content-Disposition: form-data; name=\"\"; filename=\"\"" + ok_tail
    assert oracle_parts(empty_q, B, "email") == [("", b"1")]
    e.add("empty quoted strings: name \"\" and filename \"\" are empty, not malformed (RFC 9110 §5.6.4 quoted-string; Python email reads name '')",
          {"boundary": B, "body": bytes_value(empty_q)}, {"parts": [{"name": "", "filename": "", "body": {"text": "1"}}]})
    # Input that ends inside a delimiter candidate (`--B`, `--B-`, `--B` + padding, `--B` CR): no
    # delimiter line is complete (RFC 2046 §5.1.1: dash-boundary transport-padding CRLF, and a close
    # delimiter is `--B--`). Begun in the preamble, no delimiter was ever found; begun after a part's
    # data, that part has no close delimiter. SPEC §5.7 reports these as different kinds, at the end of
    # input (README offset rule). Python email is no oracle here: it reads a last line without CRLF as
    # a boundary line.
    in_body = head + b'Content-Disposition: form-data; name="a"\r\n\r\n1\r\n'
    for tail, state in [(b"", "the boundary"), (b"-", "one dash of `--`"), (b" \t", "transport padding"),
                        (b" \t\r", "padding and the CR of CRLF")]:
        for prefix, where, kind in [(b"pre\r\n", "in the preamble (no delimiter line yet)", "multipartBadDelimiter"),
                                    (in_body, "after a part's data (no close delimiter)", "multipartMissingCloseDelimiter")]:
            body = prefix + b"--" + B.encode() + tail
            for chunks in (None, [1]):
                e.add("input ends after %s of a delimiter candidate %s%s → %s at the end, byte %d "
                      "(RFC 2046 §5.1.1 grammar: the line is incomplete; SPEC §5.7 names the defect)"
                      % (state, where, ", fed one byte at a time" if chunks else "", kind, len(body)),
                      {"boundary": B, "body": bytes_value(body)}, err(kind, len(body)),
                      options={"chunkSizes": chunks} if chunks else None)
    return [f, g, e, delimiter_line_file()]


def oracle_parts(body, boundary, which):
    """(name, body) pairs as another multipart reader sees them; None when it is not installed, and
    "error" when it rejects the body. email (stdlib) always runs; werkzeug and python-multipart run
    when importable (both are only cross-checks: the expected values are built from the SPEC rule)."""
    if which == "email":
        msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            b'Content-Type: multipart/form-data; boundary="' + boundary.encode() + b'"\r\n\r\n' + body)
        if not msg.is_multipart() or msg.defects:
            return "error"
        return [(p.get_param("name", header="content-disposition"), p.get_payload(decode=True)) for p in msg.get_payload()]
    if which == "werkzeug":
        try:
            import io
            from werkzeug.formparser import MultiPartParser
        except ImportError:
            return None
        try:
            form, files = MultiPartParser().parse(io.BytesIO(body), boundary.encode(), len(body))
        except ValueError:
            return "error"
        return [(k, v.encode()) for k, v in form.items(multi=True)]
    if which == "python-multipart":
        try:
            from python_multipart import MultipartParser
        except ImportError:
            return None
        parts, cur = [], {}
        cbs = {"on_part_begin": lambda: cur.update(data=b""),
               "on_part_data": lambda d, s, e_: cur.update(data=cur["data"] + d[s:e_]),
               "on_part_end": lambda: parts.append(cur["data"])}
        try:
            p = MultipartParser(boundary.encode(), callbacks=cbs)
            p.write(body)
            p.finalize()
        except Exception:
            return "error"
        return parts
    raise ValueError(which)


def delimiter_line_file():
    """SPEC §5.7 decisions: delimiter lookalikes are data; a close delimiter alone is an empty form."""
    d = VectorFile("multipart-parse", "delimiter-lines",
                   "Delimiter lines and the empty form (SPEC §5.7 decisions, RFC 2046 §5.1.1), at every kind of chunk split",
                   ["SPEC§5.7", "RFC2046#5.1.1"], GEN)
    cd = b'Content-Disposition: form-data; name="a"\r\n\r\n'
    # (tail after CRLF--B, readers that agree, what it shows)
    cases = [
        (b"QQQ\r\ny", ["email", "werkzeug", "python-multipart"], "`--B` followed by other bchars"),
        (b"-Q", ["email", "werkzeug", "python-multipart"], "`--B-` followed by a byte other than `-`"),
        (b"-", ["python-multipart"], "`--B-` then the next line (one dash is no close delimiter)"),
        (b"\rQ", ["python-multipart"], "`--B` CR followed by a byte other than LF (Python email ends a line at a bare CR and werkzeug rejects the body: RFC 2046 needs CRLF)"),
        (b"\r", ["python-multipart"], "`--B` CR, then the real delimiter's CR (CR CR is no line end)"),
        (b" \tQ", ["email", "werkzeug"], "`--B`, transport padding, then a byte other than CR (python-multipart rejects the body)"),
    ]
    for tail, agree, what in cases:
        data = b"v\r\n--" + B.encode() + tail
        body = ("--%s\r\n" % B).encode() + cd + data + ("\r\n--%s--\r\n" % B).encode()
        for which in agree:
            got = oracle_parts(body, B, which)
            want = [data] if which == "python-multipart" else [("a", data)]
            assert got is None or got == want, (what, which, got)
        expected = {"parts": [{"name": "a", "body": bytes_value(data)}]}
        names = ", ".join({"email": "Python's email", "werkzeug": "werkzeug 3.1", "python-multipart": "python-multipart 0.0.34"}[w] for w in agree)
        comment = "%s is part data, not a delimiter (SPEC §5.7 decision; RFC 2046 §5.1.1 delimiter line); %s read the same part body" % (what, names)
        d.add(comment, {"boundary": B, "body": bytes_value(body)}, expected)
        look = len(("--%s\r\n" % B).encode() + cd) + len(b"v\r\n--" + B.encode())  # just after the lookalike's --B
        for k, where in [(look, "right after --boundary"), (look + 1, "after the first byte that follows it")]:
            d.add(comment + "; chunk split %s (byte %d)" % (where, k), {"boundary": B, "body": bytes_value(body)}, expected,
                  options={"chunkSizes": [k, 1 << 20]})
        d.add(comment + "; fed one byte at a time", {"boundary": B, "body": bytes_value(body)}, expected, options={"chunkSizes": [1]})
    empty = [
        (("--%s--" % B).encode(), "a close delimiter alone"),
        (("--%s--\r\n" % B).encode(), "a close delimiter and CRLF"),
        (("This is the preamble.\r\n--%s--\r\n" % B).encode(), "a preamble, then the close delimiter"),
        (("--%s--epilogue\r\n--%s\r\n" % (B, B)).encode(), "a close delimiter, then an epilogue that looks like a delimiter"),
    ]
    for body, what in empty:
        assert oracle_parts(body, B, "werkzeug") in (None, []), what
        comment = "%s is an empty form: zero parts, not an error (SPEC §5.7 decision; werkzeug reads zero parts)" % what
        d.add(comment, {"boundary": B, "body": bytes_value(body)}, {"parts": []})
        n = len(("--%s" % B).encode())
        for k, where in [(n, "right after --boundary"), (n + 1, "after one -")]:
            d.add(comment + "; chunk split %s (byte %d)" % (where, k), {"boundary": B, "body": bytes_value(body)}, {"parts": []},
                  options={"chunkSizes": [k, 1 << 20]})
    body = ("--%s\r\n" % B).encode() + cd + ("v\r\n--%s--junk\r\n--%s\r\nmore" % (B, B)).encode()
    for which in ["werkzeug", "python-multipart"]:
        got = oracle_parts(body, B, which)
        assert got is None or got in ([("a", b"v")], [b"v"]), (which, got)
    d.add("a close delimiter ends the parts whatever follows it; the rest is epilogue (SPEC §5.7; werkzeug and python-multipart read one part)",
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": {"text": "v"}}]})
    # After `CRLF--B` LF, the LF is data and starts no delimiter: `LF--B--` without its CR is no close
    # delimiter (RFC 2046 §5.1.1: a delimiter is CRLF "--" boundary).
    data = b"v\r\n--" + B.encode() + b"\n--" + B.encode() + b"--"
    body = ("--%s\r\n" % B).encode() + cd + data + ("\r\n--%s--\r\n" % B).encode()
    got = oracle_parts(body, B, "python-multipart")
    assert got is None or got == [data], got
    d.add("`--B` then a bare LF and `--B--`: the LF line is no close delimiter (no CR before it), all of it is data "
          "(SPEC §5.7; RFC 2046 §5.1.1; python-multipart 0.0.34 reads the same body)",
          {"boundary": B, "body": bytes_value(body)}, {"parts": [{"name": "a", "body": bytes_value(data)}]})
    return d


def main():
    print("multipart: %d vectors" % write_all(multipart_files()))
    print("multipart-parse: %d vectors" % write_all(parse_files()))


if __name__ == "__main__":
    sys.exit(main())
