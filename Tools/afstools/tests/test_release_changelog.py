"""The vectors' changelog (afstools/release/changelog.py) on small suites in temporary folders."""
import argparse
import contextlib
import io
import os
import shutil
import subprocess
import tempfile
import unittest

from afstools.release import changelog as cl

ROOTS = []
SUITE = '{\n  "suite": "afserialization-vectors",\n  "version": "%s"\n}\n'


def vector(n, expected='{"out": 1}', comment="c", level='"must"', extra=""):
    return ('{"id": "comp/t/%03d", "comment": "%s", "input": {"x": %d}%s, "expected": %s, "level": %s}'
            % (n, comment, n, extra, expected, level))


class Suite:
    """A repository root holding Vectors/ with one vector file, comp/t.json, and the files around it."""

    def __init__(self, version="1.0.0-dev"):
        self.root = tempfile.mkdtemp()
        ROOTS.append(self.root)
        self.write("Vectors/suite.json", SUITE % version)
        self.write("Vectors/schema/vectors.schema.json", "{}\n")
        self.write("Vectors/coverage.json", '{"required": []}\n')
        self.write("Vectors/comp/fixtures/data.bin", "abc")
        self.vectors([vector(1), vector(2), vector(3)])

    def write(self, rel, text):
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)

    def read(self, rel):
        with open(os.path.join(self.root, rel)) as f:
            return f.read()

    def vectors(self, items, rel="Vectors/comp/t.json"):
        self.write(rel, '{"schema": "afserialization-vectors/1", "component": "comp", "vectors": [\n%s\n]}\n'
                   % ",\n".join(items))

    def manifest(self):
        return cl.manifest(cl.tree_blobs(os.path.join(self.root, "Vectors")))

    def check(self):
        return cl.check(self.root)

    def released(self, version="1.0.0", next_version="1.1.0-dev"):
        """Cuts `version`, then opens the next one as a developer would."""
        cl.cut(self.root, version, "2024-01-01")
        self.write("Vectors/suite.json", SUITE % next_version)
        return self


class ManifestTests(unittest.TestCase):
    def test_member_order_in_expected_changes_exp_only(self):
        s = Suite()
        before = s.manifest()["vectors"]["comp/t/001"]
        s.vectors([vector(1, expected='{"json": {"a": 1, "b": 2}}'), vector(2), vector(3)])
        a = s.manifest()["vectors"]["comp/t/001"]
        s.vectors([vector(1, expected='{"json": {"b": 2, "a": 1}}'), vector(2), vector(3)])
        b = s.manifest()["vectors"]["comp/t/001"]
        self.assertEqual((before[1], before[3]), (b[1], b[3]))  # in and level unchanged
        self.assertNotEqual(a[2], b[2])
        self.assertNotEqual(before[2], a[2])
        self.assertEqual(len(b[2]), 16)

    def test_a_repeated_member_name_counts(self):
        s = Suite()
        s.vectors([vector(1, expected='{"json": {"a": 1, "a": 2}}')])
        a = s.manifest()["vectors"]["comp/t/001"][2]
        s.vectors([vector(1, expected='{"json": {"a": 2}}')])
        self.assertNotEqual(a, s.manifest()["vectors"]["comp/t/001"][2])

    def test_what_is_a_vector_file(self):
        m = Suite().manifest()
        self.assertEqual(sorted(m["files"]), ["comp/fixtures/data.bin", "comp/t.json", "coverage.json",
                                              "schema/vectors.schema.json"])
        self.assertEqual(sorted(m["vectors"]), ["comp/t/001", "comp/t/002", "comp/t/003"])
        self.assertEqual(m["vectors"]["comp/t/002"][0], "comp/t.json")
        self.assertEqual((m["version"], m["schema"]), ("1.0.0-dev", "afserialization-vectors/1"))

    def test_level_object_and_absent(self):
        s = Suite()
        s.vectors([vector(1, level='{"strict": "must", "af3": "af"}'), '{"id": "comp/t/002", "input": {}, "expected": {}}'])
        v = s.manifest()["vectors"]
        self.assertEqual((v["comp/t/001"][3], v["comp/t/002"][3]), ("af3:af strict:must", ""))

    def test_digest_is_the_shell_recipe(self):
        s = Suite()
        s.write("Vectors/.hidden/x.json", "{}")
        s.write("Vectors/comp/.swp", "x")
        s.write("Vectors/comp/a b.txt", "space")
        s.write("Vectors/Z.json", "upper sorts first")
        shell = subprocess.run(["/bin/sh", "-c", "cd Vectors && find . -name '.?*' -prune -o -type f -print0 "
                                "| LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum"],
                               cwd=s.root, capture_output=True, text=True, check=True).stdout.split()[0]
        self.assertEqual(s.manifest()["digest"], "sha256:" + shell)

    def test_write_and_read_back(self):
        s = Suite()
        m = dict(s.manifest(), date="2024-01-01", reasons={"comp/t/*": "why é"})
        path = os.path.join(s.root, "m.json")
        cl.write_manifest(path, m)
        back = cl.read_manifest(path)
        self.assertEqual(back, dict(m, vectors={k: tuple(v) for k, v in m["vectors"].items()}))
        self.assertIn('   "comp/t/002": [', s.read("m.json").splitlines()[-5])

    def test_errors_name_the_file_and_member(self):
        s = Suite()
        s.write("Vectors/comp/bad.json", "{nope")
        with self.assertRaisesRegex(cl.Problem, r"Vectors/comp/bad.json: not valid JSON"):
            s.manifest()
        s.vectors([vector(2)], rel="Vectors/comp/bad.json")
        with self.assertRaisesRegex(cl.Problem, r"comp/t.json: vectors\[1\].id: duplicate id comp/t/002 \(first in Vectors/comp/bad.json\)"):
            s.manifest()
        s.write("Vectors/comp/bad.json", '{"vectors": {}}')
        with self.assertRaisesRegex(cl.Problem, r'comp/bad.json: member "vectors" must be an array'):
            s.manifest()
        os.remove(os.path.join(s.root, "Vectors/comp/bad.json"))
        s.write("Vectors/suite.json", SUITE % "1.01.0-dev")
        with self.assertRaisesRegex(cl.Problem, r"Vectors/suite.json: version '1.01.0-dev' is not MAJOR"):
            s.check()


