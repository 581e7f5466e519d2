"""The vectors' changelog: what moved between suite versions (VECTORS.md §7.4), so an adopter who pins
a version sees what a step changes, and CI sees that every change says why.

Files, all under docs/releases/:

  vectors-<version>.json  the manifest of a release, written once by `cut`:
        {"version", "date" (UTC, YYYY-MM-DD), "digest" (VECTORS.md §7.3), "schema" (the vector files'
         `schema`), "reasons" (unreleased.json as it was at the cut: the why of this release's changes),
         "files": {path: sha256 hex} for every file of the digest but suite.json (whose only content,
                  the version, is "version"; listing it would make each release change a file),
         "vectors": {file: {id: [in, exp, level]}}}
        Paths are relative to Vectors/. `in` is the first 16 hex digits of the SHA-256 of the canonical
        JSON of {"options", "input", "profiles"}, `exp` of {"expected", "acceptable"}: the members that
        decide a run (VECTORS.md §1.3, §4; absent members hash as null). Canonical JSON keeps member
        order and repeated names, since §4 rule 4 compares order. `level` is the vector's level, an
        object's as `profile:level` pairs by profile, "" when it has none. One vector a line, ids
        sorted, so a release's diff is small.
  unreleased.json  {"<id or fnmatch glob>": "why", "file:<path or glob>": "why"}: the reasons of the
        changes since the last release. Required for each removed id, changed in/exp/level and changed
        non-vector file; optional for added or moved ids and for a vector file edited without changing
        a run (`file:`). An entry that matches no change is stale.
  CHANGELOG-vectors.md  generated from the manifests, unreleased.json and the tree; never edited.

A source of a manifest is a released version, `tree` (the working tree's Vectors/) or a git revision
(read from its blobs, without a checkout). A change that moves a gate needs a MINOR step, a change of
`schema` a MAJOR one, anything else (comments, refs, a vector moved to another file) a PATCH.
"""
import argparse
import datetime
import fnmatch
import hashlib
import json
import os
import re
import stat
import subprocess
import sys

from afstools import ROOT

RELEASES = "docs/releases"
UNRELEASED = RELEASES + "/unreleased.json"
CHANGELOG = RELEASES + "/CHANGELOG-vectors.md"
SUITE = "Vectors/suite.json"
VERSION = re.compile(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-dev)?\Z")
COLLAPSE = 20  # a group of more ids is shown as its count and its first and last id
# (kind, title, reason required). An id can be in several kinds: its input and expected value changed.
KINDS = [("removed", "Removed", True), ("exp", "Expected changed", True), ("in", "Input changed", True),
         ("level", "Level changed", True), ("added", "Added", False), ("moved", "Moved to another file", False),
         ("files", "Files changed", True), ("text", "Edited without changing a run (comments, refs)", False)]
GATES = ("removed", "exp", "in", "level", "added", "files")
BUMPS = ["", "PATCH", "MINOR", "MAJOR"]


class Problem(Exception):
    """A file that cannot be read as this module needs it; the message names the file and member."""


class _Pairs:
    """An object that repeats a member name: kept whole, since which copy counts is the reader's rule."""
    def __init__(self, pairs):
        self.pairs = pairs


def _object(pairs):
    return dict(pairs) if len({k for k, _ in pairs}) == len(pairs) else _Pairs(pairs)


def _h16(value):
    text = json.dumps(value, ensure_ascii=True, separators=(",", ":"),
                      default=lambda o: {"\u0000pairs": [list(p) for p in o.pairs]})
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _json(data, where):
    try:
        return json.loads(data, object_pairs_hook=_object)
    except (ValueError, UnicodeDecodeError) as e:
        raise Problem("%s: not valid JSON: %s" % (where, e))


def parse_version(text, where):
    """((major, minor, patch), dev) of `1.2.3` or `1.2.3-dev` (SemVer numbers, no leading zeros)."""
    m = VERSION.match(text) if isinstance(text, str) else None
    if not m:
        raise Problem("%s: version %r is not MAJOR.MINOR.PATCH, optionally followed by -dev" % (where, text))
    return tuple(int(g) for g in m.groups()[:3]), bool(m.group(4))


def _show(v):
    return "%d.%d.%d" % v


