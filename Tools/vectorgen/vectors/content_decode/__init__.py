"""Vectors/content-decode/*.json (SPEC §7)."""
