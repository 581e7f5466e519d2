"""Vectors/response/json.json: the JSON response serializer (SPEC §6.4); objects from Python's json.loads.

Only bodies on which Python and Foundation agree are used (no NaN/Infinity, no duplicate keys, no leading zeros),
and the Foundation dialect's extras recorded below.
"""
import json

from ...levels import af, implementation_defined
from ...oracles.s6_responses import ABSENT, COCOA, ctype_error, resp, status_error
from ...vectorfile import VectorFile
from ._shared import JSON_ACCEPT, SPEC63, SPEC64, SPEC8, accepted, json_extension

VALID_JSON = [
    '{"a":1}', '{"a":[1,2,{"b":null}],"c":"d"}', '[]', '{}', '[1,"two",true,false,null]', '{"unicode":"\\u00e9\\ud83d\\ude00"}',
    '{"esc":"\\"\\\\\\/\\b\\f\\n\\r\\t"}', '  {"ws" : [ 1 , 2 ]}  ', '{"n":-0.5,"e":1e3,"E":2E-2,"big":12345678901234567890}',
    '[[[[[[]]]]]]', '{"k":"日本語"}', '{"z":1,"a":2}', '[{"a":{}}]',
]


# Foundation's JSONSerialization on this platform accepts these (checked with swift-corelibs-foundation,
# Swift 6.3.1) although RFC 8259 and Python reject them; SPEC §6.4 follows Foundation.
FOUNDATION_ACCEPTS = [("[1,]", [1]), ('{"a":1,}', {"a": 1}), ('\ufeff{"bom":1}', {"bom": 1})]

INVALID_JSON = ["{", "[1,,2]", "{'a':1}", "tru", "[1 2]", '{"a" 1}', '"unterminated', "[", "}", '{"a":}', "{} x", "[01]", "{,}", "nul", "[\"\\x\"]", "[,1]"]


