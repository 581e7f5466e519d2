#!/usr/bin/env python3
"""Writes the hand-made seeds and the golden-vector-derived inputs under Corpus/<target>/.

Each input starts with the target's frozen option header (see the body in Sources/AFFuzzBodies).
Re-running is idempotent: files are named seed-<label> / vec-<vector id>. Run from the repo root:
    python3 scripts/fuzz/seeds.py
"""
import json, os, re, struct, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "Corpus"
VECTORS = ROOT / "Vectors"
STYLES = ["afnetworking", "whatwgForm", "rfc3986Unreserved"]
PROFILES = ["af3", "af4", "strict"]
ARRAY_STYLES = ["brackets", "noBrackets", "indexInBrackets"]

def write(target, label, data):
    d = CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    label = re.sub(r"[^A-Za-z0-9._-]+", "_", label)[:80]
    (d / label).write_bytes(bytes(data))

# ---------- percent-escape: [style, batchSize-1, mode] + payload
def pe_utf8(style, batch, text):
    return bytes([STYLES.index(style), batch - 1, 0]) + (text.encode("utf-8") if isinstance(text, str) else text)

def pe_utf16(style, batch, units):
    return bytes([STYLES.index(style), batch - 1, 1]) + b"".join(struct.pack("<H", u) for u in units)

def percent_escape_seeds():
    texts = {
        "reserved": ":#[]@!$&'()*+,;=?/", "latin": "À", "emoji-modifier": "👴🏻", "percent": "%20",
        "space": "a b+c", "batch-emoji": "a" * 49 + "👴🏻" + "tail", "flags": "🇫🇷🇩🇪🇯🇵",
        "combining": "e\u0301\u0301x", "zwj": "👨‍👩‍👧‍👦", "cjk": "中文字符", "controls": "\x00\x01\x7f\n",
        "allowed": "AZaz09-._~/?*", "empty": "",
    }
    for label, t in texts.items():
        for style in STYLES:
            write("percent-escape", f"seed-{label}-{style}", pe_utf8(style, 50, t))
    write("percent-escape", "seed-batch1-emoji", pe_utf8("afnetworking", 1, "x👴🏻y🇫🇷"))
    write("percent-escape", "seed-batch3-combining", pe_utf8("afnetworking", 3, "ae\u0301\u0301b"))
    for label, b in {"bad-cont": b"a\x80b", "overlong": b"\xc0\xaf", "surrogate": b"\xed\xa0\x80",
                     "truncated": b"ok\xe2\x82", "too-big": b"\xf4\x90\x80\x80"}.items():
        write("percent-escape", f"seed-invalid-{label}", pe_utf8("afnetworking", 50, b))
    write("percent-escape", "seed-utf16-pair", pe_utf16("afnetworking", 50, [0x61, 0xD83D, 0xDC74, 0x62]))
    write("percent-escape", "seed-utf16-lone-high", pe_utf16("afnetworking", 50, [0x61, 0xD83D, 0x62]))
    write("percent-escape", "seed-utf16-lone-low", pe_utf16("whatwgForm", 50, [0xDC74]))
    write("percent-escape", "seed-utf16-high-at-end", pe_utf16("afnetworking", 50, [0x41, 0xD800]))

# ---------- parameter programs (ParameterProgram.swift)
def program(value, key=None):
    out = bytearray()
    def text(s, mod):
        b = s.encode("utf-8")
        assert len(b) < mod, (s, mod)
        return bytes([len(b)]) + b
    if isinstance(value, bool):
        out += bytes([3, 1 if value else 0])
    elif value is None:
        out += bytes([4])
    elif isinstance(value, int):
        out += bytes([1]) + struct.pack("<q", value)
    elif isinstance(value, float):
        out += bytes([2]) + struct.pack("<d", value)
    elif isinstance(value, str):
        out += bytes([0]) + text(value, 16)
    elif isinstance(value, bytes):
        assert len(value) < 8
        out += bytes([5, len(value)]) + value
    elif isinstance(value, list):
        out += bytes([6]) + b"".join(program(v) for v in value) + bytes([9])
    elif isinstance(value, tuple) and value and value[0] == "$set":
        out += bytes([7]) + b"".join(program(v) for v in value[1]) + bytes([9])
    elif isinstance(value, dict):
        out += bytes([8]) + b"".join(program(v, k) for k, v in value.items()) + bytes([9])
    else:
        raise TypeError(value)
    if key is not None:
        out += text(key, 8)
    return bytes(out)

def qs(profile, escape, array, literal_bools, depth, value):
    return bytes([PROFILES.index(profile), STYLES.index(escape) + 3 * ARRAY_STYLES.index(array),
                  1 if literal_bools else 0, depth]) + program(value)