class DiffTests(unittest.TestCase):
    def test_every_kind(self):
        s = Suite()
        old = s.manifest()
        s.vectors([vector(1, expected='{"out": 2}'), vector(2, level='"af"', comment="new words"), vector(4)])
        s.vectors([vector(3, extra=', "options": {"o": true}')], rel="Vectors/comp/u.json")
        s.write("Vectors/comp/fixtures/data.bin", "abd")
        s.write("Vectors/af-audit.json", "[]")
        d = cl.diff(old, s.manifest())
        self.assertEqual(d["exp"], [("comp/t/001", "comp/t.json")])
        self.assertEqual(d["level"], [("comp/t/002", "comp/t.json")])
        self.assertEqual(d["in"], [("comp/t/003", "comp/u.json")])
        self.assertEqual(d["moved"], [("comp/t/003", "comp/t.json → comp/u.json")])
        self.assertEqual(d["added"], [("comp/t/004", "comp/t.json")])
        self.assertEqual(d["removed"], [])
        self.assertEqual(d["files"], [("af-audit.json", "added"), ("comp/fixtures/data.bin", "changed")])
        self.assertEqual(d["text"], [])

    def test_removed_and_comment_only(self):
        s = Suite()
        s.vectors([vector(1), vector(2)])
        s.vectors([vector(9)], rel="Vectors/comp/v.json")
        old = s.manifest()
        s.vectors([vector(1)])
        s.vectors([vector(9, comment="reworded")], rel="Vectors/comp/v.json")
        new = s.manifest()
        d = cl.diff(old, new)
        self.assertEqual(d["removed"], [("comp/t/002", "comp/t.json")])
        self.assertEqual(d["text"], [("comp/v.json", "changed")])
        self.assertEqual(cl.needed_step(old, new, d), "MINOR")
        del d["removed"][:]
        self.assertEqual(cl.needed_step(old, new, d), "PATCH")

    def test_a_group_of_more_than_twenty_collapses(self):
        s = Suite()
        old = s.manifest()
        s.vectors([vector(n) for n in range(1, 26)])
        text = "\n".join(cl.section("x", old, s.manifest(), {}))
        self.assertIn("- `comp/t.json`: 22 ids, from `comp/t/004` to `comp/t/025`", text)
        self.assertIn("25 vectors (+22 since 1.0.0-dev).", text)
        s.vectors([vector(n) for n in range(1, 24)])
        text = "\n".join(cl.section("x", old, s.manifest(), {}))
        self.assertIn("- `comp/t.json`: `comp/t/004`, `comp/t/005`, ", text)  # 20 ids: each named
        self.assertTrue(text.rstrip().endswith("`comp/t/022`, `comp/t/023`"), text)

    def test_a_schema_change_is_major(self):
        s = Suite().released()
        s.write("Vectors/comp/t.json", s.read("Vectors/comp/t.json").replace("vectors/1", "vectors/2"))
        cl.write_changelog(s.root)
        self.assertEqual(s.check(), ["Vectors/suite.json: a change of schema since 1.0.0 needs a MAJOR step: use 2.0.0-dev"])


