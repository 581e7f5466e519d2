"""The release where Swift is absent: the wheel and the tarball run in a minimal Debian made with debootstrap.

    python3 scripts/release.py check       # root: the wheel and the tarball in a Debian root without Swift
    python3 scripts/release.py all         # build, tarball, wheel, then check (.ci/stage release)

The root holds Debian's minbase plus python3 and python3-venv, nothing of this repository's and nothing
of Swift's (checked: no `swift`, no Swift runtime or Foundation library anywhere in it). Inside it:

- W1: a fresh virtual environment, `pip install --no-index` of the wheel, and `afs-conformance run
  --implementation` with the example adapter from the installed suite, started from /tmp;
- W2: `afs-conformance run`, the suite in process, from /tmp;
- T1: the tarball unpacked, `./conformance run --implementation` with the example adapter inside it;
- T2: the tarball's `conformance run`, in process, started from /tmp.

Each result line (`P passed, F failed, X expected, N n/a`) must equal the in-repository run's:
W1 and T1 the example adapter through `.build/debug/conformance`, W2 and T2 the in-process run; and both
`--version`s the repository's. The adapter runs under the system's /usr/bin/python3 for the reference
when it has the chroot's version (Debian's own package on both), so only the runner differs.

The base root is made once and kept, packed, in $AFS_CHROOT_CACHE (default /var/cache/afserialization-chroot),
keyed by the suite, the package list and debootstrap's version; later runs unpack it in seconds and
need no network (pip installs from the local file, venv from Python's bundled wheels). With no cached
base and no reachable mirror the check fails, naming both. Mounts live in a private mount namespace
(`unshare --mount`), so they end with it; the root's folder is removed on the way out.
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import tempfile
import time

from afstools import ROOT
from afstools.release import build as static_build
from afstools.release import package

SUITE = "bookworm"
VARIANT = "minbase"
INCLUDE = ["python3", "python3-venv"]
MIRROR = os.environ.get("AFS_DEBIAN_MIRROR", "http://deb.debian.org/debian")
CACHE = os.environ.get("AFS_CHROOT_CACHE", "/var/cache/afserialization-chroot")
ADAPTER = "Examples/urllib-adapter/adapter.py"
ADAPTER_XFAIL = "Examples/urllib-adapter/expected-failures.json"
RESULT = re.compile(r"^\d+ passed, \d+ failed, \d+ expected, \d+ n/a$")


class Timer:
    def __init__(self):
        self.steps = []

    def run(self, name, fn):
        start = time.monotonic()
        value = fn()
        self.steps.append((name, round(time.monotonic() - start, 1)))
        print(f"  {name}: {self.steps[-1][1]} s", flush=True)
        return value


def sh(command, **kw):
    """The command's standard output; its standard error is dropped (Foundation's plist parser logs there)."""
    return subprocess.run(command, check=True, text=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, **kw).stdout


def debootstrap_version():
    out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", "debootstrap"], capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit("release check: debootstrap is not installed (.ci/setup installs it)")
    return out.stdout.strip()


def base_archive():
    """The packed base root, made with debootstrap when this machine has none yet."""
    key = f"{SUITE}-{VARIANT}-{'+'.join(INCLUDE)}-debootstrap{debootstrap_version()}"
    archive = os.path.join(CACHE, key + ".tar.zst")
    if os.path.isfile(archive):
        return archive, "cached"
    os.makedirs(CACHE, exist_ok=True)
    work = tempfile.mkdtemp(prefix="afserialization-debootstrap.", dir="/var/tmp")
    try:
        command = ["debootstrap", "--variant=" + VARIANT, "--include=" + ",".join(INCLUDE),
                   "--cache-dir=" + os.path.join(CACHE, "debs"), SUITE, work, MIRROR]
        os.makedirs(os.path.join(CACHE, "debs"), exist_ok=True)
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            tail = (result.stdout + result.stderr).strip().splitlines()[-5:]
            raise SystemExit(f"release check: no cached base root ({archive}) and debootstrap from {MIRROR} "
                             f"failed (exit {result.returncode}):\n  " + "\n  ".join(tail))
        partial = archive + ".partial"
        subprocess.run(["tar", "-C", work, "--numeric-owner", "--zstd", "-cf", partial, "."], check=True)
        os.replace(partial, archive)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return archive, "made with debootstrap"


def assert_no_swift(root):
    found = sh(["find", root, "-xdev", "(", "-name", "swift", "-o", "-name", "swiftc", "-o", "-name", "libswiftCore*",
                "-o", "-name", "libFoundation*", "-o", "-name", "libdispatch*", ")", "-print"]).split()
    if found:
        raise SystemExit("release check: the root is not free of Swift: " + ", ".join(found[:5]))


INSIDE = r"""
set -eu
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C.UTF-8
now() { date +%s.%N; }
say() { echo "@@ $*"; }
t=$(now); python3 -m venv /opt/v; /opt/v/bin/pip install -q --no-index --disable-pip-version-check /in/{wheel}
say time venv-and-pip $(echo "$(now) - $t" | python3 -c 'import sys; print(round(eval(sys.stdin.read()), 1))')
export PATH=/opt/v/bin:$PATH
S=/opt/v/share/afs-conformance
cd /tmp
say which $(command -v afs-conformance)
say wversion $(afs-conformance --version 2>/dev/null | tr '\n' ' ')
t=$(now); say W1 "$(afs-conformance run --implementation "python3 $S/{adapter}" --expected-failures $S/{xfail} 2>/dev/null | tail -1)"
say time W1 $(echo "$(now) - $t" | python3 -c 'import sys; print(round(eval(sys.stdin.read()), 2))')
t=$(now); say W2 "$(afs-conformance run 2>/dev/null | tail -1)"
say time W2 $(echo "$(now) - $t" | python3 -c 'import sys; print(round(eval(sys.stdin.read()), 2))')
tar -C /tmp -xzf /in/{tarball}
cd /tmp/{folder}
say tversion $(./conformance --version 2>/dev/null | tr '\n' ' ')
t=$(now); say T1 "$(./conformance run --implementation 'python3 {adapter}' --expected-failures {xfail} 2>/dev/null | tail -1)"
say time T1 $(echo "$(now) - $t" | python3 -c 'import sys; print(round(eval(sys.stdin.read()), 2))')
cd /tmp
t=$(now); say T2 "$(/tmp/{folder}/conformance run 2>/dev/null | tail -1)"
say time T2 $(echo "$(now) - $t" | python3 -c 'import sys; print(round(eval(sys.stdin.read()), 2))')
"""


def run_inside(archive, wheel, tarball, timer):
    root = tempfile.mkdtemp(prefix="afserialization-chroot.", dir="/var/tmp")
    try:
        timer.run("unpack the base root", lambda: subprocess.run(
            ["tar", "-C", root, "--numeric-owner", "--zstd", "-xf", archive], check=True))
        timer.run("check it has no Swift", lambda: assert_no_swift(root))
        os.makedirs(os.path.join(root, "in"))
        for f in (wheel, tarball):
            shutil.copy(f, os.path.join(root, "in"))
        folder = os.path.basename(tarball)[: -len("-x86_64-unknown-linux-gnu.tar.gz")]
        with open(os.path.join(root, "in", "check.sh"), "w") as f:
            f.write(INSIDE.replace("{wheel}", os.path.basename(wheel)).replace("{tarball}", os.path.basename(tarball))
                    .replace("{folder}", folder).replace("{adapter}", ADAPTER).replace("{xfail}", ADAPTER_XFAIL))
        q = shlex.quote(root)
        # /proc: the runner finds its suite from /proc/self/exe; /dev: /dev/null and /dev/urandom.
        script = (f"mount -t proc proc {q}/proc && mount --rbind /dev {q}/dev && "
                  f"chroot {q} /bin/sh /in/check.sh")
        result = timer.run("in the root: venv, pip, W1, W2, T1, T2", lambda: subprocess.run(
            ["unshare", "--mount", "--propagation", "private", "--fork", "sh", "-c", script],
            capture_output=True, text=True))
        if result.returncode != 0:
            raise SystemExit(f"release check: the script in the root failed (exit {result.returncode}):\n"
                             + (result.stdout + result.stderr)[-3000:])
        seen = {}
        for line in result.stdout.splitlines():
            if line.startswith("@@ "):
                key, _, value = line[3:].partition(" ")
                if key == "time":
                    name, _, secs = value.partition(" ")
                    timer.steps.append((f"in the root: {name}", float(secs)))
                else:
                    seen[key] = value.strip()
        return seen
    finally:
        shutil.rmtree(root, ignore_errors=True)


def reference(timer):
    """The same commands in the repository, through the debug runner the other stages build."""
    binary = os.path.join(ROOT, ".build", "debug", "conformance")
    if not os.access(binary, os.X_OK):
        subprocess.run(["swift", "build", "--product", "conformance"], cwd=ROOT, check=True, capture_output=True)
    python = "python3"
    system = "/usr/bin/python3"
    if os.access(system, os.X_OK):
        python = system  # Debian's package, as in the root (its version is in the report)
    adapter = timer.run("reference: example adapter", lambda: sh(
        [binary, "run", "--implementation", f"{python} {ADAPTER}", "--expected-failures", ADAPTER_XFAIL],
        cwd=ROOT).strip().splitlines()[-1])
    inprocess = timer.run("reference: in process", lambda: sh(
        [binary, "run"], cwd=ROOT).strip().splitlines()[-1])
    version = " ".join(sh([binary, "--version"], cwd=ROOT).split())
    py = sh([python, "-c", "import platform; print(platform.python_version())"]).strip()
    return {"adapter": adapter, "inprocess": inprocess, "version": version, "python": f"{python} {py}"}


def reference_file():
    return os.path.join(ROOT, static_build.DIST, "reference.json")


def write_reference(args):
    """The repository's lines, for a check that runs where the repository's runner cannot (GitHub's
    no-Swift job gets them with the wheel and the tarball)."""
    ref = reference(Timer())
    with open(reference_file(), "w") as f:
        json.dump(ref, f, indent=2)
        f.write("\n")
    print(json.dumps(ref, indent=2))
    return 0


def dist_files():
    """The wheel and the tarball `release.py wheel` and `tarball` wrote for this tree's version, and the
    build's record (build.json) they were made from."""
    dist = os.path.join(ROOT, static_build.DIST)
    try:
        with open(os.path.join(dist, "build.json")) as f:
            built = json.load(f)
    except (OSError, ValueError) as e:
        raise SystemExit(f"release check: no build.json in {static_build.DIST} ({e}): run release.py build first")
    version = package.suite_version()
    files = [os.path.join(dist, package.wheel_name(version, built)), os.path.join(dist, package.tarball_name(version, built))]
    missing = [os.path.basename(f) for f in files if not os.path.isfile(f)]
    if missing:
        raise SystemExit(f"release check: {static_build.DIST} has no {', '.join(missing)} "
                         "(python3 scripts/release.py tarball, then wheel)")
    return files + [built]


