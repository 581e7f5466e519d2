"""Vectors/echo/*.json (the harness itself: VECTORS.md §3.1 echo and the §4 matching rules)."""
