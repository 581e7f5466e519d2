"""Vectors/response/json-encoding.json: UTF-16/UTF-32/UTF-8-BOM JSON bodies (SPEC §6.4).

af3/af4: Foundation's encoding detection, verdicts recorded in oracles/s6_4 (FOUNDATION_ENCODINGS), offsets mapped from
Foundation's 'around character N' (foundation_offset); strict: RFC 8259 §8.1 UTF-8 only.
"""
import json

from ...oracles.s6_4_json import FOUNDATION_ENCODINGS, foundation_offset
from ...oracles.s6_responses import ABSENT, COCOA, resp
from ...vectorfile import VectorFile
from ._shared import JSON_UTF8, SPEC64


def not_utf8_text(what, body):
    """The body is a UTF-16/32 text, or no UTF-8 at all (RFC 8259 §8.1 MUST). A UTF-8 body whose NUL bytes are garbage
    breaks the JSON grammar instead, and its rejection is SPEC §6.4's (RFC 8259 §9 lets a parser read extensions)."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return "UTF-16" in what or "UTF-32" in what


J = "application/json"


def build():
    # Default: Foundation's encoding detection, its verdicts and offsets (af3/af4) are SPEC §6.4 decisions.
    f = VectorFile("response", "json-encoding", "UTF-16/UTF-32/UTF-8-BOM JSON bodies: Foundation's encoding detection (af3/af4) and "
                   "RFC 8259 §8.1 UTF-8 only (strict) (SPEC §6.4)", ["SPEC§6.4"], verdict=SPEC64)
    # Ids are numbered in the order the vectors are added and never change (vectorfile.py): topics in id order.
    foundation_detection(f)
    code_units_above_u10ffff(f)
    truncated_units(f)
    return f


# SPEC §6.4 encoding detection: af3/af4 read what Foundation's JSONSerialization reads (its recorded verdict and
# offset for each body); strict reads UTF-8 only (RFC 8259 §8.1).

def foundation_detection(f):
    for what, body, frag, verdict in FOUNDATION_ENCODINGS:
        opts = {"readingOptions": {"allowFragments": True}} if frag else None
        if isinstance(verdict, str):
            f.add("%s → accepted as Foundation's JSONSerialization does (run 2026-11-23); object from json.loads of the text" % what,
                  resp("json", 200, J, body), {"valid": True, "object": json.loads(verdict), "error": ABSENT}, options=opts, profiles=["af3", "af4"])
        else:
            err = {"domain": COCOA, "code": 3840}
            how = "rejected by Foundation's JSONSerialization (run 2026-11-23)"
            if verdict[1] == "whole":
                # The text does not transcode to UTF-8: Foundation's message names no position ("Cannot convert input
                # string to valid utf8 input.", checked by --check-foundation), the core reports offset 0 (SPEC §6.4).
                err["offset"] = 0
                how += "; Foundation's message names no position ('Cannot convert input string to valid utf8 input.'): offset 0, " \
                       "the whole text (SPEC §6.4 decision)"
            elif verdict[1] is not None:
                err["offset"] = foundation_offset(body, verdict[1], verdict[2])
                how += "; Foundation says 'around character %d' of the UTF-8 text, which is byte %d of the body" % (verdict[1], err["offset"])
            f.add("%s → %s" % (what, how), resp("json", 200, J, body), {"valid": True, "object": ABSENT, "error": err}, options=opts,
                  profiles=["af3", "af4"])
        if b"\x00" in body or b"\xff" in body or b"\xfe" in body:
            utf16_32 = not_utf8_text(what, body)
            why = ("is not UTF-8 (RFC 8259 §8.1; a NUL, FF or FE byte cannot occur in UTF-8 JSON text)" if utf16_32 else
                   "is UTF-8 with a NUL byte outside any string, which the JSON grammar does not allow (RFC 8259 §2; strict reads "
                   "UTF-8 only, RFC 8259 §8.1)")
            f.add("strict: %s %s → 3840" % (what, why),
                  resp("json", 200, J, body), {"valid": True, "object": ABSENT, "error": {"domain": COCOA, "code": 3840}}, options=opts,
                  profiles=["strict"], refs=["RFC8259#8.1"], verdict=JSON_UTF8 if utf16_32 else SPEC64)


# Unicode §3.9 UTF-32 that does not decode: af3/af4 cannot transcode it to UTF-8, so 3840, as Foundation's recorded
# verdicts for such bodies are (FOUNDATION_ENCODINGS). Oracle: Python's utf-32 codecs must reject each body.

def undecodable(f, what, body, codec, why):
    """af: `body` is not text in `codec` (Python's codec must reject it) → 3840."""
    try:
        body.decode(codec)
    except UnicodeDecodeError:
        pass
    else:
        raise AssertionError(what)
    f.add("%s: %s → 3840" % (what, why), resp("json", 200, J, body),
          {"valid": True, "object": ABSENT, "error": {"domain": COCOA, "code": 3840}}, profiles=["af3", "af4"])


def code_units_above_u10ffff(f):
    """UTF-32 code units whose most significant byte is not zero are above U+10FFFF (Unicode §3.9 D90: UTF-32 code units
    above 10FFFF are ill-formed), as is the unit 0x00110000 of Foundation's recorded verdicts. The low bytes alone spell
    '1', so a decoder that drops or misplaces the top byte (JSONTextEncoding.transcodeToUTF8 shifting by other than 24)
    accepts [1]."""
    for what, body, codec in [
            ("UTF-32BE [1] whose '1' unit is 01 00 00 31 (0x01000031)", bytes.fromhex("0000005b010000310000005d"), "utf-32-be"),
            ("UTF-32BE [1] whose '1' unit is 80 00 00 31 (0x80000031)", bytes.fromhex("0000005b800000310000005d"), "utf-32-be"),
            ("UTF-32LE [1] whose '1' unit is 31 00 00 80 (0x80000031)", bytes.fromhex("5b000000310000805d000000"), "utf-32-le"),
            ("UTF-32LE [1] whose '1' unit is 31 00 00 01 (0x01000031)", bytes.fromhex("5b000000310000015d000000"), "utf-32-le")]:
        undecodable(f, what, body, codec, "a code unit above U+10FFFF cannot be transcoded (Python's %s codec rejects it; "
                    "Unicode §3.9 D90)" % codec)


def truncated_units(f):
    """UTF-32 with 3 bytes after the last whole unit ('[' then ']' cut to 3 bytes): the truncated unit is no text.
    Foundation's recorded verdict for the same body cut to 2 bytes is 3840 too (the partial unit is dropped, the array
    is unterminated). A transcoder that tests `i + 3 <= count` or `i + 2 < count` reads past the end of the body."""
    for what, body in [
            ("UTF-32LE BOM + '[' + ']' cut to 3 bytes", bytes.fromhex("fffe00005b0000005d0000")),
            ("UTF-32BE BOM + '[' + ']' cut to 3 bytes", bytes.fromhex("0000feff0000005b00005d"))]:
        undecodable(f, what, body, "utf-32", "not a whole number of 4-byte units (Python's utf-32 codec rejects it: truncated "
                    "data; Foundation's recorded verdict for the 2-byte cut above is 3840)")
