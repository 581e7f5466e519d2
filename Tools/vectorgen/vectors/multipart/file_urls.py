"""Vectors/multipart/file-urls.json: which path strings are file URLs, and how file:// URLs are percent-decoded (SPEC §5.3)."""
import os
from urllib.parse import unquote, urlsplit

from ...levels import decision
from ...oracles.s3_requests import REQUEST_DOMAIN
from ...vectorfile import VectorFile, core_error
from ._shared import FIXTURES, req


def build():
    """Which path strings are file URLs (SPEC §5.3), and how file:// URLs are percent-decoded."""
    u = VectorFile("multipart", "file-urls",
                   "File-path parts: a scheme other than file is −1000; file:// URLs are percent-decoded (SPEC §5.3, RFC 3986 §3.1, §2.1, RFC 8089)",
                   ["SPEC§5.3", "RFC3986#2.1"],
                   # every vector checks the error's context (the core's), and URL decoding is SPEC §5.3's Decision
                   verdict=decision("SPEC§5.3"))
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
              {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": reason, "context": {"url": s}}})
    # A path through a regular file (ENOTDIR) is as missing as a missing file.
    p = FIXTURES + "/hello.TXT/x"
    u.add("a path that continues past a regular file (%s) does not exist: −1000 'File URL not reachable.' (SPEC §5.3)" % p,
          req([{"kind": "path", "name": "f", "path": p}]),
          {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": "File URL not reachable.", "context": {"url": p}}})
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
              req([{"kind": "path", "name": "f", "path": url}]), core_error("fileReadFailed", context={"path": path}),
              refs=["RFC8089#2"] if "localhost" in url else None)
    # A `%` not followed by two hex digits stays as it is (Python unquote does the same); the file is missing.
    for tail in ["%/x", "%.x", "%@x", "%`x", "%Gx", "%gx", "%:x", "%4", "%", "%%41"]:
        url = "file:///nonexistent-afserialization/" + tail
        path = unquote(urlsplit(url).path)
        u.add("%s: %r is decoded to %r (Python unquote); that file is missing → −1000 'File URL not reachable.' (SPEC §5.3)"
              % (url, tail, path[len("/nonexistent-afserialization/"):]),
              req([{"kind": "path", "name": "f", "path": url}]),
              {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": "File URL not reachable.", "context": {"url": url}}})
    x = "file://localhost"
    u.add("file://localhost without a path: a file URL (AF checks only the scheme) whose empty path is not reachable: −1000 "
          "'File URL not reachable.' (SPEC §5.3; AF 4.0.1 AFURLRequestSerialization.m L712-L726; context url: SPEC §5.3)",
          req([{"kind": "path", "name": "f", "path": x}]),
          {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": "File URL not reachable.", "context": {"url": x}}},
          refs=["RFC8089#2"])
    # Decision: a stat(2) failure other than "no such file" (ENOENT/ENOTDIR) is a typed fileReadFailed naming the
    # decoded path; here a 300-byte path component, longer than NAME_MAX (POSIX ENAMETOOLONG).
    url = "file:///" + "n" * 300 + "%41%42"
    path = unquote(urlsplit(url).path)
    u.add("a file URL whose decoded path has a 302-byte component (longer than POSIX NAME_MAX, 255): stat fails with "
          "ENAMETOOLONG, not 'no such file': fileReadFailed naming the decoded path (decision; Python unquote decodes %41%42 to AB)",
          req([{"kind": "path", "name": "f", "path": url}]), core_error("fileReadFailed", context={"path": path}))
    # %00 decodes to a NUL, which no POSIX path holds (Python's os.stat refuses it: "embedded null byte"); a C call would
    # cut the path there and read hello.TXT. Nothing is at the decoded path → −1000 'File URL not reachable.'
    for url in ["file:///dev/null%00.png", FIXTURES + "/hello.TXT\0.png"]:
        path = unquote(urlsplit(url).path) if url.startswith("file:") else url
        assert "\0" in path
        try:
            os.stat(path)
            raise AssertionError("os.stat accepted a NUL")
        except ValueError:
            pass
        u.add("%r: %%00 decodes to NUL (Python unquote; or a plain path holds one), which no POSIX path can hold (Python os.stat: 'embedded null byte'); "
              "the file is not reachable → −1000 'File URL not reachable.' (SPEC §5.3), not the file before the NUL" % url,
              req([{"kind": "path", "name": "f", "path": url}]),
              {"error": {"domain": REQUEST_DOMAIN, "code": -1000, "reason": "File URL not reachable.", "context": {"url": url}}})
    return u
