"""SPEC §5 multipart/form-data: the framing rules restated, and the other readers that must agree.

Bodies are assembled from the framing rules of SPEC §5.2/§5.3 and RFC 2046 §5.1.1 (body_bytes), and every
valid body is parsed back with Python's `email` package (email.parser.BytesParser, policy=email.policy.HTTP):
the names, filenames, content types and bodies it reports must equal the parts we wrote (cross_check), so a
framing slip here cannot produce a vector. Strict-profile escapes follow the HTML standard's
multipart/form-data rule (LF → %0A, CR → %0D, " → %22). Parameters become fields by the SPEC §2 flattening
(oracles/s2). Generated boundaries come from Vigna's reference SplitMix64 (splitmix64.c). oracle_parts() and
agree() read a body with werkzeug and python-multipart too, when installed (cross-checks only).
"""
import email.parser
import email.policy
import unicodedata

from ..images import PNG_SIG, png_ihdr
from ..vectorfile import bytes_value
from .s2_query_string import Data, Dbl, Set, describe, swift_order

B = "Boundary+D87993F14D11D1AD"  # the SPEC §5.1 example, 25 characters
BB = B.encode()
# Its SPEC §5.2 delimiter lines: the first (29 bytes), one between parts (31), the close delimiter (33).
HEAD = b"--" + BB + b"\r\n"
MID = b"\r\n--" + BB + b"\r\n"
CLOSE = b"\r\n--" + BB + b"--\r\n"


def html_escape(s):
    return s.replace("\n", "%0A").replace("\r", "%0D").replace('"', "%22")


def part_headers(p, strict):
    esc = html_escape if strict else (lambda s: s)
    if p["kind"] == "headers":
        return [(n, v) for n, v in p["headers"]]
    cd = 'form-data; name="%s"' % esc(p["name"])
    if p["kind"] == "form":
        return [("Content-Disposition", cd)]
    cd += '; filename="%s"' % esc(p["filename"])
    return [("Content-Disposition", cd), ("Content-Type", p["mimeType"])]


def styled_param_parts(params, array_style="brackets", bool_style="numeric"):
    """SPEC §5.3 with the §2 flattening in every style: raw field names, data raw, null empty, sets sorted
    by description with the same field (oracles/s2's reference for the order)."""
    out = []

    def walk(field, v):
        if isinstance(v, dict):
            for k in sorted(v, key=swift_order):
                walk("%s[%s]" % (field, k) if field is not None else k, v[k])
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk({"brackets": field + "[]", "noBrackets": field, "indexInBrackets": "%s[%d]" % (field, i)}[array_style], x)
        elif isinstance(v, Set):
            for x in sorted(v.items, key=lambda x: unicodedata.normalize("NFC", "<null>" if x is None else describe(x, bool_style))):
                walk(field, x)
        elif isinstance(v, Data):
            out.append({"kind": "form", "name": field, "body": v.b})
        elif v is None:
            out.append({"kind": "form", "name": field, "body": b""})
        else:
            out.append({"kind": "form", "name": field, "body": describe(v, bool_style).encode("utf-8")})
    walk(None, params)
    return out


def body_bytes(parts, boundary, strict=False):
    out = b""
    for i, p in enumerate(parts):
        out += ("--%s\r\n" % boundary if i == 0 else "\r\n--%s\r\n" % boundary).encode()
        for n, v in part_headers(p, strict):
            out += ("%s: %s\r\n" % (n, v)).encode("utf-8")
        out += b"\r\n" + p["body"]
    out += ("\r\n--%s--\r\n" % boundary).encode()
    return out


def email_message_parts(body, boundary):
    """Python's email reading of a multipart/form-data body: its parts (email.message.EmailMessage)."""
    msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
        ('Content-Type: multipart/form-data; boundary="%s"\r\n\r\n' % boundary).encode() + body)
    assert msg.is_multipart(), "email did not see a multipart body"
    return list(msg.iter_parts())


def email_parse(body, boundary):
    out = []
    for sub in email_message_parts(body, boundary):
        payload = sub.get_payload(decode=True)
        out.append({"name": sub.get_param("name", header="content-disposition"),
                    "filename": sub.get_filename(), "body": payload if payload is not None else b""})
    return out


