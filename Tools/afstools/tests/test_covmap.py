"""The tests layer's selection (afstools.mutation.covmap.Selector) on a small hand-made map: which
suites a site gets, unmapped code, code no suite reaches, skipped suites, suites that fail alone."""
import os
import re
import shutil
import tempfile
import time
import unittest

from afstools import proc
from afstools.mutation import covmap, layers

# File A: f spans lines 10-20 and holds the closure g on line 12 (columns 20-40); h spans 30-40;
# k spans 50-60. File B: b spans 1-9.
FUNCTIONS = {"f": ["A.swift", 10, 1, 20, 2], "g": ["A.swift", 12, 20, 12, 40], "h": ["A.swift", 30, 1, 40, 2],
             "k": ["A.swift", 50, 1, 60, 2], "b": ["B.swift", 1, 1, 9, 2]}


def site(file, line, column=None, end_line=None):
    """A site as afs-mutate lists it: its start (line, column) and its last line."""
    s = {"file": file, "line": line, "end_line": end_line or line}
    if column is not None:
        s["column"] = column
    return s


def tests_map(**over):
    m = {"functions": FUNCTIONS, "failing_alone": [],
         "units": {"M.Outer": ["f"], "M.Closure": ["f", "g"], "M.H": ["h"], "M.Harness": ["h", "b"]}}
    m.update(over)
    return m


class SelectorTests(unittest.TestCase):
    def test_a_site_gets_the_suites_of_every_function_that_holds_it(self):
        sel = covmap.Selector(tests_map())
        self.assertEqual(sel.units_for(site("A.swift", 30, 5)), ["M.H", "M.Harness"])
        # In the closure: the closure's suites and the enclosing function's.
        self.assertEqual(sel.units_for(site("A.swift", 12, 25)), ["M.Closure", "M.Outer"])
        # Before the closure on the same line: the enclosing function only, which both suites run.
        self.assertEqual(sel.functions(site("A.swift", 12, 5)), ["f"])
        # On a function's first and last line, inside its extent.
        self.assertEqual(sel.functions(site("A.swift", 60, 1)), ["k"])
        self.assertEqual(sel.functions(site("A.swift", 60, 3)), [])

    def test_a_site_without_columns_takes_every_function_on_its_lines(self):
        sel = covmap.Selector(tests_map())
        self.assertEqual(sorted(sel.functions(site("A.swift", 12))), ["f", "g"])
        self.assertEqual(sel.functions(site("A.swift", 19, end_line=21)), [])  # runs past f's end

    def test_code_outside_every_function_of_the_map_runs_every_suite(self):
        sel = covmap.Selector(tests_map())
        self.assertEqual(sel.units_for(site("C.swift", 3, 1)), None)
        self.assertEqual(sel.units_for(site("A.swift", 25, 1)), None)

    def test_a_function_no_suite_executes_is_not_covered(self):
        sel = covmap.Selector(tests_map())
        self.assertEqual(sel.units_for(site("A.swift", 55, 3)), [])

    def test_skipped_suites_are_never_chosen(self):
        sel = covmap.Selector(tests_map(), skip="Harness|^M\\.H/")
        self.assertEqual(sel.units, ["M.Closure", "M.Outer"])
        self.assertEqual(sel.units_for(site("A.swift", 30, 5)), [])
        self.assertEqual(sel.units_for(site("B.swift", 2, 1)), [])

    def test_a_suite_that_fails_alone_runs_for_every_mapped_site(self):
        sel = covmap.Selector(tests_map(failing_alone=["M.Outer"]))
        self.assertEqual(sel.units_for(site("A.swift", 55, 3)), ["M.Outer"])
        self.assertEqual(sel.units_for(site("B.swift", 2, 1)), ["M.Harness", "M.Outer"])


