"""The scripts' one way into the harness's Python packages: run a module's `main` from the package as
installed (editable, by .ci/setup), or say how to install it. A ModuleNotFoundError for anything but the
package itself is a real error of the package, and is raised as it is."""
import importlib
import sys


def run(module, function="main"):
    package = module.split(".")[0]
    try:
        main = getattr(importlib.import_module(module), function)
    except ModuleNotFoundError as e:
        if e.name != package:
            raise
        sys.exit(f"{package} is not installed: run .ci/setup (or python3 -m pip install -e Tools/{package})")
    sys.exit(main())
