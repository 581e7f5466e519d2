"""SPEC §3 Request serialization: the form serializer's URL and headers, and Foundation's writers restated.

- §3.2: query strings from the SPEC §2 reference (oracles/s2); Accept-Language q-values from Python's
  "%0.1g" (the C format SPEC §3.2 names); Authorization from base64.b64encode; default headers fill gaps,
  compared case-insensitively in ASCII letters (RFC 9110 §5.1).
- §3.3/§3.4: fjson()/fplist() are a second, independent statement of what Foundation writes
  (JSONSerialization, PropertyListSerialization .xml): compact or pretty form, escapes, number text, plist
  layout. Sorted key order under .sortedKeys is ICU collation, which Python cannot compute: the orders used
  are literal lists (FOUNDATION_KEY_ORDER, RECORDED_ORDERS) taken from JSONSerialization(.sortedKeys) on this
  machine (swift-corelibs-foundation, Swift 6.3.1). foundation_check() re-runs recorded cases
  through Foundation itself (`python3 scripts/gen_vectors.py --foundation`, needs `swift`) and fails on any
  byte that differs.
"""
import base64
import json
import math
import os
import subprocess
import tempfile

from .s2_query_string import Data, Dbl, query

REQUEST_DOMAIN = "com.alamofire.error.serialization.request"  # AF's request serializer errors (SPEC §3.3, §5.3)


def accept_language(langs):
    parts = []
    for i, lang in enumerate(langs):
        q = 1.0 - 0.1 * i
        parts.append("%s;q=%s" % (lang, "%0.1g" % q))
        if q <= 0.5:
            break
    return ", ".join(parts)


def default_headers(opts):
    h = []
    langs = opts.get("preferredLanguages")
    if langs:
        h.append(["Accept-Language", accept_language(langs)])
    if opts.get("userAgent"):
        h.append(["User-Agent", opts["userAgent"]])
    for n, v in opts.get("defaultHeaders", []):
        h.append([n, v])
    if "basicAuth" in opts:
        a = opts["basicAuth"]
        token = base64.b64encode(("%s:%s" % (a["user"], a["password"])).encode("utf-8")).decode("ascii")
        h.append(["Authorization", "Basic " + token])
    return h


def merge(request_headers, defaults):
    """SPEC §3.2: a default header is copied only when the request lacks it (case-insensitive)."""
    out = [list(h) for h in request_headers]
    have = {n.lower() for n, _ in out}
    for n, v in defaults:
        if n.lower() not in have:
            out.append([n, v])
            have.add(n.lower())
    return out


def has(headers, name):
    return any(n.lower() == name.lower() for n, _ in headers)


def append_query(url, q, strict):
    if not q:
        return url
    frag = ""
    if strict and "#" in url:
        url, frag = url.split("#", 1)
        frag = "#" + frag
    base_for_query = url.split("#", 1)[0]
    sep = "&" if "?" in base_for_query else "?"
    return url + sep + q + frag


def http_expect(method, url, headers, params, opts, strict=False, in_uri=("GET", "HEAD", "DELETE")):
    h = merge(headers, default_headers(opts))
    q = query(params)[0] if params is not None else ""
    if method.upper() in in_uri:
        return {"method": method, "url": append_query(url, q, strict), "headers": {"$unordered": h}, "body": None}
    if not has(h, "Content-Type"):
        h.append(["Content-Type", "application/x-www-form-urlencoded"])
    return {"method": method, "url": url, "headers": {"$unordered": h}, "body": {"text": q}}


def foundation_json(obj):
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).replace("/", "\\/")


def fnumber(x):
    """Foundation: Swift's shortest round-trip text (= Python repr) without a trailing '.0'."""
    r = repr(x)
    return r[:-2] if r.endswith(".0") else r


def fstring(s, slashes=True):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "/" and slashes:
            out.append("\\/")
        elif ch in "\b\f\n\r\t":
            out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[ch])
        elif o < 0x20:
            out.append("\\u%04x" % o)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def fjson(v, opts=(), order=None, level=0):
    """Foundation JSONSerialization text. `order(keys)` gives the .sortedKeys order."""
    pretty = "prettyPrinted" in opts
    slashes = "withoutEscapingSlashes" not in opts
    ind = lambda n: "  " * n if pretty else ""
    nl = "\n" if pretty else ""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, Dbl):
        return fnumber(v.x)
    if isinstance(v, str):
        return fstring(v, slashes)
    if isinstance(v, list):
        items = [ind(level + 1) + fjson(x, opts, order, level + 1) for x in v]
        return "[" + nl + ("," + nl).join(items) + nl + ind(level) + "]"
    if isinstance(v, dict):
        keys = list(v)
        if "sortedKeys" in opts:
            keys = order(keys)
        sep = " : " if pretty else ":"
        items = [ind(level + 1) + fstring(k, slashes) + sep + fjson(v[k], opts, order, level + 1) for k in keys]
        return "{" + nl + ("," + nl).join(items) + nl + ind(level) + "}"
    raise TypeError(v)


