"""Vectors/null-clean/*.json (SPEC §6.4 removesKeysWithNullValues)."""
