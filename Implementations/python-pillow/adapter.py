#!/usr/bin/env python3
"""python-pillow: the image response serializer of the AFSerialization vectors against Pillow.

    conformance run --implementation 'python3 Implementations/python-pillow/adapter.py'

Eval protocol 1.1 (VECTORS.md §5): one JSON request per line on stdin, one reply per line on
stdout. One component, mapped onto the API a Python developer calls for the job (README.md):

  response   the image serializer only: PIL.Image.open(io.BytesIO(body), formats=[…]) →
             .format, .size; with inflatesResponseImage (default true) also .load(), so the pixels
             are decoded and a corrupt image is an error

Nothing of AF's behaviour is emulated here: what Pillow cannot take is "unsupported".
"""
import io
import json
import sys
import warnings

import PIL
from PIL import Image

NAME = "python-pillow"
VERSION = "Pillow %s, Python %s" % (PIL.__version__, sys.version.split()[0])

ERROR_MEMBERS = ["error.domain", "error.kind", "error.code", "error.description", "error.reason",
                 "error.offset", "error.context", "error.underlying"]
SUPPORTS = {
    "components": {"response": ["af4"]},
    # valid is AF's validation; Pillow's exceptions carry none of AF's error members. Listed one by
    # one (not error.*) so that an expected {"$absent": true} still means "no error".
    "omits": {"response": ["valid"] + ERROR_MEMBERS},
}

# The formats of VECTORS.md §3.8, as Pillow's format ids; Image.open(formats=…) tries only these.
PILLOW_FORMATS = ["PNG", "GIF", "JPEG", "BMP", "ICO", "TIFF"]
# Pillow's .format onto the output's names. MPO is Pillow's name for a JPEG file that carries the
# CIPA multi-picture extension (its JPEG plugin opens it as MpoImageFile).
FORMAT_NAMES = {"PNG": "png", "GIF": "gif", "JPEG": "jpeg", "MPO": "jpeg", "BMP": "bmp", "ICO": "ico",
                "TIFF": "tiff"}
DEFAULT_MAX_IMAGE_PIXELS = Image.MAX_IMAGE_PIXELS  # Pillow's own default, 89478485

# AF's image serializer's acceptable content types (AFImageResponseSerializer).
AF_IMAGE_TYPES = ("image/tiff", "image/jpeg", "image/gif", "image/png", "image/ico", "image/x-icon",
                  "image/bmp", "image/x-bmp", "image/x-xbitmap", "image/x-win-bitmap")

# Pillow's documented way to make its decompression-bomb limit a hard one: over MAX_IMAGE_PIXELS
# it warns (DecompressionBombWarning), over twice that it raises DecompressionBombError.
warnings.simplefilter("error", Image.DecompressionBombWarning)


class Unsupported(Exception):
    """The request is outside what Pillow models: reply {"unsupported": why}."""


def read_bytes(value, path):
    if isinstance(value, dict):
        if "text" in value:
            return value["text"].encode("utf-8", "surrogatepass")
        if "hex" in value:
            return bytes.fromhex(value["hex"])
    raise ValueError('%s: bytes need "text" or "hex"' % path)


def response(inp, options):
    if (inp.get("serializer") or "http") != "image":
        raise Unsupported("only the image serializer has a Pillow counterpart")
    for opt in ("acceptableContentTypes", "acceptableStatusCodes", "decodeContentEncoding", "maxDecodedSize"):
        if opt in options:
            raise Unsupported("option %s (AF's validation / decoding, not a Pillow call)" % opt)
    # Only what AF hands to its image decoder is answered: AF's validation is AF's code.
    status = inp.get("statusCode", 200)
    if status is None:
        status = 200
    values = [v for n, v in (inp.get("headers") or []) if n.lower() == "content-type"]
    mime = values[0].split(";")[0].strip().lower() if len(values) == 1 else None
    if not 200 <= status <= 299 or mime not in AF_IMAGE_TYPES:
        raise Unsupported("a response AF's validation rejects (not a Pillow call)")
    if inp.get("body") is None:
        raise Unsupported("no body: AF has no data to decode")
    body = read_bytes(inp["body"], "input.body")
    limit = options.get("maxImagePixels")
    Image.MAX_IMAGE_PIXELS = DEFAULT_MAX_IMAGE_PIXELS if limit is None else limit
    inflate = options.get("inflatesResponseImage")
    try:
        im = Image.open(io.BytesIO(body), formats=PILLOW_FORMATS)
        if inflate is None or inflate:
            im.load()
        width, height = im.size
        fmt = FORMAT_NAMES.get(im.format, im.format)
    except Exception as e:  # UnidentifiedImageError, OSError, DecompressionBomb*, and anything else
        # Pillow raises: named, so an exception that is not Pillow's documented rejection shows.
        return {"valid": True, "error": {"domain": "PIL", "message": "%s: %s" % (type(e).__name__, e)}}
    return {"valid": True, "object": {"format": fmt, "width": width, "height": height}}


def reply_to(req):
    rid = req.get("id")
    if isinstance(rid, str) and rid.startswith("handshake#"):
        return {"id": rid, "output": req.get("input") or {}, "protocol": "1.1",
                "implementation": {"name": NAME, "version": VERSION}, "supports": SUPPORTS}
    component = req.get("component")
    if component == "echo":
        return {"id": rid, "output": req.get("input") or {}}
    if component != "response":
        return {"id": rid, "unsupported": "component %s is not modelled by %s" % (component, NAME)}
    inp, options = req.get("input") or {}, req.get("options") or {}
    if not isinstance(inp, dict) or not isinstance(options, dict):
        return {"id": rid, "harnessError": "input and options must be objects"}
    try:
        return {"id": rid, "output": response(inp, options)}
    except Unsupported as e:
        return {"id": rid, "unsupported": str(e)}
    except Exception as e:  # an adapter bug: say what, keep going
        return {"id": rid, "harnessError": "%s: %s" % (type(e).__name__, e)}


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
