"""The complexity layer: the cost of each parser and decoder on inputs of growing size, counted in
instructions, and a bound on its growth (SPEC §8: no input may cost out of proportion to its size).

A probe builds one eval request (VECTORS.md §5.2) of size n, in the shape a real fault's input had
(the CVE or issue it names). Each request runs alone through `conformance eval` under Valgrind's
cachegrind without cache simulation, which counts the instructions executed exactly and repeats
exactly (hashing is made deterministic). The cost of the work itself is the difference between two
sizes, so the process's start-up cancels out: with c(n) the count at size n, the growth

    g = (c(16n) - c(4n)) / (c(4n) - c(n))

is 4 for linear work, about 4.6 for n log n, 8 for n^1.5 and 16 for quadratic work. A probe fails
when g exceeds BOUND, or when c(16n) - c(n) exceeds 15n times the probe's budget per unit (a linear
path that is pathologically slow, or work that should not be done at all, as inflating a bomb).
"""
import gzip
import json
import os
import re
import subprocess
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from afstools import ROOT

BOUND = 7.0
# Below this many instructions between n and 16n, a growth ratio is noise (two runs of one request
# can differ by some thousands): such a probe is judged by its budget alone.
MEASURABLE = 2_000_000
REFS_RE = re.compile(r"I\s+refs:\s+([\d,]+)")
BOUNDARY = "B"


@dataclass(frozen=True)
class Probe:
    name: str
    source: str          # the fault whose input shape this is
    n: int               # the smallest size; the others are 4n and 16n
    request: object      # size -> (component, profile, options, input)
    budget: int          # instructions per unit of n at most: c(16n) - c(n) <= 15n * budget


def hexbody(b):
    return {"hex": b.hex()}


def multipart(parts_bytes):
    return {"boundary": BOUNDARY, "body": hexbody(parts_bytes)}


def part(headers, body):
    return b"--" + BOUNDARY.encode() + b"\r\n" + b"".join(h + b"\r\n" for h in headers) + b"\r\n" + body + b"\r\n"


def close():
    return b"--" + BOUNDARY.encode() + b"--\r\n"


CD = b'Content-Disposition: form-data; name="f"'
BIG = {"maxMultipartParts": 1 << 30, "maxPartHeaderBytes": 1 << 30}


def gz_members(count, data=b"x"):
    one = gzip.compress(data, mtime=0)
    return one * count


def png(chunks_idat, stream=None):
    """A 1x1 8-bit grey PNG whose image data is split into `chunks_idat` IDAT chunks (the last holds
    the zlib stream, `stream` or the image's two bytes, the others are empty)."""
    import struct

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    raw = stream if stream is not None else zlib.compress(b"\x00\x00")
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
    out += b"".join(chunk(b"IDAT", b"") for _ in range(chunks_idat - 1)) + chunk(b"IDAT", raw)
    return out + chunk(b"IEND", b"")


JSON = [["Content-Type", "application/json"]]
XML = [["Content-Type", "application/xml"]]


def json_body(text, profile="af4", options=None):
    return ("response", profile, options, {"serializer": "json", "headers": JSON, "body": {"text": text}})


def xml_body(text, options=None):
    return ("response", "strict", options, {"serializer": "xml", "headers": XML, "body": {"text": text}})


