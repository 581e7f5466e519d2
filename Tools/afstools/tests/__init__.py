"""Unit tests of Tools/afstools (pure Python, no Swift):
python3 -m unittest discover -s Tools/afstools -p 'test_*.py'"""
import os
import sys

sys.path.insert(0, os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..")))  # Tools/: `import afstools`
