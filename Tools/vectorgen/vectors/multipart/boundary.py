"""Vectors/multipart/boundary.json: boundaries, generated (seeded SplitMix64 reference), caller-chosen, strict RFC 2046 validation (SPEC §5.1)."""
from ...levels import af, decision, must
from ...oracles.s5_multipart import B, body_bytes, cross_check, file, form, part_json, seeded_boundaries
from ...vectorfile import CORE, VectorFile, bytes_value


def build():
    # AF has no caller boundary and no seedable source (audit row 5.1/caller-boundary is af-silent): SPEC §5.1 decides
    # those vectors; only the generated format and the delimiter lengths are AF's.
    g = VectorFile("multipart", "boundary", "Boundaries: generated (seeded), caller-chosen, strict RFC 2046 validation (SPEC §5.1)",
                   ["SPEC§5.1", "RFC2046#5.1.1"], verdict=decision("SPEC§5.1"))
    one = [form("a", "1")]
    for seed in [0, 1, 42, 2 ** 31]:
        length = len(body_bytes(one, "X" * 25))
        g.add("seed %d: Boundary+ and 16 uppercase hex digits is 25 characters, so the length is fixed (SPEC §5.1, §5.2)" % seed,
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in one], "seed": seed},
              {"contentLength": length, "headers": {"$includes": [["Content-Length", str(length)]]}}, verdict=af("5.1/boundary-format"))
    d = body_bytes(one, B)
    g.add("delimiters with a 25-character boundary are 29, 31 and 33 bytes (SPEC §5.2): one 1-byte field → %d bytes" % len(d),
          {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in one], "boundary": B},
          {"contentLength": len(d)}, verdict=af("5.2/delimiters"))
    for bnd, what in [("a", "1 character"), ("x" * 70, "70 characters"), ("'()+_,-./:=? ok", "every bchar class including inner space"),
                      ("0123456789AZaz", "digits and letters")]:
        body = body_bytes(one, bnd)
        cross_check(one, body, bnd)
        g.add("valid boundary, %s: accepted in every profile (RFC 2046 §5.1.1)" % what,
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in one], "boundary": bnd},
              {"body": bytes_value(body), "contentLength": len(body)})
    for bnd, what in [("", "empty"), ("x" * 71, "71 characters"), ("ends with space ", "trailing space"), ("bad@char", "'@' is not a bchar"),
                      ("semi;colon", "';' is not a bchar"), ("quote\"", "'\"' is not a bchar"), ("é", "non-ASCII")]:
        g.add("strict rejects a caller boundary: %s (RFC 2046 §5.1.1)" % what,
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in one], "boundary": bnd},
              {"error": {"domain": CORE}}, profiles=["strict"],
              # RFC 2046 §5.1.1: boundaries "must be no longer than 70 characters"; the bchars set and the trailing space
              # are grammar only, and an empty boundary is SPEC §5.1's Deviation in every profile.
              verdict=must("RFC2046#5.1.1", "MUST") if len(bnd) > 70 else None)
    for bnd, what in [("bad@char", "'@'"), ("x" * 71, "71 characters")]:
        body = body_bytes(one, bnd)
        g.add("af4 writes a caller boundary verbatim even when RFC 2046 forbids it (%s)" % what,
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in one], "boundary": bnd},
              {"body": bytes_value(body)}, profiles=["af3", "af4"])
    # The whole boundary for a seed. SPEC §5.1: SplitMix64(seed:), each 32-bit value the high half of
    # the next output; expected from Vigna's reference SplitMix64 (splitmix64.c) transcribed in oracles/s5 (seeded_boundaries).
    for seed in [0, 1, 42, 2 ** 31, -1, 7, 2 ** 63 - 1]:
        bnd, = seeded_boundaries(seed, 1)
        parts = [form("a", "1"), file("f", "f.txt", "text/plain", "x")]
        body = body_bytes(parts, bnd)
        cross_check(parts, body, bnd)
        g.add("seed %d → %s (SplitMix64 reference, high 32 bits of two outputs, %%08X each; SPEC §5.1 format); exact body" % (seed, bnd),
              {"method": "POST", "url": "http://example.com/", "parts": [part_json(p) for p in parts], "seed": seed},
              {"headers": {"$includes": [["Content-Type", "multipart/form-data; boundary=" + bnd]]}, "body": bytes_value(body),
               "contentLength": len(body)})
    return g
