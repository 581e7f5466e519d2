#!/usr/bin/env python3
"""Regenerates every generated golden-vector file under Vectors/ (see scripts/README.md).

    python3 scripts/gen_vectors.py            # all components
    python3 scripts/gen_vectors.py --check    # regenerate in memory and fail if a file would change

Needs Python ≥ 3.9 and the `regex` module (pip install regex) for grapheme clusters.
"""
import importlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

GENERATORS = ["gen_percent_escape", "gen_query_string", "gen_request", "gen_multipart", "gen_media_type",
              "gen_response", "gen_content_decode", "gen_response_json", "gen_multipart_parse", "gen_limits"]


def main():
    check = "--check" in sys.argv
    import vectorlib
    if check:
        stale = []

        def compare(self):
            path = self.path()
            self.check_stable()
            old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
            if old != self.text():
                stale.append(os.path.relpath(path, vectorlib.ROOT))
            return len(self.vectors)

        vectorlib.VectorFile.write = compare
    for name in GENERATORS:
        importlib.import_module(name).main()
    if check:
        if stale:
            sys.exit("out of date (run python3 scripts/gen_vectors.py): " + ", ".join(stale))
        print("all generated vector files are up to date")


if __name__ == "__main__":
    main()
