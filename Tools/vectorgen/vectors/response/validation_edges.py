"""Vectors/response/validation-edges.json: status 0 and negative codes, what errors carry, the compound fallback (SPEC §6.3, §6.5).

Expectations from the SPEC §6.3 text and its phrase table (oracles/s6_responses; codes outside 100…599 per the SPEC
§6.3 decision).
"""
from ...levels import af
from ...oracles.s6_responses import ABSENT, RESP, URL, resp, status_error
from ...vectorfile import VectorFile
from ._shared import HTTP_OBJECT, SPEC61, SPEC63


def build():
    f = VectorFile("response", "validation-edges",
                   "Validation edge cases: status 0 and negative codes, what errors carry, the compound fallback (SPEC §6.3, §6.5)",
                   ["SPEC§6.3"])

    f.add("status 0 with acceptable codes [[0,0]]: 0 is among them, valid and no error (SPEC §6.3 'the code is not among them')",
          resp("http", 0, body="x"), {"valid": True, "object": {"text": "x"}, "error": ABSENT}, options={"acceptableStatusCodes": [[0, 0]]},
          verdict=HTTP_OBJECT)  # 6.1/negative-status decides the status; the object needs the HTTP serializer's row
    f.add("status 0 with acceptable codes [[0,5]]: valid (SPEC §6.3)",
          resp("http", 0, body="x"), {"valid": True, "error": ABSENT}, options={"acceptableStatusCodes": [[0, 5]]},
          verdict=af("6.1/negative-status"))
    f.add("status -1 with acceptable codes [[-1,1]]: invalid, −1011 'server error (-1)' (decision: a negative status is never "
          "acceptable, as AF's containsIndex:(NSUInteger)statusCode; phrase per SPEC §6.3)",
          resp("http", -1, body="x"), {"valid": False, "error": status_error(-1)}, options={"acceptableStatusCodes": [[-1, 1]]},
          verdict=SPEC63)
    # What the errors carry (SPEC §6.3: the failing URL, the response, the body); context keys are a decision.
    f.add("a 404 with a body: the −1011 error carries the failing URL, the status, the body length and the MIME type "
          "(SPEC §6.3; MIME type per §6.2; decision: context keys failingURL, statusCode, bodyLength, mimeType)",
          resp("http", 404, "Text/HTML; charset=utf-8", "abc"),
          {"valid": False, "error": status_error(404, context={"bodyLength": "3", "failingURL": URL, "mimeType": "text/html", "statusCode": "404"})},
          verdict=SPEC61)
    f.add("a 404 without a body or Content-Type: bodyLength 0 in the error's context (SPEC §6.3; no data is length 0)",
          resp("http", 404), {"valid": False, "object": ABSENT,
                              "error": status_error(404, context={"bodyLength": "0", "failingURL": URL, "statusCode": "404"})},
          verdict=SPEC61)
    f.add("a 500 with an empty body: bodyLength 0 (SPEC §6.3)", resp("http", 500, "text/plain", ""),
          {"valid": False, "object": {"text": ""}, "error": status_error(500, context={"bodyLength": "0", "mimeType": "text/plain"})},
          verdict=SPEC61)
    f.add("unacceptable content type: the −1016 error carries the failing URL, status, body length and MIME type (SPEC §6.3)",
          resp("json", 200, "text/plain", "abc"),
          {"valid": False, "error": {"domain": RESP, "code": -1016, "description": "Request failed: unacceptable content-type: text/plain",
                                     "context": {"bodyLength": "3", "failingURL": URL, "mimeType": "text/plain", "statusCode": "200"}}},
          verdict=SPEC61)
    f.add("JSON serializer, no Content-Type and no body at all, with a URL: 'no MIME type and empty body' passes the content-type check; "
          "valid, no object, no error (SPEC §6.3, §6.4)",
          resp("json", 200), {"valid": True, "object": ABSENT, "error": ABSENT}, verdict=af("6.3/content-type-rule"))
    f.add("JSON serializer, no Content-Type and no body, status 204: valid, no object, no error (SPEC §6.3, §6.4)",
          resp("json", 204), {"valid": True, "object": ABSENT, "error": ABSENT}, verdict=af("6.3/content-type-rule"))
    f.add("image serializer, no Content-Type and no body: valid, no object, no error (SPEC §6.3 exemption, §6.5)",
          resp("image", 200), {"valid": True, "object": ABSENT, "error": ABSENT}, verdict=af("6.5/image-empty-or-unknown"))
    # The compound serializer falls back to the plain HTTP serializer with the compound's own validation.
    f.add("compound with no serializers and acceptable types [application/json]: the fallback validates with the compound's types, "
          "text/plain fails with −1016 and the body is returned (SPEC §6.5 'behave as the plain HTTP serializer', with its settings)",
          resp("compound", 200, "text/plain", "x"),
          {"valid": False, "object": {"text": "x"},
           "error": {"domain": RESP, "code": -1016, "description": "Request failed: unacceptable content-type: text/plain"}},
          options={"serializers": [], "acceptableContentTypes": ["application/json"]}, refs=["SPEC§6.5"], verdict=af("6.5/compound"))
    f.add("compound [json] with acceptable codes [[200,200]]: JSON rejects text/plain, the fallback checks the compound's codes, 201 fails "
          "with −1011 'created (201)' and the body is returned (SPEC §6.5, §6.3)",
          resp("compound", 201, "text/plain", "x"),
          {"valid": False, "object": {"text": "x"}, "error": status_error(201)},
          options={"serializers": ["json"], "acceptableStatusCodes": [[200, 200]]}, refs=["SPEC§6.5"], verdict=SPEC63)
    f.add("compound [json] with acceptable codes [[201,201]]: the fallback accepts 201, valid, body returned (SPEC §6.5)",
          resp("compound", 201, "text/plain", "x"), {"valid": True, "object": {"text": "x"}, "error": ABSENT},
          options={"serializers": ["json"], "acceptableStatusCodes": [[201, 201]]}, refs=["SPEC§6.5"], verdict=af("6.5/compound"))
    return f
