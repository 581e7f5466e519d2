#!/usr/bin/env python3
"""OSS-Fuzz's build and build check, emulated: `--help`; the code is in Tools/afstools/ossfuzz.py."""
import sys

try:
    from afstools import ossfuzz
except ModuleNotFoundError as e:  # the package, not one of its dependencies
    if e.name != "afstools":
        raise
    sys.exit("afstools is not installed: run .ci/setup (or python3 -m pip install -e Tools/afstools)")

if __name__ == "__main__":
    sys.exit(ossfuzz.main())
