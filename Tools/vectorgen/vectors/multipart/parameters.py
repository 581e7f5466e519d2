"""Vectors/multipart/parameters.json: request parameters become the first form fields (SPEC §5.3), by the §2 flattening
in every style (oracles/s5 styled_param_parts).
"""
from ...levels import af, decision
from ...oracles.s2_query_string import Data, Dbl, Set, to_json
from ...oracles.s5_multipart import B, body_bytes, cross_check, form, part_json, styled_param_parts
from ...vectorfile import VectorFile, bytes_value


def build():
    m = VectorFile("multipart", "parameters",
                   "Request parameters become the first form fields: §2 flattening in every style, raw names, data raw, null empty (SPEC §5.3)",
                   ["SPEC§5.3", "SPEC§2.2", "SPEC§2.4"])
    P = {"s": Set(["b", "a", "10", "9"]), "arr": [Data(b"\x00\xff"), None, Dbl(1.5), [True, False]], "d": {"z": Dbl(1e100), "a b": "x&y"},
         "\u00e9": "e-acute", "e\u0301": "decomposed", "i": -9223372036854775808}
    for a, b in [("brackets", "numeric"), ("noBrackets", "numeric"), ("indexInBrackets", "literal"), ("brackets", "literal")]:
        parts = styled_param_parts(P, a, b) + [form("last", "caller part")]
        body = body_bytes(parts, B)
        cross_check(parts, body, B)
        opts = {}
        if a != "brackets":
            opts["arrayStyle"] = a
        if b != "numeric":
            opts["boolStyle"] = b
        m.add("parameters with sets, data, null, doubles, nested arrays, canonically equal keys (%s, %s), then a caller part; "
              "body by SPEC §5.2/§5.3 framing with the §2 reference order, parsed back identically by Python email" % (a, b),
              {"method": "POST", "url": "http://example.com/", "parameters": to_json(P), "parts": [part_json(form("last", "caller part"))],
               "boundary": B}, {"body": bytes_value(body), "contentLength": len(body)}, options=opts or None,
              # the key order of canonically equal keys, %.16g doubles and the non-AF styles are SPEC §2.3/§2.4's
              verdict=decision("SPEC§2.3"))
    parts = styled_param_parts({"k": "v"})
    body = body_bytes(parts, B)
    m.add("parameters alone (no caller parts) still make a multipart body (SPEC §5.3, §5.4)",
          {"method": "POST", "url": "http://example.com/", "parameters": {"k": "v"}, "parts": [], "boundary": B},
          {"body": bytes_value(body), "contentLength": len(body)}, verdict=af("5.3/parameters-first"))
    m.add("empty parameters and no parts: the §3.2 POST request unchanged (SPEC §5.4)",
          {"method": "POST", "url": "http://example.com/", "parameters": {}, "parts": [], "boundary": B},
          {"body": {"text": ""}, "headers": {"$includes": [["Content-Type", "application/x-www-form-urlencoded"]]}},
          verdict=af("5.4/no-parts-unchanged"))
    return m
