"""Vectors/response/plist-messages.json: what AF users read when Foundation cannot read a property list (SPEC §6.5).

Oracle: Linux Foundation's PropertyListSerialization, recorded in oracles/s6_5_plist_messages (re-run with
`gen_vectors.py --check-foundation`): NSCocoaErrorDomain 3840 with the one localized description (`description`)
and the NSDebugDescription sentence (`context.debugDescription`), as for JSON (SPEC §6.4).
"""
from ...oracles.s6_4_json import cocoa_error
from ...oracles.s6_5_plist_messages import PLIST_MESSAGES, PLIST_READING_DESCRIPTION
from ...oracles.s6_responses import ABSENT, resp
from ...vectorfile import VectorFile
from ._shared import SPEC65


def build():
    # Foundation's texts (SPEC §6.5 decision, as for JSON's 3840s).
    f = VectorFile("response", "plist-messages", "property lists Foundation cannot read: its localized description and "
                   "NSDebugDescription (SPEC §6.5)", ["SPEC§6.5"], verdict=SPEC65)
    for what, body, debug in PLIST_MESSAGES:
        f.add("%s (%r): PropertyListSerialization fails → 3840 with Foundation's localized description and NSDebugDescription %r "
              "(Linux Foundation, recorded in oracles/s6_5_plist_messages)" % (what, body, debug),
              resp("plist", 200, "application/x-plist", body),
              {"valid": True, "object": ABSENT,
               "error": cocoa_error(description=PLIST_READING_DESCRIPTION, context={"debugDescription": debug})})
    return f