def fplist(v):
    """Foundation's XML property list (PropertyListSerialization .xml): see PlistXMLWriter's rules,
    established here from Foundation's output, not from the Swift code."""
    lines = []

    def esc(s):
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    def real(x):
        if x != x:
            return "nan"
        if x in (float("inf"), float("-inf")):
            return "+infinity" if x > 0 else "-infinity"
        if x == 0:
            return "0.0"
        return "%.17g" % x

    def el(v, n):
        t = "\t" * n
        if isinstance(v, bool):
            lines.append(t + ("<true/>" if v else "<false/>"))
        elif isinstance(v, int):
            lines.append(t + "<integer>%d</integer>" % v)
        elif isinstance(v, Dbl):
            lines.append(t + "<real>%s</real>" % real(v.x))
        elif isinstance(v, str):
            lines.append(t + "<string>%s</string>" % esc(v))
        elif isinstance(v, Data):
            lines.append(t + "<data>")
            enc = base64.b64encode(v.b).decode("ascii")
            tabs = min(n, 8)
            width = 76 - 8 * tabs
            for i in range(0, len(enc), width):
                lines.append("\t" * tabs + enc[i:i + width])
            lines.append(t + "</data>")
        elif isinstance(v, (list, dict)):
            tag = "array" if isinstance(v, list) else "dict"
            if not v:
                lines.append(t + "<%s/>" % tag)
                return
            lines.append(t + "<%s>" % tag)
            if isinstance(v, list):
                for x in v:
                    el(x, n + 1)
            else:
                for k in sorted(v, key=lambda k: k.encode("utf-16-be")):  # CFString literal compare: UTF-16 units
                    lines.append(t + "\t<key>%s</key>" % esc(k))
                    el(v[k], n + 1)
            lines.append(t + "</%s>" % tag)
        else:
            raise TypeError(v)

    el(v, 0)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
            '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n' + "\n".join(lines) + "\n</plist>\n")


def fplist_head():
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
            '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n')


# Foundation's .sortedKeys order for these keys (JSONSerialization on this machine, see above).
FOUNDATION_KEY_ORDER = [
    "", "_", "-", "1", "9", "10", "a", "A", "a\tb", "a\nb", "a\x0bb", "a\x0cb", "a\rb", "a b", "a_b", "a-b", "a,b", "a;b",
    "a:b", "a!b", "a?b", "a.b", "a'b", "a\"b", "a(b", "a)b", "a[b", "a]b", "a{b", "a}b", "a@b", "a*b", "a/b", "a\\b",
    "a&b", "a#b", "a%b", "a`b", "a^b", "a+b", "a<b", "a=b", "a>b", "a|b", "a~b", "a$b", "a0", "a1", "a01", "a001", "a2",
    "a9", "a10", "ab", "a\x7fc", "az", "aZ", "b", "B", "\x01c", "z", "Z"]


def foundation_order(keys):
    rank = {k: i for i, k in enumerate(FOUNDATION_KEY_ORDER)}
    missing = [k for k in keys if k not in rank]
    assert not missing, "no Foundation order recorded for %r" % missing
    return sorted(keys, key=rank.__getitem__)


# .sortedKeys orders Foundation gave (recorded; re-checked by --foundation): (what a reversed-input
# vector says, what a sorted-input vector says or None for none, the keys in Foundation's order).
RECORDED_ORDERS = [
    ("runs of zeros: fewer leading zeros first, a prefix first", "runs of zeros", ["a", "a0", "a00", "a000", "a0b", "a00b"]),
    ("several digit runs, each compared as a number", "several digit runs", ["x02y2", "x2y9", "x2y09", "x2y10", "x10y2"]),
    ("case ties: the first unit that differs in case decides, lowercase first", "case ties", ["ab", "aB", "Ab", "AB"]),
    ("case before leading zeros when both differ", "case before leading zeros", ["a1", "a01", "A1", "A01"]),
    ("space, hyphen, plus before digits", None, ["a 1", "a-1", "a+1", "a1"]),
    ("a leading number, then case, then zeros", "a leading number, then case, then zeros", ["1a", "1A", "01a", "a1"]),
    ("hyphen before zero; zeros of every length", "hyphen before zero; zeros of every length", ["-0", "0", "00", "000"]),
    ("TAB before space; doubled whitespace", "TAB before space; doubled whitespace", ["a\t b", "a\tb", "a  b", "a b", "ab"]),
    ("case and zeros mixed over three units", "case and zeros mixed over three units", ["ab001", "aB01", "Ab1", "AB1"]),
    ("keys made only of ignorable controls sort with the empty key", "keys made only of ignorable controls", ["", "\x01", "\x7f", "a\x01", "\x02b"]),
    ("z9 < z09 < Z9 < Z09 < z10", "z9 < z09 < Z9 < Z09 < z10", ["z9", "z09", "Z9", "Z09", "z10"]),
]


