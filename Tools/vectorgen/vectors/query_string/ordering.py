"""Vectors/query-string/ordering.json: key and set order, Swift String order (NFC scalars) (SPEC §2.2, §2.3).

Expected by the SPEC §2 reference (oracles/s2), checked against Swift's own `<` for these keys.
"""
import random

from ...levels import af, decision, implementation_defined
from ...oracles.s2_query_string import Dbl, Set, Unsortable, af_flattenings, encode, options, query, swift_order, to_json
from ...vectorfile import CORE, VectorFile
from ._shared import verdict


def build():
    f = VectorFile("query-string", "ordering",
                   "Key and set order: Swift String order (NFC scalars), UTF-8 tie-break for keys, input order for set ties (SPEC §2.2, §2.3)",
                   ["SPEC§2.2", "SPEC§2.3"], verdict=verdict)
    # Ids are numbered in the order the vectors are added and never change (vectorfile.py), so the topics are called in
    # id order. A set holding a container orders differently in AF (SPEC §2.3 Set order): its strict rendering order is
    # pinned by the vector strict() adds, and AF's outcome by the af3/af4 vector af_set_order() writes from `afterwards`,
    # after the last strict vector.
    afterwards = []
    rng = random.Random(13)  # one generator for the long sets and the repeated keys, drawn from in this order
    key_order(f)
    set_ties(f)
    nested_containers(f)
    sets_holding_a_container(f, afterwards)
    long_sets(f, rng)
    repeated_keys(f, rng)
    sets_of_several_containers(f, afterwards)
    keys_swift_cannot_order(f)
    af_set_order(f, afterwards)
    orders_swift_gets_wrong(f)
    decomposed_in_a_long_string(f)
    return f


def add(f, comment, params, array_style="brackets", bool_style="numeric", profiles=None,
        oracle="the SPEC §2 reference (Swift String order = NFC code points, checked with Swift's <) + urllib quote"):
    text, pairs = query(params, array_style, bool_style)
    return f.add(comment + "; expected by " + oracle,
                 {"parameters": to_json(params)}, {"text": text, "pairs": pairs}, options=options(array_style, bool_style),
                 profiles=profiles)


def strict(f, afterwards, what, suffix, params):
    """The strict vector of a set holding a container; its af3/af4 counterpart is written by af_set_order()."""
    add(f, what + suffix, params, profiles=["strict"])
    afterwards.append((what, params))


# SPEC §2.2 key order: Swift String order (NFC code points), the UTF-8 bytes deciding between canonical equivalents;
# repeated identical keys keep their input order (SPEC §2.3 decision: the sort is stable).

def key_order(f):
    keys = ["a", "B", "\u00e9", "e\u0301", "f", "\ufffd", "\U0001F600", "\uff21", "\u00c4", "A\u0308", "\u212b", "\u00c5", "A\u030a",
            "s\u0323\u0307", "s\u0307\u0323", "\u1e69", "Z", "z", "aa", "a\u0000", "\u007f", "\u0080", "\U0010FFFF", "\ue000",
            "\ufb01", "fi", "\u1e0a\u0323", "D\u0323\u0307", "ab", "a b", "10", "9", ""]
    add(f, "33 keys: ASCII, case, length, controls, BMP vs non-BMP (code point, not UTF-16, order), canonical equivalents",
        {k: i for i, k in enumerate(keys)})
    add(f, "the same 33 keys given in reverse order", {k: i for i, k in reversed(list(enumerate(keys)))})
    for group, what in [(["a", "aa", "a\u0000", "ab", "a b", ""], "a prefix sorts first; NUL is a real character"),
                        (["\U0001F600", "\uff21", "\ufffd", "\ue000"], "U+E000 < U+FF21 < U+FFFD < U+1F600 (UTF-16 order would put U+1F600 first)"),
                        (["\u212b", "\u00c5", "A\u030a"], "three spellings of Å compare equal: UTF-8 bytes decide (41 cc 8a < c3 85 < e2 84 ab)"),
                        (["A\u030a", "\u00c5", "\u212b"], "three spellings of Å given in the other order: same result"),
                        (["s\u0307\u0323", "\u1e69", "s\u0323\u0307"], "canonical reordering of combining marks: all equal, UTF-8 bytes decide"),
                        (["e\u0301", "f", "e"], "e + U+0301 sorts as é, after f (NFC), not before it (raw code points)"),
                        (["\ufb01", "fi", "fj"], "the ligature U+FB01 is not canonically equal to fi: after every ASCII key"),
                        (["Z", "a", "z", "B", "b"], "case-sensitive: uppercase before lowercase"),
                        (["\u007f", "\u0080", "~"], "~ < DEL < U+0080")]:
        add(f, what, {k: k for k in group})
    add(f, "nested dictionary keys follow the same order", {"o": {"\u00e9": 1, "e\u0301": 2, "f": 3}})


