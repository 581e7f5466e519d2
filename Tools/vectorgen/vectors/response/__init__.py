"""Vectors/response/*.json (SPEC §6)."""
