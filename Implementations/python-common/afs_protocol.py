"""The eval protocol 1.1 (VECTORS.md §5) for the Python adapters of Implementations/: the request
loop, the handshake reply, the "unsupported" exception and the value encodings of VECTORS.md §2.
An adapter keeps only its library mapping and ends with

    afs_protocol.serve(NAME, VERSION, SUPPORTS, {"component": handler, …})

where a handler takes (input, options) and returns the output object, or raises Unsupported.
Examples/urllib-adapter/adapter.py does not use this module: it is the self-contained example.
"""
import json
import sys

PROTOCOL = "1.1"

# AF's error members, for an adapter whose library's errors carry none of them. Listed one by one
# in "omits" (not error.*) so that an expected {"$absent": true} still means "no error".
ERROR_MEMBERS = ["error.domain", "error.kind", "error.code", "error.description", "error.reason",
                 "error.offset", "error.context", "error.underlying"]


class Unsupported(Exception):
    """The request is outside what the library models: reply {"unsupported": why}."""


# ---------------------------------------------------------------------------------------------
# value encodings (VECTORS.md §2)

class Obj(dict):
    """A JSON object that remembers its members in order, repeated names included."""

    def __init__(self, pairs):
        super().__init__(pairs)
        self.pairs = pairs


def read_bytes(value, path):
    """Bytes given as {"text": …} (UTF-8) or {"hex": …}."""
    if isinstance(value, dict):
        if "text" in value:
            return value["text"].encode("utf-8", "surrogatepass")
        if "hex" in value:
            return bytes.fromhex(value["hex"])
    raise ValueError('%s: bytes need "text" or "hex"' % path)


def write_bytes(raw):
    """Bytes as {"text": …} when they are UTF-8, else {"hex": …}."""
    try:
        return {"text": raw.decode("utf-8")}
    except UnicodeDecodeError:
        return {"hex": raw.hex()}


def chunks(data, sizes):
    """data cut in the vector's chunkSizes (cycled); all of it at once when there are none."""
    if not sizes:
        yield data
        return
    i = pos = 0
    while pos < len(data):
        n = sizes[i % len(sizes)]
        yield data[pos:pos + n]
        pos += n
        i += 1


def lib_error(domain, exc):
    """A library's rejection as an output: {"error": {"domain": …, "message": "<Type>: <text>"}}."""
    return {"error": {"domain": domain, "message": "%s: %s" % (type(exc).__name__, exc)}}


def af_response_body(inp, options, types, call, no_body):
    """The body of a response only if AF hands it to its decoder at all: AF's own validation and
    early returns are not library calls, so anything else is Unsupported (the foundation adapter's
    rule). call names the library call in the reasons ("a library call"); no_body is the reason
    when there is no body."""
    for opt in ("acceptableContentTypes", "acceptableStatusCodes", "decodeContentEncoding", "maxDecodedSize"):
        if opt in options:
            raise Unsupported("option %s (AF's validation / decoding, not %s)" % (opt, call))
    status = inp.get("statusCode", 200)
    if status is None:
        status = 200
    values = [v for n, v in (inp.get("headers") or []) if n.lower() == "content-type"]
    mime = values[0].split(";")[0].strip().lower() if len(values) == 1 else None
    if not 200 <= status <= 299 or mime not in types:
        raise Unsupported("a response AF's validation rejects (not %s)" % call)
    if inp.get("body") is None:
        raise Unsupported(no_body)
    return read_bytes(inp["body"], "input.body")


# ---------------------------------------------------------------------------------------------
# replies

def harness_error(exc):
    """An exception in the adapter: a harness error naming it (the default)."""
    return {"harnessError": "%s: %s" % (type(exc).__name__, exc)}


def unexpected_error(domain):
    """For adapters that surface any exception as the library's error output (README: a crash
    that is not the library's documented rejection is a finding)."""
    def reply(exc):
        return {"output": {"error": {"domain": domain, "message": "unexpected %s: %s" % (type(exc).__name__, exc)}}}
    return reply


def reply_to(req, name, version, supports, components, modelled_by=None, on_exception=harness_error,
             objects_only=False):
    """The reply to one request object. components maps a component to handler(input, options);
    modelled_by names the library in the reply to another component (default: name);
    objects_only answers an input or options that is not an object with a harness error."""
    rid = req.get("id")
    component = req.get("component")
    if isinstance(rid, str) and rid.startswith("handshake#"):
        return {"id": rid, "output": req.get("input") or {}, "protocol": PROTOCOL,
                "implementation": {"name": name, "version": version}, "supports": supports}
    if component == "echo":
        return {"id": rid, "output": req.get("input") or {}}
    handler = components.get(component) if isinstance(component, str) else None
    if handler is None:
        return {"id": rid, "unsupported": "component %s is not modelled by %s" % (component, modelled_by or name)}
    inp, options = req.get("input") or {}, req.get("options") or {}
    if objects_only and (not isinstance(inp, dict) or not isinstance(options, dict)):
        return {"id": rid, "harnessError": "input and options must be objects"}
    try:
        return {"id": rid, "output": handler(inp, options)}
    except Unsupported as e:
        return {"id": rid, "unsupported": str(e)}
    except Exception as e:  # not the library's documented rejection: never die, say what
        return {"id": rid, **on_exception(e)}


def serve(name, version, supports, components, ordered=False, recursion_limit=None, **reply_options):
    """The request loop: one JSON request per stdin line (blank lines skipped), one flushed JSON
    reply line each on stdout; a line that is not a JSON object gets a harness error.
    ordered parses objects as Obj (members in order, repeated names kept); recursion_limit raises
    Python's for deeply nested requests; reply_options go to reply_to."""
    if recursion_limit is not None:
        sys.setrecursionlimit(recursion_limit)
    hook = Obj if ordered else None
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line, object_pairs_hook=hook)
            if isinstance(req, dict):
                reply = reply_to(req, name, version, supports, components, **reply_options)
            else:
                reply = {"id": None, "harnessError": "not an object"}
        except Exception as e:
            reply = {"id": None, "harnessError": "line is not JSON: %s" % e}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
