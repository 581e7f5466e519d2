#!/usr/bin/env python3
"""Installs what the matrix needs in CI: for every Implementations/*/adapter.json with "ci": true
whose requirements fail, runs its "install" command; then Chromium for the page check.

    python3 scripts/matrix/setup.py            # install what is missing
    python3 scripts/matrix/setup.py --list     # say what would be installed

Each install command is the one line its adapter's README documents. An install that fails, or
after which the requirements still fail, is an error naming the adapter (exit 1).
"""
import glob
import json
import os
import shlex
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def requirements_hold(manifest):
    for r in manifest.get("requires", []):
        try:
            if subprocess.run(shlex.split(r), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
                return False
        except OSError:  # the runtime itself is missing (php, ruby, node on a fresh machine)
            return False
    return True


def sudo():
    return [] if os.geteuid() == 0 else ["sudo"]


def main():
    listing = "--list" in sys.argv[1:]
    failed = []
    updated = False
    for path in sorted(glob.glob(os.path.join(ROOT, "Implementations", "*", "adapter.json"))):
        with open(path, encoding="utf-8") as f:
            m = json.load(f)
        if not m.get("ci") or requirements_hold(m):
            continue
        command = m.get("install", "")
        print("== %s: %s" % (m["name"], command), flush=True)
        if listing:
            continue
        if command.startswith("apt-get") and not updated:
            subprocess.run(sudo() + ["apt-get", "update", "-qq"], check=False)
            updated = True
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive", PIP_DISABLE_PIP_VERSION_CHECK="1")
        full = (" ".join(sudo()) + " " + command).strip() if command.startswith("apt-get") else command
        r = subprocess.run(full, shell=True, cwd=ROOT, env=env)
        if r.returncode != 0 or not requirements_hold(m):
            failed.append(m["name"])
    if not shutil.which("chromium") and not listing:
        print("== chromium (the page check)", flush=True)
        if not updated:
            subprocess.run(sudo() + ["apt-get", "update", "-qq"], check=False)
        subprocess.run(sudo() + ["apt-get", "install", "-y", "-qq", "chromium"], env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        if not shutil.which("chromium"):
            failed.append("chromium")
    if failed:
        sys.exit("matrix setup: could not install %s" % ", ".join(failed))


if __name__ == "__main__":
    main()
