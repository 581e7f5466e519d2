"""The cross-reference check (afstools.xrefs) on small trees: what it reads, what resolves, and every
kind of stale reference reported as file:line."""
import contextlib
import io
import os
import shutil
import tempfile
import unittest

from afstools import xrefs

README = """# Project

## Layout

## Gating pull requests

The gate is defined once, as the stages of `.ci/stage` (`setup`, `test`, `docs`), and run two ways.

## The conformance gate: `swift run conformance`

### Writing adapters
"""

SPEC = """# Spec

## 1. Escaping

### 1.1 Allowed set

### 1.2 Encoding

## 2. Query strings

### 2.1 Values
"""

VECTORS = """# Vectors

## 1. Files

### 1.3 Vector members

## 5. The eval protocol

### 5.5 Rules for every implementation
"""

PACKAGE = """// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "Demo",
    products: [.executable(name: "conformance", targets: ["conformance"])],
    targets: [
        .executableTarget(name: "conformance"),
        .executableTarget(name: "afs-tool"),
    ]
)
for name in ["a", "b"] {
    package.targets.append(.executableTarget(name: "fuzz-\\(name)"))
}
"""

CONFORMANCE = """import ArgumentParser

@main
struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        subcommands: [Run.self, CoverageCommand.self])
}

struct Run: ParsableCommand {}

struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "coverage")
}
"""

MUTATE = '''#!/usr/bin/env python3
"""Usage: python3 scripts/mutate.py run"""
from afstools.mutation import cli
'''

CLI = '''import argparse
def main():
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd")
    sub.add_parser("run")
    sub.add_parser("ratchet")
'''

CI_RUN = """#!/usr/bin/env bash
stage() { .ci/stage "$1"; }
stage setup
stage test
for s in docs; do
  .ci/stage "$s"
done
"""

CI_STAGE = """#!/usr/bin/env bash
case "$1" in
setup)
  ;;
test)
  ;;
docs)
  ;;
esac
"""

GOOD = {
    "README.md": README,
    "SPEC.md": SPEC,
    "VECTORS.md": VECTORS,
    "Package.swift": PACKAGE,
    "Sources/conformance/Conformance.swift": CONFORMANCE,
    "Sources/Core/Thing.swift": "// SPEC §1.1 and SPEC§2.1, VECTORS.md §5.5 (README \"Layout\").\nlet x = 1\nlet y = 2\n",
    "Tools/afstools/mutation/cli.py": CLI,
    "Tools/afstools/mutation/__init__.py": "",
    "scripts/mutate.py": MUTATE,
    ".ci/run": CI_RUN,
    ".ci/stage": CI_STAGE,
    "docs/guide.md": "# Guide\n\n## Checking a claim\n\nSee [the README](../README.md#gating-pull-requests).\n",
}


class TreeCase(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.root)
        self.write(GOOD)

    def write(self, files):
        for rel, text in files.items():
            path = os.path.join(self.root, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)

    def run_main(self, *args):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = xrefs.main(["--root", self.root] + list(args))
        return status, out.getvalue(), err.getvalue()

    def refs(self):
        return xrefs.Checker(xrefs.Tree(self.root)).run()

    def stale(self):
        return ["%s:%d: %s: %s" % (r.file, r.line, r.text, r.problem) for r in self.refs() if r.problem]

    def assertStale(self, files, where, text, why):
        """Adding `files` to the good tree gives exactly one stale reference, at `where` (file:line)."""
        self.write(files)
        found = [r for r in self.refs() if r.problem]
        self.assertEqual(["%s:%d" % (r.file, r.line) for r in found], [where], self.stale())
        self.assertEqual(found[0].text, text)
        self.assertIn(why, found[0].problem)
        status, out, _ = self.run_main()
        self.assertEqual(status, 1)
        self.assertEqual(out.splitlines(), ["%s: %s: %s" % (where, text, found[0].problem)])