def build():
    f = VectorFile("response", "json", "The JSON response serializer (SPEC §6.4); objects from Python json.loads",
                   ["SPEC§6.4"])
    j = "application/json"
    for body in VALID_JSON:
        b = body.encode("utf-8")
        verdict = JSON_ACCEPT
        if "12345678901234567890" in body:
            # RFC 8259 §6 lets an implementation limit the range and precision of numbers: the nearest binary64 passes too.
            doubles = {"valid": True, "object": json.loads(body, parse_int=float), "error": ABSENT}
            verdict = implementation_defined("RFC8259#6", doubles)
        f.add("valid JSON %s → object as parsed by Python json.loads" % json.dumps(body[:40]), resp("json", 200, j, b),
              {"valid": True, "object": json.loads(body), "error": ABSENT}, verdict=verdict)
    for body in INVALID_JSON:
        try:
            json.loads(body)
            raise AssertionError(body)
        except json.JSONDecodeError:
            pass
        # RFC 8259 §9 lets a parser read non-JSON forms, so the rejection (and its 3840) is SPEC §6.4's in every profile.
        f.add("invalid JSON %s → NSCocoaErrorDomain 3840 (rejected by Python json, RFC 8259 and Foundation on this platform)" % json.dumps(body),
              resp("json", 200, j, body), {"object": ABSENT, "error": {"domain": COCOA, "code": 3840}}, verdict=SPEC64)
    for body, obj in FOUNDATION_ACCEPTS:
        f.add("Foundation dialect: %s is accepted by JSONSerialization on this platform (checked 2026-11-22), though not RFC 8259 (SPEC §6.4)" % json.dumps(body),
              resp("json", 200, j, body.encode("utf-8")), {"valid": True, "object": obj, "error": ABSENT}, profiles=["af3", "af4"], verdict=SPEC64)
        # RFC 8259 §9 lets a parser read extensions (trailing commas) and §8.1 lets it ignore a BOM: Foundation's reading passes too.
        bom = body.startswith("\ufeff")
        f.add("strict corrects AF where it breaks an RFC (SPEC §0): %s is not RFC 8259 JSON → 3840" % json.dumps(body),
              resp("json", 200, j, body.encode("utf-8")), {"object": ABSENT, "error": {"domain": COCOA, "code": 3840}}, profiles=["strict"],
              verdict=implementation_defined("RFC8259#8.1", accepted(obj)) if bom else json_extension(obj))
    for body in ["1", '"s"', "true", "-2.5"]:
        # A top-level scalar is a JSON text (RFC 8259 §2); refusing it without allowFragments is Foundation's rule (SPEC §6.4).
        f.add("fragment %s rejected without allowFragments (3840)" % body, resp("json", 200, j, body), {"error": {"domain": COCOA, "code": 3840}},
              verdict=SPEC64)
        f.add("fragment %s accepted with allowFragments" % body, resp("json", 200, j, body), {"object": json.loads(body), "error": ABSENT},
              options={"readingOptions": {"allowFragments": True}}, verdict=JSON_ACCEPT)
    empty = af("6.4/empty-or-single-space")
    f.add("empty body → no object, no error (SPEC §6.4)", resp("json", 200, j, ""), {"valid": True, "object": ABSENT, "error": ABSENT},
          verdict=empty)
    f.add("absent body → no object, no error (SPEC §6.4)", resp("json", 204, j, None), {"object": ABSENT, "error": ABSENT}, verdict=empty)
    f.add("a single space (Rails head :ok) → no object, no error (SPEC §6.4)", resp("json", 200, j, " "), {"object": ABSENT, "error": ABSENT},
          verdict=empty)
    f.add("two spaces are not the Rails special case → 3840", resp("json", 200, j, "  "), {"error": {"domain": COCOA, "code": 3840}},
          verdict=SPEC64)
    # The −1011 descriptions below hold Darwin's phrases (SPEC §6.3) and the 3840 is Foundation's (SPEC §6.4).
    f.add("status-only failure still parses: object and −1011 (SPEC §6.4)", resp("json", 404, j, '{"error":"nope"}'),
          {"valid": False, "object": {"error": "nope"}, "error": status_error(404)}, verdict=SPEC63)
    f.add("status failure and parse failure: parse error outer, −1011 underlying (SPEC §6.4)", resp("json", 500, j, "{"),
          {"object": ABSENT, "error": {"domain": COCOA, "code": 3840, "underlying": status_error(500)}}, verdict=SPEC64)
    f.add("content-type failure anywhere in the chain → no object even if the body parses (SPEC §6.4)", resp("json", 500, "text/html", "{}"),
          {"object": ABSENT, "error": dict(status_error(500), underlying=ctype_error("text/html"))}, verdict=SPEC63)
    deep = "[" * 600 + "]" * 600
    f.add("600 nested arrays exceed the JSON depth limit 512 → typed error, no crash (SPEC §8)", resp("json", 200, j, deep),
          {"object": ABSENT, "error": {"domain": "AFSerialization", "kind": "nestingTooDeep"}}, refs=["SPEC§8"], verdict=SPEC8)
    ok = "[" * 100 + "]" * 100
    obj = []
    for _ in range(99):
        obj = [obj]
    # RFC 8259 §9: "An implementation may set limits on the maximum depth of nesting"; SPEC §8 sets 512.
    f.add("100 nested arrays are within the limit", resp("json", 200, j, ok), {"object": obj}, refs=["SPEC§8"], verdict=SPEC8)
    # The order of members is SPEC §6.4's decision (RFC 8259 §4 leaves it open, AF's NSDictionary has none): only a
    # decision-level run compares it (VECTORS.md §4 rule 4), so this vector pins that the core keeps the input's.
    f.add("members keep the order of the input: z, a, m (SPEC §6.4 decision; Python json.loads keeps it too)",
          resp("json", 200, j, '{"z":1,"a":2,"m":3}'), {"valid": True, "object": {"z": 1, "a": 2, "m": 3}, "error": ABSENT},
          verdict=SPEC64)
    return f
