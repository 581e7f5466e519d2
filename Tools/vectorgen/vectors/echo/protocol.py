"""Vectors/echo/protocol.json: the runner's comparison rules (VECTORS.md §4), pinned through `echo`.

`echo` returns its input (VECTORS.md §3.1), so each expected value follows from the rule it names, not from the core.
"""
from ...levels import ANY_ERROR, decision, implementation_defined
from ...vectorfile import Raw, VectorFile


def build():
    f = VectorFile("echo", "protocol", "The harness itself: `echo` returns its input (VECTORS.md §3.1), so these pin the "
                   "runner's comparison rules (VECTORS.md §4), not the core", ["VECTORS.md§4"], verdict=decision("VECTORS.md§4"))
    rows = [
        ("echo returns its input unchanged (VECTORS.md §3.1)", {"text": "hello"}, {"text": "hello"}),
        ("bytes compare after decoding: {\"hex\"} expected matches the same bytes given as {\"text\"} (VECTORS.md §4 rule 5)",
         {"body": {"text": "AB"}}, {"body": {"hex": "4142"}}),
        ("an expected object lists only the fields it checks; extra output fields are ignored", {"a": 1, "b": 2}, {"a": 1}),
        ("numbers compare by value: 1.0 equals 1.00", {"n": Raw("1.00")}, {"n": Raw("1.0")}),
        ("$unordered matches the same items in any order", {"headers": [["B", "2"], ["A", "1"]]},
         {"headers": {"$unordered": [["A", "1"], ["B", "2"]]}}),
        ("$includes matches an array holding at least these items", {"headers": [["B", "2"], ["A", "1"], ["C", "3"]]},
         {"headers": {"$includes": [["C", "3"]]}}),
        ("$absent pins a field as missing", {"a": 1}, {"object": {"$absent": True}}),
        ("inside a JSON data value (json/object) objects compare exactly, member order included",
         {"json": {"x": [1, {"y": None}]}}, {"json": {"x": [1, {"y": None}]}}),
    ]
    for comment, input, expected in rows:
        f.add(comment, input, expected)
    f.add("profiles narrow where a vector runs", {"p": "strict only"}, {"p": "strict only"}, profiles=["strict"])
    f.add("an echoed error-shaped object compares like an error: listed fields only",
          {"error": {"domain": "D", "code": -1, "description": "long text"}}, {"error": {"domain": "D", "code": -1}})
    f.add("an implementation-defined vector passes by expected or by any of its acceptable outcomes (VECTORS.md §4 rule 11); "
          "here an outside implementation may also answer with any error", {"parts": [{"name": "a"}]}, {"parts": [{"name": "a"}]},
          verdict=implementation_defined("VECTORS.md§4", ANY_ERROR))
    return f
