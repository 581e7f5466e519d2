"""The conformance runner of AFSerialization's golden vectors, as a binary wheel (the layout of ruff's and
zizmor's wheels): the runner is the wheel's one script, the suite (Vectors/, SPEC.md, VECTORS.md, the
example adapter) is data installed under <prefix>/share, next to the runner's bin folder, where the runner
looks for it by itself. This package only finds the two, for `python -m afs_conformance` and for scripts.

Written into the wheel by Tools/afstools/release/package.py, which sets __version__ there; this folder's
copy says "0+unknown".
"""
import os
import sys
import sysconfig

__version__ = "0+unknown"

SCRIPT = "afs-conformance"
SUITE = ("share", SCRIPT)  # below the prefix: the wheel's .data/data/ folder maps to the prefix

__all__ = ["__version__", "find_bin", "suite_root", "candidates"]


def _user_scheme():
    if sys.version_info >= (3, 10):
        return sysconfig.get_preferred_scheme("user")
    if os.name == "nt":
        return "nt_user"
    if sys.platform == "darwin" and getattr(sys, "_framework", None):
        return "osx_framework_user"
    return "posix_user"


def candidates():
    """The bin folders where pip may have put the runner, in the order ruff's find_ruff_bin looks:
    the scripts folder of this interpreter's scheme (a venv, or the system), then the user scheme's
    (`pip install --user`), then the bin folder beside the package's parent (`pip install --target T`
    moves the scripts to T/bin and the data to T/share), then the prefix the package's site-packages
    sits in (`pip install --prefix P` or `--root R`: P/lib/pythonX.Y/site-packages/afs_conformance)."""
    here = os.path.dirname(os.path.abspath(__file__))
    folders = [sysconfig.get_path("scripts")]
    try:
        folders.append(sysconfig.get_path("scripts", scheme=_user_scheme()))
    except KeyError:  # a scheme this interpreter does not know
        pass
    folders.append(os.path.join(os.path.dirname(here), "bin"))
    site = os.path.dirname(here)
    if os.path.basename(site) in ("site-packages", "dist-packages"):
        folders.append(os.path.join(site, os.pardir, os.pardir, os.pardir, "bin"))
    seen, out = set(), []
    for f in folders:
        f = os.path.normpath(f)
        if f not in seen:
            seen.add(f)
            out.append(f)
    return out


def find_bin():
    """The runner's path; FileNotFoundError naming every folder looked in when none holds it."""
    exe = SCRIPT + (sysconfig.get_config_var("EXE") or "")
    folders = candidates()
    for folder in folders:
        path = os.path.join(folder, exe)
        if os.path.isfile(path):
            return path
    raise FileNotFoundError("%s is in none of: %s (is the afs-conformance wheel installed for %s?)"
                            % (exe, ", ".join(folders), sys.executable))


def suite_root():
    """The suite's folder that the runner found by find_bin() reads: <prefix>/share/<script name>, the
    bin folder's sibling (Vectors/, SPEC.md, QUICKSTART.md, Examples/ in it)."""
    return os.path.join(os.path.dirname(os.path.dirname(find_bin())), *SUITE)
