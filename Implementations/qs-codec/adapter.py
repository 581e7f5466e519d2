#!/usr/bin/env python3
"""qs-codec: the AFSerialization query-string vectors against qs_codec.encode (PyPI qs-codec 1.6.x,
a Python port of the JavaScript `qs` library).

    conformance run --implementation 'python3 Implementations/qs-codec/adapter.py'

Eval protocol 1.1 (VECTORS.md §5). Only `query-string` is modelled; the vector's options map onto
qs_codec.EncodeOptions (README.md), and what qs cannot express is "unsupported".
"""
import sys
from importlib.metadata import version

import qs_codec
from qs_codec import EncodeOptions, Format, ListFormat

from afs_protocol import Obj, Unsupported, serve

NAME = "qs-codec"
VERSION = "qs-codec %s, Python %s" % (version("qs-codec"), sys.version.split()[0])

SUPPORTS = {
    "components": {"query-string": ["af4"]},
    "omits": {"query-string": ["pairs", "error.*"]},
}

LIST_FORMATS = {"brackets": ListFormat.BRACKETS, "indexInBrackets": ListFormat.INDICES,
                "noBrackets": ListFormat.REPEAT}
# qs has two formats: RFC3986 (space %20) and RFC1738 (space +, the form encoding). Neither leaves
# AF's "/" and "?" raw; afnetworking maps to qs's default, RFC3986 (README: the differences are listed).
FORMATS = {"afnetworking": Format.RFC3986, "rfc3986Unreserved": Format.RFC3986, "whatwgForm": Format.RFC1738}


def to_python(value, path, literal_bools):
    """The parameter tree as the Python values qs_codec.encode takes natively (dict, list, scalars)."""
    if isinstance(value, dict):
        if len(value) == 1 and next(iter(value)).startswith("$"):
            tag, body = next(iter(value.items()))
            if tag == "$double":
                return float(body)
            if tag == "$data":
                return bytes.fromhex(body)  # qs_codec.encode accepts bytes (decoded as UTF-8)
            if tag == "$dict":
                keys = [k for k, _ in body]
                if len(set(keys)) != len(keys):
                    raise Unsupported("repeated keys: a Python dict cannot hold them")
                return {k: to_python(v, path + "." + k, literal_bools) for k, v in body}
            raise Unsupported("%s has no counterpart in qs (a Python set has no order)" % tag)
        pairs = value.pairs if isinstance(value, Obj) else list(value.items())
        if len({k for k, _ in pairs}) != len(pairs):
            raise Unsupported("repeated keys: a Python dict cannot hold them")
        return {k: to_python(v, path + "." + k, literal_bools) for k, v in pairs}
    if isinstance(value, list):
        return [to_python(v, path, literal_bools) for v in value]
    if isinstance(value, bool) and not literal_bools:
        raise Unsupported("boolStyle numeric: qs writes booleans as true/false only")
    return value


def query_string(inp, options):
    if "parameters" not in inp:
        raise ValueError("input.parameters: required field is missing")
    array_style = options.get("arrayStyle") or "brackets"
    style = options.get("style") or "afnetworking"
    if array_style not in LIST_FORMATS or style not in FORMATS:
        raise Unsupported("arrayStyle %s / style %s" % (array_style, style))
    literal = (options.get("boolStyle") or "numeric") == "literal"
    params = to_python(inp["parameters"], "parameters", literal)
    kwargs = {"list_format": LIST_FORMATS[array_style], "format": FORMATS[style]}
    if options.get("maxParameterDepth") is not None:
        # The option counts containers with the top level as the first (SPEC §8: limit 4 admits 4
        # nested dictionaries); qs's max_depth counts the levels below the top, so it is one less.
        kwargs["max_depth"] = options["maxParameterDepth"] - 1
    try:
        text = qs_codec.encode(params, EncodeOptions(**kwargs))
    except Exception as e:  # ValueError (max_depth) is documented; anything else is surfaced as is
        return {"error": {"domain": "qs_codec", "message": "%s: %s" % (type(e).__name__, e)}}
    return {"text": text}


if __name__ == "__main__":
    serve(NAME, VERSION, SUPPORTS, {"query-string": query_string}, modelled_by="qs", ordered=True,
          recursion_limit=10000)