def cross_check(parts, body, boundary):
    got = email_parse(body, boundary)
    assert len(got) == len(parts), (len(got), len(parts))
    for p, g in zip(parts, got):
        if p["kind"] != "headers":
            assert g["name"] == p["name"], (g, p)
            assert g["body"] == p["body"], (g, p)
            if p["kind"] != "form":
                assert g["filename"] == p["filename"], (g, p)


def part_json(p):
    j = {"kind": p["kind"]}
    if p["kind"] == "headers":
        j["headers"] = [list(h) for h in p["headers"]]
    else:
        j["name"] = p["name"]
    if p["kind"] in ("file", "stream"):
        j["filename"] = p["filename"]
        j["mimeType"] = p["mimeType"]
    j["body"] = bytes_value(p["body"])
    if p["kind"] == "stream":
        j["declaredLength"] = p.get("declaredLength", len(p["body"]))
    return j


def form(name, body):
    return {"kind": "form", "name": name, "body": body if isinstance(body, bytes) else body.encode("utf-8")}


def file(name, filename, mime, body, kind="file"):
    return {"kind": kind, "name": name, "filename": filename, "mimeType": mime,
            "body": body if isinstance(body, bytes) else body.encode("utf-8")}


PNG_HEAD = (PNG_SIG + png_ihdr(1, 1))[:16]  # the PNG signature, IHDR's length and type


# The framing cases: written and parsed back by multipart/framing.json, parsed by multipart-parse/round-trip.json.
CASES = [
    ("one form field", None, [form("name", "value")], ["RFC7578#4.2"]),
    ("two form fields", None, [form("a", "1"), form("b", "2")], ["RFC7578#4.2"]),
    ("empty form field body", None, [form("empty", "")], ["RFC7578#4.2"]),
    ("one text file: filename and Content-Type", None, [file("upload", "notes.txt", "text/plain", "hello\r\nworld")], ["RFC7578#4.2", "RFC7578#4.4"]),
    ("binary file body (PNG signature)", None, [file("img", "a.png", "image/png", PNG_HEAD)], ["RFC7578#4.4"]),
    ("octet-stream file", None, [file("blob", "data.bin", "application/octet-stream", bytes(range(256)))], ["RFC7578#4.4"]),
    ("several files under one name (RFC 7578 §4.3)", None,
     [file("files", "a.txt", "text/plain", "A"), file("files", "b.txt", "text/plain", "B")], ["RFC7578#4.3"]),
    ("form field then file", None, [form("title", "Report"), file("doc", "r.pdf", "application/pdf", b"%PDF-1.4\n%\xe2\xe3")], ["RFC7578#4.2"]),
    ("non-ASCII field name and value written as UTF-8 (RFC 7578 §5.1)", None, [form("名前", "値 ✓")], ["RFC7578#5.1"]),
    ("non-ASCII filename written verbatim", None, [file("f", "résumé.txt", "text/plain", "x")], ["RFC7578#5.1"]),
    ("a _charset_ field is an ordinary field (RFC 7578 §4.6)", None, [form("_charset_", "UTF-8"), form("x", "é")], ["RFC7578#4.6"]),
    ("text with CRLF inside a field body", None, [form("text", "line1\r\nline2\r\n")], ["RFC2046#5.1.1"]),
    ("body that contains -- and the boundary without a leading CRLF", None, [form("x", "--%s and x--%s" % (B, B))], ["RFC2046#5.1.1"]),
    ("custom headers part, in the caller's order", None,
     [{"kind": "headers", "headers": [("Content-Disposition", 'form-data; name="meta"'), ("Content-Type", "application/json")], "body": b'{"a":1}'}],
     ["SPEC§5.3"]),
    ("stream part whose length matches its declared length", None, [file("s", "s.txt", "text/plain", "streamed", kind="stream")], ["SPEC§5.5"]),
    ("parameters become form fields first, sorted", {"b": "2", "a": "1"}, [file("f", "f.txt", "text/plain", "F")], ["SPEC§5.3", "SPEC§2.2"]),
    ("nested parameters use raw bracket field names", {"user": {"name": "x", "tags": ["a", "b"]}}, [], ["SPEC§5.3"]),
    ("data parameter is the raw bytes, null an empty body, bool 1", {"d": Data(b"\x00\xffraw"), "n": None, "t": True}, [], ["SPEC§5.3"]),
    ("double and integer parameters use their descriptions", {"f": Dbl(1.0), "i": -3}, [], ["SPEC§5.3", "SPEC§2.3"]),
    ("a file with a long body", None, [file("big", "big.txt", "text/plain", "0123456789" * 500)], ["SPEC§5.5"]),
    ("three parts of mixed kinds", None,
     [form("a", "x"), file("b", "b.json", "application/json", '{"k":[1,2]}'),
      {"kind": "headers", "headers": [("Content-Disposition", 'form-data; name="c"')], "body": b"custom"}], ["SPEC§5.3"]),
]