class GoodTreeTests(TreeCase):
    def test_a_tree_whose_references_all_resolve_passes_with_a_count_per_kind(self):
        status, out, err = self.run_main()
        self.assertEqual((status, err), (0, ""), out)
        self.assertRegex(out, r"^xrefs: all \d+ references resolve \(heading 1, spec 2, vectors 1, path \d+, link 1, "
                              r"command \d+, ci-stages 1\)\n$")

    def test_every_kind_that_resolves(self):
        self.write({
            "Sources/Core/More.swift": (
                "/// README \"The conformance gate\" (a heading up to its colon), docs/guide.md, \"Checking a claim\"\n"
                "/// SPEC §1.1–1.2, SPEC §1.1/§1.2, SPEC §1, and §2.1; VECTORS §1.3, VECTORS.md§5\n"
                "/// Sources/Core/Thing.swift:3 and Sources/Core/Thing.swift:1-2, Package.swift:4, Sources/<module>/\n"
                "/// `conformance coverage`, `swift run conformance run`, swift build --product afs-tool, fuzz-a\n"
                "/// `python3 scripts/mutate.py ratchet`, .ci/stage docs, Tools/afs-tool is no path but a tool\n"),
            "Tools/Package.swift": "let package = Package(name: \"tools\", targets: [.executableTarget(name: \"afs-tool\")])\n",
        })
        self.assertEqual(self.stale(), [])
        kinds = {r.kind for r in self.refs()}
        self.assertEqual(kinds, set(xrefs.KINDS))


class StaleKindTests(TreeCase):
    def test_a_readme_heading_it_does_not_have(self):
        self.assertStale({"Sources/Core/A.swift": "let a = 1\n// No Foundation (see README \"Design\").\n"},
                         "Sources/Core/A.swift:2", 'README "Design"', 'README.md has no heading "Design"')

    def test_an_md_file_heading_it_does_not_have(self):
        self.assertStale({"scripts/x.py": '"""Doc."""\n# docs/guide.md, "Layers" explains it\n'},
                         "scripts/x.py:2", 'docs/guide.md "Layers"', 'docs/guide.md has no heading "Layers"')

    def test_a_bold_paragraph_is_not_a_heading(self):
        self.write({"README.md": README + "\n**Writing an adapter.** Do this.\n"})
        self.assertStale({"VECTORS.md": VECTORS + '\nSee README "Writing an adapter".\n'},
                         "VECTORS.md:11", 'README "Writing an adapter"', "no heading")

    def test_readme_has_no_numbered_sections(self):
        self.assertStale({"docs/notes.md": "# Notes\n\nthe decision (README §6.4)\n"},
                         "docs/notes.md:3", "README §6", "README has no numbered sections")

    def test_a_spec_section_it_does_not_have(self):
        self.assertStale({"Sources/Core/A.swift": "/* SPEC §3.1 */\n"},
                         "Sources/Core/A.swift:1", "SPEC §3.1", "SPEC.md has no section 3.1")

    def test_the_end_of_a_spec_range(self):
        self.assertStale({"Sources/Core/A.swift": "\n\n// SPEC §1.1–1.4\n"},
                         "Sources/Core/A.swift:3", "SPEC §1.1–1.4", "SPEC.md has no section 1.4")

    def test_a_vectors_section_it_does_not_have(self):
        self.assertStale({"Tools/afstools/a.py": "# VECTORS §6\n"},
                         "Tools/afstools/a.py:1", "VECTORS §6", "VECTORS.md has no section 6")

    def test_a_path_that_does_not_exist(self):
        self.assertStale({"docs/notes.md": "# Notes\n\nThe report is `docs/mutation/full-at-1234567/report.md`.\n"},
                         "docs/notes.md:3", "docs/mutation/full-at-1234567/report.md", "no such file or folder")

    def test_a_line_past_the_end_of_the_file(self):
        self.assertStale({".ci/setup": "#!/bin/sh\necho 1  # as Sources/Core/Thing.swift:4 says\n"},
                         ".ci/setup:2", "Sources/Core/Thing.swift:4", "has 3 lines, not 4")

    def test_a_placeholder_path_nothing_matches(self):
        self.assertStale({"docs/notes.md": "# Notes\n\n`Sources/<module>/Missing.swift`\n"},
                         "docs/notes.md:3", "Sources/<module>/Missing.swift", "nothing matches")

    def test_a_link_to_a_missing_file_or_anchor(self):
        self.assertStale({"docs/notes.md": "# Notes\n\n[x](../missing.md)\n"},
                         "docs/notes.md:3", "../missing.md", "no such file or folder")
        self.write({"docs/notes.md": "# Notes\n\n[x](guide.md#layers)\n"})
        self.assertEqual(self.stale(), ["docs/notes.md:3: guide.md#layers: docs/guide.md has no heading with the anchor #layers"])

    def test_a_conformance_subcommand_it_does_not_have(self):
        self.assertStale({"Sources/Core/A.swift": "/// the entry point `conformance mutants` uses\n"},
                         "Sources/Core/A.swift:1", "conformance mutants", "conformance has no subcommand mutants")

    def test_an_executable_no_package_declares(self):
        self.assertStale({"docs/notes.md": "# Notes\n\n    swift run afbench\n"},
                         "docs/notes.md:3", "swift run afbench", "no Package.swift declares an executable afbench")
        self.write({"docs/notes.md": "# Notes\n\nthe fork server afs-mutants\n"})
        self.assertEqual(len(self.stale()), 1)
        self.assertIn("afs-mutants", self.stale()[0])

    def test_a_script_subcommand_it_does_not_have(self):
        self.assertStale({"docs/notes.md": "# Notes\n\n```sh\npython3 scripts/mutate.py baseline\n```\n"},
                         "docs/notes.md:4", "mutate.py baseline", "scripts/mutate.py has no subcommand baseline")

    def test_a_ci_stage_it_does_not_have(self):
        self.assertStale({"scripts/y.py": '"""Run by .ci/stage python."""\n'},
                         "scripts/y.py:1", ".ci/stage python", ".ci/stage has no stage python")

    def test_readmes_stage_list_against_ci_run(self):
        self.write({".ci/run": CI_RUN.replace("for s in docs;", "for s in docs matrix;"),
                    ".ci/stage": CI_STAGE.replace("docs)", "matrix)\n  ;;\ndocs)")})
        self.assertEqual(self.stale(), ["README.md:7: README's stages of .ci/stage (setup, test, docs): omits matrix "
                                        "(.ci/run runs: setup test docs matrix)"])
        self.write({".ci/run": CI_RUN.replace("stage test\n", "")})
        self.assertEqual(len(self.stale()), 1)
        self.assertIn("lists test, which .ci/run does not run", self.stale()[0])