# Each size n makes the work between n and 4n several million instructions, far above the few
# thousand by which two runs of one request can differ; each budget is about four times what the core
# spends per unit today.
PROBES = [
    # Multipart parsing (SPEC §5.7).
    Probe("multipart-parse/near-delimiters", "werkzeug CVE-2023-46136: a body of CR LF and dashes that keep almost matching", 2000,
          lambda n: ("multipart-parse", "af4", {}, multipart(part([CD], b"\r\n--" * n) + close())), 6000),
    Probe("multipart-parse/near-delimiters-chunked", "werkzeug CVE-2023-46136: the same body in small chunks (a buffer rescanned as it grows)", 2000,
          lambda n: ("multipart-parse", "af4", {"chunkSizes": [7]}, multipart(part([CD], b"\r\n--" * n) + close())), 7000),
    Probe("multipart-parse/many-parts", "werkzeug CVE-2023-25577, Go CVE-2023-24536: many small parts", 300,
          lambda n: ("multipart-parse", "af4", BIG, multipart(b"".join(part([CD], b"x") for _ in range(n)) + close())), 200000),
    Probe("multipart-parse/disposition-parameters", "Rack CVE-2022-44571, python-multipart CVE-2024-24762: many parameters", 500,
          lambda n: ("multipart-parse", "af4", BIG, multipart(part([CD + b"; a=b" * n], b"x") + close())), 15000),
    Probe("multipart-parse/quoted-backslashes", "python-multipart CVE-2024-24762: a quoted parameter full of backslashes", 2000,
          lambda n: ("multipart-parse", "af4", BIG, multipart(part([CD + b'; filename="' + b"\\" * n + b'"'], b"x") + close())), 3000),
    Probe("multipart-parse/parameter-without-equals", "Rack CVE-2022-44571: a long parameter name that no '=' follows", 4000,
          lambda n: ("multipart-parse", "af4", BIG, multipart(part([CD + b"; " + b"a" * n], b"x") + close())), 1600),
    Probe("multipart-parse/many-headers", "Go CVE-2023-24536: many header lines in one part", 500,
          lambda n: ("multipart-parse", "af4", BIG, multipart(part([CD] + [b"X-A: b"] * n, b"x") + close())), 28000),
    Probe("multipart-parse/long-header-line", "Go CVE-2023-45290: one very long header line", 4000,
          lambda n: ("multipart-parse", "af4", BIG, multipart(part([CD, b"X-A: " + b"a" * n], b"x") + close())), 1600),
    # Multipart writing (SPEC §5.3).
    Probe("multipart/filename-without-extension", "mime (npm) CVE-2017-16138: the extension of a long file name with no dot (the unanchored regex retried from every position)", 4000,
          lambda n: ("multipart", "af4", None, {"method": "POST", "url": "http://example.com/", "boundary": BOUNDARY,
                                                "parts": [{"kind": "path", "name": "f", "path": "Vectors/multipart/fixtures/hello.TXT",
                                                           "filename": "a" * n}]}), 1600),
    # Media types (SPEC §6.2).
    Probe("media-type/whitespace", "Rack CVE-2024-25126: spaces between the type and a parameter", 20000,
          lambda n: ("media-type", "strict", None, {"contentType": "text/plain" + " " * n + ";a=b"}), 400),
    Probe("media-type/parameters", "Rack CVE-2024-25126: many parameters", 1000,
          lambda n: ("media-type", "strict", None, {"contentType": "text/plain" + ";a=b" * n}), 40000),
    Probe("media-type/trailing-whitespace", "Rack CVE-2024-25126: a run of spaces that no ';' follows (a split pattern retried from each start)", 20000,
          lambda n: ("media-type", "strict", None, {"contentType": "text/plain" + " " * n}), 400),
    Probe("media-type/quoted-pairs", "python-multipart CVE-2024-24762: a quoted value of quoted-pairs", 2000,
          lambda n: ("media-type", "strict", None, {"contentType": 'text/plain;a="' + '\\"' * n + '"'}), 3000),
    # Query strings (SPEC §2).
    Probe("query-string/wide-dictionary", "qs-style parsers: many keys in one dictionary", 500,
          lambda n: ("query-string", "af4", None, {"parameters": {"k%06d" % (n - i): i for i in range(n)}}), 30000),
    Probe("query-string/large-set", "AFNetworking's set sort: many members", 500,
          lambda n: ("query-string", "af4", None, {"parameters": {"s": {"$set": ["v%06d" % (n - i) for i in range(n)]}}}), 25000),
    Probe("query-string/wide-set-of-dictionaries", "AFNetworking's set sort by description: dictionaries without a key", 300,
          lambda n: ("query-string", "af4", None, {"parameters": {"s": {"$set": [{"k": i} for i in range(n)]}}}), 50000),
    # Percent-escaping (SPEC §1).
    Probe("percent-escape/batches-of-emoji", "AFNetworking #3028: batches widened over composed characters", 400,
          lambda n: ("percent-escape", "af4", {"reportBatches": True}, {"text": "\U0001F474\U0001F3FB" * n}), 30000),
    # JSON (SPEC §6.4).
    Probe("response/json-escapes", "JSON parsers: a long string of escapes", 2000,
          lambda n: json_body('["' + "\\u00e9" * n + '"]'), 3200),
    Probe("response/json-duplicate-keys", "JSON parsers: one key repeated (hash collisions, last-member bookkeeping)", 500,
          lambda n: json_body("{" + ",".join('"a":null' for _ in range(n)) + "}", options={"removesKeysWithNullValues": True}), 10000),
    Probe("response/json-long-number", "CPython CVE-2020-10735: a number of many digits (strict accepts any magnitude)", 60000,
          lambda n: json_body("[1" + "0" * n + "]", profile="strict"), 100),
    Probe("response/json-nesting", "Jackson CVE-2022-42004: deep nesting, under a raised depth limit", 500,
          lambda n: json_body("[" * n + "]" * n, options={"maxJSONDepth": 100000}), 9000),
    # XML (SPEC §6.5).
    Probe("response/xml-attributes", "XML parsers: many attributes on one element (the uniqueness check)", 500,
          lambda n: xml_body("<a " + " ".join("a%d='x'" % i for i in range(n)) + "/>"), 12000),
    Probe("response/xml-nesting", "Go CVE-2022-30633: deep element nesting, under a raised depth limit", 500,
          lambda n: xml_body("<a>" * n + "</a>" * n, options={"maxJSONDepth": 100000}), 8000),
    # Content-Encoding (SPEC §7).
    Probe("content-decode/gzip-members", "urllib3 #1285, Go CVE-2022-30631: many gzip members", 300,
          lambda n: ("content-decode", "af4", None, {"contentEncoding": "gzip", "body": hexbody(gz_members(n))}), 23000),
    Probe("content-decode/coding-list", "curl CVE-2022-32206, CVE-2023-23916: a long Content-Encoding list (empty elements)", 2000,
          lambda n: ("content-decode", "af4", None, {"contentEncoding": ", " * n + "gzip", "body": hexbody(gzip.compress(b"x", mtime=0))}), 2700),
    Probe("content-decode/inflate", "urllib3 CVE-2025-66471, Pillow CVE-2014-9601: a small body that inflates to much more", 20000,
          lambda n: ("content-decode", "af4", None, {"contentEncoding": "deflate", "body": hexbody(zlib.compress(b"\x00" * n * 8))}), 12000),
    # Images (SPEC §6.5).
    Probe("response/png-idat-bomb", "Pillow CVE-2014-9601: a 1×1 PNG whose IDAT inflates to n KiB (inflation stops at the image's size)", 2000,
          lambda n: ("response", "af4", None, {"serializer": "image", "headers": [["Content-Type", "image/png"]],
                                               "body": hexbody(png(1, zlib.compress(b"\x00" * (n << 10), 9)))}), 800),
    Probe("response/png-chunks", "Pillow CVE-2014-9601: many IDAT chunks", 300,
          lambda n: ("response", "af4", None, {"serializer": "image", "headers": [["Content-Type", "image/png"]], "body": hexbody(png(n))}), 15000),
]