def framing_case(params, parts, boundary=B):
    """A CASES entry's parts (the parameters' fields first, SPEC §5.3) and its body, parsed back by Python's email."""
    all_parts = styled_param_parts(params or {}) + parts
    body = body_bytes(all_parts, boundary)
    cross_check(all_parts, body, boundary)
    return all_parts, body


def splitmix64(seed):
    """Sebastiano Vigna's SplitMix64 (prng.di.unimi.it/splitmix64.c), state = seed as a 64-bit value."""
    mask = (1 << 64) - 1
    x = seed & mask
    while True:
        x = (x + 0x9E3779B97F4A7C15) & mask
        z = x
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        yield z ^ (z >> 31)


def seeded_boundaries(seed, n):
    """The first n boundaries a seed generates (SPEC §5.1: SplitMix64(seed:), each 32-bit value the high half of the next
    output; SPEC §5.1 format Boundary+ and 16 uppercase hex digits)."""
    g = splitmix64(seed)
    return ["Boundary+%08X%08X" % (next(g) >> 32, next(g) >> 32) for _ in range(n)]


def oracle_parts(body, boundary, which):
    """(name, body) pairs as another multipart reader sees them; None when it is not installed, and
    "error" when it rejects the body. email (stdlib) always runs; werkzeug and python-multipart run
    when importable (both are only cross-checks: the expected values are built from the SPEC rule)."""
    if which == "email":
        msg = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            b'Content-Type: multipart/form-data; boundary="' + boundary.encode() + b'"\r\n\r\n' + body)
        if not msg.is_multipart() or msg.defects:
            return "error"
        return [(p.get_param("name", header="content-disposition"), p.get_payload(decode=True)) for p in msg.get_payload()]
    if which == "werkzeug":
        try:
            import io
            from werkzeug.formparser import MultiPartParser
        except ImportError:
            return None
        try:
            form, files = MultiPartParser().parse(io.BytesIO(body), boundary.encode(), len(body))
        except ValueError:
            return "error"
        return [(k, v.encode()) for k, v in form.items(multi=True)]
    if which == "python-multipart":
        try:
            from python_multipart import MultipartParser
        except ImportError:
            return None
        parts, cur = [], {}
        cbs = {"on_part_begin": lambda: cur.update(data=b""),
               "on_part_data": lambda d, s, e_: cur.update(data=cur["data"] + d[s:e_]),
               "on_part_end": lambda: parts.append(cur["data"])}
        try:
            p = MultipartParser(boundary.encode(), callbacks=cbs)
            p.write(body)
            p.finalize()
        except Exception:
            return "error"
        return parts
    raise ValueError(which)


def agree(body, want, readers):
    """Assert that each named reader (when installed) reads (name, body) pairs `want` from `body`."""
    names = []
    for which in readers:
        got = oracle_parts(body, B, which)
        if got is None:
            continue
        exp = [d for _, d in want] if which == "python-multipart" else want
        assert got == exp, (which, got, exp)
        names.append({"email": "Python's email", "werkzeug": "werkzeug 3.1",
                      "python-multipart": "python-multipart 0.0.34"}[which])
    return ", ".join(names)
