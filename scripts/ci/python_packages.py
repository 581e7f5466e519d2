#!/usr/bin/env python3
"""The harness's Python packages, each installed editable from this checkout at the pins of its
pyproject.toml: Tools/vectorgen, Tools/afstools (with its `workflows` extra) and
Implementations/python-common (afs_protocol).

    python3 scripts/ci/python_packages.py check    # exit 1 with one line per package not as its pyproject.toml says
    python3 scripts/ci/python_packages.py install  # check, and pip install -e them when one is not (.ci/setup)
    python3 scripts/ci/python_packages.py test     # check, then each package's unit tests (.ci/stage python)

Editable, because the tools find the repository from their own files. Every dependency is pinned
(name==version); another version counts as not installed. The tests run from a scratch directory, so
they import the installed packages, not files that happen to sit next to the current directory.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from importlib import metadata, util

try:
    import tomllib
except ImportError:
    sys.exit("python_packages.py: needs Python 3.11 or later (tomllib), as vectorgen does")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# (folder, extras installed with it, where `unittest discover` starts: a package, or a folder of tests)
PACKAGES = [
    ("Tools/vectorgen", [], "vectorgen"),
    ("Tools/afstools", ["workflows"], "afstools.tests"),
    ("Implementations/python-common", [], os.path.join(ROOT, "Implementations/python-common")),
]


def pyproject(folder):
    with open(os.path.join(ROOT, folder, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)


def inside(path, folder):
    return os.path.realpath(path).startswith(os.path.realpath(os.path.join(ROOT, folder)) + os.sep)


def problems():
    """One line per way an installed package differs from its pyproject.toml."""
    out = []
    for folder, extras, _ in PACKAGES:
        toml = pyproject(folder)
        project, layout = toml["project"], toml["tool"]["setuptools"]
        name = project["name"]
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            out.append(f"{name} is not installed")
            continue
        if dist.version != project["version"]:
            out.append(f"{name} {dist.version} is installed, {folder}/pyproject.toml says {project['version']}")
        url = json.loads(dist.read_text("direct_url.json") or "{}")  # PEP 610: where pip installed it from
        source = urllib.parse.unquote(urllib.parse.urlparse(url.get("url", "")).path)
        if not url.get("dir_info", {}).get("editable") or os.path.realpath(source) != os.path.realpath(os.path.join(ROOT, folder)):
            out.append(f"{name} is not installed editable from {os.path.join(ROOT, folder)} ({url.get('url', 'no direct_url.json')})")
        for module in layout.get("packages", []) + layout.get("py-modules", []):
            spec = util.find_spec(module)
            if spec is None or not spec.origin or not inside(spec.origin, folder):
                out.append(f"import {module} finds {spec.origin if spec else 'nothing'}, not {folder}")
        pins = project.get("dependencies", []) + [p for e in extras for p in project["optional-dependencies"][e]]
        for pin in pins:
            m = re.fullmatch(r"\s*([A-Za-z0-9._-]+)\s*==\s*([^;\s]+)\s*", pin)
            if not m:
                out.append(f"{name}: {pin!r} is not pinned (name==version)")
                continue
            try:
                have = metadata.version(m[1])
            except metadata.PackageNotFoundError:
                have = None
            if have != m[2]:
                out.append(f"{name} needs {m[1]}=={m[2]}, " + (f"{have} is installed" if have else "not installed"))
    return out


def check():
    found = problems()
    for p in found:
        print("python packages: " + p)
    return 1 if found else 0


def install():
    found = problems()
    if not found:
        return 0
    targets = [os.path.join(ROOT, f) + ("[%s]" % ",".join(e) if e else "") for f, e, _ in PACKAGES]
    print("== pip install -e " + " ".join(targets) + " (" + "; ".join(found) + ")", flush=True)
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_ROOT_USER_ACTION="ignore")
    if os.geteuid() == 0:
        # Debian's python3 is externally managed (PEP 668): a root install outside a venv must say so.
        env["PIP_BREAK_SYSTEM_PACKAGES"] = "1"
    cmd = [sys.executable, "-m", "pip", "install", "-q"] + [a for t in targets for a in ("-e", t)]
    status = subprocess.run(cmd, env=env).returncode
    for folder, _, _ in PACKAGES:  # setuptools' build by-product; the installed metadata is in site-packages
        for d in glob.glob(os.path.join(ROOT, folder, "*.egg-info")):
            shutil.rmtree(d)
    # A new process: this one has not read the .pth files the install added.
    if status != 0 or subprocess.run([sys.executable, __file__, "check"]).returncode != 0:
        print("python packages: the install did not give what the pyproject.toml files say")
        return 1
    return 0


def test():
    if check():
        return 1
    failed = []
    with tempfile.TemporaryDirectory() as scratch:
        for folder, _, start in PACKAGES:
            r = subprocess.run([sys.executable, "-m", "unittest", "discover", "-s", start, "-p", "test_*.py"],
                               cwd=scratch, capture_output=True, text=True)
            lines = [l for l in r.stderr.splitlines() if l.strip()]
            if r.returncode != 0:
                failed.append(folder)
                print(r.stdout + r.stderr)
            print(f"{folder}: {' '.join(lines[-2:]) if len(lines) >= 2 else r.returncode}", flush=True)
    if failed:
        print("python packages: tests failed in " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    commands = {"check": check, "install": install, "test": test}
    if len(sys.argv) != 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    sys.exit(commands[sys.argv[1]]())
