"""Vectors/query-string/key-order.json: Swift String key order, UTF-8 tie-break for canonically equal keys (SPEC §2.3).

Expected texts written by hand.
"""
from ...vectorfile import VectorFile
from ._shared import verdict


def build():
    f = VectorFile("query-string", "key-order", "Key order: Swift String order; canonically equal keys tie-break by UTF-8 bytes (SPEC §2.3)",
                   ["SPEC§2.3"], verdict=verdict)
    # "e\u0301" and "\u00e9" compare equal as Swift Strings; bytes 65 cc 81 < c3 a9.
    for params, what in [({"\u00e9": "precomposed", "e\u0301": "decomposed"}, "precomposed key first in input"),
                         ({"e\u0301": "decomposed", "\u00e9": "precomposed"}, "decomposed key first in input")]:
        text = "e%CC%81=decomposed&%C3%A9=precomposed"
        f.add("%s: canonically equivalent keys tie-break by UTF-8 bytes (SPEC §2.3); expected written by hand" % what,
              {"parameters": params}, {"text": text})
    f.add("ASCII before non-ASCII (Swift String order = code point order here)", {"parameters": {"ä": 1, "z": 2, "Z": 3}},
          {"text": "Z=3&z=2&%C3%A4=1"})
    f.add("set elements with equal descriptions keep input order (SPEC §2.2 ties)", {"parameters": {"s": {"$set": ["1", 1]}}},
          {"text": "s=1&s=1"})
    return f
