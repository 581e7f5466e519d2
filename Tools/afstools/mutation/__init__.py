"""Mutation analysis (docs/mutation/README.md, "The code"): mutate.py's and verify_claims.py's code."""
