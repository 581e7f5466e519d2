"""Vectors/response/limits-defaults.json: the default maxImagePixels (10^8, SPEC §8), one pixel over.

The PNG header is built by hand (images.py: struct, zlib.crc32, PNG spec §11.2.2 IHDR); the context as
response/image-details/002 pins it.
"""
from ...images import PNG_SIG, png_ihdr
from ...levels import decision
from ...oracles.s6_responses import ABSENT, resp
from ...oracles.s8_limits import MAX_IMAGE_PIXELS
from ...vectorfile import CORE, VectorFile


def build():
    f = VectorFile("response", "limits-defaults",
                   "The default maxImagePixels (10^8, SPEC §8): a PNG header one pixel over is limitExceeded",
                   ["SPEC§8", "SPEC§6.5"], verdict=decision("SPEC§8"))
    w, h = 17, 5882353
    assert w * h == MAX_IMAGE_PIXELS + 1
    png = PNG_SIG + png_ihdr(w, h, 8, 2)
    f.add("PNG header 17×5,882,353 = 100,000,001 pixels, one over the default maxImagePixels 10^8 → limitExceeded, context limit "
          "100000000 and format png, no object (SPEC §8; header built with struct + zlib.crc32; context as response/image-details/002)",
          resp("image", 200, "image/png", png),
          {"valid": True, "object": ABSENT,
           "error": {"domain": CORE, "kind": "limitExceeded", "context": {"limit": str(MAX_IMAGE_PIXELS), "format": "png"}}},
          options={"inflatesResponseImage": False})
    return f
