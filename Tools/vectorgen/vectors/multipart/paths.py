"""Vectors/multipart/paths.json: file-path parts, filename = last path component, the file's bytes streamed (SPEC §5.3, §5.5).

The parts read the fixture files in Vectors/multipart/fixtures/ (written by _shared.write_fixtures).
"""
from ...levels import af, decision
from ...oracles.s3_requests import REQUEST_DOMAIN
from ...oracles.s5_multipart import B, body_bytes, cross_check, file, form, part_json
from ...vectorfile import CORE, VectorFile, bytes_value
from ._shared import FIXTURES, FIXTURE_BYTES, path_part, write_fixtures


def build():
    write_fixtures()
    p = VectorFile("multipart", "paths",
                   "File-path parts: filename = last path component, MIME from its extension, the file's bytes streamed (SPEC §5.3, §5.5)",
                   ["SPEC§5.3", "SPEC§5.5"],
                   # a path part's bytes pin its header order and the MIME table (SPEC §5.3; audit row
                   # 5.3/file-path-filename-and-mime: AF's table is the platform's)
                   verdict=decision("SPEC§5.3"))
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
          {"error": {"domain": CORE}}, verdict=decision("SPEC§5.3"))  # AF accepts the part (audit 5.3/directory-or-device)
    p.add("an empty path is not a file URL: −1000 'Expected URL to be a file URL' (SPEC §5.3)",
          {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [{"kind": "path", "name": "f", "path": ""}]},
          {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": "Expected URL to be a file URL"}},
          verdict=decision("SPEC§5.3"))  # how a path string becomes a URL is SPEC §5.3's (file URLs)
    for url in ["ftp://h/x.txt", "data:text/plain,x", "file://host/x.txt", "HTTPS://h/x"]:
        if url.startswith("file:"):
            # AF checks only the scheme (isFileURL) and Foundation reads the path alone: af3/af4 look for the local
            # /x.txt, missing here; strict refuses another host without looking (SPEC §5.3, RFC 8089 §2).
            p.add("%s is a file URL (AF checks only the scheme); af3/af4 ignore the host, as AF's Foundation does, and the "
                  "local /x.txt is missing; strict does not read a local file for another host: −1000 'File URL not "
                  "reachable.' (SPEC §5.3; AF 4.0.1 AFURLRequestSerialization.m L712-L726)" % url,
                  {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [{"kind": "path", "name": "f", "path": url}]},
                  {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": "File URL not reachable."}},
                  verdict={("af3", "af4"): af("5.3/file-url-with-host"), "strict": decision("SPEC§5.3")})
            continue
        p.add("%s is not a local file URL: −1000 'Expected URL to be a file URL' (SPEC §5.3)" % url,
              {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [{"kind": "path", "name": "f", "path": url}]},
              {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": "Expected URL to be a file URL"}},
              verdict=af("5.3/not-file-url-reason"))
    p.add("a missing relative path: −1000 'File URL not reachable.' (SPEC §5.3)",
          {"method": "POST", "url": "http://example.com/", "boundary": B,
           "parts": [{"kind": "path", "name": "f", "path": FIXTURES + "/missing.txt"}]},
          {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": "File URL not reachable."}},
          verdict=af("5.3/unreachable-reason"))
    # The host decides between reading a local file (af3/af4, as AF's Foundation builds the path from the path alone)
    # and refusing (strict): /dev/null exists on every POSIX system and is no regular file.
    url = "file://otherhost/dev/null"
    p.add("%s: af3/af4 ignore the host and read the local /dev/null, a device, so fileReadFailed naming /dev/null "
          "(SPEC §5.3 Deviation: AF adds it); strict does not read a local file for another host: −1000 'File URL not "
          "reachable.' (SPEC §5.3, RFC 8089 §2)" % url,
          {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [{"kind": "path", "name": "f", "path": url}]},
          {"error": {"domain": CORE, "kind": "fileReadFailed", "context": {"path": "/dev/null"}}}, profiles=["af3", "af4"],
          verdict=decision("SPEC§5.3"))
    p.add("%s under strict: another host's file is not read: −1000 'File URL not reachable.' (SPEC §5.3, RFC 8089 §2)" % url,
          {"method": "POST", "url": "http://example.com/", "boundary": B, "parts": [{"kind": "path", "name": "f", "path": url}]},
          {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": "File URL not reachable."}}, profiles=["strict"],
          refs=["RFC8089#2"], verdict=decision("SPEC§5.3"))
    return p