def request_line(probe, n):
    component, profile, options, inp = probe.request(n)
    req = {"id": "%s#%d" % (probe.name, n), "component": component, "profile": profile, "input": inp}
    if options:
        req["options"] = options
    return json.dumps(req, ensure_ascii=False) + "\n"


def stripped(binary):
    """A copy of `binary` without debug information, next to it: Valgrind 3.19 cannot read the DWARF 5
    that Swift 6 emits, and counting instructions needs no symbols."""
    out = binary + ".nodebug"
    if not os.path.exists(out) or os.path.getmtime(out) < os.path.getmtime(binary):
        subprocess.run(["strip", "-g", "-o", out, binary], check=True)
    return out


def instructions(binary, line, timeout=600):
    """Instructions `conformance eval` executes answering `line` (cachegrind, no cache simulation)."""
    env = {**os.environ, "SWIFT_DETERMINISTIC_HASHING": "1", "SWIFT_BACKTRACE": "enable=no"}
    r = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", stripped(binary), "eval"],
                       input=line, capture_output=True, text=True, env=env, timeout=timeout, cwd=ROOT)
    m = REFS_RE.search(r.stderr)
    if r.returncode != 0 or not m:
        raise RuntimeError("cachegrind failed (%d): %s" % (r.returncode, r.stderr[-800:]))
    return int(m.group(1).replace(",", "")), r.stdout[:300]