class WhatIsReadTests(TreeCase):
    """Only comments of code, vector comments and Markdown are read, at their own lines."""

    def test_swift_string_literals_are_not_comments(self):
        self.write({"Sources/Core/S.swift": (
            'let a = "// SPEC §9.9"\n'
            'let b = "x \\(f("y")) // SPEC §9.8"\n'
            'let c = #"raw "// SPEC §9.7" still"#\n'
            'let d = """\n    text SPEC §9.6\n    """\n'
            'let e = 1 // SPEC §9.5\n')})
        self.assertEqual(self.stale(), ["Sources/Core/S.swift:7: SPEC §9.5: SPEC.md has no section 9.5"])

    def test_swift_block_comments_nest_and_keep_their_lines(self):
        self.write({"Sources/Core/S.swift": "/* one\n /* two */\n SPEC §9.1\n*/\nlet x = 1\n"})
        self.assertEqual(self.stale(), ["Sources/Core/S.swift:3: SPEC §9.1: SPEC.md has no section 9.1"])

    def test_the_comment_lines_of_a_swift_template_are_read(self):
        self.write({"Sources/Core/T.swift": 'let header = """\n    // runs `conformance mutants`\n    let x = "SPEC §9.9"\n    """\n'})
        self.assertEqual([s.split(": ")[0] for s in self.stale()], ["Sources/Core/T.swift:2"])

    def test_c_comments_and_not_c_strings(self):
        self.write({"Sources/Core/k.c": 'const char *s = "/* SPEC §9.9 */"; char q = \'"\';\n// SPEC §9.2\n'})
        self.assertEqual(self.stale(), ["Sources/Core/k.c:2: SPEC §9.2: SPEC.md has no section 9.2"])

    def test_python_comments_and_docstrings_not_other_strings(self):
        self.write({"scripts/p.py": '"""Module: SPEC §9.1\nsecond line SPEC §9.2"""\nx = "SPEC §9.3"\n'
                                    'def f():\n    """SPEC §9.4"""\n    return 1  # SPEC §9.5\n'})
        self.assertEqual([s.split(": ")[0] for s in self.stale()],
                         ["scripts/p.py:1", "scripts/p.py:2", "scripts/p.py:5", "scripts/p.py:6"])

    def test_shell_comments_outside_quotes(self):
        self.write({"scripts/s.sh": "#!/bin/sh\necho '# SPEC §9.1' \"# SPEC §9.2\" ${#x}  # SPEC §9.3\n"})
        self.assertEqual(self.stale(), ["scripts/s.sh:2: SPEC §9.3: SPEC.md has no section 9.3"])

    def test_vector_comments_at_their_line(self):
        self.write({"Vectors/echo/t.json": '{\n  "description": "echo",\n  "vectors": [\n'
                                           '    {"id": "echo/t/001", "comment": "by SPEC §1.1"},\n'
                                           '    {"id": "echo/t/002", "comment": "by SPEC §1.9 (README \\"Layout\\")",\n'
                                           '     "note": "SPEC §9.9 is not a comment"}\n  ]\n}\n'})
        self.assertEqual(self.stale(), ["Vectors/echo/t.json:5: SPEC §1.9: SPEC.md has no section 1.9"])

    def test_markdown_code_blocks_are_read_for_commands_and_paths(self):
        self.write({"docs/notes.md": "# Notes\n\n```sh\nswift run conformance lint    # no such subcommand\n"
                                     "cat docs/missing.txt\n```\n\nprose: conformance lint is not a command here\n"})
        self.assertEqual(self.stale(), [
            "docs/notes.md:4: conformance lint: conformance has no subcommand lint (it has coverage, run)",
            "docs/notes.md:5: docs/missing.txt: no such file or folder: docs/missing.txt"])

    def test_placeholders_and_what_is_not_a_reference(self):
        self.write({"docs/notes.md": (
            "# Notes\n\n"
            "Cite README by a heading (`README \"Heading\"`), never README \"…\".\n"
            "A path past a file (Vectors/x/hello.TXT/y) does not exist: an error.\n"
            "multipart-kit's `Sources/MultipartKit/Parser.swift:316`; `.build/debug/afs-tool`.\n"
            "Crashes land in `docs/crash-…` (a folder that exists), `fuzz-out/x` is not in the tree.\n"
            "A [site](https://example.com/x.md) and [mail](mailto:a@b.c).\n"),
            "Sources/Core/Uses.swift": "import MultipartKit\n"})
        self.assertEqual(self.stale(), [])

    def test_paths_resolve_from_the_enclosing_package_too(self):
        self.write({"Tools/Package.swift": "let package = Package(name: \"tools\")\n",
                    "Tools/Sources/Kit/K.swift": "// Sources/Kit/K.swift:1 and Sources/Kit/Gone.swift\n"})
        self.assertEqual(self.stale(), ["Tools/Sources/Kit/K.swift:1: Sources/Kit/Gone.swift: "
                                        "no such file or folder: Sources/Kit/Gone.swift"])


