"""The release's two packages of the static runner and its suite, for people without Swift.

    tarball  afs-conformance-<v>-<arch>-unknown-linux-gnu.tar.gz: one folder with the runner, which finds
             its suite as <exe dir>/Vectors, the documents, the example adapter, QUICKSTART.md and SHA256SUMS
    wheel    afs_conformance-<v>-py3-none-<tag>.whl, the binary-wheel layout of ruff and zizmor: the runner
             is the wheel's one script (.data/scripts/, so pip puts it on PATH), the suite is data
             (.data/data/share/<script name>/, which pip maps to <prefix>/share, the runner's
             <exe dir>/../share), and the package afs_conformance (afs_conformance/) finds both

Both hold the same suite, listed once (suite_files): every file of Vectors/ that the vectors digest
covers (VECTORS.md §7.3), which must be the files git has there, SPEC.md, VECTORS.md, README.md,
Implementations/README.md, the urllib example adapter (Examples/urllib-adapter/, which imports only the
standard library), the vectors' changelog when it exists (CHANGELOG), and a generated QUICKSTART.md.
Both are deterministic: sorted entries, the time of HEAD's commit on every entry, no owners, fixed modes.
The runner and its facts come from the static build (build.py's build.json: version, size, needed,
glibc_floor, glibcxx_max, wheel_tag); the version is Vectors/suite.json's (VECTORS.md §7.2).
"""
import argparse
import base64
import csv
import gzip
import hashlib
import io
import json
import os
import re
import stat
import subprocess
import sys
import tarfile
import time
import zipfile

from afstools import ROOT
# The wheel's script, the distribution's name, the tarball's folder stem: its home is the shipped package.
from afstools.release.afs_conformance import SCRIPT

PACKAGE = "afs_conformance"          # the import package, and the wheel's file-name stem (PEP 427 escaping)
BINARY = "conformance"               # the runner's name in the tarball
HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_DIR = os.path.join(HERE, PACKAGE)

DOCS = ("SPEC.md", "VECTORS.md", "README.md", "Implementations/README.md")
EXAMPLE = ("Examples/urllib-adapter/adapter.py", "Examples/urllib-adapter/README.md",
           "Examples/urllib-adapter/expected-failures.json")
CHANGELOG = os.path.join("docs", "releases", "CHANGELOG-vectors.md")  # optional: shipped when it exists
QUICKSTART = "QUICKSTART.md"
SUMS = "SHA256SUMS"
CHUNK = 1 << 20


class PackageError(Exception):
    """A package cannot be made; the message says why and what to do."""


# ---------------------------------------------------------------- inputs


