#!/usr/bin/env python3
"""python-multipart-strict: the AFSerialization multipart-parse vectors against the `multipart`
package 2.0 (PyPI `multipart`, defnull/multipart) in strict mode.

    conformance run --implementation 'python3 Implementations/python-multipart-strict/adapter.py'

Eval protocol 1.1 (VECTORS.md §5). The body is fed, in the vector's chunks, to
multipart.PushMultipartParser(boundary, strict=True): its non-blocking parser, the one its blocking
MultipartParser and parse_form_data are built on.
"""
import sys
from importlib.metadata import version

import multipart

from afs_protocol import Unsupported, chunks, read_bytes, serve, unexpected_error, write_bytes

NAME = "python-multipart-strict"
VERSION = "multipart %s, Python %s" % (version("multipart"), sys.version.split()[0])

SUPPORTS = {
    "components": {"multipart-parse": ["strict"]},
    "omits": {"multipart-parse": ["error.*"]},
}


def multipart_parse(inp, options):
    for opt in ("maxPartHeaderBytes", "maxMultipartBytes"):
        if options.get(opt) is not None:
            raise Unsupported("option %s: multipart limits header lines and counts, not these totals" % opt)
    kwargs = {"strict": True}
    if options.get("maxMultipartParts") is not None:
        kwargs["max_segment_count"] = options["maxMultipartParts"]
    if options.get("allowUTF8Headers") is not None:
        # header_charset is the parser's knob for bytes >= 0x80 in part headers (default utf8)
        kwargs["header_charset"] = "utf8" if options["allowUTF8Headers"] else "ascii"
    boundary = inp["boundary"]
    body = read_bytes(inp["body"], "input.body")
    parts = []
    try:
        parser = multipart.PushMultipartParser(boundary, **kwargs)
        with parser:
            for chunk in list(chunks(body, options.get("chunkSizes"))) + [b""]:  # b"": end of input
                for event in parser.parse(chunk):
                    if isinstance(event, multipart.MultipartSegment):
                        parts.append([event, bytearray()])
                    elif event is not None:
                        parts[-1][1] += event
                if parser.closed:
                    break
    except multipart.MultipartError as e:
        return {"error": {"domain": "multipart", "message": "%s: %s" % (type(e).__name__, e)}}
    return {"parts": [{"headers": [list(h) for h in seg.headerlist], "name": seg.name,
                       "filename": seg.filename, "contentType": seg.header("Content-Type"),
                       "body": write_bytes(bytes(data))} for seg, data in parts]}


if __name__ == "__main__":
    # An exception that is not a MultipartError is surfaced as what it is.
    serve(NAME, VERSION, SUPPORTS, {"multipart-parse": multipart_parse}, on_exception=unexpected_error("multipart"))