def keys_swift_cannot_order(f):
    """Swift 6.3's own `<` answers false both ways when a decomposed key's NFC form is a prefix of the other key (e +
    U+0301 against é] or éa), so these keys are expected by the NFC reference alone: SPEC §2.3's order is the NFC
    scalars' order."""
    for group, what in [(["\u00e9]", "e\u0301", "\u00e9"], "e+U+0301 (NFC é) before é] and éa: a prefix sorts first; with é, UTF-8 bytes decide"),
                        (["\u00e9a", "e\u0301", "e\u0301z", "\u00e9"], "e+U+0301 before é and éa; e+U+0301 z (NFC éz) after éa")]:
        add(f, what + " (Swift's own < answers neither way for e+U+0301 against é] and éa)", {k: k for k in group},
            oracle="the SPEC §2 reference (NFC code points with a UTF-8 tie-break, Python's unicodedata) + urllib quote")


def orders_swift_gets_wrong(f):
    """Pairs Swift 6.3's own `<` orders against SPEC §2.3 (a decomposed string whose NFC form is a proper prefix of the
    other), and canonically equivalent set members made only of bytes >= 0x80: a core that sorts with `<`, or that
    skips normalization for strings without ASCII, fails at least one of them. Added after af_set_order so that no
    earlier id moves; each expected value is the SPEC §2 reference's (NFC code points via Python's unicodedata)."""
    oracle = "the SPEC §2 reference (NFC code points via Python's unicodedata, a proper prefix first) + urllib quote"
    # e + U+0301 is é in NFC, a proper prefix of é + NUL: it sorts first, whichever member comes first. Swift's `<`
    # answers false both ways for this pair, so a core sorting set members with `<` keeps input order and fails the
    # first of these two.
    add(f, "set: e+U+0301 (NFC é, a proper prefix of é+NUL) before é+NUL, given é+NUL first (Swift's own < answers "
        "neither way for this pair, so a core sorting with < keeps input order)",
        {"s": Set(["\u00e9\u0000", "e\u0301"])}, oracle=oracle)
    add(f, "set: e+U+0301 before é+NUL, given e+U+0301 first (the same set in the other input order: the same output)",
        {"s": Set(["e\u0301", "\u00e9\u0000"])}, oracle=oracle)
    # Α + U+0301 is Ά (U+0386) in NFC, a proper prefix of Ά]: that key sorts first. Swift's `<` puts Ά] first.
    add(f, "keys: Α+U+0301 (NFC Ά U+0386, a proper prefix of Ά]) before Ά] (Swift's own < puts Ά] first)",
        {"\u0386]": 1, "\u0391\u0301": 2}, oracle=oracle)
    # Ά and Α + U+0301 are canonically equivalent and every UTF-8 byte of both is >= 0x80: their NFC forms are equal, so
    # the set members tie and keep input order (SPEC §2.3: no UTF-8 tie-break for set members). A core that compares
    # strings without ASCII by their raw scalars or bytes, skipping normalization, orders both vectors the same way.
    add(f, "set: canonically equivalent Α+U+0301 and Ά (no ASCII byte) tie on their NFC forms: input order, Α+U+0301 first",
        {"s": Set(["\u0391\u0301", "\u0386"])}, oracle=oracle)
    add(f, "set: canonically equivalent Ά and Α+U+0301 (no ASCII byte) tie on their NFC forms: input order, Ά first",
        {"s": Set(["\u0386", "\u0391\u0301"])}, oracle=oracle)


def repeated_keys(f, rng):
    """Repeated identical keys (only a $dict can say that): Python's stable sort over (key, value) pairs."""
    entries = [["b", 1], ["a", 2], ["b", 3], ["a", 4], ["c", 5], ["a", 6]] + [[rng.choice("xyz"), i] for i in range(7, 40)]
    pairs = [[k, str(v)] for k, v in sorted(entries, key=lambda e: swift_order(e[0]))]
    f.add("repeated identical keys keep their input order (Decision: sorting is stable; SPEC §2.3 ties); "
          "expected by Python's stable sorted() + urllib quote",
          {"parameters": {"$dict": entries}}, {"text": encode(pairs), "pairs": pairs})


# SPEC §2.3 set order: elements sort by their description in Swift String order, ties keep input order.

