"""Vectors/null-clean/more.json: removesKeysWithNullValues with duplicate keys and the depth limit's context (SPEC §6.4, §8).

json.loads keeping each key's last member at its own position (oracles/s6_4_json.last_wins) + the SPEC §6.4 rule.
Which member of a repeated key survives, and where, is the SPEC §6.4 decision ("a repeated key keeps its last member,
at that member's position"; json.loads alone would keep the first position), so these vectors are decision-level.
"""
import json

from ...levels import decision
from ...oracles.s6_4_json import clean, last_wins
from ...vectorfile import Raw, VectorFile


def single_survivors(text):
    """VECTORS.md keeps every member the rule does not drop, so only documents where no key keeps two non-null members
    are used: then the cleaned object has no duplicate key left and json.loads' last-member object is exact."""
    ok = True

    def hook(ps):
        nonlocal ok
        keys = [k for k, v in ps if v is not None]
        ok = ok and len(keys) == len(set(keys))
        return dict(ps)
    json.loads(text, object_pairs_hook=hook)
    return ok


def add_duplicates(f, text, what):
    """One document with duplicate keys, for af3 and for af4/strict; `what` has a %s for the profiles."""
    assert single_survivors(text), text
    d = last_wins(text)
    for profiles in (["af3"], ["af4", "strict"]):
        f.add(what % "/".join(profiles), {"json": Raw(text)}, {"json": clean(d, profiles[0])}, profiles=profiles)


def build():
    f = VectorFile("null-clean", "more", "removesKeysWithNullValues with duplicate keys (the last member decides, SPEC §6.4 "
                   "decision) and the depth limit's context (SPEC §6.4, §8)", ["SPEC§6.4"], verdict=decision("SPEC§6.4"))
    # Ids are numbered in the order the vectors are added and never change (vectorfile.py): topics in id order.
    duplicate_keys(f)
    depth_context(f)
    containers_nulled_by_a_later_duplicate(f)
    return f


# SPEC §6.4 duplicate keys: the last member decides, at its own position; the cleaning rule then applies to it.

def duplicate_keys(f):
    wide = ",".join('"k%d":%d' % (i, i) for i in range(40))
    docs = ['{"a":null,"a":null,"a":2}', '{"a":null,"b":null,"a":null,"a":{"c":null}}', '{"a":null,"a":null,"a":[null,3]}',
            '{"x":[{"a":null,"a":null,"a":0}]}', '{"b":1,"a":null,"c":[],"a":null,"a":"s"}', '{"a":null,"a":null}',
            '{"a":1,"a":null,"a":null}']
    docs += ['{%s,"a":null,"a":null,"a":2}' % wide, '{"a":null,%s,"a":null,"a":true}' % wide]
    for text in docs:
        add_duplicates(f, text, "duplicate keys %s (%%s): json.loads keeping each key's last member at its own position "
                       "(oracles/s6_4_json.last_wins, the SPEC §6.4 decision) + the SPEC §6.4 rule"
                       % (text if len(text) < 70 else text[:24] + "…" + text[-36:]))


def containers_nulled_by_a_later_duplicate(f):
    """A container member whose key is nulled by a later member, at the top and nested: the cleaner drops an array or
    object member when its key's last value is null, without cleaning inside it."""
    for text in ['{"a":[1],"a":null}', '{"a":{"x":1},"a":null,"b":2}', '{"a":1,"b":{"x":[1],"x":null}}',
                 '{"b":[{"x":{"y":null},"x":null,"z":[null]}]}']:
        add_duplicates(f, text, "a container member nulled by a later duplicate %s (%%s): json.loads keeping each key's last "
                       "member at its own position (oracles/s6_4_json.last_wins, the SPEC §6.4 decision) + the SPEC §6.4 rule" % text)


# SPEC §8 depth limit: the nestingTooDeep error's context names the limit.

def depth_context(f):
    deep = None
    for _ in range(513):
        deep = [deep]
    f.add("513 nested arrays: one over the default depth 512 → nestingTooDeep with context limit \"512\" (SPEC §8 default; the "
          "context member is a decision)", {"json": deep},
          {"error": {"domain": "AFSerialization", "kind": "nestingTooDeep", "context": {"limit": "512"}}}, refs=["SPEC§8"],
          verdict=decision("SPEC§8"))
