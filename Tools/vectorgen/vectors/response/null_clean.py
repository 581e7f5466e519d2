"""Vectors/response/null-clean.json: the JSON response serializer with removesKeysWithNullValues (SPEC §6.4).

Duplicate keys (SPEC §6.4 decision: the key whose *last* value is null disappears, as from the NSDictionary AF
cleans; a repeated key keeps its last member, at that member's position): json.loads keeping each key's last member
at its own position (oracles/s6_4_json.last_wins) then the SPEC §6.4 rule.

The topics below are grouped by rule: the cleaning itself, duplicate keys, and bodies rejected before any cleaning.
Ids are numbered in the order the vectors are added and never change (vectorfile.py), so build() calls the topics in
id order.
"""
import json

from ...oracles.s6_4_json import clean, cocoa_error, last_wins
from ...oracles.s6_4_json_messages import FOUNDATION_MESSAGES_NEAR_MISSES, JSON_READING_DESCRIPTION
from ...oracles.s6_responses import ABSENT, resp
from ...vectorfile import VectorFile
from ._shared import NULL_CLEAN_AF3, NULL_CLEAN_AF4, NULL_CLEAN_DICTS, SPEC64, accepted, duplicate_names


def build():
    f = VectorFile("response", "null-clean", "JSON response serializer with removesKeysWithNullValues (SPEC §6.4)", ["SPEC§6.4"])
    cleaning(f)
    duplicate_keys(f)
    rejected_before_cleaning(f)
    nested_duplicate_keys(f)
    removed_heap_keys(f)
    member_moves(f)
    return f


# SPEC §6.4 removesKeysWithNullValues: off by default; af3 keeps null array elements, af4/strict drop them.

def cleaning(f):
    body = '{"a":null,"b":[null,1],"c":{"d":null}}'
    v = json.loads(body)
    o = {"removesKeysWithNullValues": True}
    f.add("af3 keeps null array elements", resp("json", 200, "application/json", body), {"object": clean(v, "af3")}, options=o, profiles=["af3"],
          verdict=NULL_CLEAN_AF3)
    f.add("af4/strict drop null array elements", resp("json", 200, "application/json", body), {"object": clean(v, "af4")}, options=o,
          profiles=["af4", "strict"], verdict=NULL_CLEAN_AF4)
    f.add("off by default: nulls kept", resp("json", 200, "application/json", body), {"object": v}, verdict=NULL_CLEAN_DICTS)


def removed_heap_keys(f):
    """Members removed by the cleaning whose keys (and a removed nested value) are too long to be stored inline
    (over 15 UTF-8 bytes: on the heap), between members that stay; the removal must release them (the mutation asan
    layer's LeakSanitizer check sees one that does not). Oracle: json.loads + the SPEC §6.4 rule (oracles/s6_4.clean)."""
    k = ["member-%d-" % i + "k" * 30 for i in range(5)]
    for doc in ['{"%s":null,"%s":1,"%s":null,"%s":"%s"}' % (k[0], k[1], k[2], k[3], "v" * 40),
                '{"%s":[null,"%s"],"%s":{"%s":null}}' % (k[0], "w" * 40, k[1], k[2]),
                '[{"%s":null},{"%s":1,"%s":null,"%s":null}]' % (k[0], k[1], k[2], k[3])]:
        add_cleaned(f, doc, "%s…: members with 40-byte keys removed for their null values between kept ones (%%s; json.loads + "
                    "SPEC §6.4 rule)" % doc[:30])


def member_moves(f):
    """256 members, the first one null: every kept member moves down one place, the last from the 256th slot
    (the reader's member stack starts with room for 256, so a move that takes one member too many reads past its end,
    which the asan layer sees). Oracle: json.loads + the SPEC §6.4 rule."""
    doc = "{" + ",".join('"m%03d":%s' % (i, "null" if i == 0 else i) for i in range(256)) + "}"
    add_cleaned(f, doc, "256 members m000…m255, m000 null and removed, the other 255 kept in order (%s; json.loads + SPEC §6.4 rule)")


# SPEC §6.4 duplicate keys: the key whose *last* value is null disappears, as from the NSDictionary AF cleans. Oracle:
# json.loads keeping each key's last member at its own position (last_wins) then the SPEC §6.4 rule; only documents
# whose cleaned object has no duplicate keys left are used.

