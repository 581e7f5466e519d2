#!/usr/bin/env python3
"""python-multipart: the AFSerialization multipart-parse vectors against python-multipart 0.0.x
(PyPI `python-multipart`, Kludex/python-multipart, the parser under Starlette and FastAPI).

    conformance run --implementation 'python3 Implementations/python-multipart/adapter.py'

Eval protocol 1.1 (VECTORS.md §5). The body is written, in the vector's chunks, to
python_multipart.MultipartParser(boundary, callbacks) and finalized; the callbacks collect each part's
header bytes and data, and the Content-Disposition is read with python_multipart's own
parse_options_header, as Starlette does.
"""
import logging
import sys
from importlib.metadata import version

import python_multipart
from python_multipart.exceptions import FormParserError
from python_multipart.multipart import parse_options_header

from afs_protocol import Unsupported, chunks, read_bytes, serve, unexpected_error, write_bytes

NAME = "python-multipart"
VERSION = "python-multipart %s, Python %s" % (version("python-multipart"), sys.version.split()[0])

SUPPORTS = {
    "components": {"multipart-parse": ["af4"]},
    "omits": {"multipart-parse": ["error.*"]},
}

logging.getLogger("python_multipart").setLevel(logging.ERROR)  # its warnings would only go to stderr


def text(raw):
    """python-multipart hands out header bytes; they are shown as UTF-8 (README: projections)."""
    return raw.decode("utf-8", "replace")


def multipart_parse(inp, options):
    for opt in ("maxMultipartParts", "maxPartHeaderBytes", "maxMultipartBytes", "allowUTF8Headers"):
        if options.get(opt) is not None:
            raise Unsupported("option %s has no counterpart in python-multipart's MultipartParser" % opt)
    boundary = inp["boundary"]
    body = read_bytes(inp["body"], "input.body")
    parts = []
    state = {"field": b"", "value": b""}

    def on_part_begin():
        parts.append({"headers": [], "data": bytearray()})
        state["field"], state["value"] = b"", b""

    def on_part_data(data, start, end):
        parts[-1]["data"] += data[start:end]

    def on_header_field(data, start, end):
        state["field"] += data[start:end]

    def on_header_value(data, start, end):
        state["value"] += data[start:end]

    def on_header_end():
        parts[-1]["headers"].append((state["field"], state["value"]))
        state["field"], state["value"] = b"", b""

    callbacks = {"on_part_begin": on_part_begin, "on_part_data": on_part_data,
                 "on_header_field": on_header_field, "on_header_value": on_header_value,
                 "on_header_end": on_header_end}
    try:
        parser = python_multipart.MultipartParser(boundary.encode("utf-8"), callbacks)
        for chunk in chunks(body, options.get("chunkSizes")):
            parser.write(chunk)
        parser.finalize()
    except FormParserError as e:
        return {"error": {"domain": "python_multipart", "message": "%s: %s" % (type(e).__name__, e)}}
    out = []
    for p in parts:
        disposition = next((v for n, v in p["headers"] if n.lower() == b"content-disposition"), None)
        ctype = next((v for n, v in p["headers"] if n.lower() == b"content-type"), None)
        _, params = parse_options_header(disposition) if disposition is not None else (b"", {})
        name, filename = params.get(b"name"), params.get(b"filename")
        out.append({"headers": [[text(n), text(v)] for n, v in p["headers"]],
                    "name": None if name is None else text(name),
                    "filename": None if filename is None else text(filename),
                    "contentType": None if ctype is None else text(ctype),
                    "body": write_bytes(bytes(p["data"]))})
    return {"parts": out}


if __name__ == "__main__":
    # An exception that is not python-multipart's documented FormParserError is surfaced as what it is.
    serve(NAME, VERSION, SUPPORTS, {"multipart-parse": multipart_parse},
          on_exception=unexpected_error("python_multipart"))
