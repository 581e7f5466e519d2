"""Vectors/request/*.json (SPEC §3)."""
