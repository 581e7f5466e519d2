#!/usr/bin/env python3
"""Mutation analysis: `--help`; the code and its documentation are in Tools/afstools/mutation/."""
import sys

try:
    from afstools.mutation import cli
except ModuleNotFoundError as e:  # the package, not one of its dependencies
    if e.name != "afstools":
        raise
    sys.exit("afstools is not installed: run .ci/setup (or python3 -m pip install -e Tools/afstools)")

if __name__ == "__main__":
    cli.main()
