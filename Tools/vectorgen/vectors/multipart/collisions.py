"""Vectors/multipart/collisions.json: strict regenerates a generated boundary that occurs in an in-memory body (SPEC §5.5)."""
from ...levels import decision
from ...oracles.s5_multipart import B, body_bytes, cross_check, form, part_json, seeded_boundaries
from ...vectorfile import VectorFile, bytes_value, core_error
from ._shared import req


def build():
    """strict regenerates a generated boundary that occurs in an in-memory body (SPEC §5.5); the
    boundaries are the seed's SplitMix64 sequence (Vigna's reference, oracles/s5 seeded_boundaries())."""
    c = VectorFile("multipart", "collisions",
                   "strict: a generated boundary that occurs in an in-memory body is regenerated, at most 63 times (SPEC §5.5, RFC 7578 §4.1)",
                   ["SPEC§5.5", "RFC7578#4.1", "SPEC§5.1"],
                   # RFC 7578 §4.1 only forbids the delimiter in a part; regenerating, the seeded boundaries and the error's
                   # details are SPEC §5.5's. The af3/af4 vectors use a seeded boundary too (SPEC §5.1), so they are not AF's alone.
                   verdict=decision("SPEC§5.5"))

    seed = 7
    bs = seeded_boundaries(seed, 65)
    assert len(set(bs)) == 65

    def colliding(k):
        return b"x" + b"".join(("\r\n--%s" % b).encode() for b in bs[:k]) + b"\r\nend"
    for k, where in [(1, 0), (1, 1), (2, 0), (63, 1)]:
        data = colliding(k)
        parts = [form("a", "1"), form("x", data)] if where else [form("x", data), form("a", "1")]
        chosen = bs[k]
        body = body_bytes(parts, chosen)
        cross_check(parts, body, chosen)
        inp = {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "seed": seed}
        c.add("strict, seed %d: part %d holds the delimiters of the first %d generated boundar%s, so the boundary is regenerated %d "
              "time%s and is %s (SplitMix64 reference: high 32 bits of outputs %d and %d, %%08X each); exact body by SPEC §5.2 "
              "framing, parsed back by Python email" % (seed, where, k, "y" if k == 1 else "ies", k, "" if k == 1 else "s", chosen,
                                                      2 * k + 1, 2 * k + 2),
              inp, {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + chosen]]},
                    "body": bytes_value(body), "contentLength": len(body)}, profiles=["strict"])
        if k == 1:
            body = body_bytes(parts, bs[0])
            c.add("af3/af4, the same input: AF does not check, the first boundary %s is kept and the body written verbatim (SPEC §5.5)" % bs[0],
                  inp, {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + bs[0]]]},
                        "body": bytes_value(body)}, profiles=["af3", "af4"])
    data = colliding(64)
    parts = [form("a", "1"), form("x", data)]
    off = data.index(("\r\n--%s" % bs[63]).encode())
    c.add("strict, seed %d: the body holds the delimiters of the first 64 generated boundaries; after 63 regenerations the 64th, "
          "%s, still collides: boundaryCollision at offset %d (where CRLF--%s starts in part 1's body), context part 1 and that boundary"
          % (seed, bs[63], off, bs[63]),
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "seed": seed},
          core_error("boundaryCollision", offset=off, context={"part": "1", "boundary": bs[63]}), profiles=["strict"])
    data = b"pre" + ("\r\n--%s" % B).encode() + b"\r\npost"
    parts = [form("a", "1"), form("x", data)]
    c.add("strict, caller boundary in part 1's body: never regenerated; boundaryCollision at offset %d, context part 1 and the boundary" % 3,
          req([part_json(p) for p in parts]), core_error("boundaryCollision", offset=3, context={"part": "1", "boundary": B}),
          profiles=["strict"])
    # What does not collide: LF--boundary without the CR is not the delimiter (RFC 2046 §5.1.1: the delimiter is CRLF "--"
    # boundary), so the first generated boundary is kept (seed 7) and a caller boundary writes the body. A matcher that
    # starts as if a CR had been seen (DelimiterMatcher's `matched` starting at 1) would report a collision. The text after
    # the boundary ("x") keeps Python email from reading the LF-ended line as a boundary line (asserted by cross_check).
    for where in (0, 1):
        data = ("\n--%s" % bs[0]).encode() + b"x"
        parts = [form("a", "1"), form("x", data)] if where else [form("x", data), form("a", "1")]
        body = body_bytes(parts, bs[0])
        cross_check(parts, body, bs[0])
        c.add("strict, seed %d: part %d's body starts with LF--%s (no CR): not a delimiter (RFC 2046 §5.1.1), no collision, so the "
              "first generated boundary is kept; exact body by SPEC §5.2 framing, parsed back by Python email" % (seed, where, bs[0]),
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "seed": seed},
              {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + bs[0]]]},
               "body": bytes_value(body), "contentLength": len(body)}, profiles=["strict"], refs=["RFC2046#5.1.1"])
    data = ("\n--%s" % B).encode() + b"x"
    parts = [form("a", "1"), form("x", data)]
    body = body_bytes(parts, B)
    cross_check(parts, body, B)
    c.add("strict, caller boundary %s; part 1's body starts with LF--%s (no CR): not a delimiter (RFC 2046 §5.1.1), no "
          "boundaryCollision; exact body by SPEC §5.2 framing, parsed back by Python email" % (B, B),
          req([part_json(p) for p in parts]), {"body": bytes_value(body), "contentLength": len(body)}, profiles=["strict"],
          refs=["RFC2046#5.1.1"])
    return c
