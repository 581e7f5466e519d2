"""The mutation tools' pure parts: the pruned list's fingerprint, the report's rendering, the ratchet's
verdict and the claims check's comparison."""
import os
import tempfile
import unittest
from unittest import mock

from afstools.mutation import build, claims, ratchet, sites, tce
from afstools.mutation.report import Outcome, ReportInput, make_report


def site(id, file, line, operator, original, mutated, function):
    return {"id": id, "key": f"{file}|{function}|{operator}|{original}→{mutated}|#0", "file": file, "line": line,
            "end_line": line, "operator": operator, "original": original, "mutated": mutated, "function": function}


A = site(1, "Multipart/A.swift", 10, "relational <→<=", "a < b", "a <= b", "f()")
B = site(2, "Values/B.swift", 20, "delete statement", "x()", "/* deleted */", "g()")
C = site(3, "Values/B.swift", 21, "integer +1", "1", "2", "g()")
D = site(4, "Values/B.swift", 30, "true↔false", "true", "false", "h()")
PRUNED_KEY = "Values/B.swift|k()|arith +↔-|a + b→a - b|#0"


class FingerprintTests(unittest.TestCase):
    def test_swift_sources_and_the_rules_content_count_not_other_files_or_the_rules_place(self):
        root = tempfile.mkdtemp()

        def write(rel, text):
            os.makedirs(os.path.dirname(os.path.join(root, rel)), exist_ok=True)
            with open(os.path.join(root, rel), "w") as f:
                f.write(text)
        for rel in ("Sources/AFSerialization/Values/X.swift", "Tools/Sources/afs-mutate/Main.swift", "a/pruning.py", "b/pruning.py"):
            write(rel, "one")
        fp = build.fingerprint(root, os.path.join(root, "a/pruning.py"))
        write("Sources/AFSerialization/Values/notes.md", "not a Swift source")
        self.assertEqual(build.fingerprint(root, os.path.join(root, "b/pruning.py")), fp)  # moved, same bytes
        for rel in ("b/pruning.py", "Sources/AFSerialization/Values/X.swift", "Tools/Sources/afs-mutate/Main.swift"):
            write(rel, "two")
            self.assertNotEqual(build.fingerprint(root, os.path.join(root, "b/pruning.py")), fp, rel)
            write(rel, "one")


# Written from the rules in report.py (kill rate cumulative over the layers in order; sections in
# SPEC order, operators by family; reviewed mutants selected but not scored), not from its output.
GOLDEN = """# Mutation analysis of Sources/AFSerialization

Generated 2026-01-02 03:04 UTC at commit abc1234 by `python3 scripts/mutation/mutate.py run --layers vectors,tests`. Scope: every site.

5 mutants in the core; 1 not compiled (pruned, not scored); 4 selected; 1 equivalent and 0 diagnostic-only (not scored); **3 scored**.

Exclusions by method: 1 not compiled (the schemata build's compiler errors, per mutant); 0 equivalent by trivial compiler equivalence (identical -O object code, docs/mutation/tce.json); 1 equivalent by review (docs/mutation/equivalent.json, each checked by outputs with verify_claims.py); 0 diagnostic-only by review (docs/mutation/diagnostic.json).

## Kill rate (behaviour mutants, cumulative)

| layers | killed | of | rate | layer time |
|---|---:|---:|---:|---:|
| vectors | 1 | 3 | 33.3 % | 12 s |
| vectors + tests | 2 | 3 | 66.7 % | 56 s |

Times: vectors 12.3 s, tests 56.0 s, total 70.0 s.

## Per SPEC section (core folder)

| | mutants | killed ≤ vectors | killed ≤ tests | rate (all layers run) |
|---|---:|---:|---:|---:|
| Multipart | 1 | 1 | 1 | 100.0 % |
| Values | 2 | 0 | 1 | 50.0 % |

## Per operator

| | mutants | killed ≤ vectors | killed ≤ tests | rate (all layers run) |
|---|---:|---:|---:|---:|
| delete statement | 1 | 0 | 1 | 100.0 % |
| integer literal ±1/→0 | 1 | 0 | 0 | 0.0 % |
| relational < <= > >= | 1 | 1 | 1 | 100.0 % |

## Sites per operator (whole core, before pruning)

| operator | mutants | not compiled |
|---|---:|---:|
| arith +↔- | 1 | 1 |
| delete statement | 1 | 0 |
| integer literal ±1/→0 | 1 | 0 |
| relational < <= > >= | 1 | 0 |
| true↔false | 1 | 0 |

## Survivors (1; 1 of them not covered)

Not killed by any layer that ran; `last layer` is the last one that tried. "not covered by L": layer L's coverage map has no test of L executing the mutated function, so L did not run it.

| file:line | operator | original → mutated | function | last layer | key |
|---|---|---|---|---|---|
| Values/B.swift:21 | integer +1 | `1` → `2` | g() | tests; not covered by tests | <sub>Values/B.swift\\|g()\\|integer +1\\|1→2\\|#0</sub> |

## Functions with sites and no scored mutant (2)

Every mutant of these functions is out of the score; the reason is the list that took each out (a compiler error, a reviewed claim). None may be missing a reason.

| function | sites | not compiled | equivalent | diagnostic | reason |
|---|---:|---:|---:|---:|---|
| Values/B.swift h() | 1 | 0 | 1 | 0 | speed only |
| Values/B.swift k() | 1 | 1 | 0 | 0 | not compiled: B.swift:40: cannot convert |

## Not compiled (1)

Sites whose switched code did not type-check (pruned from the schemata, not scored):

| key | compiler error |
|---|---|
| <sub>Values/B.swift\\|k()\\|arith +↔-\\|a + b→a - b\\|#0</sub> | B.swift:40: cannot convert |
"""


