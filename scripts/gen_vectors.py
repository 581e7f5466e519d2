#!/usr/bin/env python3
"""Regenerates every generated golden-vector file under Vectors/ (see Tools/vectorgen/README.md).

    python3 scripts/gen_vectors.py                     # all components
    python3 scripts/gen_vectors.py --check             # regenerate in memory and fail if a file would change
    python3 scripts/gen_vectors.py --foundation        # re-check the request writers against Foundation (needs swift)
    python3 scripts/gen_vectors.py --check-foundation  # re-run the recorded JSONSerialization verdicts (needs swift)

The generators are the package Tools/vectorgen (its __init__.py maps it), installed editable with its
pinned oracles by .ci/setup (Tools/vectorgen/pyproject.toml).
"""
from _entry import run

if __name__ == "__main__":
    run("vectorgen.cli")
