#!/usr/bin/env python3
"""Checks reviewed-equivalent claims by outputs: `--help`; the code is Tools/afstools/mutation/claims.py."""
import sys

try:
    from afstools.mutation import claims
except ModuleNotFoundError as e:  # the package, not one of its dependencies
    if e.name != "afstools":
        raise
    sys.exit("afstools is not installed: run .ci/setup (or python3 -m pip install -e Tools/afstools)")

if __name__ == "__main__":
    sys.exit(claims.main())
