"""The harness's tooling in one package: each concern once, for every tool.

    toolchain  swift and the LLVM tools (llvm-cov, llvm-profdata), found one way
    proc       logging, commands with timeouts that kill a whole process tree, children that die with us
    fuzz       the fuzz targets (scripts/fuzz/targets.json) and their .options
    coverage   instrumented builds, profile merging, llvm-cov summaries and reports
    mutation/  scripts/mutation/mutate.py and verify_claims.py
    overnight/ scripts/overnight/overnight.py

Installed editable from pyproject.toml (.ci/setup). Tests: python3 -m unittest discover -s afstools.tests
"""
import hashlib
import json
import os

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
if not os.path.isfile(os.path.join(ROOT, "Package.swift")):
    raise ImportError("afstools must be imported from its repository, not a copy in %s: "
                      "pip install -e Tools/afstools (or .ci/setup)" % os.path.dirname(os.path.abspath(__file__)))


def load_json(path, default):
    """`path` (relative to ROOT, or absolute), or `default` when there is no such file."""
    p = os.path.join(ROOT, path)
    if not os.path.exists(p):
        return default
    with open(p) as f:
        return json.load(f)


def save_json(path, data):
    """Writes `data` as the tools' committed JSON is written: indent 1, UTF-8 as is, a final newline."""
    p = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


def files_digest(bases, suffixes=(), root=ROOT):
    """16 hex digits of SHA-256 over the files below `bases` (files or folders, relative to `root`)
    whose names end in one of `suffixes` (every file when empty): each one's path, then its bytes."""
    h = hashlib.sha256()
    for base in bases:
        p = os.path.join(root, base)
        paths = [p] if os.path.isfile(p) else [os.path.join(d, n) for d, _, ns in os.walk(p) for n in ns]
        for path in sorted(x for x in paths if not suffixes or x.endswith(tuple(suffixes))):
            h.update(os.path.relpath(path, root).encode() + b"\0")
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()[:16]
