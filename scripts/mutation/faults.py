#!/usr/bin/env python3
"""Real faults replayed against the harness: `--help`; the code is in Tools/afstools/faults/, the data in docs/faults/."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # scripts/
from _entry import run  # noqa: E402

if __name__ == "__main__":
    run("afstools.faults.cli")
