"""Every cross-reference in the tree resolves: `python3 -m afstools.xrefs [--root DIR] [--list]`.

Where references are read: the comments of Swift and C files (`//`, `/* */`; string literals skipped,
except the `//` lines of a Swift template in a multi-line literal), Python comments and docstrings,
shell, YAML and Dockerfile `#` comments, the `comment` and `description` fields of Vectors/**/*.json,
and every Markdown file (code blocks included). The files are the repository's (git ls-files: tracked,
or new and not ignored); a path exists only when it is one of them or a folder of one, so build
products and removed files do not count.

Kinds, and when each is stale:

  heading   README "Title", <file>.md "Title", `<file>.md, "Title"`: the file has no such heading. A
            heading matches by its text without its number (`5.5 `) and backticks, whole or up to a
            `: subtitle` / ` (…)` tail; `README "…"` may also be the citing file's own package README.
            README §N is always stale (README has no numbered sections).
  spec      SPEC §N.M, SPEC§N.M, SPEC.md §N, ranges and lists (`§2.2–2.5`, `§5.2/§5.3`, `, §N`,
            `and §N`): SPEC.md has no `## N.` / `### N.M` heading of that number (read as
            `conformance coverage` reads them, Sources/AFConformance/Runner/Coverage.swift).
  vectors   VECTORS §N, VECTORS.md §N, VECTORS.md§N: the same for VECTORS.md.
  path      a word that starts with a top-level folder (`Sources/<module>/<file>.swift`,
            `scripts/mutation/mutate.py`, `docs/mutation/`) or is a top-level file with a line
            (`Package.swift:29`), with an optional `:line` or `:from-to`: no such file or folder from
            the root or the enclosing package (Tools/…), or the file has fewer lines. `<name>`, `*`,
            `**`, `…`, `{a,b}` are placeholders: some path must match, or the folder must exist when
            only the last part has one (names the tools write). Not read: a line that says a path
            does not exist, `.build*` paths, another repository's `Sources/<a dependency's module>`.
  link      a Markdown link's relative target: no such file, or no heading with its #anchor
            (GitHub's slugs).
  command   `conformance SUB` (a subcommand of Sources/conformance), `swift run NAME`,
            `swift build --product NAME` and `afs-…` words (an executable, product or package of some
            Package.swift), `python3 scripts/<dir>/<script>.py SUB` (a subparser of the script or of
            the module it runs), `.ci/stage NAME` (a stage of .ci/stage): no such command. A word after
            `conformance` or a script counts only in code (backticks, a code block) or after
            `swift run`/`python3`.
  ci-stages README's list of "the stages of `.ci/stage`" against the stages .ci/run runs, in order.

Placeholders such as README "Heading" are not references. Exit status: 1 with one line per stale
reference (`file:line: reference: why`), else 0 with the number of references per kind.
"""
import argparse
import fnmatch
import os
import re
import sys
from collections import Counter, namedtuple

from afstools import comments
from afstools.xrefs_tree import Tree, _normal_title

Ref = namedtuple("Ref", "file line kind text problem")

KINDS = ("heading", "spec", "vectors", "path", "link", "command", "ci-stages")
PLACEHOLDER_TITLES = {"heading", "title", "section", "section title", "heading title", "…", "...", "x"}

NUM = r"\d+(?:\.\d+)*"
SECTION = re.compile(r"(?<![\w-])(SPEC|VECTORS)(\.md)? ?§ ?(%s)((?:\s*[–-]\s*§?\s*%s|\s*/\s*§\s*%s|,\s+(?:and\s+)?§\s*%s"
                     r"|\s+(?:and|or)\s+§\s*%s)*)" % (NUM, NUM, NUM, NUM, NUM))
README_SECTION = re.compile(r"(?<![\w./-])README(?:\.md)? ?§ ?\d")
HEADING = re.compile(r"(?<![\w./-])((?:[\w.-]+/)*[\w.-]+\.md|README|SPEC|VECTORS)(?:'s)?,? +(?:section +|heading +)?"
                     r"[\"“]([^\"”\n]{1,120})[\"”]")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
CONFORMANCE = re.compile(r"(?:(?<=^)|(?<=[\s;|&(`$]))((?:swift run(?: -c \w+)? +|\.build/(?:debug|release)/)?)conformance +([a-z][a-z-]*)\b(?![/-]|\.\w)")
SWIFT_PRODUCT = re.compile(r"swift (run|build)\b((?: +-[-\w]+(?:=\S+)?(?: +(?!-)[^\s`]+)?)*?) +(?:--product +)?"
                           r"([A-Za-z][\w-]*(?:<[\w -]+>[\w-]*)*)(?![\w/.<-])")
