"""A coverage map made from a `--diff` run's base, kept for the change when the change cannot move it
(docs/mutation/README.md, "Selection").

The map lists, per unit, the functions it entered. Suppose every change since the base that is code
(not blank, not a `//` comment) lies inside one function F of the base, and nothing else the map was
made from changed. A unit's run up to its first entry into F executes none of the changed code, so
it enters F exactly when it did at the base. Every mutant of the change is inside F, and code inside F
runs only after F was entered, so F's units (those that entered F at the base) are all the units that
can reach any of those mutants: they run, and no other. A site outside F, or any other change
(another function, a test, a vector file, an untracked source), and the map is not used."""
import difflib
import functools
import os
import subprocess
import tempfile

from afstools import ROOT
from afstools.mutation import covmap
from afstools.mutation.sites import CORE

def base_fingerprint(inputs, base, root=ROOT):
    """The map fingerprint of `inputs` as they are in commit `base` (its tracked files)."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", "--format=tar", base, "--", *inputs[0]], cwd=root,
                                 capture_output=True)
        if archive.returncode != 0:
            return None
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        return covmap.fingerprint(inputs, root=tmp)


def git(args, root=ROOT):
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True).stdout


def code_lines(text):
    """[(line number, stripped text)] of the lines that are code: not blank, not a `//` comment (a
    block comment counts as code, which only makes the check stricter)."""
    out = []
    for n, line in enumerate(text.split("\n"), 1):
        t = line.strip()
        if t and not t.startswith("//"):
            out.append((n, t))
    return out


@functools.lru_cache(maxsize=8)  # the vectors maps and the tests map ask about the same change
def code_changes(old_text, new_text):
    """The changed runs of code lines, as (old line numbers, the old neighbours' line numbers (an
    insertion's place), new line numbers), and {old line: new line} for the code lines kept or
    replaced one for one."""
    old, new = code_lines(old_text), code_lines(new_text)
    sm = difflib.SequenceMatcher(a=[t for _, t in old], b=[t for _, t in new], autojunk=False)
    changes, moved = [], {}
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            moved.update({old[i][0]: new[j1 + k][0] for k, i in enumerate(range(i1, i2))})
        if tag != "equal":
            around = (old[i1 - 1][0] if i1 > 0 else 0, old[i2][0] if i2 < len(old) else float("inf"))
            changes.append(([old[i][0] for i in range(i1, i2)], around, [new[j][0] for j in range(j1, j2)]))
    return changes, moved


def holds(extent, change):
    """Whether a change of code lines is inside a function's extent (its first and last line, both
    code lines of the function): its removed lines within it, an insertion between two of its lines.
    within_change also wants the first and last lines kept or replaced one for one (in `moved`), so the
    function stays where it is and nothing is declared before or after it."""
    l0, l1 = extent
    removed, (before, after), _ = change
    if not removed:
        return l0 <= before and after <= l1
    return all(l0 <= n <= l1 for n in removed)


def file_changes(root, base, path):
    """(code_changes of a core file between `base` and the work tree, "") or (None, why not)."""
    try:
        old = git(["show", f"{base}:{path}"], root)
    except subprocess.CalledProcessError:
        return None, f"{path} is new"
    if not os.path.exists(os.path.join(root, path)):
        return None, f"{path} is deleted"
    with open(os.path.join(root, path), encoding="utf-8") as f:
        return code_changes(old, f.read()), ""


class WithinChange(covmap.Selector):
    """A Selector over a map from the base, for a change inside the function `name`: a site inside that
    function's extent in the work tree gets the function's units; any other site, every unit."""

    def __init__(self, m, name, extent, skip=""):
        super().__init__(m, skip)
        self.name, self.file, self.extent = name, m["functions"][name][0], extent
        self.chosen = sorted(self.reach.get(name, set()) | self.always)

    def units_for(self, site):
        first, last = site["line"], site.get("end_line", site["line"])
        if site["file"] == self.file and self.extent[0] <= first and last <= self.extent[1]:
            return self.chosen
        return None


def within_change(m, inputs, base, skip="", root=ROOT):
    """(WithinChange, the function's name) for map `m` when it was made from `base` and every code
    change since lies inside one of its functions, else (None, why not)."""
    watched = list(inputs[0])
    if git(["status", "--porcelain", "--untracked-files=all", "--", *watched], root).count("?? "):
        return None, "untracked files beside the sources"
    if m.get("fingerprint") != base_fingerprint(inputs, base, root):
        return None, f"it was not made from {base}"
    core = os.path.join(CORE, "")
    code = {}
    for path in git(["diff", "--name-only", base, "--", *watched], root).split():
        if not (path.startswith(core) and path.endswith(".swift")):
            return None, f"the change is not only in the core's Swift files ({path})"
        found, why = file_changes(root, base, path)
        if found is None:
            return None, why
        if found[0]:
            code[path[len(core):]] = found
    if len(code) != 1:
        return None, "the change has no code" if not code else "the change's code is in more than one file"
    ((file, (changes, moved)),) = code.items()
    holding = sorted((ext[3] - ext[1], name) for name, ext in m["functions"].items()
                     if ext[0] == file and all(holds((ext[1], ext[3]), c) for c in changes))
    for _, name in holding:  # the innermost first
        ext = m["functions"][name]
        if ext[1] in moved and ext[3] in moved:
            return WithinChange(m, name, (moved[ext[1]], moved[ext[3]]), skip), name
    return None, "the change's code is not inside one function"
