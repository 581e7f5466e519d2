"""Vectors/percent-escape/*.json (SPEC §1)."""
