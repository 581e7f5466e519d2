#!/usr/bin/env python3
"""Checks reviewed-equivalent claims by outputs: `--help`; the code is Tools/afstools/mutation/claims.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # scripts/
from _entry import run  # noqa: E402

if __name__ == "__main__":
    run("afstools.mutation.claims")
