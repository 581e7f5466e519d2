"""SPEC §6.1–§6.3 Response model and validation: the vector input shape, the status phrases and the error texts.

Status phrases and error texts are copied from SPEC §6.3 (which pins Darwin's English NSHTTPURLResponse
phrases); codes outside 100…599 take "server error" (SPEC §6.3 decision, as Darwin does).
"""
from ..vectorfile import bytes_value

RESP = "com.alamofire.error.serialization.response"
COCOA = "NSCocoaErrorDomain"
URL = "http://example.com/resource"
ABSENT = {"$absent": True}

PHRASES = {
    100: "continue", 101: "switching protocols", 200: "no error", 201: "created", 202: "accepted",
    203: "non-authoritative information", 204: "no content", 205: "reset content", 206: "partial content",
    300: "multiple choices", 301: "moved permanently", 302: "found", 303: "see other", 304: "not modified",
    305: "needs proxy", 307: "redirected", 400: "bad request", 401: "unauthorized", 402: "payment required",
    403: "forbidden", 404: "not found", 405: "method not allowed", 406: "unacceptable",
    407: "proxy authentication required", 408: "request timed out", 409: "conflict", 410: "no longer exists",
    411: "length required", 412: "precondition failed", 413: "request too large", 414: "requested URL too long",
    415: "unsupported media type", 416: "requested range not satisfiable", 417: "expectation failed",
    500: "internal server error", 501: "unimplemented", 502: "bad gateway", 503: "service unavailable",
    504: "gateway timed out", 505: "unsupported version",
}
CLASSES = {1: "informational", 2: "success", 3: "redirected", 4: "client error", 5: "server error"}


def phrase(code):
    """SPEC §6.3 phrase table, else the class of the code; codes outside 100…599 take `server error` (SPEC §6.3 decision)."""
    if not 100 <= code <= 599:
        return "server error"
    return PHRASES.get(code) or CLASSES[code // 100]


def resp(serializer, status=200, ctype=None, body=None, url=URL, headers=None):
    r = {"serializer": serializer, "statusCode": status}
    h = list(headers or [])
    if ctype is not None:
        h.insert(0, ["Content-Type", ctype])
    if h:
        r["headers"] = h
    if url is not None:
        r["url"] = url
    if body is not None:
        r["body"] = bytes_value(body if isinstance(body, bytes) else body.encode("utf-8"))
    return r


def status_error(code, **extra):
    """The −1011 unacceptable-status error, with more members (e.g. its context) when given."""
    e = {"domain": RESP, "code": -1011, "description": "Request failed: %s (%d)" % (phrase(code), code)}
    e.update(extra)
    return e


def ctype_error(mime):
    return {"domain": RESP, "code": -1016, "description": "Request failed: unacceptable content-type: %s" % (mime if mime else "(null)")}
