"""The repository as `afstools.xrefs` sees it: its files (git ls-files), the headings of its Markdown
files and numbered SPEC/VECTORS sections, its packages' executables, `conformance` subcommands, script
subparsers and CI stages, each read once and cached; and the title and slug forms headings match by."""
import fnmatch
import os
import re
import subprocess
from collections import Counter

from afstools import comments

PLATFORM_MODULES = ("Foundation", "CoreFoundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML",
                    "Dispatch", "Glibc", "Darwin", "XCTest", "Testing", "Swift")

# ---------------------------------------------------------------------------------------------
# The tree


class Tree:
    """The repository's files and what the checks resolve against, read once."""

    def __init__(self, root):
        self.root = os.path.abspath(root)
        self.files = sorted(self._list())
        self.file_set = set(self.files)
        self.dirs = set()
        for f in self.files:
            d = os.path.dirname(f)
            while d and d not in self.dirs:
                self.dirs.add(d)
                d = os.path.dirname(d)
        top = {f.split("/", 1)[0] for f in self.files}
        self.top_dirs = sorted(t for t in top if t in self.dirs)
        self.top_files = sorted(t for t in top if t in self.file_set)
        self.packages = sorted({os.path.dirname(f) for f in self.files if os.path.basename(f) == "Package.swift"})
        self._lines = {}
        self._headings = {}
        self._sections = {}
        self._script_subcommands = {}
        self.subcommands = self._conformance_subcommands()
        self.executables = self._executables()
        self.stages = self._ci_stages()

    def _list(self):
        if os.path.isdir(os.path.join(self.root, ".git")):
            try:
                out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                                     cwd=self.root, capture_output=True, check=True).stdout
                return [p for p in out.decode("utf-8", "surrogateescape").split("\0")
                        if p and os.path.isfile(os.path.join(self.root, p))]
            except (OSError, subprocess.CalledProcessError):
                pass
        found = []
        for d, subdirs, names in os.walk(self.root):
            subdirs[:] = [s for s in subdirs if s not in (".git", "__pycache__") and not s.startswith(".build")]
            rel = os.path.relpath(d, self.root)
            found += [n if rel == "." else rel + "/" + n for n in names]
        return found

    def path(self, rel):
        return os.path.join(self.root, rel)

    def read(self, rel):
        with open(self.path(rel), encoding="utf-8", errors="replace") as f:
            return f.read()

    def exists(self, rel):
        rel = rel.rstrip("/")
        return rel == "" or rel in self.file_set or rel in self.dirs

    def line_count(self, rel):
        if rel not in self._lines:
            text = self.read(rel)
            self._lines[rel] = text.count("\n") + (0 if text.endswith("\n") or not text else 1)
        return self._lines[rel]

    def glob(self, pattern):
        """Whether some file or folder matches a path with placeholders."""
        rx = re.compile(_glob_regex(pattern.rstrip("/")))
        return any(rx.fullmatch(p) for p in self.file_set) or any(rx.fullmatch(d) for d in self.dirs)

    def headings(self, rel):
        """{normalized title} and {anchor slug} of a Markdown file's headings."""
        if rel not in self._headings:
            titles, slugs, seen = set(), set(), Counter()
            for _, line in comments.markdown_lines(self.read(rel), headings_only=True):
                text = line.lstrip("#").strip()
                titles |= _title_forms(text)
                slug = _slug(text)
                slugs.add(slug if not seen[slug] else "%s-%d" % (slug, seen[slug]))
                seen[slug] += 1
            self._headings[rel] = (titles, slugs)
        return self._headings[rel]

    def sections(self, rel):
        """The section numbers of SPEC.md / VECTORS.md: `## N. Title`, `### N.M Title` (as the
        Swift `conformance coverage` command reads them: Sources/AFConformance/Runner/Coverage.swift)."""
        if rel not in self._sections:
            numbers = set()
            if rel in self.file_set:
                for line in self.read(rel).split("\n"):
                    m = re.match(r"#{2,3} +([0-9.]+)", line)
                    if m and m.group(1).strip("."):
                        numbers.add(m.group(1).rstrip("."))
            self._sections[rel] = numbers
        return self._sections[rel]

    def _conformance_subcommands(self):
        """The `conformance` command's subcommands: the types in its `subcommands:` list, each by its
        `commandName` or its type name in kebab case (swift-argument-parser's default)."""
        sources = {f: self.read(f) for f in self.files if f.startswith("Sources/conformance/") and f.endswith(".swift")}
        listed = []
        for text in sources.values():
            m = re.search(r'commandName:\s*"conformance"[\s\S]*?subcommands:\s*\[([^\]]*)\]', text)
            if m:
                listed = re.findall(r"(\w+)\.self", m.group(1))
        if not listed:
            return None
        names = set()
        for t in listed:
            name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"-\1", t).lower()
            for text in sources.values():
                m = re.search(r"\bstruct\s+%s\b[^{]*\{" % t, text)
                if m:
                    c = re.search(r'commandName:\s*"([^"]+)"', _braced(text, m.end() - 1))
                    if c:
                        name = c.group(1)
            names.add(name)
        return names

    def _executables(self):
        """Executable targets, products and package names of every Package.swift (`fuzz-\\(name)` as
        the pattern `fuzz-*`); also kept per package folder in self.package_executables."""
        names = set()
        self.package_executables = {}
        for pkg in self.packages:
            text = self.read(os.path.join(pkg, "Package.swift") if pkg else "Package.swift")
            mine = set(re.findall(r'\.executable(?:Target)?\(\s*name:\s*"([^"]+)"', text))
            mine = {re.sub(r"\\\([^)]*\)", "*", n) for n in mine}
            self.package_executables[pkg] = mine
            names |= mine | set(re.findall(r'Package\(\s*name:\s*"([^"]+)"', text))
        # The runner's name where the wheel installs it (README "Without Swift"), read from its one home.
        shipped = "Tools/afstools/release/afs_conformance/__init__.py"
        release = self.read(shipped) if shipped in self.file_set else ""
        names |= set(re.findall(r'^SCRIPT = "([^"]+)"', release, re.M))
        return names

    def foreign_modules(self):
        """Modules this tree imports but does not have (dependencies, the platform's): a
        `Sources/<one of them>/…` path is another repository's."""
        if not hasattr(self, "_foreign"):
            local = {f.split("/")[-2] for f in self.files if f.endswith(".swift") and "/Sources/" in "/" + f}
            imported = set(PLATFORM_MODULES)
            for f in self.files:
                if f.endswith(".swift"):
                    imported |= set(re.findall(r"^[ \t]*(?:@testable[ \t]+)?import[ \t]+(?:(?:struct|class|enum|protocol|func|var|let|typealias)[ \t]+)?(\w+)", self.read(f), re.M))
            self._foreign = imported - local
        return self._foreign

    def is_executable(self, name):
        return any(fnmatch.fnmatchcase(name, n) for n in self.executables)

    def _ci_stages(self):
        """The stages `.ci/stage` has (its case labels) and the ones `.ci/run` runs, in order."""
        have, run = None, None
        if ".ci/stage" in self.file_set:
            have = set(re.findall(r"^([a-z][a-z-]*)\)\s*$", self.read(".ci/stage"), re.M))
        if ".ci/run" in self.file_set:
            run = []
            for line in self.read(".ci/run").split("\n"):
                code = line.split("#", 1)[0]
                m = re.match(r"\s*stage\s+([a-z][a-z-]*)", code)
                if m:
                    run.append(m.group(1))
                m = re.match(r"\s*for\s+\w+\s+in\s+([^;]*);\s*do", code)
                if m:
                    run += m.group(1).split()
        return have, run

    def script_subcommands(self, rel):
        """The subparser names of a Python script and of the afstools/vectorgen modules it imports;
        None when it has none (then any word may follow it)."""
        if rel not in self._script_subcommands:
            names, seen, todo = set(), set(), [rel]
            while todo:
                f = todo.pop()
                if f in seen or f not in self.file_set:
                    continue
                seen.add(f)
                text = self.read(f)
                names |= set(re.findall(r'add_parser\(\s*"([^"]+)"', text))
                if f != rel:
                    continue
                for pkg, mod, name in re.findall(r"^\s*from\s+(afstools|vectorgen)((?:\.\w+)*)\s+import\s+(\w+)", text, re.M):
                    base = "Tools/" + pkg + mod.replace(".", "/")
                    todo += [base + ".py", base + "/__init__.py", base + "/" + name + ".py"]
                # scripts/_entry.py's run("afstools.mutation.cli"): the module it runs.
                for pkg, mod in re.findall(r'^\s*run\("(afstools|vectorgen)((?:\.\w+)*)"\)', text, re.M):
                    base = "Tools/" + pkg + mod.replace(".", "/")
                    todo += [base + ".py", base + "/__init__.py"]
            self._script_subcommands[rel] = names or None
        return self._script_subcommands[rel]


