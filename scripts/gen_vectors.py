#!/usr/bin/env python3
"""Regenerates every generated golden-vector file under Vectors/ (see Tools/vectorgen/README.md).

    python3 scripts/gen_vectors.py                     # all components
    python3 scripts/gen_vectors.py --check             # regenerate in memory and fail if a file would change
    python3 scripts/gen_vectors.py --foundation        # re-check the request writers against Foundation (needs swift)
    python3 scripts/gen_vectors.py --check-foundation  # re-run the recorded JSONSerialization verdicts (needs swift)

The generators are the package Tools/vectorgen (its __init__.py maps it). Needs Python ≥ 3.9 and the
`regex` module (pip install regex) for grapheme clusters.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tools"))

from vectorgen.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
