#!/usr/bin/env python3
"""Overnight fuzzing driver (issue 7): `--help`; the code is in Tools/afstools/overnight/."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tools"))
from afstools.overnight import cli  # noqa: E402

if __name__ == "__main__":
    sys.exit(cli.main())
