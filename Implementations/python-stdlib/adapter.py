#!/usr/bin/env python3
"""python-stdlib: the AFSerialization vectors against Python 3.11's standard library and urllib3 2.x.

    conformance run --implementation 'python3 Implementations/python-stdlib/adapter.py'

Eval protocol 1.1 (VECTORS.md §5): one JSON request per line on stdin, one reply per line on
stdout. Each component is mapped onto the API a Python developer calls for that job (README.md):

  percent-escape   urllib.parse.quote / quote_plus
  query-string     urllib.parse.urlencode (flat pairs; doseq for repeated keys)
  multipart        urllib3 request_encode_body -> encode_multipart_formdata (+ body_to_chunks)
  multipart-parse  email.parser.BytesFeedParser (compat32 policy, raise_on_defect)
  media-type       email.message.Message get_content_type() / get_params()
  content-decode   urllib3.response.HTTPResponse(decode_content=True)
  request          json.dumps (json bodies) / plistlib.dumps(fmt=FMT_XML) (plist bodies): the body only
  response         json.loads on the body (the json serializer's parse only)

Nothing of AF's behaviour is emulated here: what the library cannot take is "unsupported".
"""
import email.errors
import email.parser
import email.message
import email.policy
import email.utils
import io
import json
import math
import mimetypes
import os
import plistlib
import re
import sys
import urllib.parse

import urllib3

from afs_protocol import (ERROR_MEMBERS, Obj, Unsupported, af_response_body, chunks, lib_error,
                          read_bytes, serve, write_bytes)

# urllib3 guesses a file part's type with mimetypes.guess_type(); read only Python's built-in table,
# not the host's /etc/mime.types, so the results do not depend on the machine (README: projections).
mimetypes.knownfiles = []
mimetypes.init()
from urllib3._request_methods import RequestMethods  # the base class of PoolManager
from urllib3.util.request import body_to_chunks

NAME = "python-stdlib"
VERSION = "Python %s, urllib3 %s" % (sys.version.split()[0], urllib3.__version__)

SUPPORTS = {
    "components": {
        "percent-escape": ["af4"],
        "query-string": ["strict"],
        "multipart": ["strict"],
        "multipart-parse": ["af4"],
        "media-type": ["strict"],
        "content-decode": ["af4"],
        "request": ["af4"],
        "response": ["af4"],
    },
    "omits": {
        "percent-escape": ["error.*"],
        "query-string": ["pairs", "error.*"],
        "multipart": ["error.*"],
        "multipart-parse": ["error.*"],
        "content-decode": ["error.*"],
        # The body is json's / plistlib's; method, URL and headers are AF's own code.
        "request": ["method", "url", "headers"] + ERROR_MEMBERS,
        # valid is AF's validation; json's errors carry none of AF's members. Listed one by one
        # (not error.*) so that an expected {"$absent": true} still means "no error".
        "response": ["valid"] + ERROR_MEMBERS,
    },
}


# ---------------------------------------------------------------------------------------------
# value encodings (VECTORS.md §2; bytes, Obj: afs_protocol)

def tag_of(value):
    """The tag of a tagged parameter value ({"$set": …}), or None."""
    if isinstance(value, dict) and len(value) == 1:
        key = next(iter(value))
        if key.startswith("$"):
            return key
    return None


# ---------------------------------------------------------------------------------------------
# percent-escape: urllib.parse.quote (safe set per style) / quote_plus

STYLES = {
    # style: (function, safe). quote() never escapes A-Z a-z 0-9 and "_.-~" (Python docs).
    "afnetworking": (urllib.parse.quote, "/?"),
    "rfc3986Unreserved": (urllib.parse.quote, ""),
    "whatwgForm": (urllib.parse.quote_plus, "*"),
}


def style_of(options):
    style = options.get("style") or "afnetworking"
    if style not in STYLES:
        raise Unsupported("escape style %r" % style)
    return STYLES[style]