class ReportTests(unittest.TestCase):
    def test_markdown_and_counts_of_a_small_run(self):
        results = {1: Outcome("vectors", "exit 1", "vectors"), 2: Outcome("tests", "exit 1", "tests"),
                   3: Outcome(None, "", "tests", ["tests"]), 4: Outcome()}
        ri = ReportInput([A, B, C, D], [A, B, C, D], {PRUNED_KEY: "B.swift:40: cannot convert"}, ["vectors", "tests"],
                         results, {"vectors": 12.34, "tests": 56.0, "total": 70.0}, "every site", "run --layers vectors,tests",
                         generated="2026-01-02 03:04 UTC", commit="abc1234")
        with mock.patch("afstools.mutation.report.reviewed", return_value=({D["key"]: "speed only"}, {}, [])):
            js, md = make_report(ri)
        self.assertEqual(md, GOLDEN)
        self.assertEqual(js["kill_rate"]["tests"], {"killed": 2, "scored": 3, "rate": 66.67})
        self.assertEqual([m["killed_by"] for m in js["mutants"]], ["vectors", "tests", None, None])
        self.assertEqual([m["not_covered_by"] for m in js["mutants"]], [[], [], ["tests"], []])
        self.assertEqual([s["not_covered_by"] for s in js["survivors"]], [["tests"]])
        self.assertNotIn("incremental", js)
        self.assertEqual(js["mutants"][3]["reviewed"], "equivalent")

    def test_an_incremental_run_says_what_it_reused_and_keeps_each_basis(self):
        basis = {"function": "f1", "layers": {"vectors": "v1", "tests": "t1"}}
        ri = ReportInput([A, B], [A, B], {}, ["vectors", "tests"], {1: Outcome("vectors", "exit 1", "vectors"),
                                                                    2: Outcome("tests", "exit 1", "tests")},
                         {"total": 1.0}, "every site", "run --incremental r.json", generated="2026-01-02 03:04 UTC",
                         commit="abc1234", basis={1: basis},
                         incremental={"from": "r.json", "commit": "0ld", "reused": 1, "run": 1})
        with mock.patch("afstools.mutation.report.reviewed", return_value=({}, {}, [])):
            js, md = make_report(ri)
        self.assertIn("Incremental: 1 verdicts reused from r.json (commit 0ld: the mutant's function and covering "
                      "units unchanged), 1 mutants run.", md)
        self.assertEqual(js["incremental"]["reused"], 1)
        self.assertEqual([m.get("basis") for m in js["mutants"]], [basis, None])


class RatchetTests(unittest.TestCase):
    def verdict(self, base, res=None):
        res = res or {1: (True, "exit 1"), 2: (True, "exit 1"), 3: (False, "")}
        return ratchet.decide([A, B, C], res, base)

    def test_the_baselines_rate_and_survivors_pass(self):
        v = self.verdict({"kill_rate": 66.67, "survivors": [C["key"]]})
        self.assertEqual((v.killed, v.scored, v.rate, v.ok, v.lost), (2, 3, 66.67, True, []))

    def test_a_rate_below_the_baseline_fails(self):
        self.assertFalse(self.verdict({"kill_rate": 70.0, "survivors": [C["key"]]}).ok)
        self.assertTrue(self.verdict({"kill_rate": 70.0, "survivors": [C["key"]], "tolerance": 5.0}).ok)

    def test_a_mutant_the_baseline_killed_that_survives_fails(self):
        v = self.verdict({"kill_rate": 50.0, "survivors": []})
        self.assertEqual((v.ok, v.lost), (False, [C]))

    def test_a_baseline_timeout_that_finishes_in_time_counts_as_killed(self):
        res = {1: (True, "exit 1"), 2: (True, "exit 1"), 3: (False, "")}
        v = self.verdict({"kill_rate": 100.0, "survivors": [], "timeouts": [C["key"]]}, res)
        self.assertEqual((v.ok, v.unstable, res[3]), (True, [C], (True, "timeout in the baseline")))


