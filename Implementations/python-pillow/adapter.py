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
import sys
import warnings

import PIL
from PIL import Image

from afs_protocol import ERROR_MEMBERS, Unsupported, af_response_body, serve

NAME = "python-pillow"
VERSION = "Pillow %s, Python %s" % (PIL.__version__, sys.version.split()[0])

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


def response(inp, options):
    if (inp.get("serializer") or "http") != "image":
        raise Unsupported("only the image serializer has a Pillow counterpart")
    # Only what AF hands to its image decoder is answered: AF's validation is AF's code.
    body = af_response_body(inp, options, AF_IMAGE_TYPES, "a Pillow call", "no body: AF has no data to decode")
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


if __name__ == "__main__":
    serve(NAME, VERSION, SUPPORTS, {"response": response}, objects_only=True)
