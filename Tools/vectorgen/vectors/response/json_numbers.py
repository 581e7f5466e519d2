"""Vectors/response/json-numbers.json: Foundation's number range check in the JSON serializer (SPEC §6.4).

Verdicts recorded from Foundation's JSONSerialization (oracles/s6_4 FOUNDATION_NUMBERS).
"""
import json

from ...oracles.s6_4_json import FOUNDATION_NUMBERS
from ...oracles.s6_responses import ABSENT, COCOA, resp
from ...vectorfile import VectorFile
from ._shared import NUMBER_RANGE, SPEC64, dialect


def build():
    # Default: Foundation's range check (SPEC §6.4 decision); strict reads any magnitude, where RFC 8259 §6 lets a parser set limits.
    f = VectorFile("response", "json-numbers", "Foundation's number range check in the JSON serializer: a number whose Double is infinite is "
                   "rejected (SPEC §6.4; verdicts from Foundation's JSONSerialization on this platform)", ["SPEC§6.4"], verdict=SPEC64)
    j = "application/json"
    for doc, verdict in FOUNDATION_NUMBERS:
        short = doc if len(doc) <= 60 else doc[:28] + "…" + doc[-28:]
        if verdict is not None and "1e400" in doc:
            # Duplicate keys: Foundation keeps the last member, so the overwritten 1e400 is never converted and the
            # document is accepted. The core's object keeps every member in order (VECTORS.md), as the text has them.
            f.add("%s: the overflowing number is overwritten by a later duplicate key, so Foundation's JSONSerialization accepts the "
                  "document (run 2026-11-23, returns %s); the object is not pinned (the core keeps duplicate members, the vector matcher cannot)" % (doc, verdict),
                  resp("json", 200, j, doc), {"valid": True, "error": ABSENT}, profiles=["af3", "af4"])
        elif verdict is not None:
            # In range: RFC 8259 and Foundation agree, so every profile.
            f.add("%s: finite as a Double → accepted; object as Foundation's JSONSerialization returns it (run 2026-11-23)" % short,
                  resp("json", 200, j, doc), {"valid": True, "object": json.loads(verdict), "error": ABSENT}, verdict=dialect(NUMBER_RANGE))
        else:
            f.add("%s: its Double overflows → Foundation's JSONSerialization rejects it with 3840 (run 2026-11-23), so af3/af4 do (SPEC §6.4)" % short,
                  resp("json", 200, j, doc), {"valid": True, "object": ABSENT, "error": {"domain": COCOA, "code": 3840, "underlying": ABSENT}},
                  profiles=["af3", "af4"])
    return f
