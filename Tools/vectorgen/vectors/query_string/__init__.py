"""Vectors/query-string/*.json (SPEC §2)."""
