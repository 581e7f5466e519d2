"""Vectors/response/json-messages.json: what AF users read when Foundation rejects a JSON body (SPEC §6.4).

Oracle: Linux Foundation's JSONSerialization, recorded in oracles/s6_4_json_messages (re-run with
`gen_vectors.py --check-foundation`): every 3840 has the one localized description (`description`) and a
sentence in NSDebugDescription (`context.debugDescription`). Offsets are not pinned here: SPEC §6.4 decides
them and json-parser / json-dialect pin them; Foundation's sentence may name another position (it words
what its own reader saw). Profiles af3 and af4 (the Foundation dialect).
"""
from ...oracles.s6_4_json import cocoa_error
from ...oracles.s6_4_json_messages import (FOUNDATION_DEEP_MESSAGES, FOUNDATION_MESSAGES, FOUNDATION_MESSAGES_AFTER_DEEP,
                                          JSON_READING_DESCRIPTION)
from ...oracles.s6_responses import ABSENT, resp
from ...vectorfile import VectorFile
from ._shared import SPEC64

J = "application/json"


def build():
    # Foundation's texts (SPEC §6.4 decision: the 3840 texts AF users read).
    f = VectorFile("response", "json-messages", "JSON parse errors as AF users read them: Foundation's localized description "
                   "and NSDebugDescription for every branch of its reader (SPEC §6.4)", ["SPEC§6.4"], verdict=SPEC64)
    for what, body, fragments, debug in FOUNDATION_MESSAGES:
        add(f, what, body, fragments, debug)
    for what, body, debug in FOUNDATION_DEEP_MESSAGES:
        add(f, what + ", maxJSONDepth 1000: the core reads on to the syntax error, Foundation stops at its own 512", body, False, debug,
            options={"maxJSONDepth": 1000}, refs=["SPEC§8"])
    for what, body, fragments, debug in FOUNDATION_MESSAGES_AFTER_DEEP:
        add(f, what, body, fragments, debug)
    return f


def add(f, what, body, fragments, debug, options=None, refs=None):
    """One rejected body: Foundation's localized description and NSDebugDescription."""
    if fragments:
        options = dict(options or {}, readingOptions={"allowFragments": True})
    f.add("%s%s: rejected → 3840 with Foundation's localized description and NSDebugDescription %r (Linux Foundation, "
          "recorded in oracles/s6_4_json_messages)" % (what, " (allowFragments)" if fragments else "", debug),
          resp("json", 200, J, body),
          {"valid": True, "object": ABSENT,
           "error": cocoa_error(description=JSON_READING_DESCRIPTION, context={"debugDescription": debug})},
          profiles=["af3", "af4"], options=options, refs=refs)
