"""Vectors/multipart-parse/*.json (SPEC §5.7: the parser)."""
