"""Vectors/multipart/framing.json: exact multipart/form-data bytes for a caller-chosen boundary (SPEC §5.2–5.5).

Bodies by the SPEC §5.2/§5.3 framing (oracles/s5), parsed back identically by Python's email; read with several
buffer and packet sizes.
"""
from ...oracles.s2_query_string import to_json
from ...oracles.s5_multipart import B, CASES, framing_case, part_json
from ...vectorfile import VectorFile, bytes_value

READS = [None, {"readSizes": [1]}, {"readSizes": [3, 7, 2]}, {"readSizes": [4096]}, {"packetSize": 5}, {"readSizes": [1000], "packetSize": 1}]

ALWAYS = ["RFC7578#4.7", "RFC7578#4.8", "RFC7578#4.5"]


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
                  options=opts, refs=refs + ALWAYS + (["SPEC§5.5"] if opts else []))
    return f
