#!/usr/bin/env python3
"""OSS-Fuzz's build and build check, emulated: `--help`; the code is in Tools/afstools/ossfuzz.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # scripts/
from _entry import run  # noqa: E402

if __name__ == "__main__":
    run("afstools.ossfuzz")
