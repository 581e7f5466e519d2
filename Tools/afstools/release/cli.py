"""scripts/release.py: the release of the suite for people without Swift (README "Without Swift").

    python3 scripts/release.py build        # the static runner → .build-static/dist/conformance, build.json
    python3 scripts/release.py tarball      # → .build-static/dist/afs-conformance-<v>-x86_64-unknown-linux-gnu.tar.gz
    python3 scripts/release.py wheel        # → .build-static/dist/afs_conformance-<v>-py3-none-<tag>.whl
    python3 scripts/release.py changelog    # docs/releases/CHANGELOG-vectors.md from the manifests and the tree
    python3 scripts/release.py changelog --check   # CI: the changelog is current and every change has a reason
    python3 scripts/release.py cut 1.1.0    # a release of the vectors: manifest, changelog, suite.json
    python3 scripts/release.py check        # the wheel and the tarball in a Debian root without Swift (root only)
    python3 scripts/release.py all          # build, tarball, wheel, check (CI's release stage)
"""
import argparse
import sys

from afstools.release import build, changelog, chroot, package


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(prog="release.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for module in (build, package, changelog, chroot):
        module.register(sub)
    a = ap.parse_args(argv)
    return a.func(a)
