"""Entry point behind scripts/gen_vectors.py: builds every topic module's file and writes or checks it.

    python3 scripts/gen_vectors.py                     # rewrite every generated file
    python3 scripts/gen_vectors.py --check             # regenerate in memory, fail if a file would change
    python3 scripts/gen_vectors.py --foundation        # re-check the request writers against Foundation (needs swift)
    python3 scripts/gen_vectors.py --check-foundation  # re-run the recorded JSONSerialization verdicts (needs swift)
    --force                                            # allow a reviewed renumbering (ids are otherwise stable)

A topic module is vectors/<component>/<topic>.py (dashes spelled as underscores) with a build()
that returns the VectorFile for Vectors/<component>/<topic>.json; its generatedBy names the module.
Modules whose name starts with "_" are shared helpers of their component, not topics.
"""
import importlib
import os
import pkgutil
import sys

from . import vectorfile

PACKAGE = os.path.dirname(os.path.abspath(__file__))


def topic_modules():
    """(component, topic, module name) for every topic module, in path order."""
    out = []
    for comp in sorted(os.listdir(os.path.join(PACKAGE, "vectors"))):
        folder = os.path.join(PACKAGE, "vectors", comp)
        if not os.path.isdir(folder) or comp.startswith("_"):
            continue
        for m in sorted(pkgutil.iter_modules([folder]), key=lambda m: m.name):
            if not m.name.startswith("_"):
                out.append((comp.replace("_", "-"), m.name.replace("_", "-"), "%s.vectors.%s.%s" % (__package__, comp, m.name)))
    return out


def build(module_name, component, topic):
    """The module's VectorFile, checked to be the file its path names, with generatedBy set to that path."""
    module = importlib.import_module(module_name)
    if not getattr(module, "WRITTEN", True):
        return None
    f = module.build()
    if (f.component, f.topic) != (component, topic):
        sys.exit("%s builds %s/%s: a topic module builds the file its path names" % (module_name, f.component, f.topic))
    f.generator = os.path.relpath(module.__file__, vectorfile.ROOT).replace(os.sep, "/")
    return f


def regenerate(check):
    stale, totals = [], {}
    for component, topic, name in topic_modules():
        f = build(name, component, topic)
        if f is None:
            continue
        if check:
            if not f.is_current():
                stale.append(os.path.relpath(f.path(), vectorfile.ROOT))
        else:
            f.write()
        totals[component] = totals.get(component, 0) + len(f.vectors)
        print("  %-48s %5d" % (os.path.relpath(f.path(), vectorfile.ROOT), len(f.vectors)))
    for component, n in totals.items():
        print("%s: %d vectors" % (component, n))
    return stale


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if "--foundation" in argv:
        from .oracles.s3_requests import foundation_check
        from .vectors.request import json_options, plist_values
        json_options.build()
        plist_values.build()
        return foundation_check(json_options.FOUNDATION_CASES + plist_values.FOUNDATION_CASES, plist_values.FOUNDATION_ERRORS)
    if "--check-foundation" in argv:
        from .oracles import s6_4_json, s6_5_plist_messages
        json_changed = s6_4_json.check_foundation()
        plist_changed = s6_5_plist_messages.check_foundation()
        return 1 if json_changed or plist_changed else 0
    check = "--check" in argv
    stale = regenerate(check)
    if check:
        if stale:
            sys.exit("out of date (run python3 scripts/gen_vectors.py): " + ", ".join(stale))
        print("all generated vector files are up to date")
    return 0