@dataclass
class Result:
    probe: Probe
    costs: list      # instructions at n, 4n, 16n
    growth: float
    per_unit: float  # (c(16n) - c(n)) / 15n
    ok: bool
    why: str

    def line(self):
        mark = "ok  " if self.ok else "FAIL"
        return "%s %-42s n=%-6d growth %5.2f  %8.0f instr/unit  %s" % (
            mark, self.probe.name, self.probe.n, self.growth, self.per_unit, self.why or self.probe.source)


def measure(binary, probe, timeout=600):
    costs = []
    for k in (1, 4, 16):
        c, _ = instructions(binary, request_line(probe, probe.n * k), timeout)
        costs.append(c)
    small, mid, big = costs
    growth = (big - mid) / max(1, mid - small)
    per_unit = (big - small) / (15 * probe.n)
    why = ""
    if big - small < MEASURABLE:
        growth = 0.0  # next to nothing grows: no shape to judge, and a path with no cost per unit passes
    elif growth > BOUND:
        why = "super-linear: the cost grows %.1f times from 4n to 16n (bound %.1f; 4 is linear)" % (growth, BOUND)
    elif per_unit > probe.budget:
        why = "%.0f instructions per unit, over the budget of %d" % (per_unit, probe.budget)
    return Result(probe, costs, growth, per_unit, not why, why)


def check(binary, probes=PROBES, log=print, timeout=600, jobs=1):
    """Measures every probe, `jobs` at a time (instruction counts do not depend on the load, and
    cachegrind runs on one core); returns the results in the order given (log gets one line each)."""
    def one(p):
        try:
            return measure(binary, p, timeout)
        except subprocess.TimeoutExpired:
            return Result(p, [], float("inf"), float("inf"), False, "timed out after %d s" % timeout)

    stripped(binary)  # once, before the workers would race to write it
    out = []
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for r in pool.map(one, probes):
            out.append(r)
            log(r.line())
    return out


def main(argv):
    import argparse
    ap = argparse.ArgumentParser(prog="faults.py complexity", description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "conformance"),
                    help="the conformance binary to measure (default: .build/debug/conformance)")
    ap.add_argument("--only", action="append", default=[], help="probes whose name contains TEXT (repeatable)")
    ap.add_argument("--json", help="write the results to FILE")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="probes measured at once (default: the number of cores)")
    a = ap.parse_args(argv)
    probes = [p for p in PROBES if not a.only or any(t in p.name for t in a.only)]
    results = check(a.binary, probes, jobs=a.jobs)
    if a.json:
        with open(a.json, "w") as f:
            json.dump([{"probe": r.probe.name, "source": r.probe.source, "n": r.probe.n, "instructions": r.costs,
                        "growth": r.growth, "perUnit": r.per_unit, "ok": r.ok, "why": r.why} for r in results], f, indent=1)
    bad = [r for r in results if not r.ok]
    print("complexity: %d of %d probes within bounds (growth <= %.1f)" % (len(results) - len(bad), len(results), BOUND))
    return 1 if bad else 0


if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv[1:]))