@unittest.skipUnless(shutil.which("git"), "git is not installed")
class GitTreeTests(TreeCase):
    def test_in_a_repository_ignored_files_do_not_exist(self):
        self.write({".gitignore": "out/\n", "out/report.md": "# built\n",
                    "docs/notes.md": "# Notes\n\nSee `out/report.md` and `docs/guide.md`.\n"})
        import subprocess
        subprocess.run(["git", "init", "-q"], cwd=self.root, check=True)
        self.assertEqual(self.stale(), [])  # out/ is not a top-level folder of the repository's files
        self.write({"docs/notes.md": "# Notes\n\nSee `docs/out/x.md`.\n", "docs/out/x.md": "x\n", ".gitignore": "docs/out/\n"})
        self.assertEqual(self.stale(), ["docs/notes.md:3: docs/out/x.md: no such file or folder: docs/out/x.md"])

    def test_list_and_kind(self):
        status, out, _ = self.run_main("--list", "--kind", "spec")
        self.assertEqual((status, out.splitlines()[0]), (0, "Sources/Core/Thing.swift:1: [spec] SPEC §1.1"))


class HelpTests(unittest.TestCase):
    def test_help(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out), self.assertRaises(SystemExit) as e:
            xrefs.main(["--help"])
        self.assertEqual(e.exception.code, 0)
        self.assertIn("Exit status", out.getvalue())


if __name__ == "__main__":
    unittest.main()
