"""Vectors/multipart/writer-errors.json: writer errors by kind, with the offset and context that say where (SPEC §5.1, §5.3–§5.5, §8).

Every writer error is typed: its kind, and the offset and context that say where, so that an error with the right
kind but the wrong part, byte or value is caught.
"""
from ...levels import decision
from ...oracles.s5_multipart import B, body_bytes, cross_check, file, form, part_json
from ...vectorfile import VectorFile, bytes_value, core_error
from ._shared import FIXTURES, layout, req

# Every error here checks its kind and context (the core's, SPEC §8 / VECTORS.md §6): the SPEC rule that states it.
RULE = {"multipartMethodNotAllowed": "SPEC§5.4", "invalidBoundary": "SPEC§5.1", "bodyLengthMismatch": "SPEC§5.5",
        "streamReadFailed": "SPEC§5.5", "boundaryCollision": "SPEC§5.5", "limitExceeded": "SPEC§8",
        "invalidPartHeader": "SPEC§5.3", "fileReadFailed": "SPEC§5.3"}


def level(v):
    e = v["expected"].get("error")
    if e is None:
        return layout("5.2/part-layout")(v)
    if e["kind"] == "invalidOption":  # a negative declared length: SPEC states no rule, §5.4's Content-Length is closest
        return decision("SPEC§5.5" if "packetSize" in e["context"] else "SPEC§5.4")
    return decision(RULE[e["kind"]])


def body_prefix(parts, boundary, upto):
    """The bytes SPEC §5.2/§5.3 put before part `upto`'s body (its opening delimiter and headers included)."""
    whole = body_bytes(parts[:upto] + [dict(parts[upto], body=b"")], boundary)
    return len(whole) - len(("\r\n--%s--\r\n" % boundary).encode())