def _bump(v, kind):
    return {"MAJOR": (v[0] + 1, 0, 0), "MINOR": (v[0], v[1] + 1, 0), "PATCH": (v[0], v[1], v[2] + 1)}[kind]


def _step(a, b):
    """The kind of step from version a to b: "" when b is not above a."""
    return "MAJOR" if b[0] > a[0] else "" if b[0] < a[0] else "MINOR" if b[1] > a[1] else "" if b[1] < a[1] else \
        "PATCH" if b[2] > a[2] else ""


# ---- reading a suite: {path under Vectors/: bytes}, the files the digest hashes ----

def tree_blobs(vectors_dir):
    """Every regular file whose path has no component starting with '.' (find -type f skips symlinks)."""
    out = {}
    for d, dirs, names in os.walk(vectors_dir):
        dirs[:] = [n for n in dirs if not n.startswith(".")]
        for n in names:
            p = os.path.join(d, n)
            if not n.startswith(".") and stat.S_ISREG(os.lstat(p).st_mode):
                with open(p, "rb") as f:
                    out[os.path.relpath(p, vectors_dir).replace(os.sep, "/")] = f.read()
    return out


def _git(root, *args, data=None):
    r = subprocess.run(["git", "-C", root] + list(args), input=data, capture_output=True)
    if r.returncode:
        raise Problem("git %s: %s" % (" ".join(args), r.stderr.decode(errors="replace").strip()))
    return r.stdout


def git_blobs(root, rev):
    """The files of Vectors/ at a revision, read from its blobs: regular files only, as a checkout has them."""
    entries = []
    for item in _git(root, "ls-tree", "-r", "-z", "--full-tree", rev, "--", "Vectors/").split(b"\0"):
        if item:
            meta, path = item.split(b"\t", 1)
            mode, kind, sha = meta.split()
            rel = path.decode()[len("Vectors/"):]
            if kind == b"blob" and mode in (b"100644", b"100755") and not any(p.startswith(".") for p in rel.split("/")):
                entries.append((rel, sha))
    out, raw, at = {}, _git(root, "cat-file", "--batch", data=b"".join(s + b"\n" for _, s in entries)), 0
    for rel, _ in entries:
        eol = raw.index(b"\n", at)
        size = int(raw[at:eol].split()[2])
        out[rel], at = raw[eol + 1:eol + 1 + size], eol + 2 + size
    return out


def digest(blobs):
    """VECTORS.md §7.3: `find . … | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum`."""
    lines = []
    for rel in sorted(blobs, key=lambda r: ("./" + r).encode()):
        if "\\" in rel or "\n" in rel:
            raise Problem("Vectors/%s: a suite file's name must not hold \\ or a newline" % rel)
        lines.append("%s  ./%s\n" % (hashlib.sha256(blobs[rel]).hexdigest(), rel))
    return "sha256:" + hashlib.sha256("".join(lines).encode()).hexdigest()


def is_vector_file(rel):
    """What the loader reads (Sources/AFConformance/Runner/VectorLoader.swift): *.json below a folder other than schema/."""
    return "/" in rel and not rel.startswith("schema/") and rel.endswith(".json")


def _level(level):
    if isinstance(level, dict):
        return " ".join("%s:%s" % (p, level[p]) for p in sorted(level))
    return "" if level is None else level if isinstance(level, str) else _h16(level)


def manifest(blobs, where="Vectors/"):
    """The manifest of a suite (module docstring), without date and reasons."""
    version = None
    if "suite.json" in blobs:
        suite = _json(blobs["suite.json"], where + "suite.json")
        version = suite.get("version") if isinstance(suite, dict) else None
    vectors, schemas = {}, set()
    for rel in sorted(r for r in blobs if is_vector_file(r)):
        doc = _json(blobs[rel], where + rel)
        if not isinstance(doc, dict) or not isinstance(doc.get("vectors"), list):
            raise Problem('%s%s: member "vectors" must be an array' % (where, rel))
        schemas.add(str(doc.get("schema")))
        for i, v in enumerate(doc["vectors"]):
            v = dict(v.pairs) if isinstance(v, _Pairs) else v  # the loader keeps a repeated member's last copy
            vid = v.get("id") if isinstance(v, dict) else None
            if not isinstance(vid, str) or not vid:
                raise Problem("%s%s: vectors[%d].id must be a non-empty string" % (where, rel, i))
            if vid in vectors:
                raise Problem("%s%s: vectors[%d].id: duplicate id %s (first in %s%s)" % (where, rel, i, vid, where, vectors[vid][0]))
            vectors[vid] = (rel, _h16({"options": v.get("options"), "input": v.get("input"), "profiles": v.get("profiles")}),
                            _h16({"expected": v.get("expected"), "acceptable": v.get("acceptable")}), _level(v.get("level")))
    return {"version": version, "digest": digest(blobs), "schema": ", ".join(sorted(schemas)),
            "files": {r: hashlib.sha256(b).hexdigest() for r, b in sorted(blobs.items()) if r != "suite.json"},
            "vectors": vectors}