def percent_escape(inp, options):
    if options.get("reportBatches"):
        raise Unsupported("urllib.parse.quote does not work in batches (reportBatches)")
    batch = options.get("batchSize")
    if batch is not None and batch < 1:
        raise Unsupported("batchSize %r: urllib has no batches (a size >= 1 never changes the text)" % batch)
    quote, safe = style_of(options)
    if "text" in inp:
        value = inp["text"]
    elif "hex" in inp:
        value = bytes.fromhex(inp["hex"])  # quote() takes bytes as they are
    elif "utf16" in inp:
        # A Python str holds code points: pairs combine, a lone surrogate stays one (surrogatepass).
        units = inp["utf16"]
        value = b"".join(u.to_bytes(2, "little") for u in units).decode("utf-16-le", "surrogatepass")
    else:
        raise ValueError('input: give exactly one of "text", "utf16" or "hex"')
    try:
        return {"text": quote(value, safe=safe)}
    except (UnicodeError, TypeError) as e:
        return lib_error("urllib.parse", e)


# ---------------------------------------------------------------------------------------------
# query-string: urllib.parse.urlencode

def leaf(value, path):
    """A parameter leaf as the Python value a developer would hand to urlencode."""
    tag = tag_of(value)
    if tag == "$double":
        return float(value["$double"])
    if tag == "$data":
        return bytes.fromhex(value["$data"])
    if tag is not None:
        raise Unsupported("%s: %s has no counterpart in urlencode" % (path, tag))
    if isinstance(value, (dict, list)):
        raise Unsupported("%s: nested parameters (urlencode takes flat pairs; doseq only repeats a key)" % path)
    return value  # str, int, float, bool, None: urlencode applies str()


def query_string(inp, options):
    if "parameters" not in inp:
        raise ValueError("input.parameters: required field is missing")
    if options.get("maxParameterDepth") is not None:
        raise Unsupported("urlencode has no depth limit (maxParameterDepth)")
    quote, safe = style_of(options)
    array_style = options.get("arrayStyle") or "brackets"
    params = inp["parameters"]
    doseq = False
    if isinstance(params, Obj) and tag_of(params) is None:
        query = []
        for key, value in params.pairs:
            if isinstance(value, list):
                if array_style != "noBrackets":
                    raise Unsupported("arrayStyle %s: urlencode(doseq=True) can only repeat the key" % array_style)
                query.append((key, [leaf(v, "%s[]" % key) for v in value]))
                doseq = True
            else:
                query.append((key, leaf(value, key)))
    elif tag_of(params) == "$dict":
        query = [(k, leaf(v, k)) for k, v in params["$dict"]]
    elif isinstance(params, list):
        # urlencode takes a sequence of pairs; a JSON array is handed over as that sequence.
        query = [tuple(p) if isinstance(p, list) else leaf(p, "[]") for p in params]
    else:
        query = leaf(params, "parameters")  # a scalar: urlencode's own TypeError says no
    try:
        text = urllib.parse.urlencode(query, doseq=doseq, safe=safe, quote_via=quote)
    except (TypeError, ValueError, UnicodeError) as e:
        return lib_error("urllib.parse", e)
    return {"text": text}


# ---------------------------------------------------------------------------------------------
# multipart: urllib3 (request_encode_body builds the request; encode_multipart_formdata the body)

class Capture(RequestMethods):
    """urllib3's RequestMethods with urlopen replaced by 'return what would be sent'."""

    def urlopen(self, method, url, body=None, headers=None, **kw):
        return method, url, body, headers


def multipart_part(part, i):
    kind = part.get("kind")
    path = "input.parts[%d]" % i
    body = read_bytes(part["body"], path + ".body") if part.get("body") is not None else b""
    if kind == "form":
        return (part["name"], body)
    if kind == "file":
        return (part["name"], (part["filename"], body, part["mimeType"]))
    if kind == "stream":
        if part.get("declaredLength") is not None or part.get("failAfter") is not None:
            raise Unsupported("%s: urllib3 takes bytes; it has no declared length or failing stream" % path)
        return (part["name"], (part["filename"], body, part["mimeType"]))
    if kind == "path":
        where = part["path"]
        if where.startswith("file:"):
            raise Unsupported("%s: urllib3 takes bytes, not file URLs" % path)
        with open(where, "rb") as f:  # glue: the developer reads the file (OSError: an error output)
            data = f.read()
        filename = part.get("filename")
        if filename is None:
            filename = os.path.basename(where)
            return (part["name"], (filename, data))  # urllib3 guesses the type (mimetypes)
        if part.get("mimeType") is None:
            return (part["name"], (filename, data))
        return (part["name"], (filename, data, part["mimeType"]))
    if kind == "headers":
        headers = part.get("headers") or []
        names = [n.lower() for n, _ in headers]
        if len(set(names)) != len(names):
            raise Unsupported("%s: RequestField headers are a dict (no repeated names)" % path)
        return urllib3.fields.RequestField(name="", data=body, headers=dict(headers))
    raise ValueError('%s.kind: unknown part kind "%s"' % (path, kind))


