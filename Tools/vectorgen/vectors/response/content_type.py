"""Vectors/response/content-type.json: content-type validation, checked before status (SPEC §6.2, §6.3).

The topics below are grouped by rule: the default acceptable types, when the −1016 error is created, and how a MIME
type is matched. Ids are numbered in the order the vectors are added and never change (vectorfile.py), so build()
calls the topics in id order.
"""
import json

from ...levels import af
from ...oracles.s6_responses import ABSENT, COCOA, ctype_error, resp, status_error
from ...vectorfile import VectorFile
from ._shared import SPEC62, SPEC63, SPEC64


def build():
    f = VectorFile("response", "content-type", "Content-type validation; content type checked before status (SPEC §6.2, §6.3)",
                   ["SPEC§6.3"])
    default_types(f)
    error_creation(f)
    http_serializer_accepts_anything(f)
    matching(f)
    http_serializer_without_url(f)
    strict_unparsable(f)
    return f


# SPEC §6.3 default acceptable types: the JSON serializer's list, and none for the HTTP serializer.

def default_types(f):
    j = "application/json"
    for ct in ["application/json", "text/json", "text/javascript", "application/json; charset=utf-8", "APPLICATION/JSON"]:
        # The MIME type of a value with parameters or capitals is Foundation's derivation (SPEC §6.2), not AF's.
        f.add("JSON serializer accepts %r by default (MIME type lowercased in every profile)" % ct, resp("json", 200, ct, '{"a":1}'),
              {"valid": True, "object": {"a": 1}}, refs=["SPEC§6.2"],
              verdict=af("6.3/default-content-types") if ct == ct.lower() and ";" not in ct else SPEC62)
    for ct in ["text/html", "text/plain", "application/xml"]:
        f.add("JSON serializer rejects %s: −1016 with the MIME type, no object (SPEC §6.3, §6.4)" % ct, resp("json", 200, ct, '{"a":1}'),
              {"valid": False, "object": ABSENT, "error": ctype_error(ct)}, verdict=af("6.3/content-type-rule"))


def http_serializer_accepts_anything(f):
    f.add("HTTP serializer has no acceptable content types: anything passes", resp("http", 200, "application/x-whatever", "z"),
          {"valid": True, "error": ABSENT}, verdict=af("6.3/default-content-types"))


# SPEC §6.3 the −1016 error: created only with a non-empty body and a URL; content type is checked before status
# (−1011 outer, −1016 underlying).

def error_creation(f):
    f.add("no Content-Type and a non-empty body: −1016 with (null) (SPEC §6.3)", resp("json", 200, None, '{"a":1}'),
          {"valid": False, "error": ctype_error(None)}, verdict=af("6.3/1016-description"))
    f.add("no Content-Type and an empty body is not a content-type failure (SPEC §6.3)", resp("json", 200, None, ""),
          {"valid": True, "error": ABSENT, "object": ABSENT}, verdict=af("6.3/content-type-rule"))
    f.add("unacceptable type with an empty body: invalid, but no error is created (SPEC §6.3)", resp("json", 200, "text/html", ""),
          {"valid": False, "error": ABSENT}, verdict=af("6.3/1016-needs-body-and-url"))
    f.add("unacceptable type without a URL: invalid but no error is created, so nothing in the chain stops the JSON parse → 3840 (SPEC §6.3, §6.4)",
          resp("json", 200, "text/html", "<p>", url=None),
          {"valid": False, "object": ABSENT, "error": {"domain": COCOA, "code": 3840, "underlying": ABSENT}}, verdict=SPEC64)
    f.add("both fail: −1011 outer, −1016 underlying (SPEC §6.3)", resp("json", 500, "text/html", "<p>"),
          {"valid": False, "error": dict(status_error(500), underlying=ctype_error("text/html"))}, verdict=SPEC63)  # the phrase


def http_serializer_without_url(f):
    f.add("HTTP serializer, unacceptable type without a URL: invalid, no error (SPEC §6.3)", resp("http", 200, "text/html", "<p>", url=None),
          {"valid": False, "error": ABSENT}, options={"acceptableContentTypes": ["application/json"]}, verdict=af("6.3/1016-needs-body-and-url"))


# SPEC §6.3 matching: af3/af4 compare exact strings; strict matches RFC 9110 media ranges, case-insensitively and
# without parameters.

def matching(f):
    j = "application/json"
    o = {"acceptableContentTypes": ["Application/JSON"]}
    f.add("af: exact string match, so 'Application/JSON' never matches the lowercased MIME type", resp("json", 200, j, "{}"),
          {"valid": False, "error": ctype_error(j)}, options=o, profiles=["af3", "af4"], verdict=af("6.3/content-type-rule"))
    # RFC 9110 §8.3.1 says "The type and subtype tokens are case-insensitive" without a BCP 14 keyword: SPEC §6.3 decides.
    f.add("strict: type/subtype compare case-insensitively (RFC 9110 §8.3.1)", resp("json", 200, j, "{}"),
          {"valid": True, "object": {}}, options=o, profiles=["strict"], refs=["RFC9110#8.3.1"], verdict=SPEC63)
    o = {"acceptableContentTypes": ["text/*"]}
    f.add("af: 'text/*' is a literal string, no wildcard", resp("http", 200, "text/html", "x"), {"valid": False, "error": ctype_error("text/html")},
          options=o, profiles=["af3", "af4"], verdict=af("6.3/content-type-rule"))
    f.add("strict: 'text/*' matches text/html", resp("http", 200, "text/html", "x"), {"valid": True}, options=o, profiles=["strict"],
          verdict=SPEC63)
    o = {"acceptableContentTypes": ["*/*"]}
    f.add("strict: '*/*' matches anything", resp("http", 200, "image/png", "x"), {"valid": True}, options=o, profiles=["strict"], verdict=SPEC63)
    o = {"acceptableContentTypes": ["text/plain"]}
    f.add("strict ignores parameters when matching", resp("http", 200, "text/plain; charset=utf-8", "x"), {"valid": True}, options=o,
          profiles=["strict"], verdict=SPEC63)


def strict_unparsable(f):
    """A Content-Type strict cannot parse has no MIME type (SPEC §6.2); an acceptable type that is no media range (RFC
    9110 §12.5.1: media-range = "*/*" / type "/" "*" / type "/" subtype) matches nothing, since SPEC §6.3 lists only
    type/subtype, */* and type/* patterns (a matcher that let an unparsable pattern match everything would pass them)."""
    o = {"acceptableContentTypes": ["text/plain"]}
    f.add("strict: a malformed Content-Type has no MIME type → −1016 (null)", resp("http", 200, "text/plain; charset", "x"),
          {"valid": False, "error": ctype_error(None)}, options=o, profiles=["strict"], refs=["SPEC§6.2"], verdict=SPEC62)
    for pats in (["text"], ["*"], ["text/"]):
        f.add("strict: acceptable type %s is not a media range (RFC 9110 §12.5.1), so it matches nothing: text/html → −1016" % json.dumps(pats),
              resp("http", 200, "text/html", "x"), {"valid": False, "error": ctype_error("text/html")},
              options={"acceptableContentTypes": pats}, profiles=["strict"], refs=["RFC9110#8.3.1"], verdict=SPEC63)