def query_string_seeds():
    trees = {
        "spec-2.5": {"foo": "bar", "baz": [1, 2, 3]},
        "nested": {"a": {"b": {"c": "d"}}, "e": [{"f": "g"}, None]},
        "set": {"s": ("$set", ["b", "a", "10", "9"])},
        "scalars": {"i": -42, "d": 0.1, "big": 1e100, "neg0": -0.0, "t": True, "f": False, "n": None},
        "sort-order": {"b": 1, "a": 2, "10": 3, "9": 4, "B": 5, "_": 6, "ab": 7},
        "reserved-keys": {"a b": "c&d", "k[]": "=", "é": "ü"},
        "empty-containers": {"a": [], "b": {}, "c": ("$set", [])},
        "top-array": ["x", "y"], "top-scalar": "s", "top-null": None,
        "data-leaf": {"d": b"\x00\xff"},
        "duplicate-keys": {"k": 1, "k ": 2},
    }
    for label, tree in trees.items():
        for profile in ("af4", "strict"):
            write("query-string", f"seed-{label}-{profile}", qs(profile, "afnetworking", "brackets", False, 0, tree))
    write("query-string", "seed-whatwg-index", qs("af4", "whatwgForm", "indexInBrackets", True, 0, {"a": ["x y", "+"], "b": True}))
    write("query-string", "seed-nobrackets-unreserved", qs("af3", "rfc3986Unreserved", "noBrackets", False, 0, {"a": [1, [2, [3]]]}))
    write("query-string", "seed-depth-limit-2", qs("af4", "afnetworking", "brackets", False, 2, {"a": {"b": {"c": 1}}}))
    write("query-string", "seed-depth-limit-0", qs("af4", "afnetworking", "brackets", False, 32, {"a": 1}))
    write("query-string", "seed-nan-inf", qs("af4", "afnetworking", "brackets", False, 0,
                                              {"n": float("nan"), "i": float("inf"), "m": float("-inf"), "e": 1e-6}))

# ---------- json: [flags, reserved] + text
def json_seeds():
    docs = {
        "object": '{"a":1,"b":[true,false,null],"c":{"d":"e"}}', "array": '[1,-0,0.5,1e10,-1E-5,123456789012345678901234567890]',
        "strings": r'["\u00e9\ud83d\udc74\n\t\"\\\/", "é", ""]', "duplicates": '{"a":1,"a":2}',
        "nulls": '{"a":null,"b":[null,{"c":null}],"d":[]}', "whitespace": ' \t\r\n[ 1 , 2 ] ',
        "bad-comma": '[1,]', "bad-leading-zero": '[01]', "bad-escape": r'["\x"]', "bad-surrogate": r'["\udc00"]',
        "lone-high": r'["\ud800"]', "unterminated": '{"a":', "garbage": '[1] x', "control": '["\u0001"]',
        "deep": "[" * 600 + "]" * 600, "deep-ok": "[" * 100 + "]" * 100, "big-number": "[1e400]",
        "tiny-number": "[1e-400]", "fragment-str": '"x"', "fragment-num": "-12.5e3", "empty": "", "space": " ",
        "bom": "\ufeff[1]", "true": "true", "nul-in-string": '["a\u0000"]',
    }
    for label, doc in docs.items():
        for frag in (0, 1):
            write("json", f"seed-{label}-frag{frag}", bytes([frag, 0]) + doc.encode("utf-8"))
    write("json", "seed-invalid-utf8", bytes([0, 0]) + b'["\xff"]')
    write("json", "seed-utf16le", bytes([0, 0]) + '[1]'.encode("utf-16-le"))

# ---------- golden vectors (Vectors/<component>/*.json), when present
def vector_inputs():
    if not VECTORS.is_dir():
        return 0
    def raw(b):
        if isinstance(b, dict) and "text" in b: return b["text"].encode("utf-8")
        if isinstance(b, dict) and "hex" in b: return bytes.fromhex(b["hex"])
        return None
    n = 0
    for f in sorted(VECTORS.glob("*/*.json")):
        try: doc = json.loads(f.read_text())
        except Exception: continue
        comp = doc.get("component")
        for v in doc.get("vectors", []):
            vid, inp, opts = v.get("id", "x"), v.get("input", {}), v.get("options", {}) or {}
            style = opts.get("style", "afnetworking")
            if comp == "percent-escape" and style in STYLES:
                batch = max(1, min(256, int(opts.get("batchSize", 50))))
                if "utf16" in inp: data = pe_utf16(style, batch, inp["utf16"])
                elif raw(inp) is not None: data = pe_utf8(style, batch, raw(inp))
                else: continue
                write("percent-escape", "vec-" + vid, data); n += 1
            elif comp == "response" and inp.get("serializer") == "json" and raw(inp.get("body")) is not None:
                frag = 1 if (opts.get("readingOptions") or {}).get("allowFragments") else 0
                write("json", "vec-" + vid, bytes([frag, 0]) + raw(inp["body"])); n += 1
    return n

if __name__ == "__main__":
    percent_escape_seeds(); query_string_seeds(); json_seeds()
    print(f"derived {vector_inputs()} inputs from golden vectors")
