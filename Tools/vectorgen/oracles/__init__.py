"""Independent oracles: Python restatements of SPEC rules and of the writers AF relies on, one module per SPEC section."""