def build():
    x = VectorFile("multipart", "writer-errors",
                   "Writer errors by kind, with the offset and context that say where (SPEC §5.1, §5.3–§5.5, §8)",
                   ["SPEC§5.5", "SPEC§5.3"], verdict=level)
    one = [part_json(form("a", "1"))]
    # SPEC §5.4: GET/HEAD are a typed error; the method is named in the context (compared uppercased).
    for m in ["GET", "HEAD", "get"]:
        x.add("%s: multipartMethodNotAllowed, the context names the method as given (SPEC §5.4: GET and HEAD, compared uppercased)" % m,
              {"method": m, "url": "http://example.com/", "parts": one, "boundary": B},
              core_error("multipartMethodNotAllowed", context={"method": m}), refs=["SPEC§5.4"])
    # SPEC §5.1: strict validates a caller boundary per RFC 2046 §5.1.1 (1–70 bchars, no trailing space).
    x.add("strict, empty boundary: invalidBoundary, context limit 1...70 (RFC 2046 §5.1.1 boundary length)",
          req(one, ""), core_error("invalidBoundary", context={"limit": "1...70"}), profiles=["strict"], refs=["SPEC§5.1", "RFC2046#5.1.1"])
    x.add("strict, 71-character boundary: invalidBoundary, context limit 1...70 and length 71 (RFC 2046 §5.1.1)",
          req(one, "x" * 71), core_error("invalidBoundary", context={"limit": "1...70", "length": "71"}), profiles=["strict"],
          refs=["SPEC§5.1", "RFC2046#5.1.1"])
    bnd = "ends with space "
    x.add("strict, boundary ending in a space: invalidBoundary at the offset of that space, %d (RFC 2046 §5.1.1 bcharsnospace)" % (len(bnd) - 1),
          req(one, bnd), core_error("invalidBoundary", offset=len(bnd) - 1), profiles=["strict"], refs=["SPEC§5.1", "RFC2046#5.1.1"])
    bnd = "bad@char"
    x.add("strict, '@' in the boundary: invalidBoundary at the offset of '@', %d (RFC 2046 §5.1.1 bchars)" % bnd.index("@"),
          req(one, bnd), core_error("invalidBoundary", offset=bnd.index("@")), profiles=["strict"], refs=["SPEC§5.1", "RFC2046#5.1.1"])
    # Decision (MultipartBoundary.validate): every profile refuses a boundary that is empty or holds CR or LF,
    # since it would break the framing or inject a header; AF accepts any string.
    for bnd, what in [("", "an empty boundary"), ("ab\rcd", "a CR"), ("ab\ncd", "an LF"), ("\r", "a lone CR"), ("x\n", "a final LF")]:
        off = None if bnd == "" else min(i for i, c in enumerate(bnd) if c in "\r\n")
        x.add("%s in a caller boundary: invalidBoundary%s in every profile (decision: it would break the SPEC §5.2 framing)"
              % (what, "" if off is None else " at offset %d, the first CR/LF" % off),
              req(one, bnd), core_error("invalidBoundary", offset=off), refs=["SPEC§5.1", "SPEC§5.2"])
    # SPEC §5.5 Deviation: a stream that yields fewer/more bytes than declared is a typed error.
    lead = form("a", "0123456789")
    short = file("s", "s.txt", "text/plain", "only7by", kind="stream")
    short["declaredLength"] = 20
    parts = [lead, short]
    at = body_prefix(parts, B, 1) + 7
    for opts in [None, {"readSizes": [3]}, {"readSizes": [1]}, {"packetSize": 4}]:
        how = "" if opts is None else " (read with %s)" % ", ".join("%s %s" % kv for kv in opts.items())
        x.add("a stream declared 20 bytes that ends after 7: bodyLengthMismatch at offset %d, the multipart byte where its 8th byte "
              "belongs (SPEC §5.2 framing before it + 7); context part 1, declared 20, actual 7 (SPEC §5.5 Deviation)%s" % (at, how),
              req([part_json(p) for p in parts]),
              core_error("bodyLengthMismatch", offset=at, context={"part": "1", "declared": "20", "actual": "7"}), options=opts)
    long_ = file("s", "s.txt", "text/plain", "this is longer than declared", kind="stream")
    long_["declaredLength"] = 4
    x.add("a stream declared 4 bytes that has more: bodyLengthMismatch, context part 0, declared 4, actual >4 (SPEC §5.5 Deviation)",
          req([part_json(long_)]), core_error("bodyLengthMismatch", context={"part": "0", "declared": "4", "actual": ">4"}))
    failing = file("s", "s.txt", "text/plain", "abcdefgh", kind="stream")
    fj = dict(part_json(failing), failAfter=3)
    x.add("a stream that fails after 3 bytes: its own error (streamReadFailed at its offset 3) surfaces unchanged, nothing is "
          "truncated (SPEC §5.5: a body source that fails mid-read surfaces its error)",
          req([fj]), core_error("streamReadFailed", offset=3))
    # Declared lengths: 0 is a valid (empty) stream, a negative one an invalid option.
    empty_stream = file("s", "e.txt", "text/plain", b"", kind="stream")
    parts = [empty_stream, form("z", "2")]
    body = body_bytes(parts, B)
    cross_check(parts, body, B)
    x.add("a stream declared 0 bytes that yields none is an empty body (SPEC §5.2/§5.3 framing, parsed back by Python email)",
          req([part_json(p) for p in parts]), {"body": bytes_value(body), "contentLength": len(body)})
    neg = dict(part_json(file("s", "n.txt", "text/plain", b"", kind="stream")), declaredLength=-1)
    x.add("a stream declared -1 bytes: invalidOption, context length -1 (a length is a byte count, SPEC §5.4 Content-Length)",
          req([neg]), core_error("invalidOption", context={"length": "-1"}))
    # Custom-header parts with an empty body are fine.
    hp = {"kind": "headers", "headers": [("Content-Disposition", 'form-data; name="e"')], "body": b""}
    body = body_bytes([hp], B)
    cross_check([hp], body, B)
    x.add("a custom-headers part with an empty body: a valid empty part (SPEC §5.3 custom; framing §5.2, parsed back by Python email)",
          req([part_json(hp)]), {"body": bytes_value(body), "contentLength": len(body)})
    # Packet sizes (SPEC §5.5: ≥ 1) and the part-count limit (SPEC §8).
    for n in [0, -1]:
        x.add("packetSize %d: invalidOption, context packetSize %d (SPEC §5.5: packet size ≥ 1)" % (n, n),
              req(one), core_error("invalidOption", context={"packetSize": str(n)}), options={"packetSize": n})
    x.add("maxMultipartParts 1 with two parts: limitExceeded, context limit maxMultipartParts=1 (SPEC §8)",
          req([part_json(form("a", "1")), part_json(form("b", "2"))]),
          core_error("limitExceeded", context={"limit": "maxMultipartParts=1"}), options={"maxMultipartParts": 1}, refs=["SPEC§8"])
    # strict never writes a part header that holds CR or LF, or has an empty name (it would break the
    # part's header section, RFC 2046 §5.1.1 / RFC 5322 §2.2); af3/af4 write the caller's headers verbatim.
    cases = [([("X-A", "a\rb")], "a CR in a header value"), ([("X-A", "a\nb")], "an LF in a header value"),
             ([("X\rA", "v")], "a CR in a header name"), ([("X\nA", "v")], "an LF in a header name"),
             ([("", "v")], "an empty header name")]
    for hs, what in cases:
        headers = [("Content-Disposition", 'form-data; name="h"')] + hs
        hp = {"kind": "headers", "headers": headers, "body": b"1"}
        parts = [form("a", "1"), hp]
        x.add("strict: %s of a custom part is invalidPartHeader, context part 1, header 1" % what,
              req([part_json(p) for p in parts]), core_error("invalidPartHeader", context={"part": "1", "header": "1"}),
              profiles=["strict"], refs=["SPEC§5.3", "RFC2046#5.1.1"])
        body = body_bytes(parts, B)
        x.add("af3/af4: %s of a custom part is written verbatim (SPEC §5.3: the caller's headers, in the caller's order)" % what,
              req([part_json(p) for p in parts]), {"body": bytes_value(body), "contentLength": len(body)}, profiles=["af3", "af4"])
    for mime, what in [("text/plain\r\nX-Injected: 1", "CR LF"), ("text/plain\rx", "a CR"), ("text/plain\nx", "an LF")]:
        parts = [form("a", "1"), file("f", "f.txt", mime, "x")]
        x.add("strict: a file part's MIME type with %s is invalidPartHeader, context part 1" % what,
              req([part_json(p) for p in parts]), core_error("invalidPartHeader", context={"part": "1"}), profiles=["strict"])
        body = body_bytes(parts, B)
        x.add("af3/af4: a file part's MIME type with %s is written verbatim (AF does not check)" % what,
              req([part_json(p) for p in parts]), {"body": bytes_value(body), "contentLength": len(body)}, profiles=["af3", "af4"])
    # Streamed bodies and the delimiter (SPEC §5.5): strict finds a collision while streaming; AF does not check.
    delim = ("\r\n--%s" % B).encode()
    for data, what in [(b"head" + delim + b"\r\ntail", "inside the body"), (delim + b"\r\nrest", "at the very start of the body"),
                       (b"x" * 40 + delim, "at the very end of the body")]:
        sp = file("s", "s.bin", "application/octet-stream", data, kind="stream")
        parts = [form("a", "1"), sp]
        off = data.index(delim)
        for opts in [None, {"readSizes": [3]}, {"readSizes": [1]}, {"readSizes": [7, 5]}]:
            how = "" if opts is None else " (read with %s)" % ", ".join("%s %s" % kv for kv in opts.items())
            x.add("strict: a streamed body with the delimiter CRLF--B %s is boundaryCollision at offset %d, where the delimiter starts in that "
                  "part's body; context part 1 (RFC 7578 §4.1, SPEC §5.5)%s" % (what, off, how),
                  req([part_json(p) for p in parts]), core_error("boundaryCollision", offset=off, context={"part": "1"}),
                  options=opts, profiles=["strict"], refs=["RFC7578#4.1"])
        body = body_bytes(parts, B)
        x.add("af3/af4: the same streamed body (delimiter %s) is written verbatim; AF does not check (SPEC §5.5)" % what,
              req([part_json(p) for p in parts]), {"body": bytes_value(body), "contentLength": len(body)}, profiles=["af3", "af4"],
              options={"readSizes": [3]})
    # File parts that are not regular files (SPEC §5.5: a body source that fails surfaces its error).
    x.add("a directory as a file part: fileReadFailed, the context names its path (a typed error, not a hang or an empty body)",
          req([{"kind": "path", "name": "f", "path": FIXTURES}]), core_error("fileReadFailed", context={"path": FIXTURES}))
    return x