def _braced(text, start):
    """The text of the `{…}` block that opens at `start` (braces in strings are not told apart)."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
    return text[start:]


def _glob_regex(pattern):
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        anything = next((t for t in ("**", "...", "…") if pattern.startswith(t, i)), None)
        if anything:
            out.append(".*")
            i += len(anything)
        elif c == "*":
            out.append("[^/]*")
            i += 1
        elif c == "<":
            j = pattern.find(">", i)
            out.append("[^/]+")
            i = j + 1
        elif c == "{":
            j = pattern.find("}", i)
            out.append("(?:" + "|".join(re.escape(a) for a in pattern[i + 1:j].split(",")) + ")")
            i = j + 1
        else:
            out.append(re.escape(c))
            i += 1
    return "".join(out)


def _title_forms(text):
    """A heading's title as a citation may give it: without its number and backticks, with or
    without a `: subtitle` / ` (…)` / ` — …` tail; case-folded."""
    t = re.sub(r"^\d+(\.\d+)*\.?\s+", "", text.strip())
    t = re.sub(r"\s+", " ", t.replace("`", "")).strip()
    forms = {t.casefold()}
    for sep in (":", " (", " — ", " – "):
        if sep in t:
            forms.add(t.split(sep, 1)[0].strip().casefold())
    return forms


def _normal_title(text):
    return re.sub(r"\s+", " ", text.replace("`", "")).strip().rstrip(".").casefold()


def _slug(text):
    """GitHub's heading anchor."""
    s = text.strip().lower()
    s = re.sub(r"[^\w\- ]", "", s)
    return s.replace(" ", "-")