def multipart_param(key, value):
    tag = tag_of(value)
    if tag == "$data":
        return (key, bytes.fromhex(value["$data"]))
    if tag is not None or isinstance(value, (dict, list)):
        raise Unsupported("parameter %s: urllib3 fields are flat (no %s)" % (key, tag or type(value).__name__))
    if value is None or isinstance(value, float):
        raise Unsupported("parameter %s: urllib3 field values are str, bytes or int" % key)
    return (key, value)


def multipart(inp, options):
    for opt in ("maxMultipartParts", "writeToFile", "maxParameterDepth", "maxJSONDepth"):
        if options.get(opt) not in (None, False):
            raise Unsupported("option %s has no counterpart in urllib3" % opt)
    # readSizes/packetSize only say how the core reads its stream; urllib3 returns the body as one
    # bytes object, so a valid value cannot change it. Invalid ones are the core's own check.
    if options.get("packetSize") is not None and options["packetSize"] < 1:
        raise Unsupported("packetSize below 1: urllib3 has no packets to validate")
    boundary = inp.get("boundary")
    if boundary is None:
        raise Unsupported("urllib3's generated boundary is random (os.urandom); no seeded generator")
    fields = []
    params = inp.get("parameters")
    if params is not None:
        if not isinstance(params, Obj) or tag_of(params) is not None:
            raise Unsupported("parameters that are not a dictionary")
        fields += [multipart_param(k, v) for k, v in params.pairs]
    try:
        fields += [multipart_part(p, i) for i, p in enumerate(inp.get("parts") or [])]
    except (OSError, ValueError) as e:  # open() refusing a path part
        if isinstance(e, ValueError) and "embedded null" not in str(e):
            raise
        return lib_error("OSError", e)
    headers = urllib3.HTTPHeaderDict()
    for name, value in inp.get("headers") or []:
        headers.add(name, value)
    try:
        method, _, body, sent = Capture().request_encode_body(
            inp["method"], inp["url"], fields=fields, headers=headers, multipart_boundary=boundary)
        length = body_to_chunks(body, method=method, blocksize=16384).content_length
    except (TypeError, ValueError, UnicodeError) as e:
        return lib_error("urllib3", e)
    out = list(sent.items())
    if length is not None and "content-length" not in sent:
        out.append(("Content-Length", str(length)))  # what urllib3's HTTPConnection.request adds
    return {"headers": [list(h) for h in out], "body": None if body is None else write_bytes(body),
            "contentLength": length}


# ---------------------------------------------------------------------------------------------
# multipart-parse: email.parser.BytesFeedParser, compat32 policy with raise_on_defect=True

POLICY = email.policy.compat32.clone(raise_on_defect=True)


def multipart_parse(inp, options):
    for opt in ("maxMultipartParts", "maxPartHeaderBytes", "maxMultipartBytes", "allowUTF8Headers"):
        if options.get(opt) is not None:
            raise Unsupported("option %s has no counterpart in the email package" % opt)
    boundary = inp["boundary"]
    body = read_bytes(inp["body"], "input.body")
    if any(c in boundary for c in '"\\\r\n'):
        raise Unsupported("a boundary with a quote, backslash or line break cannot be put in a Content-Type header")
    parser = email.parser.BytesFeedParser(policy=POLICY)
    header = 'Content-Type: multipart/form-data; boundary="%s"\r\n\r\n' % boundary
    try:
        parser.feed(header.encode("utf-8"))
        for chunk in chunks(body, options.get("chunkSizes")):
            parser.feed(chunk)
        msg = parser.close()
        if not msg.is_multipart():
            return {"error": {"domain": "email", "message": "not multipart: %r" % msg.get_payload()[:80]}}
        parts = []
        for part in msg.get_payload():
            name = part.get_param("name", header="content-disposition")
            if isinstance(name, tuple):
                name = email.utils.collapse_rfc2231_value(name)
            ctype = part.get("Content-Type")
            payload = part.get_payload(decode=True)
            parts.append({"headers": [[n, str(v)] for n, v in part.items()],
                          "name": name, "filename": part.get_filename(),
                          "contentType": None if ctype is None else str(ctype),
                          "body": write_bytes(payload if payload is not None else b"")})
    except (email.errors.MessageError, email.errors.MessageDefect) as e:  # raise_on_defect
        return lib_error("email", e)
    return {"parts": parts}