def check(args):
    if os.geteuid() != 0:
        raise SystemExit("release check: needs root (debootstrap, chroot, mount)")
    timer = Timer()
    wheel, tarball, built = dist_files()
    archive, how = timer.run("base root", base_archive)
    seen = run_inside(archive, wheel, tarball, timer)
    if os.path.isfile(reference_file()):
        with open(reference_file()) as f:
            ref = json.load(f)
    else:
        ref = reference(timer)
    comparisons = [
        ("W1 wheel, example adapter", seen.get("W1"), ref["adapter"]),
        ("W2 wheel, in process", seen.get("W2"), ref["inprocess"]),
        ("T1 tarball, example adapter", seen.get("T1"), ref["adapter"]),
        ("T2 tarball, in process", seen.get("T2"), ref["inprocess"]),
        ("wheel --version", strip_root(seen.get("wversion")), strip_root(ref["version"])),
        ("tarball --version", strip_root(seen.get("tversion")), strip_root(ref["version"])),
    ]
    failed = [c for c in comparisons if c[1] != c[2] or (c[0][0] in "WT" and not RESULT.match(c[1] or ""))]
    lines = [
        "## The release without Swift",
        "",
        f"Runner: {built['size'] / 1e6:.1f} MB stripped ({built['unstripped_size'] / 1e6:.1f} MB before), built in "
        f"{built['seconds']} s with {built['swift']}; links {', '.join(built['needed'])}; glibc ≥ "
        f"{built['glibc_floor']}, so the wheel is `{built['wheel_tag']}`.",
        "",
        f"Base root: Debian {SUITE} {VARIANT} + {', '.join(INCLUDE)} ({how}; {os.path.basename(archive)}); "
        f"no Swift in it. Wheel `{os.path.basename(wheel)}` ({os.path.getsize(wheel) / 1e6:.1f} MB), tarball "
        f"`{os.path.basename(tarball)}` ({os.path.getsize(tarball) / 1e6:.1f} MB). Runner on PATH in the venv: "
        f"`{seen.get('which')}`. Reference interpreter: {ref['python']}.",
        "",
        "| run | in the root | in the repository | |",
        "|---|---|---|---|",
    ]
    lines += [f"| {n} | `{a}` | `{b}` | {'✔' if (n, a, b) not in failed else '✘'} |" for n, a, b in comparisons]
    lines += ["", "| step | seconds |", "|---|---|"] + [f"| {n} | {s} |" for n, s in timer.steps]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.summary:
        os.makedirs(os.path.dirname(os.path.abspath(args.summary)), exist_ok=True)
        with open(args.summary, "a") as f:
            f.write(text)
    if failed:
        print("release check failed: " + "; ".join(f"{n}: {a!r} ≠ {b!r}" for n, a, b in failed))
        return 1
    return 0


def strip_root(version_text):
    """`conformance X vectors sha256:… (ROOT)` without the root, which differs by design."""
    return re.sub(r"\s*\([^)]*\)\s*$", "", version_text or "").strip()


def everything(args):
    for step in (static_build.build, package.tarball_command, package.wheel_command, write_reference):
        status = step(args)
        if status:
            return status
    return check(args)


def register(sub):
    p = sub.add_parser("reference", help="the repository's result lines → .build-static/dist/reference.json",
                       description=write_reference.__doc__)
    p.set_defaults(func=write_reference)
    for name, func, text in (("check", check, "the wheel and the tarball in a Debian root without Swift (root only)"),
                             ("all", everything, "build, tarball, wheel, then check (.ci/stage release)")):
        p = sub.add_parser(name, help=text, description=text)
        p.add_argument("--summary", help="append the markdown report to this file (CI's job summary)")
        p.set_defaults(func=func)