def swift_literal(v):
    def sstr(s):
        return '"' + "".join("\\" + c if c in '"\\' else ("\\u{%x}" % ord(c) if ord(c) < 0x20 or ord(c) >= 0x7F else c) for c in s) + '"'
    if v is None:
        return "NSNull()"
    if isinstance(v, bool):
        return "(%s as Any)" % ("true" if v else "false")
    if isinstance(v, int):
        return "(Int.min as Any)" if v == -2 ** 63 else "(Int(%d) as Any)" % v
    if isinstance(v, Dbl):
        if v.x == 0 and math.copysign(1, v.x) < 0:
            return "((-0.0 as Double) as Any)"
        if v.x != v.x:
            return "(Double.nan as Any)"
        if math.isinf(v.x):
            return "(%sDouble.infinity as Any)" % ("-" if v.x < 0 else "")
        return "(Double(%r) as Any)" % v.x
    if isinstance(v, Data):
        return "(Data([%s]) as Any)" % ",".join(str(b) for b in v.b)
    if isinstance(v, str):
        return "(%s as Any)" % sstr(v)
    if isinstance(v, list):
        return "([" + ",".join(swift_literal(x) for x in v) + "] as [Any])"
    if isinstance(v, dict):
        return "([" + (",".join(sstr(k) + ":" + swift_literal(x) for k, x in v.items()) or ":") + "] as [String: Any])"
    raise TypeError(v)


def run_swift(lines):
    """Runs a Swift script (the lines) and returns its output's whitespace-separated words."""
    with tempfile.NamedTemporaryFile("w", suffix=".swift", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    try:
        return subprocess.run(["swift", f.name], capture_output=True, text=True, check=True).stdout.split()
    finally:
        os.unlink(f.name)


def foundation_check(cases, errors):
    """Re-runs every recorded body through Foundation: `cases` are (kind "json"/"plist", value, options, expected text),
    `errors` (kind, value, code, localizedDescription). Returns 1 on any mismatch."""
    src = ["import Foundation", 'func hex(_ d: Data) -> String { d.map { String(format: "%02x", $0) }.joined() }']
    for kind, v, opts, _ in cases:
        if kind == "json":
            o = "[" + ",".join("." + x for x in opts) + "]"
            src.append('do { print(hex(try JSONSerialization.data(withJSONObject: %s, options: %s))) } catch { print("ERR") }' % (swift_literal(v), o))
        else:
            src.append('do { print(hex(try PropertyListSerialization.data(fromPropertyList: %s, format: .xml, options: 0))) } catch { print("ERR") }' % swift_literal(v))
    out = run_swift(src)
    bad = 0
    for (kind, v, opts, exp), got in zip(cases, out):
        if got == "ERR" or bytes.fromhex(got) != exp.encode("utf-8"):
            bad += 1
            print("MISMATCH %s %r %r\n  ours:       %r\n  Foundation: %r" % (kind, v, opts, exp, got if got == "ERR" else bytes.fromhex(got)))
    print("Foundation check: %d cases, %d mismatches" % (len(cases), bad))
    # Error cases: code and localizedDescription.
    src = ["import Foundation", 'func hex(_ s: String) -> String { Data(s.utf8).map { String(format: "%02x", $0) }.joined() }']
    for kind, v, _, _ in errors:
        assert kind == "plist"
        src.append('do { _ = try PropertyListSerialization.data(fromPropertyList: %s, format: .xml, options: 0); print("OK") } '
                   'catch { let e = error as NSError; print("\\(e.code)|" + hex(e.localizedDescription)) }' % swift_literal(v))
    out = run_swift(src)
    ebad = 0
    for (kind, v, code, desc), got in zip(errors, out):
        want = "%d|%s" % (code, desc.encode("utf-8").hex())
        if got != want:
            ebad += 1
            print("MISMATCH error %s %r\n  ours:       %r\n  Foundation: %r" % (kind, v, want, got))
    print("Foundation error check: %d cases, %d mismatches" % (len(errors), ebad))
    return 1 if bad or ebad else 0
