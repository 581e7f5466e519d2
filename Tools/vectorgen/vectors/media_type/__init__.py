"""Vectors/media-type/*.json (SPEC §6.2)."""
