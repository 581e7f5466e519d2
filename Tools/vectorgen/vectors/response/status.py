"""Vectors/response/status.json: status validation and Darwin's English status phrases (SPEC §6.1, §6.3).

Phrases and error texts from SPEC §6.3 (oracles/s6_responses).
"""
from ...levels import af
from ...oracles.s6_responses import ABSENT, PHRASES, phrase, resp, status_error
from ...vectorfile import VectorFile
from ._shared import HTTP_OBJECT, SPEC63


def build():
    # Default: the vector pins a −1011 description, whose phrase is SPEC §6.3's (Darwin's table).
    f = VectorFile("response", "status", "Status validation and Darwin's English status phrases (SPEC §6.3)",
                   ["SPEC§6.1", "SPEC§6.3"], verdict=SPEC63)
    codes = sorted(PHRASES) + [102, 103, 226, 308, 418, 422, 429, 451, 506, 511, 599, 199]
    never = {"acceptableStatusCodes": [[600, 600]]}
    for code in codes:
        f.add("status %d is not acceptable: −1011 'Request failed: %s (%d)' (phrase from SPEC §6.3)" % (code, phrase(code), code),
              resp("http", code, body="x"), {"valid": False, "error": status_error(code)}, options=never)
    for code in [200, 201, 204, 250, 299]:
        f.add("status %d is in the default 200…299" % code, resp("http", code, body="ok"), {"valid": True, "error": ABSENT},
              verdict=af("6.3/default-status-codes"))
    for code in [199, 300, 404, 500]:
        f.add("status %d is outside the default 200…299" % code, resp("http", code, body="x"), {"valid": False, "error": status_error(code)})
    f.add("without a URL the status is not checked at all: valid, no error (SPEC §6.3: 'and the URL is present')", resp("http", 500, body="x", url=None),
          {"valid": True, "error": ABSENT}, verdict=af("6.3/status-needs-url"))
    f.add("custom acceptable ranges [[200,200],[304,304]]: 304 passes", resp("http", 304, body=""), {"valid": True, "error": ABSENT},
          options={"acceptableStatusCodes": [[200, 200], [304, 304]]}, verdict=af("6.3/status-needs-url"))
    f.add("custom acceptable ranges [[200,200],[304,304]]: 201 fails", resp("http", 201, body="x"), {"valid": False, "error": status_error(201)},
          options={"acceptableStatusCodes": [[200, 200], [304, 304]]})
    f.add("the HTTP serializer returns the body bytes as its object", resp("http", 200, "text/plain", "hello"),
          {"valid": True, "object": {"text": "hello"}}, refs=["SPEC§6.5"], verdict=HTTP_OBJECT)
    return f
