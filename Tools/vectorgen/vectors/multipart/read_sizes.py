"""Vectors/multipart/read-sizes.json: the phase reader gives the same bytes for every buffer and packet size (SPEC §5.5)."""
from ...levels import decision
from ...oracles.s5_multipart import B, body_bytes, cross_check, file, form, part_json
from ...vectorfile import CORE, VectorFile, bytes_value
from ._shared import layout


def build():
    r = VectorFile("multipart", "read-sizes",
                   "The phase reader gives the same bytes for every buffer and packet size, delimiters split anywhere (SPEC §5.5)",
                   ["SPEC§5.5", "SPEC§5.2"], verdict=layout("5.5/read-loop"))
    parts = [form("a", "x" * 40), file("b", "b.txt", "text/plain", "0123456789" * 7),
             file("s", "s.bin", "application/octet-stream", bytes(range(50)), kind="stream"), form("c", "")]
    body = body_bytes(parts, B)
    cross_check(parts, body, B)
    inp = {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "boundary": B}
    sizes = [{"packetSize": n} for n in [1, 2, 3, 8, 9, 28, 29, 30, 31, 32, 33, 34, 100, len(body) - 1, len(body), len(body) + 1]]
    sizes += [{"readSizes": [n]} for n in [2, 8, 9, 16, 28, 29, 33, len(body) - 1, len(body)]]
    sizes += [{"readSizes": [64], "packetSize": 8}, {"readSizes": [8], "packetSize": 64}, {"readSizes": [1, 2, 3, 5, 8, 13], "packetSize": 4}]
    for opts in sizes:
        r.add("%d-byte body read with %s: identical bytes (SPEC §5.5); body by SPEC §5.2/§5.3 framing, parsed back by Python email"
              % (len(body), ", ".join("%s %s" % kv for kv in opts.items())),
              inp, {"body": bytes_value(body), "contentLength": len(body)}, options=opts)
    for n in [0, -1]:
        r.add("packetSize %d is not a valid packet size: typed error (SPEC §5.5: sizes ≥ 1)" % n, inp, {"error": {"domain": CORE}},
              options={"packetSize": n}, verdict=decision("SPEC§5.5"))
    for limit in [3, 4, 5]:
        if limit >= len(parts):
            r.add("maxMultipartParts %d admits these %d parts (a part-count limit of N allows N parts, SPEC §8)" % (limit, len(parts)),
                  inp, {"body": bytes_value(body), "contentLength": len(body)}, options={"maxMultipartParts": limit}, refs=["SPEC§8"],
                  verdict=decision("SPEC§8"))
        else:
            r.add("maxMultipartParts %d rejects %d caller parts: limitExceeded (SPEC §8)" % (limit, len(parts)),
                  inp, {"error": {"domain": CORE, "kind": "limitExceeded"}}, options={"maxMultipartParts": limit}, refs=["SPEC§8"],
                  verdict=decision("SPEC§8"))
    # What each read call returns (reportReads), by the SPEC §5.5 rule: as much as fits, crossing phases and parts, never
    # more than the buffer or the packet size, and 0 only once everything is read.
    for opts in [{"packetSize": 5}, {"readSizes": [7]}, {"readSizes": [64], "packetSize": 8}, {"readSizes": [8], "packetSize": 64},
                 {"readSizes": [1, 2, 3, 5, 8, 13], "packetSize": 4}, {"readSizes": [len(body) + 10]}]:
        reads = expected_reads(len(body), opts.get("readSizes", [65536]), opts.get("packetSize"))
        r.add("%d-byte body read with %s: each call returns min(buffer, packet size, what is left), the last 0 (SPEC §5.5; "
              "expected by that rule)" % (len(body), ", ".join("%s %s" % kv for kv in opts.items())),
              inp, {"body": bytes_value(body), "reads": reads}, options=dict(opts, reportReads=True))
    return r


def expected_reads(total, read_sizes, packet):
    """The SPEC §5.5 read sizes for a body of `total` bytes, buffer sizes cycling, then the final 0."""
    out, left, k = [], total, 0
    while left > 0:
        n = min(read_sizes[k % len(read_sizes)], packet or left, left)
        out.append(n)
        left -= n
        k += 1
    return out + [0]
