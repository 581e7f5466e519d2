"""Vectors/multipart/requests.json: how the multipart request is built and finalized; errors (SPEC §5.3, §5.4, §5.5)."""
from ...levels import af, decision, must
from ...oracles.s3_requests import REQUEST_DOMAIN
from ...oracles.s5_multipart import B, body_bytes, file, form, part_json
from ...vectorfile import CORE, VectorFile, bytes_value


def build():
    h = VectorFile("multipart", "requests", "How the multipart request is built and finalized; errors (SPEC §5.3, §5.4, §5.5)",
                   ["SPEC§5.4"])
    for m in ["GET", "HEAD"]:
        h.add("%s cannot carry a multipart body: typed error (AF asserts; SPEC §5.4)" % m,
              {"method": m, "url": "http://example.com/", "parts": [part_json(form("a", "1"))], "boundary": B},
              {"error": {"domain": CORE}}, verdict=af("5.4/get-head-assertion"))
    h.add("no parts and no parameters: the §3.2 POST request unchanged (empty form body, form Content-Type; SPEC §5.4)",
          {"method": "POST", "url": "http://example.com/", "parts": [], "boundary": B},
          {"body": {"text": ""}, "headers": {"$includes": [["Content-Type", "application/x-www-form-urlencoded"]]}}, refs=["SPEC§3.2"],
          verdict=af("5.4/no-parts-unchanged"))
    body = body_bytes([form("a", "1")], B)
    h.add("an existing Content-Type is overwritten by the multipart one (SPEC §5.4)",
          {"method": "POST", "url": "http://example.com/", "headers": [["Content-Type", "text/plain"]], "parts": [part_json(form("a", "1"))], "boundary": B},
          {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + B]]}, "contentLength": len(body)},
          verdict=af("5.4/content-type-and-length"))
    h.add("PUT works like POST", {"method": "PUT", "url": "http://example.com/", "parts": [part_json(form("a", "1"))], "boundary": B},
          {"body": bytes_value(body), "contentLength": len(body)}, verdict=af("5.4/get-head-assertion"))
    short = file("s", "s.txt", "text/plain", "only7by", kind="stream")
    short["declaredLength"] = 20
    h.add("a stream that yields fewer bytes than declared is a typed error, not a short body (SPEC §5.5 Deviation)",
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(short)], "boundary": B}, {"error": {"domain": CORE}},
          refs=["SPEC§5.5", "SPEC§8"], verdict=decision("SPEC§5.5"))
    long_ = file("s", "s.txt", "text/plain", "this is longer than declared", kind="stream")
    long_["declaredLength"] = 4
    h.add("a stream that yields more bytes than declared is a typed error (SPEC §5.5 Deviation)",
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(long_)], "boundary": B}, {"error": {"domain": CORE}},
          refs=["SPEC§5.5"], verdict=decision("SPEC§5.5"))
    h.add("a path part with a non-file URL fails with −1000 'Expected URL to be a file URL' (SPEC §5.3)",
          {"method": "POST", "url": "http://example.com/", "boundary": B,
           "parts": [{"kind": "path", "name": "f", "path": "http://example.com/file.txt"}]},
          {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": "Expected URL to be a file URL"}}, refs=["SPEC§5.3"],
          verdict=af("5.3/not-file-url-reason"))
    h.add("a path part with a missing file fails with −1000 'File URL not reachable.' (SPEC §5.3)",
          {"method": "POST", "url": "http://example.com/", "boundary": B,
           "parts": [{"kind": "path", "name": "f", "path": "file:///nonexistent-afserialization/missing.txt"}]},
          {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": "File URL not reachable."}}, refs=["SPEC§5.3"],
          verdict=af("5.3/unreachable-reason"))
    collide = [form("x", "a\r\n--%s\r\nb" % B)]
    h.add("strict refuses a caller boundary that occurs in a body (RFC 7578 §4.1, SPEC §5.5)",
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in collide], "boundary": B},
          {"error": {"domain": CORE}}, profiles=["strict"], refs=["RFC7578#4.1", "SPEC§5.5"],
          # a caller boundary cannot be replaced, so the delimiter MUST NOT be written: the body is refused
          verdict=must("RFC7578#4.1", "MUST NOT"))
    body = body_bytes(collide, B)
    h.add("af4 writes a colliding body verbatim (AF does not check; SPEC §5.5)",
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in collide], "boundary": B},
          {"body": bytes_value(body)}, profiles=["af3", "af4"], refs=["RFC7578#4.1"],
          verdict=decision("SPEC§5.5"))  # TODO af row: AF writes part bodies without looking for the delimiter
    h.add("strict regenerates a seeded boundary that collides with an in-memory body; the length stays fixed (SPEC §5.5)",
          {"method": "POST", "url": "http://example.com/", "seed": 7,
           "parts": [part_json(form("x", "--Boundary+"))]},
          {"contentLength": len(body_bytes([form("x", "--Boundary+")], "X" * 25))}, profiles=["strict"], refs=["RFC7578#4.1", "SPEC§5.5"],
          # "--Boundary+" holds no CRLF--<boundary>, so nothing collides: the length is AF's 25-character format alone
          verdict=af("5.1/boundary-format"))
    # A caller's Content-Type and Content-Length given three times in different cases: field names are
    # case-insensitive (RFC 9110 §5.1) and an NSURLRequest holds one value per name, so the request carries
    # one Content-Type (the multipart one, SPEC §5.4) and one Content-Length (the form's length), in the
    # first field's place and spelling.
    body = body_bytes([form("a", "1")], B)
    h.add("Content-Type and Content-Length each given three times in different cases: one of each remains, the multipart "
          "Content-Type and the form's length (RFC 9110 §5.1: names are case-insensitive; SPEC §5.4)",
          {"method": "POST", "url": "http://example.com/",
           "headers": [["Content-Type", "text/plain"], ["Content-Length", "1"], ["content-type", "a/b"], ["CONTENT-LENGTH", "2"],
                       ["CONTENT-TYPE", "c/d"], ["content-length", "3"]],
           "parts": [part_json(form("a", "1"))], "boundary": B},
          {"headers": [["Content-Type", "multipart/form-data; boundary=" + B], ["Content-Length", str(len(body))]],
           "contentLength": len(body)}, refs=["RFC9110#5.1", "SPEC§5.4"],
          # one field per name, in the first field's place and spelling: the SPEC §3.1 header model
          verdict=decision("SPEC§3.1"))
    return h
