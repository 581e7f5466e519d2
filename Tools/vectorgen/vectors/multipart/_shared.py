"""Shared by several multipart files: the fixture files that path parts read, and the request input shape.

Path parts read fixture files under Vectors/multipart/fixtures/ (written here), named by a path relative to the
package root, where `conformance run` runs.
"""
import os

from ...levels import af, decision
from ...oracles.s5_multipart import B
from ...vectorfile import ROOT

FIXTURES = "Vectors/multipart/fixtures"

FIXTURE_BYTES = {"empty": b"", "hello.TXT": b"hello\r\n--not-a-delimiter", "archive.tar.gz": b"\x1f\x8b\x08\x00gz",
                 "noext": b"x", "big.bin": bytes(range(256)) * 40}


def write_fixtures():
    """Writes the fixture files (only those whose bytes differ)."""
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


def req(parts, boundary=B, **extra):
    """A POST multipart request input (VECTORS.md) with these parts."""
    inp = {"method": "POST", "url": "http://example.com/", "parts": parts}
    if boundary is not None:
        inp["boundary"] = boundary
    inp.update(extra)
    return inp


def header_order_open(v):
    """True when the vector pins body bytes holding a part with two headers or more: a file, stream or path part
    (Content-Disposition, Content-Type) or a custom part with several. AF writes them in NSDictionary order (audit
    rows 5.3/disposition-before-type, 5.3/custom-headers-order: af-silent), so their order is SPEC §5.3's."""
    return "body" in v["expected"] and any(p["kind"] in ("file", "stream", "path") or len(p.get("headers") or []) > 1
                                           for p in v["input"].get("parts") or [])


def layout(otherwise):
    """The verdict of a vector that pins the writer's bytes: SPEC §5.3 when a part's header order is in them, else
    `otherwise` (a Verdict, a per-profile dict, or an audit row id of AF's layout)."""
    if isinstance(otherwise, str):
        otherwise = af(otherwise)
    return lambda v: decision("SPEC§5.3") if header_order_open(v) else otherwise
