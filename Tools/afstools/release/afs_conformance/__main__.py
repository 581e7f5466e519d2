"""`python -m afs_conformance ARGS`: runs the wheel's runner with ARGS (it replaces this process)."""
import os
import sys

from . import find_bin


def main():
    path = os.fsdecode(find_bin())
    if sys.platform == "win32":  # no exec there that keeps the console; not a platform the wheel is built for
        import subprocess
        return subprocess.run([path] + sys.argv[1:]).returncode
    os.execv(path, [path] + sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