class RunnerTests(unittest.TestCase):
    def fake_binary(self, listing, status=0):
        """A stand-in test binary whose --dump-tests-json prints `listing`."""
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        path = os.path.join(d, "Fake.xctest")
        with open(path, "w") as f:
            f.write(f"#!/bin/sh\nprintf '%s' '{listing}'\nexit {status}\n")
        os.chmod(path, 0o755)
        return path

    def test_a_binary_with_swift_testing_tests_only_runs_directly(self):
        b = self.fake_binary('{"name":"All tests","tests":[{"tests":[],"name":"debug.xctest"}]}')
        self.assertEqual(covmap.swift_testing_cmd(b), [b, "--testing-library", "swift-testing"])

    def test_xctest_tests_or_an_unreadable_listing_keep_swift_test(self):
        one = '{"name":"All tests","tests":[{"name":"debug.xctest","tests":[{"name":"T","tests":[{"name":"testA"}]}]}]}'
        self.assertIsNone(covmap.swift_testing_cmd(self.fake_binary(one)))
        self.assertIsNone(covmap.swift_testing_cmd(self.fake_binary("not json")))
        self.assertIsNone(covmap.swift_testing_cmd(self.fake_binary('{"tests":[]}', status=1)))


class EarlyStopTests(unittest.TestCase):
    """A mutant's tests end at Swift Testing's first failing expectation (layers.ISSUE_LINE), with stand-in
    runners whose lines are Swift Testing's, colours included."""

    def runner(self, body):
        d = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, d)
        path = os.path.join(d, "run.sh")
        with open(path, "w") as f:
            f.write("#!/bin/sh\n" + body + "\n")
        os.chmod(path, 0o755)
        return path

    def run_it(self, body, timeout=30):
        t = time.monotonic()
        out = proc.run_one([self.runner(body)], {}, timeout, stop=layers.ISSUE_LINE)
        return out, time.monotonic() - t

    def test_the_first_issue_ends_the_run_as_a_kill(self):
        issue = r"printf '\033[91m\342\234\230\033[0m Test f() recorded an issue at T.swift:3:5: Expectation failed\n' >&2"
        (killed, how), took = self.run_it(issue + "; sleep 20; exit 1")
        self.assertEqual((killed, how), (True, "failed early"))
        self.assertLess(took, 10)

    def test_known_issues_warnings_and_silence_are_judged_by_the_exit_status(self):
        known = r"printf '\342\234\230 Test f() recorded a known issue at T.swift:3:5\n'"
        warning = r"printf '\342\232\240 Test f() recorded a warning at T.swift:3:5\n' >&2"
        self.assertEqual(self.run_it(known + "; " + warning + "; exit 0")[0], (False, ""))
        self.assertEqual(self.run_it("echo 'Fatal error: index out of range' >&2; exit 4")[0], (True, "exit 4"))

    def test_a_run_that_prints_a_lot_and_never_matches_neither_blocks_nor_stops(self):
        # More output than a pipe holds: the watcher keeps reading to the end.
        self.assertEqual(self.run_it("yes '\342\234\224 Test g() passed' | head -c 2000000; exit 0")[0], (False, ""))

    def test_a_hang_is_still_a_timeout(self):
        self.assertEqual(self.run_it("sleep 30", timeout=1)[0], (True, "timeout"))


class FilterAndFingerprintTests(unittest.TestCase):
    def test_the_filter_matches_exactly_the_chosen_suites(self):
        rx = re.compile(covmap.suite_filter(["M.H", "M.Outer"]))
        self.assertTrue(rx.search("M.H/test()"))
        self.assertTrue(rx.search("M.Outer/x(a:)"))
        self.assertFalse(rx.search("M.Harness/test()"))
        self.assertFalse(rx.search("MxH/test()"))

    def test_the_fingerprint_follows_every_source_the_test_binary_is_built_from(self):
        root = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, root)
        for rel, text in (("Package.swift", "// p"), ("Sources/Core/a.swift", "let a = 1"), ("Tests/T/t.swift", "t")):
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w") as f:
                f.write(text)
        first = covmap.fingerprint(covmap.TESTS_INPUTS, root)
        self.assertEqual(first, covmap.fingerprint(covmap.TESTS_INPUTS, root))
        with open(os.path.join(root, "Tests/T/t.swift"), "w") as f:
            f.write("t2")
        second = covmap.fingerprint(covmap.TESTS_INPUTS, root)
        self.assertNotEqual(first, second)
        with open(os.path.join(root, "Sources/Core/notes.md"), "w") as f:
            f.write("not compiled")
        self.assertEqual(second, covmap.fingerprint(covmap.TESTS_INPUTS, root))
        # So does the recipe: a map counted another way (flags, profile pattern) is not current.
        other = covmap.TESTS_INPUTS[:2] + (covmap.TESTS_INPUTS[2].replace("%c", ""),)
        self.assertNotEqual(second, covmap.fingerprint(other, root))


if __name__ == "__main__":
    unittest.main()
