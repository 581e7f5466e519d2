"""Real faults replayed against the harness (docs/faults/): the catalogue, the replay, its report."""
