#!/usr/bin/env python3
"""Real faults replayed against the harness: `--help`; the code is in Tools/afstools/faults/, the data in docs/faults/."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tools"))
from afstools.faults import cli  # noqa: E402

if __name__ == "__main__":
    sys.exit(cli.main())
