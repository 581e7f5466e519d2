"""Vectors/query-string/escape-styles.json: the query string honours the escape style option (SPEC §1.3 via §2.5).

Expected by the SPEC §2 flattening (oracles/s2) and the style oracles of SPEC §1 (oracles/s1).
"""
from ...oracles.s1_percent_escaping import unreserved, whatwg
from ...oracles.s2_query_string import flatten
from ...vectorfile import VectorFile
from ._shared import verdict


def build():
    f = VectorFile("query-string", "escape-styles", "The query string honours the escape style option (SPEC §1.3 via §2.5)",
                   ["SPEC§1.3", "SPEC§2.5"], verdict=verdict)
    params = {"q": "a b~c/d?", "x y": "*"}
    pairs = flatten(None, params, "brackets", "numeric")
    for style, fn in [("whatwgForm", whatwg), ("rfc3986Unreserved", unreserved)]:
        text = "&".join(fn(k) + "=" + fn(v) for k, v in pairs)
        f.add("%s escaping of fields and values; expected from the %s oracle in oracles/s1_percent_escaping.py" % (style, style),
              {"parameters": params}, {"text": text}, options={"style": style},
              refs=["WHATWG-URL#5.2"] if style == "whatwgForm" else ["RFC3986#2.3"])
    # Values of 32 bytes and more, dense with escapes and with spaces among them: the core's SIMD
    # kernel expands dense blocks by shuffles and must still write a space as '+' in whatwgForm.
    params = {"accents": "é è à ç ñ ü ö ä ß ø å æ œ ÿ î ô", "spaced out": "a b c d e f g h i j k l m n o p q r s t u v w x y z"}
    pairs = flatten(None, params, "brackets", "numeric")
    for style, fn in [("whatwgForm", whatwg), ("rfc3986Unreserved", unreserved)]:
        text = "&".join(fn(k) + "=" + fn(v) for k, v in pairs)
        f.add("%s escaping of long values dense with escapes and spaces (the vector path of the escaper); expected from "
              "the %s oracle in oracles/s1_percent_escaping.py" % (style, style),
              {"parameters": params}, {"text": text}, options={"style": style},
              refs=["WHATWG-URL#5.2"] if style == "whatwgForm" else ["RFC3986#2.3"])
    return f