def write_manifest(path, m):
    d = lambda x: json.dumps(x, ensure_ascii=False)  # noqa: E731
    lines = ["{"] + [' %s: %s,' % (d(k), d(m[k])) for k in ("version", "date", "digest", "schema")]
    for member, rows in (("reasons", [(k, d(v)) for k, v in m["reasons"].items()]),
                         ("files", [(k, d(v)) for k, v in sorted(m["files"].items())])):
        lines.append(' %s: {%s' % (d(member), "\n" + ",\n".join("  %s: %s" % (d(k), v) for k, v in rows) + "\n }," if rows else "},"))
    by_file = {}
    for vid in sorted(m["vectors"]):
        f, i, e, lv = m["vectors"][vid]
        by_file.setdefault(f, []).append("   %s: %s" % (d(vid), d([i, e, lv])))
    lines.append(' "vectors": {' + ",".join("\n  %s: {\n%s\n  }" % (d(f), ",\n".join(rows)) for f, rows in sorted(by_file.items())))
    lines.append(" }\n}\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def read_manifest(path):
    with open(path, "rb") as f:
        m = _json(f.read(), path)
    try:
        m["vectors"] = {vid: (f, *row) for f, ids in m["vectors"].items() for vid, row in ids.items()}
        parse_version(m["version"], path)
        assert isinstance(m["files"], dict) and isinstance(m["reasons"], dict)
    except (KeyError, TypeError, ValueError, AssertionError) as e:
        raise Problem("%s: not a release manifest (members version, date, digest, schema, reasons, files, "
                      "vectors {file: {id: [in, exp, level]}}): %r" % (path, e))
    return m


def releases(root):
    """The release manifests, oldest first."""
    d = os.path.join(root, RELEASES)
    names = [n[8:-5] for n in os.listdir(d) if n.startswith("vectors-") and n.endswith(".json")] if os.path.isdir(d) else []
    out = [read_manifest(os.path.join(d, "vectors-%s.json" % n)) for n in names]
    for m, n in zip(out, names):
        if m["version"] != n or parse_version(n, m["version"])[1]:
            raise Problem("%s/vectors-%s.json: member \"version\" is %r, not the release %s" % (RELEASES, n, m["version"], n))
    return sorted(out, key=lambda m: parse_version(m["version"], "")[0])


def reasons(root):
    path = os.path.join(root, UNRELEASED)
    if not os.path.exists(path):
        return {}
    with open(path, "rb") as f:
        r = _json(f.read(), UNRELEASED)
    if not isinstance(r, dict) or not all(k and isinstance(v, str) and v.strip() for k, v in r.items()):
        raise Problem('%s: must be an object of "<id, glob or file:path>": "a non-empty reason"' % UNRELEASED)
    return r


def source(root, name):
    """(manifest, its reasons, label) of a version, `tree` or a git revision."""
    if name == "tree":
        return manifest(tree_blobs(os.path.join(root, "Vectors"))), reasons(root), "the tree"
    if VERSION.match(name):
        path = os.path.join(root, RELEASES, "vectors-%s.json" % name)
        if os.path.exists(path):
            m = read_manifest(path)
            return m, m["reasons"], m["version"]
    try:
        sha = _git(root, "rev-parse", "--verify", "--quiet", name + "^{commit}").decode().strip()
    except Problem:
        raise Problem("%s is not a release (%s/vectors-%s.json), `tree` or a git revision" % (name, RELEASES, name))
    return manifest(git_blobs(root, sha), "%s:Vectors/" % name), {}, name


# ---- what changed, and why ----

def diff(old, new):
    """{kind: [(key, detail)]}: ids (detail: their file) or paths (detail: added/removed/changed)."""
    out = {k: [] for k, _, _ in KINDS}
    ov, nv = old["vectors"], new["vectors"]
    for vid in sorted(set(ov) | set(nv)):
        if vid not in nv:
            out["removed"].append((vid, ov[vid][0]))
        elif vid not in ov:
            out["added"].append((vid, nv[vid][0]))
        else:
            for kind, i in (("in", 1), ("exp", 2), ("level", 3)):
                if ov[vid][i] != nv[vid][i]:
                    out[kind].append((vid, nv[vid][0]))
            if ov[vid][0] != nv[vid][0]:
                out["moved"].append((vid, "%s → %s" % (ov[vid][0], nv[vid][0])))
    # A vector file edited where no vector of it changed a run: only comments, refs, descriptions.
    explained = {f for k in GATES[:5] + ("moved",) for _, d in out[k] for f in d.split(" → ")}
    of, nf = old["files"], new["files"]
    for rel in sorted(set(of) | set(nf)):
        if of.get(rel) != nf.get(rel):
            state = "added" if rel not in of else "removed" if rel not in nf else "changed"
            if not is_vector_file(rel):
                out["files"].append((rel, state))
            elif rel not in explained:
                out["text"].append((rel, state))
    return out


def needed_step(old, new, changes):
    if old["schema"] != new["schema"]:
        return "MAJOR"
    return "MINOR" if any(changes[k] for k in GATES) else "PATCH" if old["files"] != new["files"] else ""


def match(changes, table):
    """({(kind, key): reason}, problems): an exact key first, else the first glob in the file's order."""
    why, used, missing = {}, set(), {}
    for kind, title, required in KINDS:
        for key, _ in changes[kind]:
            k = "file:" + key if kind in ("files", "text") else key
            hit = k if k in table else next((p for p in table if fnmatch.fnmatchcase(k, p)), None)
            if hit is None and required:
                missing.setdefault(title.lower(), []).append(key)
            elif hit is not None:
                why[kind, key], _ = table[hit], used.add(hit)
    problems = ["%s: no reason for %s: %s" % (UNRELEASED, what, ", ".join(keys[:10]) + (" … (%d in all)" % len(keys))
                                              * (len(keys) > 10)) for what, keys in missing.items()]
    problems += ["%s: stale reason %s: it matches no change since the last release" % (UNRELEASED, json.dumps(k))
                 for k in table if k not in used]
    return why, problems


def _ids(keys, most=COLLAPSE):
    if len(keys) > most:
        return "%d ids, from `%s` to `%s`" % (len(keys), keys[0], keys[-1])
    return ", ".join("`%s`" % k for k in keys)


# ---- the changelog's text ----

def _counts(m):
    out = {}
    for vid in m["vectors"]:
        c = vid.split("/", 1)[0]
        out[c] = out.get(c, 0) + 1
    return out


def section(title, old, new, table, date=None, since=None):
    """The lines of one section: `new` against `old` (None: `new` is the first release)."""
    lines = ["## " + title + (" — " + date if date else ""), ""]
    total, counts = len(new["vectors"]), _counts(new)
    digest_line = " Digest `%s`." % new["digest"] if date else ""
    if old is None:
        lines += ["First versioned release: %d vectors.%s" % (total, digest_line) if date else
                  "Not released yet: %d vectors." % total, "", "| component | vectors |", "|---|---:|"]
        return lines + ["| %s | %d |" % (c, counts[c]) for c in sorted(counts)] + [""]
    changes, before = diff(old, new), _counts(old)
    why, _ = match(changes, table)
    lines += ["%d vectors (%+d since %s).%s" % (total, total - len(old["vectors"]), since or old["version"],
                                               digest_line), "", "| component | vectors | change |", "|---|---:|---:|"]
    lines += ["| %s | %d | %+d |" % (c, counts.get(c, 0), counts.get(c, 0) - before.get(c, 0))
              for c in sorted(set(counts) | set(before))] + [""]
    if not any(changes.values()):
        return lines + ["No vector or file changed.", ""]
    for kind, heading, required in KINDS:
        if not changes[kind]:
            continue
        lines += ["### %s (%d)" % (heading, len(changes[kind])), ""]
        groups = {}
        for key, detail in changes[kind]:
            groups.setdefault(why.get((kind, key), ""), {}).setdefault(detail, []).append(key)
        for reason in sorted(groups, key=lambda r: (r == "", r)):
            flat = not reason and not required and len(groups) == 1  # nothing to tell apart
            if not flat:
                lines.append("- " + (reason or "*no reason recorded*"))
            pad = "- " if flat else "  - "
            for detail, keys in sorted(groups[reason].items()):
                if kind in ("files", "text"):
                    lines += [pad + "`%s` (%s)" % (k, detail) for k in keys]
                else:
                    lines.append(pad + "`%s`: %s" % (detail, _ids(keys)))
        lines.append("")
    return lines


def render(root):
    rel, tree, table = releases(root), manifest(tree_blobs(os.path.join(root, "Vectors"))), reasons(root)
    lines = ["# Changelog of the vectors", "",
             "Generated by `python3 scripts/release.py changelog` from the release manifests "
             "(docs/releases/vectors-<version>.json), docs/releases/unreleased.json and Vectors/; do not edit it. "
             "`python3 scripts/release.py changelog --check` fails when it is out of date or a change has no reason. "
             "Paths are relative to Vectors/; a kind lists its ids by reason, then by file (VECTORS.md §7.4).", ""]
    last = rel[-1] if rel else None
    if last is None or last["files"] != tree["files"] or last["schema"] != tree["schema"]:
        lines += section("Unreleased (%s)" % tree["version"], last, tree, table)
    for i in range(len(rel) - 1, -1, -1):
        lines += section(rel[i]["version"], rel[i - 1] if i else None, rel[i], rel[i]["reasons"], rel[i]["date"])
    return "\n".join(lines).rstrip("\n") + "\n"


# ---- the commands ----

def _against_last(rel, new, text, table):
    """The problems of releasing `new` as version `text` after the last release: its step, the reasons."""
    if not rel:
        return ["%s: stale reason %s: there is no release to change" % (UNRELEASED, json.dumps(k)) for k in table]
    last, target = rel[-1], parse_version(text, SUITE)[0]
    lv, changes, dev = parse_version(last["version"], "")[0], diff(rel[-1], new), "-dev" * text.endswith("-dev")
    need, step, out = needed_step(last, new, changes), _step(lv, target), []
    if not step:
        out.append("%s: version %s is not above the last release %s: use %s%s"
                   % (SUITE, text, last["version"], _show(_bump(lv, need or "PATCH")), dev))
    elif need and BUMPS.index(step) < BUMPS.index(need):
        out.append("%s: %s since %s needs a %s step: use %s%s" % (
            SUITE, "a change of schema" if need == "MAJOR" else "a change that moves a gate", last["version"], need,
            _show(_bump(lv, need)), dev))
    return out + match(changes, table)[1]


def check(root):
    """The problems, one line each (empty: all is well)."""
    rel, tree, table = releases(root), manifest(tree_blobs(os.path.join(root, "Vectors"))), reasons(root)
    version, dev = parse_version(tree["version"], SUITE)
    same = next((m for m in rel if m["version"] == tree["version"]), None)
    if dev:
        problems = _against_last(rel, tree, tree["version"], table)
    elif same is None:
        problems = ["%s: version %s is not -dev and was never cut: python3 scripts/release.py cut %s, or add -dev"
                    % (SUITE, tree["version"], tree["version"])]
    else:
        problems = match(diff(rel[-1], tree), table)[1]
        if same["digest"] != tree["digest"]:
            problems.insert(0, "%s: a released suite is immutable: Vectors/ differs from %s/vectors-%s.json (digest %s): "
                            "bump to %s-dev" % (SUITE, RELEASES, tree["version"], tree["digest"], _show(
                                _bump(version, needed_step(same, tree, diff(same, tree)) or "PATCH"))))
    path, text = os.path.join(root, CHANGELOG), None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            text = f.read()
    if text != render(root):
        problems.append("%s is %s: python3 scripts/release.py changelog" % (CHANGELOG, "out of date" if text else "missing"))
    return problems


def cut(root, version, date=None):
    """Releases the tree as `version`: its manifest, suite.json's version, an empty unreleased.json, the changelog."""
    target, dev = parse_version(version, "cut")
    if dev:
        raise Problem("%s: a release has no -dev" % version)
    rel, table = releases(root), reasons(root)
    with open(os.path.join(root, SUITE), "rb") as f:
        suite_text = f.read().decode()
    current, cur_dev = parse_version(_json(suite_text, SUITE).get("version"), SUITE)
    if target < current or (target == current and not cur_dev):
        raise Problem("%s is below or equal to %s's version %s%s" % (version, SUITE, _show(current), "-dev" * cur_dev))
    # Only the version's text changes, so suite.json keeps its layout; the manifest hashes it as it will be.
    new_suite, n = re.subn(r'("version"\s*:\s*)"[^"]*"', lambda m: m.group(1) + json.dumps(version), suite_text, count=1)
    blobs = tree_blobs(os.path.join(root, "Vectors"))
    blobs["suite.json"] = new_suite.encode()
    m = manifest(blobs)
    if n != 1 or m["version"] != version:
        raise Problem('%s: cannot find its member "version"' % SUITE)
    problems = _against_last(rel, m, version, table)
    if rel and not needed_step(rel[-1], m, diff(rel[-1], m)):
        problems.append("nothing changed since %s" % rel[-1]["version"])
    if problems:
        raise Problem("not releasing %s: %s" % (version, "; ".join(problems)))
    m["date"] = date or datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    if not re.fullmatch(r"\d{4}-\d\d-\d\d", m["date"]):
        raise Problem("--date %s is not YYYY-MM-DD" % m["date"])
    m["reasons"] = table
    os.makedirs(os.path.join(root, RELEASES), exist_ok=True)
    write_manifest(os.path.join(root, RELEASES, "vectors-%s.json" % version), m)
    with open(os.path.join(root, SUITE), "w", encoding="utf-8") as f:
        f.write(new_suite)
    with open(os.path.join(root, UNRELEASED), "w") as f:
        f.write("{}\n")
    write_changelog(root)
    return m


def write_changelog(root):
    with open(os.path.join(root, CHANGELOG), "w", encoding="utf-8") as f:
        f.write(render(root))


def _changelog(a):
    if a.check:
        problems = check(a.root)
        print("\n".join(problems) if problems else "%s: current; every change has its reason" % CHANGELOG)
        return 1 if problems else 0
    if a.from_ or a.to:
        if not (a.from_ and a.to):
            raise Problem("--from and --to come together")
        (old, _, label), (new, table, to) = source(a.root, a.from_), source(a.root, a.to)
        print("\n".join(section("%s → %s" % (label, to), old, new, table, since=label)).rstrip("\n"))
        return 0
    write_changelog(a.root)
    print("wrote " + CHANGELOG)
    return 0


def _cut(a):
    m = cut(a.root, a.version, a.date)
    print("released %s: %d vectors, %s; wrote %s/vectors-%s.json, %s, %s" % (a.version, len(m["vectors"]), m["digest"],
                                                                           RELEASES, a.version, SUITE, CHANGELOG))
    return 0


def _guarded(func):
    def run(a):
        try:
            return func(a)
        except Problem as e:
            print("release.py %s: %s" % (getattr(a, "cmd", ""), e), file=sys.stderr)
            return 2
    return run


def register(sub):
    p = sub.add_parser("changelog", help="docs/releases/CHANGELOG-vectors.md from the release manifests and the tree")
    p.add_argument("--check", action="store_true", help="exit 1 when the changelog is stale, the version wrong or a reason missing")
    p.add_argument("--from", dest="from_", metavar="A", help="with --to: print what changed from A to B (a version, tree, a git revision)")
    p.add_argument("--to", metavar="B")
    p.add_argument("--root", default=ROOT, help=argparse.SUPPRESS)
    p.set_defaults(func=_guarded(_changelog))
    p = sub.add_parser("cut", help="release the vectors as VERSION: manifest, suite.json, unreleased.json, changelog")
    p.add_argument("version", metavar="VERSION")
    p.add_argument("--date", help="the release date, YYYY-MM-DD (default: today, UTC)")
    p.add_argument("--root", default=ROOT, help=argparse.SUPPRESS)
    p.set_defaults(func=_guarded(_cut))
