"""The vector file layout (VECTORS.md) and the helpers every topic module uses to fill one.

Writes the canonical layout that `conformance update` also writes
(Sources/AFConformance/Runner/VectorFileWriter.swift): file-level members one per line, one vector
per line, compact JSON with the same string escaping as the Swift writer, so regenerating or
re-blessing a file changes only the lines of vectors that changed.

Ids are stable forever: `check_stable()` refuses to give an existing id a different input, options
or profiles (pass --force after a deliberate, reviewed renumbering). Add new vectors at the end of a
topic, or give them explicit ids.
"""
import json
import os
import sys

from . import levels

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
VECTORS = os.path.join(ROOT, "Vectors")
SCHEMA_TAG = "afserialization-vectors/1"
CORE = "AFSerialization"  # the core's own error domain
FORCE = "--force" in sys.argv
sys.setrecursionlimit(20000)  # deep-nesting vectors (SPEC §8) are written recursively


def _string(s):
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif o < 0x20 or o == 0x7F:
            out.append("\\u%04x" % o)
        elif 0xD800 <= o <= 0xDFFF:
            raise ValueError("lone surrogate in a JSON string; use a utf16 array instead")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def dumps(v):
    """Compact JSON, byte-identical to JSONValue.jsonText in the Swift core."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            raise ValueError("non-finite float; use {\"$double\": …}")
        return repr(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(dumps(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ",".join(_string(k) + ":" + dumps(x) for k, x in v.items()) + "}"
    if isinstance(v, Raw):
        return v.text
    raise TypeError(type(v))


class Raw:
    """Pre-rendered JSON text (e.g. a number literal that must keep its spelling, like 1.0)."""

    def __init__(self, text):
        self.text = text


def bytes_value(b):
    """VECTORS.md byte encoding: {"text"} for valid UTF-8, else {"hex"}."""
    try:
        return {"text": b.decode("utf-8")}
    except UnicodeDecodeError:
        return {"hex": b.hex()}


def core_error(kind, offset=None, context=None, domain=CORE):
    """An expected {"error": …} of the core's own domain: kind, and the offset and context when given."""
    e = {"domain": domain, "kind": kind}
    if offset is not None:
        e["offset"] = offset
    if context is not None:
        e["context"] = context
    return {"error": e}


class VectorFile:
    """One Vectors/<component>/<topic>.json. `generator` (the generatedBy member) is set by the CLI to
    the path of the topic module that built the file."""

    def __init__(self, component, topic, description, refs, generator=None, verdict=None):
        """`verdict`: the file's default authority (levels.py): a Verdict, a per-profile dict of them, or a function
        of the vector (its dict as written) that returns one of those; add(verdict=…) overrides it per vector."""
        self.component = component
        self.topic = topic
        self.description = description
        self.refs = list(refs)
        self.generator = generator
        self.verdict = verdict
        self.vectors = []
        self._verdicts = {}
        self._n = 0

    def add(self, comment, input, expected, profiles=None, options=None, refs=None, id=None, verdict=None):
        if id is None:
            self._n += 1
            id = "%s/%s/%03d" % (self.component, self.topic, self._n)
        elif not id.startswith(self.component + "/"):
            id = "%s/%s/%s" % (self.component, self.topic, id)
        v = {"id": id, "comment": comment}
        if profiles is not None:
            v["profiles"] = list(profiles)
        if options:
            v["options"] = options
        v["input"] = input
        v["expected"] = expected
        if refs:
            v["refs"] = [r for i, r in enumerate(refs) if r not in self.refs and r not in refs[:i]]
            if not v["refs"]:
                del v["refs"]
        self.vectors.append(v)
        if verdict is not None:
            self._verdicts[id] = verdict
        return id

    def set_verdict(self, id, verdict):
        """Overrides the authority of a vector already added (by its full id)."""
        assert any(v["id"] == id for v in self.vectors), id
        self._verdicts[id] = verdict

    def written(self, v):
        """The vector as the file holds it: its members plus level, authority and acceptable (levels.py)."""
        chosen = self._verdicts.get(v["id"], self.verdict)
        if callable(chosen) and not isinstance(chosen, levels.Verdict):
            chosen = chosen(v)
        return levels.attach(v, chosen)

    def path(self):
        return os.path.join(VECTORS, self.component, self.topic + ".json")

    def text(self):
        lines = ["{"]
        head = [("schema", SCHEMA_TAG), ("component", self.component), ("description", self.description),
                ("generatedBy", self.generator), ("refs", self.refs)]
        for k, v in head:
            lines.append("  %s: %s," % (_string(k), dumps(v)))
        lines.append('  "vectors": [')
        for i, v in enumerate(self.vectors):
            lines.append("    " + dumps(self.written(v)) + ("," if i < len(self.vectors) - 1 else ""))
        lines.append("  ]")
        lines.append("}")
        return "\n".join(lines) + "\n"

    def check_stable(self):
        """An existing id must keep its input, options and profiles (ids are stable forever)."""
        p = self.path()
        if FORCE or not os.path.exists(p):
            return
        with open(p, encoding="utf-8") as f:
            old = {v["id"]: v for v in json.load(f)["vectors"]}
        ids = [v["id"] for v in self.vectors]
        dup = {i for i in ids if ids.count(i) > 1}
        if dup:
            sys.exit("%s: duplicate ids %s" % (p, sorted(dup)))
        for v in self.vectors:
            o = old.get(v["id"])
            if o is None:
                continue
            for key in ("input", "options", "profiles"):
                if json.loads(dumps(v.get(key))) != o.get(key):
                    sys.exit("%s: %s would change its %s; ids are stable (append new vectors, or --force)" % (p, v["id"], key))

    def is_current(self):
        """True when the file on disk already holds exactly text() (the --check mode)."""
        self.check_stable()
        p = self.path()
        return os.path.exists(p) and open(p, encoding="utf-8").read() == self.text()

    def write(self):
        assert self.vectors, self.path()
        self.check_stable()
        os.makedirs(os.path.dirname(self.path()), exist_ok=True)
        tmp = self.path() + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(self.text())
        os.replace(tmp, self.path())
        return len(self.vectors)
