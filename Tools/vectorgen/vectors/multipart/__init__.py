"""Vectors/multipart/*.json (SPEC §5.1–§5.6: the writer)."""
