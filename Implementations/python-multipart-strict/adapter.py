#!/usr/bin/env python3
"""python-multipart-strict: the AFSerialization multipart-parse vectors against the `multipart`
package 2.0 (PyPI `multipart`, defnull/multipart) in strict mode.

    conformance run --implementation 'python3 Implementations/python-multipart-strict/adapter.py'

Eval protocol 1.1 (VECTORS.md §5). The body is fed, in the vector's chunks, to
multipart.PushMultipartParser(boundary, strict=True): its non-blocking parser, the one its blocking
MultipartParser and parse_form_data are built on.
"""
import json
import sys
from importlib.metadata import version

import multipart

NAME = "python-multipart-strict"
VERSION = "multipart %s, Python %s" % (version("multipart"), sys.version.split()[0])

SUPPORTS = {
    "components": {"multipart-parse": ["strict"]},
    "omits": {"multipart-parse": ["error.*"]},
}


class Unsupported(Exception):
    pass


def read_bytes(value, path):
    if isinstance(value, dict):
        if "text" in value:
            return value["text"].encode("utf-8", "surrogatepass")
        if "hex" in value:
            return bytes.fromhex(value["hex"])
    raise ValueError('%s: bytes need "text" or "hex"' % path)


def write_bytes(raw):
    try:
        return {"text": raw.decode("utf-8")}
    except UnicodeDecodeError:
        return {"hex": raw.hex()}


def chunks(data, sizes):
    if not sizes:
        yield data
        return
    i = pos = 0
    while pos < len(data):
        n = sizes[i % len(sizes)]
        yield data[pos:pos + n]
        pos += n
        i += 1


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


def reply_to(req):
    rid = req.get("id")
    component = req.get("component")
    if isinstance(rid, str) and rid.startswith("handshake#"):
        return {"id": rid, "output": req.get("input") or {}, "protocol": "1.1",
                "implementation": {"name": NAME, "version": VERSION}, "supports": SUPPORTS}
    if component == "echo":
        return {"id": rid, "output": req.get("input") or {}}
    if component != "multipart-parse":
        return {"id": rid, "unsupported": "component %s is not modelled by %s" % (component, NAME)}
    try:
        return {"id": rid, "output": multipart_parse(req.get("input") or {}, req.get("options") or {})}
    except Unsupported as e:
        return {"id": rid, "unsupported": str(e)}
    except Exception as e:  # not a MultipartError: surfaced as what it is
        return {"id": rid, "output": {"error": {"domain": "multipart", "message": "unexpected %s: %s" % (type(e).__name__, e)}}}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            reply = reply_to(req) if isinstance(req, dict) else {"id": None, "harnessError": "not an object"}
        except Exception as e:
            reply = {"id": None, "harnessError": "line is not JSON: %s" % e}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
