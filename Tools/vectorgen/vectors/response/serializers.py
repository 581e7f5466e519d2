"""Vectors/response/serializers.json: XML, property-list, image and compound serializers (SPEC §6.5).

Property lists from plistlib; images from the shared builder (images.py), their sizes known by construction.
"""
import plistlib

from ...images import JFIF, YCBCR_420, bmp_image, gif_image, jpeg_image, jpeg_sof, png_blank
from ...levels import af
from ...oracles.s6_responses import ABSENT, COCOA, ctype_error, resp
from ...vectorfile import VectorFile
from ._shared import SPEC65


def build():
    # Default: what the image serializer reports (format and size) is SPEC §6.5's (AF returns a platform UIImage).
    f = VectorFile("response", "serializers", "XML, property-list, image and compound serializers (SPEC §6.5)", ["SPEC§6.5"], verdict=SPEC65)
    xml = '<?xml version="1.0"?><root><a>1</a></root>'
    f.add("XML: validated, body returned as bytes (AF never parses)", resp("xml", 200, "application/xml", xml), {"valid": True, "object": {"text": xml}},
          verdict=af("6.5/xml-returns-unparsed"))
    f.add("XML: text/xml is acceptable by default", resp("xml", 200, "text/xml", xml), {"valid": True, "object": {"text": xml}},
          verdict=af("6.3/default-content-types"))
    f.add("XML: application/json is not acceptable → −1016", resp("xml", 200, "application/json", "{}"),
          {"valid": False, "error": ctype_error("application/json")}, refs=["SPEC§6.3"], verdict=af("6.3/default-content-types"))
    f.add("af: XML that is not well-formed is still returned as bytes", resp("xml", 200, "application/xml", "<a><b></a>"),
          {"object": {"text": "<a><b></a>"}}, profiles=["af3", "af4"], verdict=af("6.5/xml-returns-unparsed"))
    pl = {"name": "x", "n": 3, "ok": True, "list": [1, "two"], "d": {"k": "v"}}
    pl = dict(sorted(pl.items()))  # a plist dictionary has no order; sorted in the file and in the expected object
    body = plistlib.dumps(pl, sort_keys=True)
    f.add("property list: parsed to a value (plistlib-written XML plist)", resp("plist", 200, "application/x-plist", body),
          {"valid": True, "object": pl, "error": ABSENT}, verdict=af("6.5/plist-response"))
    f.add("property list: no body → no object", resp("plist", 200, "application/x-plist", None), {"object": ABSENT},
          verdict=af("6.5/plist-response"))
    # Which error Foundation's PropertyListSerialization gives (3840) is the platform's: SPEC §6.5 (the default).
    f.add("property list: a corrupt plist fails with Foundation's error (NSCocoaErrorDomain 3840)", resp("plist", 200, "application/x-plist", "<plist><dict><key>a</key></plist>"),
          {"object": ABSENT, "error": {"domain": COCOA, "code": 3840}})
    for data, fmt, w, h, ct in [(png_blank(1, 1), "png", 1, 1, "image/png"), (png_blank(3, 2), "png", 3, 2, "image/png"), (png_blank(17, 5, 6), "png", 17, 5, "image/png"),
                                (png_blank(640, 1, 0), "png", 640, 1, "image/png"), (gif_image(10, 20), "gif", 10, 20, "image/gif"),
                                (bmp_image(4, 3, record_size=True), "bmp", 4, 3, "image/bmp"), (jpeg_image(JFIF, jpeg_sof(0xC0, 32, 16, YCBCR_420)), "jpeg", 32, 16, "image/jpeg")]:
        f.add("image: %s %d×%d identified from its header (built byte by byte in the generator)" % (fmt, w, h), resp("image", 200, ct, data),
              {"valid": True, "object": {"format": fmt, "width": w, "height": h}})
    f.add("image: text/plain is not an image content type → −1016", resp("image", 200, "text/plain", png_blank(1, 1)),
          {"valid": False, "error": ctype_error("text/plain")}, refs=["SPEC§6.3"], verdict=af("6.3/default-content-types"))
    j = '{"a":[1]}'
    f.add("compound [json, xml]: JSON wins for application/json", resp("compound", 200, "application/json", j), {"object": {"a": [1]}},
          options={"serializers": ["json", "xml"]}, verdict=af("6.5/compound"))
    f.add("compound [json, xml]: XML wins for text/xml", resp("compound", 200, "text/xml", "<a/>"), {"object": {"text": "<a/>"}},
          options={"serializers": ["json", "xml"]}, verdict=af("6.5/compound"))
    f.add("compound [json]: nothing matches text/plain → plain HTTP behaviour, body bytes", resp("compound", 200, "text/plain", "hi"),
          {"valid": True, "object": {"text": "hi"}}, options={"serializers": ["json"]}, verdict=af("6.5/compound"))
    return f