AFS_NAME = re.compile(r"(?<![\w.$-])afs-[a-z0-9]+(?:-[a-z0-9]+)*(?![\w*-])(?!\.\w)")
SCRIPT = re.compile(r"(?:(?<=^)|(?<=[\s;|&(`]))((?:python3? +)?)((?:[\w.-]+/)*[\w-]+\.py) +([a-z][a-z_-]*)\b(?![/-]|\.\w)")
PLACEHOLDER = re.compile(r"[*<{…]|\.\.\.")
ABSENCE = re.compile(r"\b(?:does not|do not|doesn't|don't|no longer) exist|\bnot written\b|\bnon-?existent\b", re.I)
STAGE = re.compile(r"(?<![\w/])\.ci/stage +([a-z][a-z-]*)\b(?![/-]|\.\w)")


def _spans(text):
    return [(m.start(), m.end()) for m in re.finditer(r"`[^`]+`", text)]


def _in(spans, pos):
    return any(a <= pos < b for a, b in spans)


class Checker:
    def __init__(self, tree):
        self.tree = tree
        roots = [re.escape(d) for d in tree.top_dirs]
        self.path_rx = re.compile(
            r"(?<![\w./@$~:-])((?:%s)/(?:[\w.*+@~…/-]|<[\w -]+>|\{[\w.,-]+\})*)(?::(\d+)(?:[-–](\d+))?)?" % "|".join(roots)
        ) if roots else None
        files = [re.escape(f) for f in tree.top_files]
        self.top_file_rx = re.compile(r"(?<![\w./-])(%s):(\d+)(?:[-–](\d+))?(?!\w)" % "|".join(files)) if files else None

    def check_file(self, rel):
        refs = []
        for line, text, code in comments.pieces(self.tree, rel):
            refs += self.check_text(rel, line, text, code, markdown=rel.endswith(".md"))
        return refs

    def check_text(self, rel, line, text, code, markdown):
        refs = []
        spans = [(0, len(text))] if code else _spans(text)

        def add(kind, ref, problem):
            refs.append(Ref(rel, line, kind, ref, problem))

        # Markdown links first; their targets are then not read again as paths.
        if markdown and not code:
            def blank(m):
                return " " * len(m.group(0))
            for m in LINK.finditer(text):
                if _in(spans, m.start()):
                    continue
                target = m.group(1) or m.group(2)
                problem = self.link_problem(rel, target)
                if problem is not False:
                    add("link", target, problem)
            text = LINK.sub(blank, text)
        for m in SECTION.finditer(text):
            doc = "SPEC.md" if m.group(1) == "SPEC" else "VECTORS.md"
            numbers = [m.group(3)] + re.findall(NUM, m.group(4))
            have = self.tree.sections(doc)
            missing = [n for n in numbers if n not in have]
            kind = "spec" if doc == "SPEC.md" else "vectors"
            add(kind, m.group(0).strip(), ("%s has no section %s" % (doc, ", ".join(missing))) if missing else None)
        for m in README_SECTION.finditer(text):
            add("heading", m.group(0), "README has no numbered sections; cite README \"Heading\" or SPEC §N.M")
        for m in HEADING.finditer(text):
            doc, title = m.group(1), m.group(2)
            if _normal_title(title) in PLACEHOLDER_TITLES or "…" in title or title.endswith("..."):
                continue
            add("heading", '%s "%s"' % (doc, title), self.heading_problem(rel, doc, title))
        if self.path_rx and not ABSENCE.search(text):  # "X does not exist" cites no file
            for m in self.path_rx.finditer(text):
                token = m.group(1).rstrip(".,:;")
                if "/" not in token or token.endswith("/.") or any(p.startswith(".build") for p in token.split("/")):
                    continue
                if self.foreign(token):
                    continue  # another repository's Sources/ (a dependency's, the platform's)
                shown = token + ((":" + m.group(2) + ("-" + m.group(3) if m.group(3) else "")) if m.group(2) else "")
                add("path", shown, self.path_problem(rel, token, m.group(2), m.group(3)))
        if self.top_file_rx:
            for m in self.top_file_rx.finditer(text):
                add("path", m.group(0), self.path_problem(rel, m.group(1), m.group(2), m.group(3)))
        refs += self.commands(rel, line, text, spans)
        return refs

    # --- commands

    def commands(self, rel, line, text, spans):
        refs = []
        tree = self.tree
        if tree.subcommands is not None:
            for m in CONFORMANCE.finditer(text):
                if not (m.group(1) or _in(spans, m.start(2))):
                    continue
                sub = m.group(2)
                ok = sub in tree.subcommands or sub == "help"
                refs.append(Ref(rel, line, "command", "conformance " + sub, None if ok else
                                "conformance has no subcommand %s (it has %s)" % (sub, ", ".join(sorted(tree.subcommands)))))
        for m in SWIFT_PRODUCT.finditer(text):
            verb, name = m.group(1), m.group(3)
            if verb == "build" and "--product" not in m.group(0):
                continue  # `swift build NAME` is not a form; only --product names one
            if name.isupper():
                continue  # a placeholder: `swift run NAME`
            pattern = re.sub(r"<[^>]*>", "*", name)
            ok = tree.is_executable(pattern) or any(fnmatch.fnmatchcase(e, pattern) for e in tree.executables)
            refs.append(Ref(rel, line, "command", "swift %s %s" % (verb, name),
                            None if ok else "no Package.swift declares an executable %s" % name))
        for m in AFS_NAME.finditer(text):
            name = m.group(0)
            if any(name == r.text.split()[-1] for r in refs):
                continue
            refs.append(Ref(rel, line, "command", name, None if tree.is_executable(name) else
                            "no Package.swift declares an executable, product or package %s" % name))
        for m in SCRIPT.finditer(text):
            if not (m.group(1) or _in(spans, m.start(2))):
                continue
            script = self.find_script(rel, m.group(2))
            if script is None:
                continue  # a missing script is the path check's to report
            subs = tree.script_subcommands(script)
            if subs is None:
                continue
            sub = m.group(3)
            refs.append(Ref(rel, line, "command", "%s %s" % (os.path.basename(script), sub), None if sub in subs else
                            "%s has no subcommand %s (it has %s)" % (script, sub, ", ".join(sorted(subs)))))
        have, _ = tree.stages
        if have is not None:
            for m in STAGE.finditer(text):
                refs.append(Ref(rel, line, "command", ".ci/stage " + m.group(1), None if m.group(1) in have else
                                ".ci/stage has no stage %s" % m.group(1)))
        return refs

    def find_script(self, rel, token):
        tree = self.tree
        for base in ("", self.package_of(rel), os.path.dirname(rel)):
            p = os.path.normpath(os.path.join(base, token)) if base else token
            if p in tree.file_set:
                return p
        if "/" not in token:
            hits = [f for f in tree.files if f.startswith("scripts/") and os.path.basename(f) == token]
            if len(hits) == 1:
                return hits[0]
        return None

    # --- resolving

    def package_of(self, rel):
        best = ""
        for p in self.tree.packages:
            if p and rel.startswith(p + "/") and len(p) > len(best):
                best = p
        return best

    def foreign(self, token):
        parts = token.split("/")
        return (len(parts) > 1 and parts[0] == "Sources" and not self.tree.exists("Sources/" + parts[1])
                and parts[1] in self.tree.foreign_modules())

    def path_problem(self, rel, token, first, last):
        tree = self.tree
        placeholder = PLACEHOLDER.search(token)
        candidates = [token]
        pkg = self.package_of(rel)
        if pkg:
            candidates.append(pkg + "/" + token)
        for c in candidates:
            if placeholder:
                if tree.glob(c):
                    return None
                d, name = os.path.split(c.rstrip("/"))
                if not PLACEHOLDER.search(d) and d in tree.dirs:
                    return None  # a name pattern in a folder that exists: files the tools write there
                continue
            if not tree.exists(c):
                if first is None and any(c + ext in tree.file_set for ext in (".swift", ".py")):
                    return None  # a test suite or module named by its file, without .swift
                continue
            if first is None:
                return None
            c = c.rstrip("/")
            if c not in tree.file_set:
                return "%s is a folder, not a file with lines" % c
            n = tree.line_count(c)
            bad = [x for x in (first, last) if x is not None and not 1 <= int(x) <= n]
            if not bad:
                return None
            return "%s has %d lines, not %s" % (c, n, bad[0])
        for c in candidates:  # `Tools/afs-mutate`: a package's executable, named by its folder
            d, name = os.path.split(c.rstrip("/"))
            if name in tree.package_executables.get(d, ()):
                return None
        return ("nothing matches %s" if placeholder else "no such file or folder: %s") % token

    def heading_problem(self, rel, doc, title):
        tree = self.tree
        if doc in ("README", "SPEC", "VECTORS"):
            doc += ".md"
        targets = []
        if doc == "README.md":
            targets.append("README.md")
            d = os.path.dirname(rel)
            while d:  # the citing file's own README (a package's) counts too
                if d + "/README.md" in tree.file_set:
                    targets.append(d + "/README.md")
                    break
                d = os.path.dirname(d)
        else:
            for base in ("", os.path.dirname(rel), self.package_of(rel)):
                p = os.path.normpath(os.path.join(base, doc)) if base else doc
                if p in tree.file_set:
                    targets.append(p)
                    break
        if not targets:
            return "no such file: %s" % doc
        want = _normal_title(title)
        if any(want in tree.headings(t)[0] for t in targets):
            return None
        return "%s has no heading \"%s\"" % (targets[0], title)

    def link_problem(self, rel, target):
        """None when the link resolves, a reason when it does not, False when it is not checked."""
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("//"):
            return False
        path, _, anchor = target.partition("#")
        tree = self.tree
        if path:
            if path.startswith("/"):
                p = path.lstrip("/")
            else:
                p = os.path.normpath(os.path.join(os.path.dirname(rel), path))
            if p.startswith("..") or not tree.exists(p):
                return "no such file or folder: %s (from %s)" % (path, os.path.dirname(rel) or ".")
        else:
            p = rel
        if anchor and p.endswith(".md") and p in tree.file_set:
            if anchor.lower() not in tree.headings(p)[1]:
                return "%s has no heading with the anchor #%s" % (p, anchor)
        return None

    def ci_stages(self):
        """README's list of `.ci/stage`'s stages against the stages .ci/run runs."""
        tree = self.tree
        have, run = tree.stages
        if run is None or "README.md" not in tree.file_set:
            return []
        text = tree.read("README.md")
        m = re.search(r"stages of `\.ci/stage` \(([^)]*)\)", text)
        if not m:
            return []
        line = text.count("\n", 0, m.start()) + 1
        listed = re.findall(r"`([a-z][a-z-]*)`", m.group(1))
        shown = "README's stages of .ci/stage (%s)" % ", ".join(listed)
        missing = [s for s in run if s not in listed]
        extra = [s for s in listed if s not in run]
        problems = []
        if missing:
            problems.append("omits %s" % ", ".join(missing))
        if extra:
            problems.append("lists %s, which .ci/run does not run" % ", ".join(extra))
        if not problems and listed != run:
            problems.append("not in .ci/run's order")
        problem = ("%s (.ci/run runs: %s)" % ("; ".join(problems), " ".join(run))) if problems else None
        return [Ref("README.md", line, "ci-stages", shown, problem)]

    def run(self):
        refs = []
        for rel in self.tree.files:
            refs += self.check_file(rel)
        refs += self.ci_stages()
        return refs