class CheckTests(unittest.TestCase):
    def test_first_release_cut(self):
        s = Suite()
        self.assertEqual(s.check(), ["docs/releases/CHANGELOG-vectors.md is missing: python3 scripts/release.py changelog"])
        m = cl.cut(s.root, "1.0.0", "2024-01-01")
        self.assertEqual(s.read("Vectors/suite.json"), SUITE % "1.0.0")
        self.assertEqual(s.read("docs/releases/unreleased.json"), "{}\n")
        saved = cl.read_manifest(os.path.join(s.root, "docs/releases/vectors-1.0.0.json"))
        self.assertEqual((saved["version"], saved["date"], saved["reasons"]), ("1.0.0", "2024-01-01", {}))
        self.assertEqual(saved["digest"], s.manifest()["digest"])  # the digest of the released tree, suite.json included
        self.assertEqual(len(m["vectors"]), 3)
        log = s.read("docs/releases/CHANGELOG-vectors.md")
        self.assertIn("## 1.0.0 — 2024-01-01\n\nFirst versioned release: 3 vectors. Digest `%s`." % saved["digest"], log)
        self.assertIn("| comp | 3 |", log)
        self.assertNotIn("Unreleased", log)
        self.assertEqual(s.check(), [])

    def test_missing_and_stale_reasons(self):
        s = Suite().released()
        s.vectors([vector(1), vector(2, expected='{"out": 9}')])
        s.write("docs/releases/unreleased.json", '{"comp/t/009": "gone"}')
        problems = s.check()
        self.assertIn("docs/releases/unreleased.json: no reason for removed: comp/t/003", problems)
        self.assertIn("docs/releases/unreleased.json: no reason for expected changed: comp/t/002", problems)
        self.assertIn('docs/releases/unreleased.json: stale reason "comp/t/009": it matches no change since the last release',
                      problems)
        with self.assertRaisesRegex(cl.Problem, "no reason for removed: comp/t/003"):
            cl.cut(s.root, "1.1.0")

    def test_glob_and_file_reasons(self):
        s = Suite().released()
        s.vectors([vector(1, expected='{"out": 5}'), vector(2, expected='{"out": 6}'), vector(3)])
        s.write("Vectors/comp/fixtures/data.bin", "new")
        s.write("docs/releases/unreleased.json", '{"comp/t/00[12]": "SPEC §1 says 5", "file:comp/fixtures/*": "bigger"}')
        cl.write_changelog(s.root)
        self.assertEqual(s.check(), [])
        log = s.read("docs/releases/CHANGELOG-vectors.md")
        self.assertIn("## Unreleased (1.1.0-dev)\n\n3 vectors (+0 since 1.0.0).", log)
        self.assertIn("### Expected changed (2)\n\n- SPEC §1 says 5\n  - `comp/t.json`: `comp/t/001`, `comp/t/002`\n", log)
        self.assertIn("### Files changed (1)\n\n- bigger\n  - `comp/fixtures/data.bin` (changed)\n", log)

    def test_a_released_suite_is_immutable(self):
        s = Suite().released(next_version="1.0.0")
        cl.write_changelog(s.root)
        self.assertEqual(s.check(), [])
        s.vectors([vector(1), vector(2), vector(3, expected="{}")])
        problems = s.check()
        self.assertTrue(problems[0].startswith("Vectors/suite.json: a released suite is immutable: Vectors/ differs "
                                               "from docs/releases/vectors-1.0.0.json"), problems)
        self.assertTrue(problems[0].endswith("bump to 1.1.0-dev"), problems)

    def test_a_patch_step_over_a_gate_change(self):
        s = Suite().released(next_version="1.0.1-dev")
        s.vectors([vector(1), vector(2), vector(3), vector(4)])
        cl.write_changelog(s.root)
        self.assertEqual(s.check(), ["Vectors/suite.json: a change that moves a gate since 1.0.0 needs a MINOR step: "
                                     "use 1.1.0-dev"])
        with self.assertRaisesRegex(cl.Problem, "needs a MINOR step: use 1.1.0$"):
            cl.cut(s.root, "1.0.1")
        s.vectors([vector(1), vector(2), vector(3, comment="only words")])
        cl.write_changelog(s.root)
        self.assertEqual(s.check(), [])  # a comment is a PATCH

    def test_a_version_not_above_the_last_release(self):
        s = Suite().released(next_version="1.0.0-dev")
        cl.write_changelog(s.root)
        self.assertEqual(s.check(), ["Vectors/suite.json: version 1.0.0-dev is not above the last release 1.0.0: "
                                     "use 1.0.1-dev"])

    def test_second_cut_and_history(self):
        s = Suite().released()
        s.vectors([vector(1), vector(2, expected='{"out": 7}'), vector(3), vector(4)])
        s.write("docs/releases/unreleased.json", '{"comp/t/002": "RFC 1 says 7"}\n')
        with self.assertRaisesRegex(cl.Problem, "1.0.5 is below"):
            cl.cut(s.root, "1.0.5")
        cl.cut(s.root, "1.1.0", "2024-02-01")
        self.assertEqual(s.read("Vectors/suite.json"), SUITE % "1.1.0")
        self.assertEqual(s.read("docs/releases/unreleased.json"), "{}\n")
        saved = cl.read_manifest(os.path.join(s.root, "docs/releases/vectors-1.1.0.json"))
        self.assertEqual(saved["reasons"], {"comp/t/002": "RFC 1 says 7"})
        log = s.read("docs/releases/CHANGELOG-vectors.md")
        self.assertLess(log.index("## 1.1.0 — 2024-02-01"), log.index("## 1.0.0 — 2024-01-01"))
        self.assertIn("### Added (1)\n\n- `comp/t.json`: `comp/t/004`\n", log)
        self.assertIn("- RFC 1 says 7\n  - `comp/t.json`: `comp/t/002`", log)
        self.assertEqual(s.check(), [])
        s.write("docs/releases/CHANGELOG-vectors.md", log.replace("RFC 1", "RFC 2"))
        self.assertEqual(s.check(), ["docs/releases/CHANGELOG-vectors.md is out of date: python3 scripts/release.py changelog"])


