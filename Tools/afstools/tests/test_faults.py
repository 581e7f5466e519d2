"""The real-fault replay's own logic: the catalogue's rules, the report's counts and the complexity
layer's verdict on a cost curve (no build, no Valgrind)."""
import os
import tempfile
import unittest
from unittest import mock

from afstools import ROOT, complexity
from afstools.faults import catalogue, cli, replay, report


def fault(i, **kw):
    f = {"id": i, "group": "parsers", "kind": "logic", "source": {"ref": "CVE-0000-0000"}, "spec": "SPEC§5.7",
         "patch": "patches/%s.patch" % i}
    f.update(kw)
    return f


class CatalogueTests(unittest.TestCase):
    def test_the_committed_catalogue_keeps_its_rules(self):
        faults = catalogue.load()
        self.assertGreaterEqual(len(faults), 40)
        self.assertGreaterEqual(len({f["group"] for f in faults}), 4)

    def test_each_broken_rule_is_named_with_the_fault(self):
        real = catalogue.load()[0]
        with tempfile.NamedTemporaryFile("w", suffix=".patch", dir=os.path.join(ROOT, "docs", "faults"), delete=False) as p:
            p.write("--- a/Tests/x.swift\n+++ b/Tests/x.swift\n@@ -1 +1 @@\n-a\n+b\n")
        try:
            doc = {"faults": [real, dict(real), fault("g", group="other"), fault("k", kind="slow"),
                              fault("s", spec="SPEC§99.9", patch=real["patch"]), fault("n", source={}, patch=real["patch"]),
                              fault("o", patch=os.path.basename(p.name))]}
            problems = catalogue.check(doc)
        finally:
            os.unlink(p.name)
        text = "\n".join(problems)
        self.assertIn("%s: duplicate id" % real["id"], text)
        self.assertIn("g: group 'other' is not one of", text)
        self.assertIn("k: kind 'slow' is not one of", text)
        self.assertIn("s: SPEC.md has no section 'SPEC§99.9'", text)
        self.assertIn("n: no source", text)
        self.assertIn("o: the patch touches Tests/x.swift, outside the core", text)
        self.assertIn("g: no patch file 'patches/g.patch'", text)


class ReportTests(unittest.TestCase):
    def test_counts_by_first_layer_and_crash_faults_found_by_fuzzing(self):
        faults = [fault("a"), fault("b", kind="crash"), fault("c", kind="crash", group="json"), fault("d", kind="complexity"),
                  fault("e")]
        results = [
            {"id": "a", "caught": "vectors", "layers": {}},
            {"id": "b", "caught": "asan", "layers": {"fuzz": {"caught": True}}},
            {"id": "c", "caught": "tests", "layers": {"fuzz": {"caught": False}}},
            {"id": "d", "caught": "complexity", "layers": {}},
            {"id": "e", "caught": None, "layers": {}, "error": "the patch no longer applies"},
        ]
        s = report.summary(faults, results)
        self.assertEqual((s["faults"], s["caught"], s["byVectorsAlone"]), (5, 4, 2))
        self.assertEqual((s["crashFaults"], s["crashFaultsFoundByFuzzing"], s["complexityFaults"]), (2, 1, 1))
        self.assertEqual(s["notReplayed"], ["e"])
        self.assertEqual(s["byGroup"]["json"]["tests"], 1)
        self.assertEqual(s["byKind"]["crash"]["byVectors"], 1)


class ReplayOrderTests(unittest.TestCase):
    def test_the_recorded_layer_comes_right_after_the_vectors(self):
        up_to_complexity = ("vectors", "asan", "tests", "complexity")
        self.assertEqual(replay.order(up_to_complexity, "complexity"), ("vectors", "complexity", "asan", "tests"))
        self.assertEqual(replay.order(("vectors", "asan"), "asan"), ("vectors", "asan"))
        self.assertEqual(replay.order(("asan", "tests"), "tests"), ("tests", "asan"))
        self.assertEqual(replay.order(replay.LAYERS), replay.LAYERS)
        self.assertEqual(replay.order(("tests", "vectors")), ("vectors", "tests"))

    def test_the_recorded_probe_is_read_from_the_committed_evidence(self):
        self.assertEqual(cli.recorded_probe({"caught": "complexity", "evidence": ["media-type/whitespace: timed out after 120 s"]}),
                         "media-type/whitespace")
        self.assertEqual(cli.recorded_probe({"caught": "complexity", "probe": "a/b", "evidence": ["c/d: x"]}), "a/b")
        self.assertIsNone(cli.recorded_probe({"caught": "vectors", "evidence": ["x/y/001@af4"]}))

    def test_the_probe_that_caught_a_fault_runs_first_and_alone_ends_the_layer(self):
        seen = []

        def fake(_binary, probes, log, timeout):
            seen.append(probes[0].name)
            bad = probes[0].name == "media-type/whitespace"
            return [complexity.Result(probes[0], [], 0.0, 0.0, not bad, "timed out after %d s" % timeout if bad else "")]

        with mock.patch.object(complexity, "check", fake):
            caught, evidence, probe = replay.run_complexity("bin", first="media-type/whitespace")
        self.assertEqual((caught, probe, seen), (True, "media-type/whitespace", ["media-type/whitespace"]))
        self.assertEqual(evidence, ["media-type/whitespace: timed out after %d s" % replay.PROBE_TIMEOUT])
        seen.clear()
        with mock.patch.object(complexity, "check", fake):
            caught, _, _ = replay.run_complexity("bin", names=["media-type/parameters", "media-type/quoted-pairs"])
        self.assertEqual((caught, seen), (False, ["media-type/parameters", "media-type/quoted-pairs"]))


class ComplexityVerdictTests(unittest.TestCase):
    probe = complexity.Probe("p", "a fault", 1000, lambda n: ("echo", "af4", None, {}), 1000)

    def verdict(self, cost):
        with mock.patch.object(complexity, "instructions", lambda _b, line, _t: (cost(int(line.split("#")[1].split('"')[0])), "")):
            return complexity.measure("bin", self.probe)

    def test_linear_work_passes_and_quadratic_fails(self):
        linear = self.verdict(lambda n: 5_000_000 + 200 * n)
        self.assertTrue(linear.ok)
        self.assertAlmostEqual(linear.growth, 4.0)
        quadratic = self.verdict(lambda n: 5_000_000 + n * n)
        self.assertFalse(quadratic.ok)
        self.assertIn("super-linear", quadratic.why)

    def test_linear_but_over_budget_fails(self):
        slow = self.verdict(lambda n: 5_000_000 + 5000 * n)
        self.assertFalse(slow.ok)
        self.assertIn("over the budget of 1000", slow.why)

    def test_noise_below_the_measurable_difference_is_not_a_shape(self):
        flat = self.verdict(lambda n: 5_000_000 + (n * n) % 997)
        self.assertTrue(flat.ok)
        self.assertEqual(flat.growth, 0.0)


if __name__ == "__main__":
    unittest.main()
