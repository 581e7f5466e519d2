"""`python3 -m afstools.overnight`: the same driver as scripts/overnight/overnight.py."""
import sys

from afstools.overnight import cli

sys.exit(cli.main())