def main(argv=None):
    from afstools import ROOT
    ap = argparse.ArgumentParser(
        prog="python3 -m afstools.xrefs",
        description="Check that every cross-reference in comments, vector comments and Markdown resolves: "
                    "README \"Section\" and <file>.md \"Section\" headings, SPEC §N.M, VECTORS §N, repository paths "
                    "(with :line), Markdown links, command names (conformance subcommands, executables, script "
                    "subcommands, .ci/stage stages) and README's list of CI stages against .ci/run.",
        epilog="Exit status: 0 when every reference resolves (prints the count per kind), 1 with one line per "
               "stale reference (file:line: reference: why), 2 on a usage error.")
    ap.add_argument("--root", default=ROOT, help="the repository to check (default: this one)")
    ap.add_argument("--list", action="store_true", help="print every reference found, resolved or not")
    ap.add_argument("--kind", action="append", choices=KINDS, help="only these kinds (repeatable)")
    args = ap.parse_args(argv)
    refs = Checker(Tree(args.root)).run()
    if args.kind:
        refs = [r for r in refs if r.kind in args.kind]
    stale = [r for r in refs if r.problem]
    if args.list:
        for r in refs:
            print("%s:%d: [%s] %s%s" % (r.file, r.line, r.kind, r.text, ": STALE: " + r.problem if r.problem else ""))
    else:
        for r in stale:
            print("%s:%d: %s: %s" % (r.file, r.line, r.text, r.problem))
    counts = Counter(r.kind for r in refs)
    bad = Counter(r.kind for r in stale)
    per_kind = ", ".join("%s %d%s" % (k, counts[k], " (%d stale)" % bad[k] if bad[k] else "") for k in KINDS if counts[k])
    if stale:
        print("xrefs: %d stale of %d references (%s)" % (len(stale), len(refs), per_kind), file=sys.stderr)
        return 1
    print("xrefs: all %d references resolve (%s)" % (len(refs), per_kind))
    return 0


if __name__ == "__main__":
    sys.exit(main())
