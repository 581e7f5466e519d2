#!/usr/bin/env python3
"""The suite's release for people without Swift: `--help`; the code is in Tools/afstools/release/."""
import sys

try:
    from afstools.release import cli
except ModuleNotFoundError as e:  # the package, not one of its dependencies
    if e.name != "afstools":
        raise
    sys.exit("afstools is not installed: run .ci/setup (or python3 -m pip install -e Tools/afstools)")

if __name__ == "__main__":
    sys.exit(cli.main())
