#!/usr/bin/env python3
"""An example adapter: the AFSerialization golden vectors against Python's own urllib.parse.

    swift run conformance run --implementation 'python3 Examples/urllib-adapter/adapter.py'

It speaks the eval protocol of VECTORS.md §5 (version 1.1): one JSON request per line on stdin,
one JSON reply per line on stdout, flushed. It maps two components onto the standard library,
  percent-escape  ->  urllib.parse.quote / quote_plus
  query-string    ->  AF's flattening (SPEC §2.2, written here) + urllib.parse.urlencode
and says "unsupported" for everything else, so the rest of the suite is n/a, not failed.
Walk-through: README.md in this folder.
"""
import json
import sys
from urllib.parse import quote, quote_plus, urlencode

# Protocol 1.1: declared in the handshake reply, so the runner never sends the other components.
SUPPORTS = {"components": ["percent-escape", "query-string"]}

# SPEC §1.3 escape styles, as urllib spells them. quote() never escapes A-Z a-z 0-9 _ . - ~.
ESCAPERS = {
    "afnetworking": lambda s: quote(s, safe="/?"),
    "rfc3986Unreserved": lambda s: quote(s, safe=""),
    "whatwgForm": lambda s: quote_plus(s, safe="*"),
}


class Unsupported(Exception):
    """A request outside what urllib models: the reply is {"unsupported": why}."""


def escape_style(options):
    style = options.get("style", "afnetworking")
    if style not in ESCAPERS:
        raise Unsupported("escape style %r" % style)
    return ESCAPERS[style]


def percent_escape(inp, options):
    if options.get("reportBatches"):
        raise Unsupported("urllib does not escape in batches (reportBatches)")
    escape = escape_style(options)  # batchSize never changes AF's output (SPEC §1.4): ignored
    if "text" in inp:
        return {"text": escape(inp["text"])}
    if "hex" in inp:
        raw = bytes.fromhex(inp["hex"])
        try:
            raw.decode("utf-8")  # SPEC §1.5: bytes that are not UTF-8 are an error, not escaped
        except UnicodeDecodeError as e:
            return {"error": {"domain": "AFSerialization", "kind": "invalidUTF8", "offset": e.start,
                              "context": {"byte": "0x%02X" % raw[e.start]}}}
        return {"text": escape(raw)}
    raise Unsupported("urllib takes str or bytes, not UTF-16 code units")


def describe(value, bool_style):
    """SPEC §2.3 descriptions: bools 1/0 (or true/false), doubles like C's %.16g, null <null>."""
    if value is None:
        return "<null>"
    if isinstance(value, dict) and "$double" in value:
        value = float(value["$double"])
    if isinstance(value, bool):
        return ("true" if value else "false") if bool_style == "literal" else ("1" if value else "0")
    if isinstance(value, float):
        return "%.16g" % value
    return str(value)


def flatten(field, value, options, out):
    """SPEC §2.2: dictionaries by sorted key, arrays in order, sets by sorted description."""
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)).startswith("$"):
        tag, body = next(iter(value.items()))
        if tag == "$set":
            items = sorted(body, key=lambda v: describe(v, options.get("boolStyle")))
            for item in items:
                flatten(field, item, options, out)
            return
        if tag == "$double":
            return flatten(field, float(body), options, out)  # "nan", "inf", "-inf" parse as such
        raise Unsupported("parameter tag %s" % tag)
    if isinstance(value, dict):
        for key in sorted(value):
            flatten(key if field is None else "%s[%s]" % (field, key), value[key], options, out)
    elif isinstance(value, list):
        style = options.get("arrayStyle", "brackets")
        for i, item in enumerate(value):
            suffix = {"brackets": "[]", "noBrackets": "", "indexInBrackets": "[%d]" % i}[style]
            flatten(field + suffix, item, options, out)
    else:
        out.append((field, None if value is None else describe(value, options.get("boolStyle"))))


def query_string(inp, options):
    unknown = set(options) - {"arrayStyle", "boolStyle", "style"}
    if unknown:
        raise Unsupported("option %s" % ", ".join(sorted(unknown)))
    params = inp["parameters"]
    if not isinstance(params, dict) or (len(params) == 1 and next(iter(params), "").startswith("$")):
        raise Unsupported("AF's top-level non-dictionary parameters")
    pairs = []
    flatten(None, params, options, pairs)
    escape = escape_style(options)
    # urlencode writes key=value; a null value is the escaped field alone (SPEC §2.5).
    text = "&".join(escape(k) if v is None else urlencode([(k, v)], quote_via=lambda s, *_: escape(s))
                    for k, v in pairs)
    return {"text": text, "pairs": [[k, v] for k, v in pairs]}


COMPONENTS = {"percent-escape": percent_escape, "query-string": query_string}


def reply_to(request):
    rid = request.get("id")
    if rid is not None and str(rid).startswith("handshake#"):
        return {"id": rid, "protocol": "1.1", "supports": SUPPORTS,
                "implementation": {"name": "urllib.parse", "version": sys.version.split()[0]}}
    handler = COMPONENTS.get(request.get("component"))
    if handler is None:
        return {"id": rid, "unsupported": "component %s" % request.get("component")}
    try:
        return {"id": rid, "output": handler(request.get("input") or {}, request.get("options") or {})}
    except Unsupported as e:
        return {"id": rid, "unsupported": str(e)}
    except Exception as e:  # never die on one bad request: say what went wrong, go on
        return {"id": rid, "harnessError": "%s: %s" % (type(e).__name__, e)}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError as e:
            print(json.dumps({"id": None, "harnessError": "line is not JSON: %s" % e}), flush=True)
            continue
        print(json.dumps(reply_to(request), ensure_ascii=False), flush=True)


if __name__ == "__main__":
    main()
