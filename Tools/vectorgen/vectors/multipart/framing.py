"""Vectors/multipart/framing.json: exact multipart/form-data bytes for a caller-chosen boundary (SPEC §5.2–5.5).

Bodies by the SPEC §5.2/§5.3 framing (oracles/s5), parsed back identically by Python's email; read with several
buffer and packet sizes.
"""
from ...levels import af, decision
from ...oracles.s2_query_string import to_json
from ...oracles.s5_multipart import B, CASES, framing_case, part_json
from ...vectorfile import CORE, VectorFile, bytes_value
from ._shared import layout

# A body that begins with `--B` completes the delimiter with the CRLF that ends its part's headers: AF writes it as it
# is; strict refuses it (SPEC §5.5), so the bytes below are af3/af4's only.
AT_LINE_START = "body that contains -- and the boundary without a leading CRLF"

READS = [None, {"readSizes": [1]}, {"readSizes": [3, 7, 2]}, {"readSizes": [4096]}, {"packetSize": 5}, {"readSizes": [1000], "packetSize": 1}]

ALWAYS = ["RFC7578#4.7", "RFC7578#4.8", "RFC7578#4.5"]

# The audit row of AF's layout each case shows (oracles/s5 CASES, by its text); layout() makes the cases with a file,
# stream or several custom headers SPEC §5.3 decisions (their header order).
ROWS = {
    "one form field": "5.3/form-field-headers",
    "two form fields": "5.2/delimiters",
    "empty form field body": "5.2/part-layout",
    "non-ASCII field name and value written as UTF-8 (RFC 7578 §5.1)": "5.3/raw-names-and-filenames",
    "non-ASCII filename written verbatim": "5.3/raw-names-and-filenames",
    "a _charset_ field is an ordinary field (RFC 7578 §4.6)": "5.3/form-field-headers",
    "text with CRLF inside a field body": "5.2/part-layout",
    "body that contains -- and the boundary without a leading CRLF": "5.2/part-layout",
    "custom headers part, in the caller's order": "5.2/part-layout",
    "parameters become form fields first, sorted": "5.3/parameters-first",
    "nested parameters use raw bracket field names": "5.3/parameters-first",
    "data parameter is the raw bytes, null an empty body, bool 1": "5.3/parameters-first",
    "double and integer parameters use their descriptions": decision("SPEC§2.3"),  # %.16g: audit row 2.3/double-description is af-silent
}


def build():
    f = VectorFile("multipart", "framing",
                   "Exact multipart/form-data bytes for a caller-chosen boundary (SPEC §5.2–5.5); body read with several buffer and packet sizes",
                   ["SPEC§5.2", "SPEC§5.3", "SPEC§5.4", "RFC2046#5.1.1"])
    for what, params, parts, refs in CASES:
        _, body = framing_case(params, parts)
        inp = {"method": "POST", "url": "http://example.com/upload"}
        if params is not None:
            inp["parameters"] = to_json(params)
        inp["parts"] = [part_json(p) for p in parts]
        inp["boundary"] = B
        for opts in READS:
            how = "" if opts is None else " (read with %s)" % ", ".join("%s %s" % kv for kv in opts.items())
            f.add("%s%s; body by SPEC §5.2/§5.3 framing, parsed back identically by Python email; no Content-Transfer-Encoding or other headers" % (what, how),
                  inp, {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + B], ["Content-Length", str(len(body))]]},
                        "body": bytes_value(body), "contentLength": len(body)},
                  options=opts, refs=refs + ALWAYS + (["SPEC§5.5"] if opts else []), verdict=layout(ROWS.get(what, "5.3/file-part-headers")),
                  profiles=["af3", "af4"] if what == AT_LINE_START else None)
        if what == AT_LINE_START:
            refused = inp
    f.add("strict: a part body that begins with --B completes the delimiter with the CRLF ending its headers (RFC 2046 §5.1.1: "
          "the boundary must not start any line of a part); a caller-chosen boundary is not regenerated → boundaryCollision at "
          "offset 0 of part 0 (SPEC §5.5)", refused,
          {"error": {"domain": CORE, "kind": "boundaryCollision", "offset": 0, "context": {"part": "0", "boundary": B}}},
          profiles=["strict"], refs=["RFC2046#5.1.1"], verdict=decision("SPEC§5.5"))
    return f