def suite_version(root=ROOT):
    """Vectors/suite.json's "version" (VECTORS.md §7.2)."""
    path = os.path.join(root, "Vectors", "suite.json")
    try:
        with open(path) as f:
            version = json.load(f)["version"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise PackageError("cannot read the suite's version from %s: %s" % (path, e))
    if not isinstance(version, str) or not version:
        raise PackageError("%s: \"version\" is not a string" % path)
    return version


SEMVER = re.compile(r"(\d+)\.(\d+)\.(\d+)(?:-(dev|alpha|beta|rc)\.?(\d*))?")
PRE = {"alpha": "a", "beta": "b", "rc": "rc"}
PLATFORM = re.compile(r"(linux|manylinux\d+|manylinux_\d+_\d+|musllinux_\d+_\d+)_([a-z0-9_]+)")  # (libc, arch)


def pep440(version):
    """The suite's version as PEP 440 spells it: 1.1.0-dev → 1.1.0.dev0, 1.1.0-rc.1 → 1.1.0rc1."""
    m = SEMVER.fullmatch(version)
    if not m:
        raise PackageError("the suite's version %r is not MAJOR.MINOR.PATCH with an optional -dev, -alpha, -beta "
                           "or -rc (VECTORS.md §7.2)" % version)
    base = "%d.%d.%d" % tuple(int(m.group(k)) for k in (1, 2, 3))
    kind, number = m.group(4), int(m.group(5) or 0)
    if kind is None:
        return base
    if kind == "dev":
        return "%s.dev%d" % (base, number)
    return "%s%s%d" % (base, PRE[kind], number)


def load_build(path, binary):
    """build.json, checked against the binary it describes."""
    try:
        with open(path) as f:
            build = json.load(f)
    except OSError as e:
        raise PackageError("no build description %s (%s): run `python3 scripts/release.py build` first" % (path, e))
    except ValueError as e:
        raise PackageError("%s is not JSON: %s" % (path, e))
    missing = [k for k in ("version", "size", "needed", "glibc_floor", "wheel_tag") if k not in build]
    if missing:
        raise PackageError("%s lacks %s" % (path, ", ".join(missing)))
    if not os.path.isfile(binary):
        raise PackageError("no runner at %s: run `python3 scripts/release.py build` first" % binary)
    size = os.path.getsize(binary)
    if build["size"] != size:
        raise PackageError("%s says the runner has %s bytes, but %s has %d: the description is not of this binary "
                           "(rebuild)" % (path, build["size"], binary, size))
    if not PLATFORM.fullmatch(str(build["wheel_tag"])):
        raise PackageError("%s: wheel_tag %r is not a Linux platform tag" % (path, build["wheel_tag"]))
    return build


def _git(root, *args):
    try:
        return subprocess.run(["git", "-C", root] + list(args), check=True, capture_output=True).stdout
    except subprocess.CalledProcessError as e:
        why = e.stderr.decode(errors="replace").strip()
        raise PackageError("git %s in %s failed: %s" % (" ".join(args), root, why))


def commit_time(root=ROOT):
    """The time of HEAD's commit: every entry's mtime, so two packages of one commit are the same bytes."""
    return int(_git(root, "log", "-1", "--format=%ct", "HEAD").decode().strip())


def _hidden(rel):
    return any(part.startswith(".") for part in rel.split("/"))


def vector_files(root=ROOT):
    """The files of Vectors/ the packages ship, relative to Vectors/, in byte order: git's files, which must be
    exactly the ones the digest covers (VECTORS.md §7.3: every regular file with no component starting with
    "."). A file git does not have, or one it has that is missing or not a regular file, is an error, since
    the suite shipped would not be the suite tested here."""
    vectors = os.path.join(root, "Vectors")
    tracked = {p[len("Vectors/"):] for p in _git(root, "ls-files", "-z", "--", "Vectors").decode().split("\0") if p}
    tracked = {p for p in tracked if not _hidden(p)}
    covered = set()
    for folder, dirs, files in os.walk(vectors):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for name in files:
            path = os.path.join(folder, name)
            if name.startswith(".") or not stat.S_ISREG(os.lstat(path).st_mode):
                continue
            covered.add(os.path.relpath(path, vectors).replace(os.sep, "/"))
    problems = ["%s: not in git (commit it or remove it)" % p for p in sorted(covered - tracked)]
    problems += ["%s: in git but not a regular file here (missing, or a link)" % p for p in sorted(tracked - covered)]
    problems += ["%s: a name with a backslash or a newline (VECTORS.md §7.3)" % p for p in sorted(covered)
                 if "\\" in p or "\n" in p]
    if problems:
        raise PackageError("Vectors/ is not the suite git holds, so its digest would not be the tested one:\n  "
                           + "\n  ".join("Vectors/" + p for p in problems))
    if not covered:
        raise PackageError("%s holds no vectors" % vectors)
    changed = [p for p in _git(root, "status", "--porcelain", "-z", "--", "Vectors").decode().split("\0") if p]
    if changed:
        print("package: warning: Vectors/ has uncommitted changes; the packages hold the working tree's files: "
              + ", ".join(p[3:] for p in changed[:5]) + (" …" if len(changed) > 5 else ""), file=sys.stderr)
    return sorted(covered, key=lambda p: p.encode())


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def vectors_digest(root, files):
    """VECTORS.md §7.3's digest of Vectors/ for these files: `sha256:` and the SHA-256 of their sha256sum lines."""
    lines = "".join("%s  ./%s\n" % (sha256_file(os.path.join(root, "Vectors", p)), p)
                    for p in sorted(files, key=lambda p: ("./" + p).encode()))
    return "sha256:" + hashlib.sha256(lines.encode()).hexdigest()


def suite_files(root=ROOT):
    """The suite both packages ship, [(path in the suite's folder, source file)] in byte order of the path,
    without the generated QUICKSTART.md (quickstart()). The one list of what the packages hold."""
    missing = [p for p in DOCS + EXAMPLE if not os.path.isfile(os.path.join(root, p))]
    if missing:
        raise PackageError("the packages ship files that are missing from %s: %s" % (root, ", ".join(missing)))
    out = [("Vectors/" + p, os.path.join(root, "Vectors", p)) for p in vector_files(root)]
    out += [(p, os.path.join(root, p)) for p in DOCS + EXAMPLE]
    if os.path.isfile(os.path.join(root, CHANGELOG)):
        out.append((CHANGELOG.replace(os.sep, "/"), os.path.join(root, CHANGELOG)))
    return sorted(out, key=lambda e: e[0].encode())


# ---------------------------------------------------------------- QUICKSTART.md


def _mb(n):
    return "%.1f MB" % (n / 1e6)


def quickstart(variant, version, digest, build):
    """QUICKSTART.md of the tarball (variant "tarball": commands from inside its folder) or of the wheel
    (variant "wheel": the script on PATH, the suite found through the package)."""
    if variant == "tarball":
        run, adapter, quote = "./" + BINARY, "Examples/urllib-adapter", str
        where = ["From this folder:"]
        found = "The runner reads the suite in `Vectors/` beside itself, wherever this folder is moved."
    else:
        run, adapter, quote = SCRIPT, "$SUITE/Examples/urllib-adapter", '"{}"'.format
        where = ["`pip install` put `%s` on PATH (the bin folder of the venv, or `~/.local/bin` with `--user`) and "
                 "this suite in `share/%s` beside that bin folder; this prints where:" % (SCRIPT, SCRIPT),
                 "",
                 "```sh",
                 "SUITE=$(python3 -c 'import %s; print(%s.suite_root())')" % (PACKAGE, PACKAGE),
                 "```"]
        found = ("The runner reads the suite in `../share/%s/Vectors` from its own folder; `python3 -m %s ARGS` "
                 "runs it too." % (SCRIPT, PACKAGE))
    needed = build.get("needed") or []
    cxx = any(n.startswith("libstdc++") for n in needed) and build.get("glibcxx_max")
    glibcxx = ", and a libstdc++ that has GLIBCXX_%s" % build["glibcxx_max"] if cxx else ""
    return "\n".join([
        "# AFSerialization conformance suite %s" % version,
        "",
        "The golden vectors of AFSerialization (`Vectors/`, described by VECTORS.md) and the runner that checks an "
        "implementation against them, for machines without Swift. SPEC.md is the specification the vectors pin, "
        "README.md the project's own; `Implementations/README.md` says how an adapter is written, and "
        "`Examples/urllib-adapter/` is a complete one in Python (standard library only).",
        "",
        "## Run",
        "",
    ] + where + [
        "",
        "```sh",
        "%s --version    # the suite's version and the vectors' digest" % run,
        "%s run          # the vectors against the built-in Swift core" % run,
        "%s run --implementation \"python3 %s/adapter.py\" \\" % (run, adapter),
        "    --expected-failures %s" % quote(adapter + "/expected-failures.json"),
        "```",
        "",
        "The last one runs the example adapter, with the vectors it is known to fail. Your own adapter speaks the "
        "eval protocol (VECTORS.md §5); `%s run --help` lists the options. The runner may be started from any "
        "folder, but an adapter inherits your working directory: one that opens the files multipart `path` "
        "parts name must be started from %s, VECTORS.md §1.1." % (run, "this folder" if variant == "tarball"
                                                                else "the suite folder: `cd \"$SUITE\"`"),
        "",
        "## What this is",
        "",
        "- Suite version %s; vectors digest `%s` (VECTORS.md §7.3 recomputes it with `sha256sum`)."
        % (version, digest),
        "- The runner: the Swift runtime linked in, for `%s`, %s (%d bytes)." % (
            build["wheel_tag"], _mb(build["size"]), build["size"]),
        "- The system libraries it loads, and no Swift library: %s." % (
            ", ".join("`%s`" % n for n in needed) if needed else "none"),
        "- It needs glibc %s or newer%s." % (build["glibc_floor"], glibcxx),
        "- " + found,
        "",
    ])


# ---------------------------------------------------------------- tarball


def tarball_name(version, build):
    """afs-conformance-<v>-<arch>-unknown-linux-<gnu or musl>.tar.gz, the arch and C library the wheel tag's."""
    libc, arch = PLATFORM.fullmatch(build["wheel_tag"]).group(1, 2)
    return "%s-%s-%s-unknown-linux-%s.tar.gz" % (SCRIPT, version, arch, "musl" if libc.startswith("musl") else "gnu")


def _tarinfo(name, mode, mtime, size=0, kind=tarfile.REGTYPE):
    info = tarfile.TarInfo(name)
    info.type, info.mode, info.mtime, info.size = kind, mode, mtime, size
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


def _folders(names):
    out = set()
    for n in names:
        parts = n.split("/")[:-1]
        for k in range(1, len(parts) + 1):
            out.add("/".join(parts[:k]))
    return out


def _inputs(binary, build_json, root):
    """What both packages are made of: the suite's version, the build's record (checked against it),
    the suite's files, the vectors' digest and the commit time every member is stamped with."""
    version = suite_version(root)
    build = load_build(build_json, binary)
    _check_versions(version, build, build_json)
    suite = suite_files(root)
    digest = vectors_digest(root, [n[len("Vectors/"):] for n, _ in suite if n.startswith("Vectors/")])
    return version, build, suite, digest, commit_time(root)


def write_tarball(binary, build_json, out, root=ROOT):
    """Writes the tarball into `out`; returns its path."""
    version, build, suite, digest, mtime = _inputs(binary, build_json, root)
    top = "%s-%s" % (SCRIPT, version)
    members = [(BINARY, binary)] + suite + [(QUICKSTART, quickstart("tarball", version, digest, build).encode())]
    sums = "".join("%s  %s\n" % (_sha256(src), name) for name, src in sorted(members, key=lambda m: m[0].encode()))
    members.append((SUMS, sums.encode()))
    entries = {name: src for name, src in members}
    names = set(entries) | _folders(entries)
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, tarball_name(version, build))
    temp = path + ".part"
    with open(temp, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as gz, \
            tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
        tar.addfile(_tarinfo(top, 0o755, mtime, kind=tarfile.DIRTYPE))
        for name in sorted(names, key=lambda n: n.encode()):
            arc = top + "/" + name
            src = entries.get(name)
            if src is None:
                tar.addfile(_tarinfo(arc, 0o755, mtime, kind=tarfile.DIRTYPE))
            elif isinstance(src, bytes):
                tar.addfile(_tarinfo(arc, 0o644, mtime, len(src)), io.BytesIO(src))
            else:
                with open(src, "rb") as f:
                    size = os.fstat(f.fileno()).st_size
                    tar.addfile(_tarinfo(arc, 0o755 if name == BINARY else 0o644, mtime, size), f)
    os.replace(temp, path)
    return path


def _sha256(src):
    return hashlib.sha256(src).hexdigest() if isinstance(src, bytes) else sha256_file(src)


def _check_versions(version, build, build_json):
    """The runner was built from this tree: build.json's version is the suite's (either spelling)."""
    theirs = str(build["version"])
    if theirs != version and theirs != pep440(version):
        raise PackageError("%s is of version %s, but Vectors/suite.json says %s: the runner was built from another "
                           "tree (rebuild)" % (build_json, theirs, version))


# ---------------------------------------------------------------- wheel


def wheel_name(version, build):
    return "%s-%s-py3-none-%s.whl" % (PACKAGE, pep440(version), build["wheel_tag"])


def package_sources(version):
    """The files of the import package as the wheel holds them: [(name, bytes)], __version__ set."""
    out = []
    for name in sorted(os.listdir(PACKAGE_DIR)):
        if not name.endswith(".py"):
            continue
        with open(os.path.join(PACKAGE_DIR, name), "rb") as f:
            text = f.read()
        if name == "__init__.py":
            text, n = re.subn(rb'(?m)^__version__ = "[^"\n]*"$', b'__version__ = "%s"' % version.encode(), text)
            if n != 1:
                raise PackageError("%s/__init__.py has no one `__version__ = \"…\"` line to set" % PACKAGE_DIR)
        out.append(("%s/%s" % (PACKAGE, name), text))
    return out


def _record_hash(data_or_path):
    if isinstance(data_or_path, bytes):
        digest, size = hashlib.sha256(data_or_path).digest(), len(data_or_path)
    else:
        h, size = hashlib.sha256(), 0
        with open(data_or_path, "rb") as f:
            for block in iter(lambda: f.read(CHUNK), b""):
                h.update(block)
                size += len(block)
        digest = h.digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode(), size


def write_wheel(binary, build_json, out, root=ROOT):
    """Writes the wheel into `out`; returns its path."""
    version, build, suite, digest, mtime = _inputs(binary, build_json, root)
    v = pep440(version)
    data = "%s-%s.data" % (PACKAGE, v)
    info = "%s-%s.dist-info" % (PACKAGE, v)
    guide = quickstart("wheel", version, digest, build)
    share = "%s/data/share/%s/" % (data, SCRIPT)
    members = package_sources(v)
    members += [(share + name, src) for name, src in suite + [(QUICKSTART, guide.encode())]]
    members.sort(key=lambda m: m[0].encode())
    members.append(("%s/scripts/%s" % (data, SCRIPT), binary))
    members.append(("%s/METADATA" % info, metadata(v, guide).encode()))
    members.append(("%s/WHEEL" % info, ("Wheel-Version: 1.0\nGenerator: afstools.release.package\n"
                                        "Root-Is-Purelib: false\nTag: py3-none-%s\n" % build["wheel_tag"]).encode()))
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, wheel_name(version, build))
    temp = path + ".part"
    stamp = time.gmtime(max(mtime, 315532800))[:6]  # a zip's clock starts in 1980
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    with zipfile.ZipFile(temp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name, src in members:
            executable = name.endswith("/scripts/" + SCRIPT)
            zi = _zipinfo(name, stamp, executable)
            if isinstance(src, bytes):
                zf.writestr(zi, src)
            else:
                zi.file_size = os.path.getsize(src)  # so zipfile knows whether it needs ZIP64
                with open(src, "rb") as f, zf.open(zi, "w") as w:
                    for block in iter(lambda: f.read(CHUNK), b""):
                        w.write(block)
            writer.writerow([name, *_record_hash(src)])
        writer.writerow(["%s/RECORD" % info, "", ""])
        zf.writestr(_zipinfo("%s/RECORD" % info, stamp, False), record.getvalue())
    os.replace(temp, path)
    return path


def _zipinfo(name, stamp, executable):
    zi = zipfile.ZipInfo(name, stamp)
    zi.create_system = 3  # Unix, so the mode below is read
    zi.external_attr = ((0o100755 if executable else 0o100644) << 16)
    zi.compress_type = zipfile.ZIP_DEFLATED
    return zi


def metadata(version, description):
    return "\n".join([
        "Metadata-Version: 2.1",
        "Name: %s" % SCRIPT,
        "Version: %s" % version,
        "Summary: The conformance runner and golden vectors of AFSerialization (a static binary, no Swift needed)",
        "Requires-Python: >=3.8",
        "Description-Content-Type: text/markdown",
        "",
        description,
    ])


# ---------------------------------------------------------------- command line


DIST = os.path.join(ROOT, ".build-static", "dist")
DEFAULTS = {"binary": os.path.join(DIST, BINARY), "build_json": os.path.join(DIST, "build.json"), "out": DIST,
            "root": ROOT}


def _options(p):
    p.add_argument("--binary", default=DEFAULTS["binary"], help="the static runner (default: %(default)s)")
    p.add_argument("--build-json", default=DEFAULTS["build_json"], help="its build description (default: %(default)s)")
    p.add_argument("--out", default=DEFAULTS["out"], help="the folder the package is written to (default: %(default)s)")
    p.add_argument("--root", default=ROOT, help=argparse.SUPPRESS)  # the tree the suite is read from (tests)


def _command(writer, what, args):
    """Runs a writer with the options of `args`, or their defaults where `args` has none (chroot.py's `all`)."""
    opt = {k: getattr(args, k, None) or v for k, v in DEFAULTS.items()}
    started = time.monotonic()
    try:
        path = writer(opt["binary"], opt["build_json"], opt["out"], root=opt["root"])
    except PackageError as e:
        print("%s: %s" % (what, e), file=sys.stderr)
        return 1
    print("%s: %s (%s, %.1f s)" % (what, path, _mb(os.path.getsize(path)), time.monotonic() - started))
    return 0


def tarball_command(args):
    return _command(write_tarball, "release tarball", args)


def wheel_command(args):
    return _command(write_wheel, "release wheel", args)


def register(sub):
    p = sub.add_parser("tarball", help="the runner and its suite as a .tar.gz (after build)")
    _options(p)
    p.set_defaults(func=tarball_command)
    p = sub.add_parser("wheel", help="the runner and its suite as a binary wheel: pip puts it on PATH (after build)")
    _options(p)
    p.set_defaults(func=wheel_command)
