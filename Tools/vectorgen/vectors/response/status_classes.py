"""Vectors/response/status-classes.json: status phrases at the class boundaries and outside 100…599 (SPEC §6.3 decisions)."""
from ...levels import af
from ...oracles.s6_responses import ABSENT, RESP, phrase, resp, status_error
from ...vectorfile import VectorFile
from ._shared import SPEC63


def build():
    # Default: the phrase table and the codes outside 100…599 are SPEC §6.3 decisions (Darwin's text).
    f = VectorFile("response", "status-classes", "Status phrases at the class boundaries and outside 100…599 (SPEC §6.3 classes and decision)",
                   ["SPEC§6.3"], verdict=SPEC63)
    never = {"acceptableStatusCodes": [[600, 600]]}
    for code in [100, 199, 200, 299, 300, 399, 400, 499, 500, 599, 306, 418, 308]:
        f.add("status %d: '%s' (SPEC §6.3 table, else the class of the code)" % (code, phrase(code)), resp("http", code, body="x"),
              {"valid": False, "error": status_error(code)}, options=never)
    for code in [0, 99, -1, 600, 601, 999, 99999]:
        f.add("status %d is outside 100…599: 'server error' (SPEC §6.3 decision, as Darwin does)" % code, resp("http", code, body="x"),
              {"valid": False, "error": {"domain": RESP, "code": -1011, "description": "Request failed: server error (%d)" % code}},
              options={"acceptableStatusCodes": [[1000000, 1000000]]})
    f.add("status 600 with the default 200…299: invalid, 'server error (600)'", resp("http", 600, body="x"),
          {"valid": False, "error": {"domain": RESP, "code": -1011, "description": "Request failed: server error (600)"}})
    for code, ranges, valid in [(299, [[200, 299]], True), (300, [[200, 299]], False), (199, [[200, 299]], False), (200, [[200, 299]], True),
                                (404, [[200, 204], [404, 404]], True), (205, [[200, 204], [404, 404]], False), (100, [[100, 100]], True)]:
        exp = {"valid": valid, "error": ABSENT if valid else status_error(code)}
        f.add("status %d with acceptable ranges %s (inclusive): %s" % (code, ranges, "valid" if valid else "invalid"), resp("http", code, body="x"), exp,
              options={"acceptableStatusCodes": ranges}, verdict=af("6.3/status-needs-url") if valid else SPEC63)
    return f
