#!/usr/bin/env python3
"""The README's example of `swift run conformance` output, regenerated from a real run.

    python3 scripts/readme_block.py --write   # run the bundled vectors, put the output in README.md
    python3 scripts/readme_block.py --check   # exit 1 when the README's block differs (timing aside)

The block sits between `<!-- BEGIN GENERATED: conformance-run` and `<!-- END GENERATED:
conformance-run -->`. The timing line ("loaded in … ms, evaluated in …") is the one line allowed to
differ, so the check does not depend on the machine's speed; every count must match.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = os.path.join(ROOT, "README.md")
BEGIN = "<!-- BEGIN GENERATED: conformance-run"
END = "<!-- END GENERATED: conformance-run -->"


def run_output():
    binary = os.path.join(ROOT, ".build", "debug", "conformance")
    cmd = [binary] if os.path.exists(binary) else ["swift", "run", "conformance"]
    r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("readme_block: `conformance run` failed (exit %d); fix the run first:\n%s" % (r.returncode, r.stdout[-2000:]))
    return r.stdout.rstrip("\n")


def split(text):
    b = text.find(BEGIN)
    e = text.find(END)
    if b < 0 or e < b:
        sys.exit("readme_block: README.md has no %s … %s block" % (BEGIN, END))
    start = text.index("\n", b) + 1
    return text[:start], text[start:e], text[e:]


def comparable(block):
    return [l for l in block.strip().strip("`").strip().splitlines() if not l.startswith("loaded in ")]


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in ("--check", "--write"):
        sys.exit("usage: readme_block.py --check | --write")
    with open(README, encoding="utf-8") as f:
        text = f.read()
    before, block, after = split(text)
    fresh = "```\n" + run_output() + "\n```\n"
    if sys.argv[1] == "--write":
        with open(README, "w", encoding="utf-8") as f:
            f.write(before + fresh + after)
        print("readme_block: README.md's conformance output rewritten")
        return
    old, new = comparable(block), comparable(fresh)
    if old != new:
        diff = [l for l in new if l not in old][:5]
        sys.exit("readme_block: README.md's conformance output is stale (e.g. now: %s); run python3 scripts/readme_block.py --write"
                 % "; ".join(diff))
    print("readme_block: README.md's conformance output matches a run (%s)" % new[-1])


if __name__ == "__main__":
    main()
