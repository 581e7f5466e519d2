"""Vectors/multipart-parse/round-trip.json: parse(write(parts)) == parts, the framing cases parsed back (SPEC §5.7).

Expected parts are the written ones (oracles/s5 CASES), confirmed by Python's email.
"""
from ...levels import ANY_ERROR, decision, implementation_defined
from ...oracles.s5_multipart import B, CASES, framing_case, part_headers
from ...vectorfile import VectorFile, bytes_value
from ._shared import boundary_line_in_part


def build():
    f = VectorFile("multipart-parse", "round-trip",
                   "parse(write(parts)) == parts: the bodies of Vectors/multipart/framing.json parsed back (SPEC §5.7)",
                   ["SPEC§5.7", "RFC2046#5.1.1"],
                   # the parts as SPEC §5.7 reports them (header lists, trimmed values), and its default refusal of non-ASCII
                   verdict=decision("SPEC§5.7"))
    utf8 = []
    for what, params, parts, refs in CASES:
        all_parts, body = framing_case(params, parts)
        exp_parts = []
        for p in all_parts:
            hs = part_headers(p, False)
            e = {"headers": [list(h) for h in hs], "body": bytes_value(p["body"])}
            if p["kind"] != "headers":
                e["name"] = p["name"]
            if p["kind"] in ("file", "stream"):
                e["filename"] = p["filename"]
                e["contentType"] = p["mimeType"]
            exp_parts.append(e)
        non_ascii = any(ord(c) > 127 for p in all_parts for _, v in part_headers(p, False) for c in v)
        for opts in [None, {"chunkSizes": [1]}, {"chunkSizes": [2, 5, 3]}]:
            chunks = "" if opts is None else " (chunks %s)" % opts["chunkSizes"]
            if non_ascii:
                f.add("%s%s: the parser rejects non-ASCII in a header by default (SPEC §5.7 lists it as a typed error)" % (what, chunks),
                      {"boundary": B, "body": bytes_value(body)}, {"error": {"domain": "AFSerialization"}}, options=opts, refs=refs)
                utf8.append((what + chunks, body, exp_parts, dict(opts or {}, allowUTF8Headers=True), refs))
                continue
            # a part whose data starts a line with `--B`: invalid (RFC 2046 §5.1), so a reader may refuse it
            f.add("%s%s; expected parts are the written ones, confirmed by Python email" % (what, chunks),
                  {"boundary": B, "body": bytes_value(body)}, {"parts": exp_parts}, options=opts, refs=refs,
                  verdict=implementation_defined("RFC2046#5.1.1", ANY_ERROR) if boundary_line_in_part(body, B) else None)
    for i, (what, body, exp_parts, opts, refs) in enumerate(utf8, 1):
        f.add("%s with allowUTF8Headers (RFC 7578 §5.1.1: UTF-8 directly in the header); parts confirmed by Python email" % what,
              {"boundary": B, "body": bytes_value(body)}, {"parts": exp_parts}, options=opts, refs=refs + ["RFC7578#5.1"],
              id="utf8-%03d" % i)
    return f
