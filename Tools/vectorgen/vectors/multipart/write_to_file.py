"""Vectors/multipart/write-to-file.json: writing the stream to a file keeps Content-Length (SPEC §5.6)."""
from ...oracles.s5_multipart import B, body_bytes, file, form, part_json
from ...vectorfile import VectorFile, bytes_value
from ._shared import layout


def build():
    w = VectorFile("multipart", "write-to-file", "Writing the stream to a file keeps Content-Length and drops the body stream (SPEC §5.6)",
                   ["SPEC§5.6"], verdict=layout("5.6/write-to-file"))
    parts = [form("a", "1"), file("f", "f.txt", "text/plain", "file body")]
    body = body_bytes(parts, B)
    w.add("writeToFile: the file holds exactly the stream bytes; the request keeps Content-Length (SPEC §5.6)",
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "boundary": B},
          {"body": bytes_value(body), "contentLength": len(body), "headers": {"$includes": [["Content-Length", str(len(body))]]}},
          options={"writeToFile": True})
    return w
