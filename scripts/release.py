#!/usr/bin/env python3
"""The suite's release for people without Swift: `--help`; the code is in Tools/afstools/release/."""
from _entry import run

if __name__ == "__main__":
    run("afstools.release.cli")