def set_ties(f):
    add(f, "set elements that compare equal keep input order (é then e+U+0301)", {"s": Set(["\u00e9", "e\u0301", "d"])})
    add(f, "set elements that compare equal keep input order (e+U+0301 then é)", {"s": Set(["e\u0301", "\u00e9", "f"])})
    add(f, "a set of mixed kinds sorts by description: false(0) < true(1) < 1.5 < 10 < 2 < null(<null>) = '<null>', ties in input order",
        {"s": Set([2, "10", Dbl(1.5), False, None, "<null>", True])})
    add(f, "null and the string '<null>' tie in a set: input order decides (string first)", {"s": Set(["<null>", None])})
    add(f, "null and the string '<null>' tie in a set: input order decides (null first)", {"s": Set([None, "<null>"])})
    add(f, "a set sorts by Swift String order too: non-BMP after U+FFFD", {"s": Set(["\U0001F600", "\ufffd", "a"])})


def long_sets(f, rng):
    """Sets long enough for the sort to merge runs, with repeated descriptions."""
    words = ["%s%d" % (rng.choice(["a", "B", "~", "\u00e9", "z"]), rng.randint(0, 30)) for _ in range(70)]
    add(f, "a set of 70 strings with repeats (seeded shuffle): sorted by description, repeats in input order", {"s": Set(words)})
    add(f, "a set of 70 integers and strings with equal descriptions mixed (1 and \"1\")",
        {"s": Set([x if rng.random() < 0.5 else str(x) for x in (rng.randint(0, 12) for _ in range(70))])})


def nested_containers(f):
    """Arrays, dictionaries and sets inside arrays, in every array and bool style."""
    tree = {"a": [[1, [2]], {"b": [3, Set(["y", "x"])]}, {"c": {"d": [True, None]}}]}
    for a in ["brackets", "noBrackets", "indexInBrackets"]:
        for b in ["numeric", "literal"]:
            add(f, "arrays in arrays, dictionaries in arrays, sets in arrays (%s, %s)" % (a, b), tree, a, b)


# SPEC §2.3 sets holding containers: strict orders a container by its rendering; af3/af4 follow AF's sort, which raises
# on an array or set member and sorts a dictionary member by its own `description` entry (af_set_order).

def sets_holding_a_container(f, afterwards):
    """Sets that hold a container (at most one per set, see flatten), with sets nested inside it."""
    for params, what in [
            ({"s": Set([[Set(["b", "a"]), Set(["d", "c"])], "~"])}, "a set holding an array of two sets and ~"),
            ({"s": Set(["~", {"y": Set(["2", "1"]), "x": [Set(["q", "p"]), 5]}])}, "a set holding ~ and a dictionary of a set and an array with a set"),
            ({"s": Set([Set([Set(["b", "a"]), "~"]), "~~"])}, "sets three deep, each holding one container and a scalar"),
            ({"s": Set(["~", [[Set(["z", "y"]), Set(["x", "w"])], Set(["v", "u"])], "~~"]), "t": Set([{"k": Set(["2", "1"])}, "~"])},
             "two sets holding containers, arrays nested two deep"),
            ({"s": Set([None, [None, Set([None, "a"])], "~"])}, "nulls around a set inside an array inside a set (null sorts as <null>)")]:
        strict(f, afterwards, what, "; strict: a container sorts before ~ (its rendering starts with ( or {)", params)


def sets_of_several_containers(f, afterwards):
    """Sets of several containers: their order is decided by the rendering's separators and brackets (SPEC §2.3), each
    vector built so that one character of the rendering decides."""
    for params, what in [
            ({"s": Set([["a", "b"], ["a!"]])}, "two arrays: (a, b) after (a!) since ',' > '!'"),
            ({"s": Set([["a"], ["a", "b"]])}, "(a) before (a, b): ')' < ','"),
            ({"s": Set([["b"], ["a"]])}, "two one-element arrays sort by their rendering, not input order"),
            ({"s": Set([{"a": "1", "b": "2"}, {"a": "1;"}])}, "dictionaries: entries joined by '; ' ({a = 1; b = 2} before {a = 1;})"),
            ({"s": Set([{"a": "1"}, {"a": "1|"}])}, "{a = 1|} before {a = 1}: '|' < '}'"),
            ({"s": Set([{"a": "1"}, {"a!": "0"}])}, "{a = 1} before {a! = 0}: ' ' < '!' (key, then ' = ')"),
            ({"s": Set([{"a": "1"}, "z"])}, "z before {a = 1}: 'z' < '{'"),
            ({"s": Set([{"k": ["x", "y"]}, {"k": ["x"], "j": 1}])}, "nested: {j = 1; k = (x)} before {k = (x, y)}"),
            ({"s": Set([Set(["c", "a"]), Set(["b"])])}, "a set inside a set renders its elements in input order: (b) before (c, a)"),
            ({"s": Set([["a", "b"], ["a-"]])}, "(a, b) before (a-): the first ', ' decides (',' < '-')"),
            ({"s": Set([["a"], "(-"])}, "(- before (a): no separator before the first element"),
            ({"s": Set([{"a": "1"}, "{<"])}, "{< before {a = 1}: no '; ' before the first entry"),
            ({"s": Set([{"a": "1", "b": "2"}, {"a": "1!"}])}, "{a = 1!} before {a = 1; b = 2}: the separator is ';' then ' ' ('!' < ';')"),
            ({"s": Set([{"a": "1"}, "{b"])}, "{a = 1} before {b: the first entry starts right after '{'"),
            ({"s": Set([["a"], "(a("])}, "(a( before (a): the array is closed by ')' ('(' < ')')"),
            ({"s": Set([["a"], "(a)+"])}, "(a) before (a)+: an element's text ends at its own ')', not at the ', ' after it"),
            ({"s": Set([["b"], "a", "a+"])}, "a before a+ before (b): a leaf's text ends at itself, not at the ', ' after it")]:
        strict(f, afterwards, what, " (the SPEC §2.3 strict rendering, in Python)", params)