# ---------------------------------------------------------------------------------------------
# media-type: email.message.Message (compat32) get_content_type() / get_params()

def media_type(inp, options):
    value = inp.get("contentType")
    msg = email.message.Message()
    if value is not None:
        if not isinstance(value, str):
            raise ValueError("input.contentType: expected a string")
        msg["Content-Type"] = value
    params = msg.get_params() or []
    pairs = []
    for name, v in params[1:]:  # the first pair is the media type itself (Python docs)
        if isinstance(v, tuple):
            v = email.utils.collapse_rfc2231_value(v)
        pairs.append([name, v])
    return {"mimeType": msg.get_content_type(), "parameters": pairs}


# ---------------------------------------------------------------------------------------------
# content-decode: urllib3.response.HTTPResponse with decode_content=True

class Packets(io.RawIOBase):
    """The body arriving in packets of the vector's chunk sizes (short reads, as from a socket)."""

    def __init__(self, data, sizes):
        self._parts = list(chunks(data, sizes))

    def readable(self):
        return True

    def readinto(self, buf):
        if not self._parts:
            return 0
        part = self._parts[0]
        n = min(len(buf), len(part))
        buf[:n] = part[:n]
        if n == len(part):
            self._parts.pop(0)
        else:
            self._parts[0] = part[n:]
        return n


def content_decode(inp, options):
    if options.get("maxDecodedSize") is not None:
        raise Unsupported("urllib3 has no decoded-size limit (maxDecodedSize)")
    body = read_bytes(inp["body"], "input.body")
    coding = inp.get("contentEncoding")
    headers = {} if coding is None else {"Content-Encoding": coding}
    sizes = options.get("chunkSizes")
    try:
        if not sizes:
            resp = urllib3.HTTPResponse(body=io.BytesIO(body), headers=headers, status=200,
                                        preload_content=True, decode_content=True)
            out = resp.data
        else:
            resp = urllib3.HTTPResponse(body=io.BufferedReader(Packets(body, sizes), 1), headers=headers,
                                        status=200, preload_content=False, decode_content=True)
            out = b"".join(resp.stream(65536))
    except urllib3.exceptions.HTTPError as e:
        return lib_error("urllib3", e)
    return {"body": write_bytes(out)}


# ---------------------------------------------------------------------------------------------
# request: the body of AF's JSON and property-list serializers, written by json.dumps / plistlib

AF_URI_METHODS = ("GET", "HEAD", "DELETE")


def py_value(value, path):
    """A parameter tree (VECTORS.md §2.2) as the Python value a developer hands to json/plistlib."""
    tag = tag_of(value)
    if tag == "$double":
        return float(value["$double"])
    if tag == "$data":
        return bytes.fromhex(value["$data"])
    if tag == "$set":
        items = [py_value(v, "%s.$set[%d]" % (path, i)) for i, v in enumerate(value["$set"])]
        try:
            return set(items)
        except TypeError:
            raise Unsupported("%s: a set of unhashable items has no Python counterpart" % path)
    if tag == "$dict":
        pairs = value["$dict"]
    elif isinstance(value, Obj):
        pairs = value.pairs
    elif isinstance(value, list):
        return [py_value(v, "%s[%d]" % (path, i)) for i, v in enumerate(value)]
    else:
        return value  # str, int, float, bool, None
    out = {}
    for key, v in pairs:
        if key in out:
            raise Unsupported("%s: repeated key %r (a Python dict holds each key once)" % (path, key))
        out[key] = py_value(v, "%s.%s" % (path, key))
    return out


