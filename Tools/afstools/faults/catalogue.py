"""docs/faults/catalogue.json: faults this field really had, each with its analogue in the core as a
patch (docs/faults/patches/<id>.patch), and the candidates that have none (`no_analogue`)."""
import hashlib
import os
import re

from afstools import ROOT, load_json

PATH = "docs/faults/catalogue.json"
GROUPS = ("afnetworking", "alamofire", "parsers", "decoders", "json")
KINDS = ("logic", "missing-case", "check-order", "limit", "crash", "complexity")
CORE_PREFIX = "Sources/AFSerialization/"


def load(path=PATH):
    doc = load_json(path, None)
    if doc is None:
        raise SystemExit(f"{path}: no such file")
    problems = check(doc)
    if problems:
        raise SystemExit(f"{path}:\n  " + "\n  ".join(problems))
    return doc["faults"]


def check(doc):
    """Rule breaks of the catalogue: unique ids, known groups and kinds, a source, a SPEC section that
    exists, a patch that exists and touches only the core."""
    sections = set()
    with open(os.path.join(ROOT, "SPEC.md"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"#{2,3} (\d+(?:\.\d+)*)", line)
            if m:
                sections.add(m.group(1))
    out, seen = [], set()
    for f in doc.get("faults", []):
        i = f.get("id", "?")
        if i in seen:
            out.append(f"{i}: duplicate id")
        seen.add(i)
        if f.get("group") not in GROUPS:
            out.append(f"{i}: group {f.get('group')!r} is not one of {', '.join(GROUPS)}")
        if f.get("kind") not in KINDS:
            out.append(f"{i}: kind {f.get('kind')!r} is not one of {', '.join(KINDS)}")
        if not (f.get("source") or {}).get("ref"):
            out.append(f"{i}: no source")
        if f.get("spec", "").replace("SPEC§", "") not in sections:
            out.append(f"{i}: SPEC.md has no section {f.get('spec')!r}")
        p = os.path.join(ROOT, "docs", "faults", f.get("patch", ""))
        if not os.path.isfile(p):
            out.append(f"{i}: no patch file {f.get('patch')!r}")
            continue
        for path in touched(p):
            if not path.startswith(CORE_PREFIX):
                out.append(f"{i}: the patch touches {path}, outside the core")
    return out


def patch_path(fault):
    return os.path.join(ROOT, "docs", "faults", fault["patch"])


def touched(patch_file):
    """The files a unified diff changes (its `+++ b/…` lines)."""
    with open(patch_file, encoding="utf-8") as f:
        return [line[6:].strip() for line in f if line.startswith("+++ b/")]


def digest(fault):
    """What a stored result depends on: the patch's bytes."""
    with open(patch_path(fault), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:16]
