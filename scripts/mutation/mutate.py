#!/usr/bin/env python3
"""Mutation analysis (issue 13): `--help`; the code and its documentation are in Tools/afstools/mutation/."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tools"))
from afstools.mutation import cli  # noqa: E402

if __name__ == "__main__":
    cli.main()