class GitSourceTests(unittest.TestCase):
    def test_a_revision_is_read_from_its_blobs(self):
        if not shutil.which("git"):
            self.skipTest("no git")
        s = Suite()
        git = ["git", "-C", s.root, "-c", "user.name=t", "-c", "user.email=t@example.com"]
        subprocess.run(git + ["init", "-q"], check=True)
        s.write("Vectors/.gitignore", "x\n")  # a dot file: the digest does not hash it
        os.symlink("coverage.json", os.path.join(s.root, "Vectors/link.json"))  # nor a symlink (find -type f)
        subprocess.run(git + ["add", "-A"], check=True)
        subprocess.run(git + ["commit", "-q", "-m", "one"], check=True)
        first = s.manifest()
        s.vectors([vector(1), vector(2, expected='{"out": 3}')])
        subprocess.run(git + ["commit", "-q", "-am", "two"], check=True)
        s.vectors([vector(1)])  # the working tree, not committed
        old, _, label = cl.source(s.root, "HEAD~1")
        self.assertEqual((old, label), (first, "HEAD~1"))
        new = cl.source(s.root, "HEAD")[0]
        d = cl.diff(old, new)
        self.assertEqual((d["exp"], d["removed"]), ([("comp/t/002", "comp/t.json")], [("comp/t/003", "comp/t.json")]))
        self.assertEqual(len(cl.source(s.root, "tree")[0]["vectors"]), 1)
        with self.assertRaisesRegex(cl.Problem, "nope is not a release"):
            cl.source(s.root, "nope")


class CommandTests(unittest.TestCase):
    def run_cli(self, *argv):
        ap = argparse.ArgumentParser()
        cl.register(ap.add_subparsers(dest="cmd", required=True))
        a = ap.parse_args(list(argv))
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = a.func(a)
        return status, out.getvalue() + err.getvalue()

    def test_exit_statuses(self):
        s = Suite()
        self.assertEqual(self.run_cli("changelog", "--check", "--root", s.root),
                         (1, "docs/releases/CHANGELOG-vectors.md is missing: python3 scripts/release.py changelog\n"))
        self.assertEqual(self.run_cli("cut", "1.0.0", "--root", s.root, "--date", "2024-01-01")[0], 0)
        self.assertEqual(self.run_cli("changelog", "--check", "--root", s.root)[0], 0)
        self.assertEqual(self.run_cli("cut", "1.0.0", "--root", s.root),
                         (2, "release.py cut: 1.0.0 is below or equal to Vectors/suite.json's version 1.0.0\n"))
        s.vectors([vector(1), vector(2)])
        status, out = self.run_cli("changelog", "--from", "1.0.0", "--to", "tree", "--root", s.root)
        self.assertEqual(status, 0)
        self.assertTrue(out.startswith("## 1.0.0 → the tree\n\n2 vectors (-1 since 1.0.0)."), out)
        self.assertIn("### Removed (1)\n\n- *no reason recorded*\n  - `comp/t.json`: `comp/t/003`\n", out)


def tearDownModule():
    for root in ROOTS:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