def af_set_order(f, afterwards):
    """af3/af4 (SPEC §2.3 Set order): AF's sort raises on an array or set member, and sorts a dictionary member by its
    own `description` entry; without one the order is undefined, and every order is acceptable. First the counterparts
    of the strict vectors, then sets only AF's rule tells apart."""
    for what, params in afterwards:
        add_af(f, "af3/af4 of %s" % what, params)
    for params, what in [
            ({"s": Set([{"description": "b", "x": 1}, "a0", {"y": 2, "description": "a"}])},
             "dictionaries with a string description entry sort by it among strings: a < a0 < b"),
            ({"s": Set([{"description": "z"}, {"description": "m", "k": "v"}])}, "two dictionaries ordered by their description entries"),
            ({"s": Set([["x", "y"]])}, "a set of one array: never compared, flattened under the set's field"),
            ({"s": Set([Set(["b", "a"])])}, "a set of one set: never compared; the inner set sorts its strings"),
            ({"s": Set([{"k": 1}, "~"])}, "a dictionary without a description entry has no sort key: every order is acceptable"),
            ({"s": Set([["a"], "b"]), "t": "x"}, "a set of an array and a string: AF's sort raises"),
            (Set([Set(["a"]), "b"]), "a top-level set holding a set: the error's field is empty (AF's nil key)"),
            ({"k" * 250: Set(["b", ["a"]])}, "a 250-character key: the error names its first 200 characters (SPEC §2.3)")]:
        add_af(f, what, params)


def add_af(f, what, params):
    """An af3/af4 vector: AF's set order (SPEC §2.3), from the oracle's af_flattenings, or unsortableSetMember."""
    oracle = "the SPEC §2.3 Set order (oracles/s2 af_flattenings) + urllib quote"
    try:
        outcomes = af_flattenings(None, params)
    except Unsortable as e:
        f.add("%s: a set of two or more members holding an array or a set; AF's sort raises (compare: on a collection), "
              "so af3/af4 refuse it with unsortableSetMember (SPEC §2.3 Deviation); expected by %s" % (what, oracle),
              {"parameters": to_json(params)}, {"error": {"domain": CORE, "kind": "unsortableSetMember", "context": e.context}},
              profiles=["af3", "af4"], verdict=decision("SPEC§2.3"))
        return
    first, others = outcomes[0], outcomes[1:]
    results = [{"text": encode(p), "pairs": [[k, v] for k, v in p]} for p in outcomes]
    if others:
        verdict_ = implementation_defined("SPEC§2.3", *results[1:])
        how = "members without a sort key come first in input order (SPEC §2.3 Decision); AF leaves their order undefined, " \
              "so the %d other orders are acceptable" % len(others)
    else:
        verdict_ = af("2.3/set-dictionary-member") if "description" in repr(params) else af("2.3/set-single-member")
        how = "AF's order"
    f.add("%s: %s; expected by %s" % (what, how, oracle), {"parameters": to_json(params)}, results[0],
          profiles=["af3", "af4"], verdict=verdict_)


def decomposed_in_a_long_string(f):
    """e + U+0301 within the first eight bytes of a longer key or set member, the rest ASCII: normalized, it is é and
    sorts after f; left as it is, its first byte `e` sorts it before f. A core that tests for ASCII eight bytes at a
    time and skips a word holding a byte >= 0x80, or that looks only past the first word, fails these. Added after
    orders_swift_gets_wrong so that no earlier id moves."""
    oracle = "the SPEC §2 reference (NFC code points via Python's unicodedata) + urllib quote"
    add(f, "keys: e+U+0301 then six ASCII letters (nine bytes, NFC éaaaaaa) sorts after f", {"e\u0301aaaaaa": 1, "f": 2},
        oracle=oracle)
    add(f, "set: e+U+0301 then six ASCII letters (nine bytes, NFC éaaaaaa) sorts after f",
        {"s": Set(["e\u0301aaaaaa", "f"])}, oracle=oracle)