class ClaimsTests(unittest.TestCase):
    def test_a_diagnostic_comparison_ignores_message_fields_at_any_depth(self):
        a = '{"id":"x","output":{"error":{"domain":"D","kind":"k","description":"one","offset":3,"underlying":{"reason":"r","code":1}}}}'
        b = '{"id":"x","output":{"error":{"kind":"k","domain":"D","description":"two","offset":3,"underlying":{"reason":"s","code":1}}}}'
        c = '{"id":"x","output":{"error":{"domain":"D","kind":"k","description":"one","offset":4,"underlying":{"reason":"r","code":1}}}}'
        self.assertEqual(claims.without_messages(a), claims.without_messages(b))
        self.assertNotEqual(claims.without_messages(a), claims.without_messages(c))
        self.assertEqual(claims.without_messages("not json"), "not json")
        self.assertEqual([claims.judge(0, [], 1, True), claims.judge(0, [], 1, False)], [True, False])

    def test_changed_claims_and_a_different_or_missing_reply(self):
        self.assertEqual(claims.changed({"a": "x", "b": "y", "c": "z"}, {"a": "x", "b": "old"}), ["b", "c"])
        base = ["r1", "r2", "r3"]
        self.assertEqual((claims.differing(base, list(base)), claims.differing(base, ["r1", "R2"])), ([], [1, 2]))
        self.assertEqual([claims.judge(*a) for a in ((0, [], 0), (0, [1], 0), (1, [], 0), (0, [], 1))], [True, False, False, False])
        # the fresh fuzz inputs decide an equivalent claim, not a diagnostic one (their digests hash messages)
        self.assertEqual([claims.judge(0, [], 0, False, 1), claims.judge(0, [], 0, True, 1)], [False, True])


if __name__ == "__main__":
    unittest.main()


SCHEMATA_FILE = """func f(a: Int, b: Int) -> Bool { __afsLT(7, a, b) }
func g() -> Int { __afsI3(9, 1) + __afsGI3(12, 2) }
@inline(__always) fileprivate var __afsActive: Int { let v = __afsActiveStorage; return v >= 0 ? v : __afsLoadActive() }
@inline(__always) fileprivate func __afsLT<T: Comparable>(_ id: Int, _ a: T, _ b: T) -> Bool { false }
@inline(__always) fileprivate func __afsI3(_ id: Int, _ v: Int) -> Int { v }
"""


class TCETests(unittest.TestCase):
    """Trivial compiler equivalence's source handling (the compile itself needs the schemata build)."""

    def test_pinning_fixes_only_the_fileprivate_switch_getter(self):
        out = tce.pinned(SCHEMATA_FILE, 8)
        self.assertIn("@inline(__always) fileprivate var __afsActive: Int { 8 }\n", out)
        self.assertEqual(out.replace("{ 8 }", "{ let v = __afsActiveStorage; return v >= 0 ? v : __afsLoadActive() }"), SCHEMATA_FILE)
        with self.assertRaises(ValueError):
            tce.pinned("func f() {}\n", 1)

    def test_a_mutant_is_judged_by_its_groups_call_through_a_fileprivate_helper(self):
        lt = {"id": 8, "group": 5, "helper": "__afsLT"}
        self.assertIsNone(tce.eligible(lt, SCHEMATA_FILE, 7))
        self.assertIn("no call __afsLT(8", tce.eligible(lt, SCHEMATA_FILE, 8))
        inlinable = {"id": 13, "group": 6, "helper": "__afsGI3"}
        self.assertIn("global helper __afsGI3", tce.eligible(inlinable, SCHEMATA_FILE, 12))
        self.assertEqual(tce.group_bases([{"id": 8, "group": 5}, {"id": 7, "group": 5}, {"id": 9, "group": 6}]), {5: 7, 6: 9})

    def test_exclusions_are_counted_by_method(self):
        eq = {"a": "a capacity hint", "b": sites.TCE_REASON}
        self.assertEqual(sites.by_method(["a", "b", "c", "d"], eq, {"c": "message only"}), {"tce": 1, "review": 1, "diagnostic": 1})


class PercentTests(unittest.TestCase):
    def test_a_survivor_is_never_rounded_away(self):
        from afstools.mutation.report import pct
        self.assertEqual([pct(5881, 5883), pct(5883, 5883), pct(5674, 5883), pct(1, 0)], ["99.97 %", "100.0 %", "96.4 %", "n/a"])
