"""The overnight fuzzing driver (docs/FUZZING-OVERNIGHT.md): overnight.py's code."""
