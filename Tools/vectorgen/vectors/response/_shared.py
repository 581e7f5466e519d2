"""Shared by the response topics: the authorities (levels.py) their vectors cite.

A response vector also checks `valid` for a plain 200 response of an acceptable type; that is AF's validation and the
same in every vector, so it does not lower a vector whose subject an RFC decides.
"""
from ...levels import ANY_ERROR, af, decision, implementation_defined, must, should
from ..content_decode._shared import GZIP, ORDER, SPEC7, SPEC8, ZLIB, trailer_unchecked  # noqa: F401 (re-exported)

ABSENT = {"$absent": True}
# "A JSON parser MUST accept all texts that conform to the JSON grammar."
JSON_ACCEPT = must("RFC8259#9", "MUST")
# "JSON text exchanged between systems that are not part of a closed ecosystem MUST be encoded using UTF-8."
JSON_UTF8 = must("RFC8259#8.1", "MUST")
# "A recipient SHOULD consider "x-gzip" to be equivalent to "gzip"."
X_GZIP = should("RFC9110#8.4.1.3", "SHOULD")
# SPEC decisions: MIME type (§6.2), validation texts and strict matching (§6.3; the Darwin phrase table, codes outside
# 100–599), error context (§6.1), the Foundation dialect and its 3840s (§6.4), XML/plist/image details (§6.5).
SPEC61 = decision("SPEC§6.1")
SPEC62 = decision("SPEC§6.2")
SPEC63 = decision("SPEC§6.3")
SPEC64 = decision("SPEC§6.4")
SPEC65 = decision("SPEC§6.5")
# TODO af row: the plain HTTP serializer returns the body bytes as its object (AFHTTPResponseSerializer); no row yet.
HTTP_OBJECT = decision("SPEC§6.5")


def accepted(obj=None):
    """An acceptable outcome: the document read, with `obj` as its object (any object when None)."""
    return {"valid": True, "object": {"$any": True} if obj is None else obj, "error": ABSENT}


def json_extension(obj):
    """Strict rejects a non-JSON form Foundation reads; RFC 8259 §9: "A JSON parser MAY accept non-JSON forms or extensions"."""
    return implementation_defined("RFC8259#9", accepted(obj))


# RFC 8259 §6/§9: "An implementation may set limits on the range and precision of numbers" (strict reads any magnitude).
NUMBER_RANGE = implementation_defined("RFC8259#6", ANY_ERROR)
def duplicate_names(*others):
    """RFC 8259 §4: names "SHOULD be unique"; with duplicates "the behavior of software that receives such an object is
    unpredictable": a reader may refuse the object, or read another member (`others`: those outcomes)."""
    return implementation_defined("RFC8259#4", ANY_ERROR, *others)


def dialect(strict):
    """af3/af4 follow Foundation's JSONSerialization (SPEC §6.4 decision); strict gets its own verdict."""
    return {("af3", "af4"): SPEC64, "strict": strict}


NULL_CLEAN_DICTS = af("6.4/null-cleaning-dictionaries")
NULL_CLEAN_AF3 = af("6.4/null-cleaning-arrays-kept-af3")
NULL_CLEAN_AF4 = af("6.4/null-cleaning-array-elements-af4")
