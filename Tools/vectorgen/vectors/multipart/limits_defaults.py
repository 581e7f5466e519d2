"""Vectors/multipart/limits-defaults.json: the default maxMultipartParts (10,000, SPEC §8) in the writer.

What the limit counts is the decision already pinned for the configured limit (the writer counts parts as they
are added, multipart/read-sizes); the framing from SPEC §5.2, the body parsed back by Python's email (asserted).
"""
from ...levels import decision
from ...oracles.s5_multipart import CLOSE, HEAD, MID, B, email_message_parts
from ...oracles.s8_limits import MAX_MULTIPART_PARTS
from ...vectorfile import CORE, VectorFile


def build():
    f = VectorFile("multipart", "limits-defaults",
                   "The default maxMultipartParts (10,000, SPEC §8): 10,000 parts are written, 10,001 are limitExceeded",
                   ["SPEC§8", "SPEC§5.2", "SPEC§5.3"], verdict=decision("SPEC§8"))
    # Parameters become one form field per array element, field a[] (SPEC §5.3, §2.2).
    n = MAX_MULTIPART_PARTS
    part = b'Content-Disposition: form-data; name="a[]"\r\n\r\n0'
    body = HEAD + part + (MID + part) * (n - 1) + CLOSE
    got = [(p.get_param("name", header="content-disposition"), p.get_payload(decode=True)) for p in email_message_parts(body, B)]
    assert len(got) == n and all(name == "a[]" and payload == b"0" for name, payload in got)
    assert len(HEAD) == 29 and len(MID) == 31 and len(CLOSE) == 33  # SPEC §5.2
    f.add("10,000 parameter fields (the default maxMultipartParts) are written: Content-Length %d from the SPEC §5.2 framing "
          "(29 + 31 × 9,999 + 33 delimiter bytes, 46 per part's header section and body), the body parsed back by Python's "
          "email as 10,000 parts" % len(body),
          {"method": "POST", "url": "http://example.com/", "parameters": {"a": [0] * n}, "boundary": B},
          {"contentLength": len(body)})
    f.add("10,001 parameter fields: one over the default maxMultipartParts 10,000 → limitExceeded (SPEC §8; the writer counts "
          "parts as they are added, as multipart/read-sizes/031 does for a configured limit)",
          {"method": "POST", "url": "http://example.com/", "parameters": {"a": [0] * (n + 1)}, "boundary": B},
          {"error": {"domain": CORE, "kind": "limitExceeded", "context": {"limit": "maxMultipartParts=%d" % n}}})
    return f
