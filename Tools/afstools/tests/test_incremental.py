"""Incremental analysis (afstools.mutation.incremental) on a small tree: what a mutant's basis rests
on, and when an earlier verdict is reused."""
import os
import shutil
import tempfile
import unittest

from afstools.mutation import incremental
from afstools.mutation.sites import CORE

SOURCE = "func a() {\n    x + 1\n}\n\nfunc b() {\n    y - 1\n}\n"
SITE_A = {"file": "A.swift", "line": 2, "column": 7, "decl_lines": [1, 3]}
SITE_B = {"file": "A.swift", "line": 6, "column": 7, "decl_lines": [5, 7]}
UNITS = {"vectors": {"A": ["c/t@af4"], "B": None}, "tests": {"A": ["M1.S"], "B": []}}
ALL = {"vectors": ["c/t@af4", "c/u@af4"], "tests": ["M1.S", "M2.T"]}


class BasisTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.root)
        self.write(f"{CORE}/A.swift", SOURCE)
        for rel in ("Vectors/c/t.json", "Vectors/c/u.json", "Vectors/expected-failures.json",
                    "Tests/M1/s.swift", "Tests/M2/t.swift", "Tests/TestSupport/h.swift", "Corpus/x/1"):
            self.write(rel, rel)

    def write(self, rel, text):
        os.makedirs(os.path.dirname(os.path.join(self.root, rel)), exist_ok=True)
        with open(os.path.join(self.root, rel), "w") as f:
            f.write(text)

    def basis(self, site):
        def units_of(layer, s):
            return ALL[layer] if s is None else UNITS[layer]["A" if s is SITE_A else "B"]
        return incremental.Basis(self.root).of(site, ["vectors", "asan", "tests", "fuzz"],
                                               lambda la, s: units_of("vectors" if la == "asan" else la, s))

    def test_the_function_hash_follows_its_own_declaration_only(self):
        a, b = self.basis(SITE_A), self.basis(SITE_B)
        self.write(f"{CORE}/A.swift", SOURCE.replace("y - 1", "y - 2"))
        self.assertEqual(self.basis(SITE_A)["function"], a["function"])
        self.assertNotEqual(self.basis(SITE_B)["function"], b["function"])

    def test_a_vector_unit_follows_its_file_and_the_expected_failures(self):
        a, b = self.basis(SITE_A), self.basis(SITE_B)
        self.write("Vectors/c/u.json", "changed")
        # A is reached by c/t only; B is unmapped, so every unit (c/u included) counts.
        self.assertEqual(self.basis(SITE_A)["layers"]["vectors"], a["layers"]["vectors"])
        self.assertNotEqual(self.basis(SITE_B)["layers"]["vectors"], b["layers"]["vectors"])
        self.write("Vectors/expected-failures.json", "changed")
        self.assertNotEqual(self.basis(SITE_A)["layers"]["asan"], a["layers"]["asan"])

    def test_a_suite_follows_its_module_and_the_shared_test_data(self):
        a, b = self.basis(SITE_A), self.basis(SITE_B)
        self.write("Tests/M2/t.swift", "changed")
        self.assertEqual(self.basis(SITE_A)["layers"]["tests"], a["layers"]["tests"])
        self.write("Tests/M1/s.swift", "changed")
        a2 = self.basis(SITE_A)
        self.assertNotEqual(a2["layers"]["tests"], a["layers"]["tests"])
        # B is reached by no suite: nothing a suite reads changes its tests basis.
        self.assertEqual(self.basis(SITE_B)["layers"]["tests"], b["layers"]["tests"])
        self.write("Corpus/x/1", "changed")
        self.assertNotEqual(self.basis(SITE_A)["layers"]["tests"], a2["layers"]["tests"])

    def test_the_fuzz_layer_is_never_reusable(self):
        self.assertIsNone(self.basis(SITE_A)["layers"]["fuzz"])


class ReusableTests(unittest.TestCase):
    LAYERS = ["vectors", "asan", "tests"]
    BASIS = {"function": "f", "layers": {"vectors": "v", "asan": "a", "tests": "t"}}

    def old(self, killed_by, **layers):
        return {"killed_by": killed_by, "basis": {"function": "f", "layers": {**self.BASIS["layers"], **layers}}}

    def test_a_verdict_rests_on_the_layers_the_mutant_went_through(self):
        # Killed by the vectors: a changed tests basis does not matter, a changed vectors basis does.
        self.assertTrue(incremental.reusable(self.old("vectors", tests="t2"), self.LAYERS, self.BASIS))
        self.assertFalse(incremental.reusable(self.old("vectors", vectors="v2"), self.LAYERS, self.BASIS))
        # A survivor went through every layer.
        self.assertFalse(incremental.reusable(self.old(None, tests="t2"), self.LAYERS, self.BASIS))
        self.assertTrue(incremental.reusable(self.old(None), self.LAYERS, self.BASIS))

    def test_a_changed_function_or_a_missing_basis_is_never_reused(self):
        changed = self.old("vectors")
        changed["basis"]["function"] = "g"
        self.assertFalse(incremental.reusable(changed, self.LAYERS, self.BASIS))
        self.assertFalse(incremental.reusable({"killed_by": "vectors"}, self.LAYERS, self.BASIS))

    def test_a_layer_without_a_basis_is_never_reused(self):
        layers = self.LAYERS + ["fuzz"]
        now = {"function": "f", "layers": {**self.BASIS["layers"], "fuzz": None}}
        self.assertTrue(incremental.reusable(self.old("asan"), layers, now))
        self.assertFalse(incremental.reusable(self.old(None), layers, now))


if __name__ == "__main__":
    unittest.main()
