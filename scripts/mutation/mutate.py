#!/usr/bin/env python3
"""Mutation analysis: `--help`; the code and its documentation are in Tools/afstools/mutation/."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # scripts/
from _entry import run  # noqa: E402

if __name__ == "__main__":
    run("afstools.mutation.cli")