def request(inp, options):
    serializer = inp.get("serializer") or "http"
    if serializer not in ("json", "plist"):
        raise Unsupported("the %s serializer (form encoding) is AF's own code, no json/plistlib call" % serializer)
    for opt in ("maxJSONDepth", "maxParameterDepth"):
        if options.get(opt) is not None:
            raise Unsupported("option %s: json and plistlib have no depth limit" % opt)
    uri_methods = options.get("methodsEncodingParametersInURI")
    if uri_methods is None:
        uri_methods = AF_URI_METHODS
    if str(inp.get("method", "")).upper() in uri_methods or "parameters" not in inp:
        raise Unsupported("no body is written (AF's rule, not a json/plistlib call)")
    obj = py_value(inp["parameters"], "input.parameters")
    if serializer == "plist":
        try:
            return {"body": write_bytes(plistlib.dumps(obj, fmt=plistlib.FMT_XML))}
        except (TypeError, ValueError, OverflowError) as e:
            return lib_error("plistlib", e)
    names = options.get("jsonWritingOptions") or []
    for n in names:
        if n not in ("prettyPrinted", "sortedKeys", "fragmentsAllowed", "withoutEscapingSlashes"):
            raise ValueError("options.jsonWritingOptions: unknown value %r" % n)
    # fragmentsAllowed: json.dumps writes any top-level value anyway; withoutEscapingSlashes: it never
    # escapes "/". prettyPrinted is json's own pretty printing, indent=2 (README).
    kw = {"indent": 2} if "prettyPrinted" in names else {"separators": (",", ":")}
    try:
        text = json.dumps(obj, ensure_ascii=False, allow_nan=False, sort_keys="sortedKeys" in names, **kw)
        return {"body": write_bytes(text.encode("utf-8"))}
    except (TypeError, ValueError, RecursionError) as e:  # UnicodeEncodeError is a ValueError
        return lib_error("json", e)


# ---------------------------------------------------------------------------------------------
# response: json.loads on the body of a response AF's JSON serializer would parse

AF_JSON_TYPES = ("application/json", "text/json", "text/javascript")


LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def plain_json(v):
    """json.loads' result as the output's plain JSON (README: projections). A non-finite float
    (1e400 overflows to inf, NaN is accepted) has no JSON number: it is written with VECTORS.md's
    $double tag. A lone surrogate (json.loads accepts a lone \\ud800 escape) cannot be written in
    the UTF-8 reply: it is written as U+FFFD."""
    if isinstance(v, float) and not math.isfinite(v):
        return {"$double": "nan" if v != v else ("inf" if v > 0 else "-inf")}
    if isinstance(v, str):
        return LONE_SURROGATE.sub("\ufffd", v)
    if isinstance(v, dict):
        return {plain_json(k): plain_json(x) for k, x in v.items()}
    if isinstance(v, list):
        return [plain_json(x) for x in v]
    return v


def response(inp, options):
    if (inp.get("serializer") or "http") != "json":
        raise Unsupported("only the JSON serializer's parse is a library call (json.loads)")
    if options.get("removesKeysWithNullValues"):
        raise Unsupported("null removal is AF's code")
    if options.get("maxJSONDepth") is not None:
        raise Unsupported("json.loads has no depth limit (maxJSONDepth)")
    body = af_response_body(inp, options, AF_JSON_TYPES, "a library call",
                            "no body: AF returns no object without calling a parser")
    if body in (b"", b" "):
        raise Unsupported("AF returns no object for an empty or one-space body without parsing")
    # readingOptions.allowFragments has no counterpart: json.loads accepts any top-level value.
    try:
        return {"valid": True, "object": plain_json(json.loads(body))}
    except (ValueError, RecursionError) as e:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        return {"valid": True, **lib_error("json", e)}


# ---------------------------------------------------------------------------------------------

COMPONENTS = {
    "percent-escape": percent_escape,
    "query-string": query_string,
    "multipart": multipart,
    "multipart-parse": multipart_parse,
    "media-type": media_type,
    "content-decode": content_decode,
    "request": request,
    "response": response,
}


if __name__ == "__main__":
    serve(NAME, VERSION, SUPPORTS, COMPONENTS, ordered=True, recursion_limit=10000)