def duplicate_keys(f):
    wide = ",".join('"k%d":%d' % (i, i) for i in range(40))
    for doc in ['{"a":1,"a":null}', '{"a":null,"a":1}', '{"a":{"x":null},"a":null}', '{"a":null,"a":[null,2]}', '{"b":0,"a":1,"c":2,"a":null}',
                '[{"a":1,"a":null},{"a":null,"a":1}]', '{"o":{"a":"x","a":null,"b":null}}',
                '{%s,"a":1,"a":null}' % wide, '{%s,"a":null,"a":1}' % wide, '{"a":1,%s,"a":null}' % wide, '{"a":null,%s,"a":{"y":null}}' % wide]:
        # last member wins (NSDictionary), kept at its own place in the text (VECTORS.md: members in text order)
        add_cleaned(f, doc, "duplicate keys %s: the last value decides (SPEC §6.4 decision; json.loads keeping each key's last member at "
                       "its own position + SPEC §6.4 rule, %%s)" % (doc if len(doc) < 60 else doc[:20] + "…" + doc[-30:]))


def nested_duplicate_keys(f):
    """A nested object whose member is nulled by a later duplicate, after other members (the reader keeps the
    members of every open object on one stack; the nested object's start is not 0). Oracle as above."""
    for doc in ['{"a":1,"b":{"x":[1],"x":null}}', '{"a":1,"c":[2,3],"b":{"y":0,"x":{"z":1},"x":null}}']:
        add_cleaned(f, doc, "duplicate keys %s in a nested object after other members: the last value decides (SPEC §6.4 decision; "
                       "json.loads keeping each key's last member at its own position + SPEC §6.4 rule, %%s)" % doc)


# SPEC §6.4 rejected before cleaning: a body Foundation's JSONSerialization rejects leaves AF no object to clean.

def rejected_before_cleaning(f):
    """An overflowing number with cleaning on: Foundation's JSONSerialization rejects the body (recorded in
    oracles/s6_4_json_messages), so AF never gets an object to clean; the trailing commas are ones Foundation
    accepts (af3/af4). Offset: the number's first byte (the SPEC §6.4 decision for the number rule)."""
    o = {"removesKeysWithNullValues": True}
    recorded = {body: debug for _, body, _, debug in FOUNDATION_MESSAGES_NEAR_MISSES}
    for doc in [b'{"a":null,"b":1e400}', b'{"a":null,"b":[1e400,]}', b'{"a":[null,1e400,],}']:
        debug = recorded[doc]
        f.add("%s with removesKeysWithNullValues: Foundation rejects the number (%r, recorded) before AF could clean → 3840 at "
              "the number's first byte %d" % (doc.decode(), debug, doc.index(b"1e400")),
              resp("json", 200, "application/json", doc),
              {"valid": True, "object": ABSENT,
               "error": cocoa_error(doc.index(b"1e400"), description=JSON_READING_DESCRIPTION, context={"debugDescription": debug})},
              options=o, profiles=["af3", "af4"], verdict=SPEC64)




def first_wins(text):
    """json.loads keeping only each name's first member (the other reading RFC 8259 §4 allows)."""
    return json.loads(text, object_pairs_hook=lambda ps: {k: v for i, (k, v) in enumerate(ps) if all(k2 != k for k2, _ in ps[:i])})


def add_cleaned(f, doc, what):
    """A body cleaned: af3 keeps null array elements, af4/strict drop them; `what` has a %s for the profiles. Expected:
    json.loads keeping each key's last member at its own position (last_wins; the same as json.loads without duplicate
    keys) + the SPEC §6.4 rule.

    Level: with duplicate names the winning member is Foundation's (SPEC §6.4 decision; RFC 8259 §4 leaves strict open),
    otherwise AF's cleaning decides (for arrays by release)."""
    d = last_wins(doc)
    dup = []
    json.loads(doc, object_pairs_hook=lambda ps: dup.append(len({k for k, _ in ps}) < len(ps)) or dict(ps))
    same = clean(d, "af3") == clean(d, "af4")
    for profiles in (["af3"], ["af4", "strict"]):
        if any(dup):
            # strict: RFC 8259 §4 leaves duplicates open; a reader that keeps each name's first member passes too.
            first = clean(first_wins(doc), "strict")
            others = [accepted(first)] if first != clean(d, "strict") else []
            verdict = {("af3", "af4"): SPEC64, "strict": duplicate_names(*others)}
        else:
            verdict = NULL_CLEAN_DICTS if same else NULL_CLEAN_AF3 if profiles == ["af3"] else NULL_CLEAN_AF4
        f.add(what % "/".join(profiles), resp("json", 200, "application/json", doc),
              {"valid": True, "object": clean(d, profiles[0]), "error": ABSENT},
              options={"removesKeysWithNullValues": True}, profiles=profiles, verdict=verdict)
