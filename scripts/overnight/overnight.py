#!/usr/bin/env python3
"""Overnight fuzzing driver: `--help`; the code is in Tools/afstools/overnight/."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # scripts/
from _entry import run  # noqa: E402

if __name__ == "__main__":
    run("afstools.overnight.cli")
