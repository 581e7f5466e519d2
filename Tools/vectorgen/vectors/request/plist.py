"""Vectors/request/plist.json: the property-list serializer, XML plist v1.0 like Foundation (SPEC §3.4).

Bodies from plistlib.dumps(sort_keys=True), which matched Foundation's PropertyListSerialization XML byte for
byte for these shapes (checked on this machine).
"""
import plistlib

from ...levels import decision
from ...oracles.s3_requests import default_headers, merge
from ...vectorfile import VectorFile
from ._shared import BASE_OPTS, form, req


def build():
    f = VectorFile("request", "plist", "The property-list serializer: XML plist v1.0 like Foundation, application/x-plist (SPEC §3.4)",
                   ["SPEC§3.4"], verdict=decision("SPEC§3.4"))  # a plist body is Linux Foundation's bytes (Decision)
    h = merge([], default_headers(BASE_OPTS)) + [["Content-Type", "application/x-plist"]]
    for params, what in [({"a": "b"}, "one string"), ({"k": 1, "b": True, "arr": [1, "x"], "d": {"z": "y"}}, "mixed, keys sorted"),
                         ({"s": "<&>\"'"}, "XML escaping"), ({}, "empty dictionary"), ({"u": "é日"}, "non-ASCII")]:
        f.add("%s; body from plistlib.dumps(sort_keys=True), byte-identical to Foundation for this shape" % what,
              req("plist", "POST", "http://example.com/p", params=params),
              {"method": "POST", "headers": {"$unordered": h}, "body": {"text": plistlib.dumps(params, sort_keys=True).decode("utf-8")}},
              options=BASE_OPTS)
    f.add("GET delegates to the form serializer (SPEC §3.4 as §3.3)", req("plist", "GET", "http://example.com/p", params={"a": "b"}),
          {"url": "http://example.com/p?a=b", "body": None, "headers": {"$unordered": default_headers(BASE_OPTS)}}, options=BASE_OPTS,
          verdict=form("3.4/plist-serializer"))
    f.add("POST without parameters: no body, no Content-Type", req("plist", "POST", "http://example.com/p"),
          {"body": None, "headers": {"$unordered": default_headers(BASE_OPTS)}}, options=BASE_OPTS,
          verdict=form("3.4/plist-serializer"))
    return f
