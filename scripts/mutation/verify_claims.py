#!/usr/bin/env python3
"""Checks reviewed-equivalent claims by outputs (issue 25): `--help`; the code is Tools/afstools/mutation/claims.py."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tools"))
from afstools.mutation import claims  # noqa: E402

if __name__ == "__main__":
    sys.exit(claims.main())
