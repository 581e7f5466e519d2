"""A --diff run keeps the coverage map made from its base only for a change whose code lies inside
one function of the base (afstools.mutation.diffmap), in a throwaway git repository."""
import os
import shutil
import subprocess
import tempfile
import unittest

from afstools.mutation import covmap, diffmap

CORE_FILE = "Sources/AFSerialization/X.swift"
BASE = """enum X {
    /// Doc of f.
    static func f(a: Int) -> Int {
        let b = a + 1
        return b * 2
    }

    static func g() -> Int { 3 }
}
"""
# f spans lines 3-6 (the brace on line 3 to the closing one), g line 8.
FUNCTIONS = {"f": ["X.swift", 3, 35, 6, 6], "g": ["X.swift", 8, 28, 8, 34], "X": ["X.swift", 1, 8, 9, 2]}
UNITS = {"S.F": ["f"], "S.G": ["g"], "S.Both": ["f", "g"]}


class WithinChangeTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.root)
        self.write("Package.swift", "// package\n")
        self.write(CORE_FILE, BASE)
        self.write("Tests/T/T.swift", "// a test\n")
        for cmd in (["init", "-q"], ["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base"]):
            subprocess.run(["git", *cmd], cwd=self.root, check=True)
        self.inputs = covmap.TESTS_INPUTS
        self.map = {"fingerprint": covmap.fingerprint(self.inputs, root=self.root), "functions": FUNCTIONS,
                    "units": UNITS, "failing_alone": []}

    def write(self, rel, text):
        os.makedirs(os.path.dirname(os.path.join(self.root, rel)), exist_ok=True)
        with open(os.path.join(self.root, rel), "w") as f:
            f.write(text)

    def check(self):
        return diffmap.within_change(self.map, self.inputs, "HEAD", root=self.root)

    def test_a_change_inside_one_function_keeps_its_units_for_sites_inside_it(self):
        # Renamed locals, a new line of code and comments inside f; the doc comment above reworded.
        self.write(CORE_FILE, BASE.replace("Doc of f.", "What f does.").replace(
            "let b = a + 1\n", "// why\n        let c = a + 1\n        precondition(c > a)\n").replace("b * 2", "c * 2"))
        sel, name = self.check()
        self.assertEqual(name, "f")
        self.assertEqual(sel.chosen, ["S.Both", "S.F"])
        self.assertEqual(sel.extent, (3, 8))  # the closing brace moved down two lines
        self.assertEqual(sel.units_for({"file": "X.swift", "line": 6}), ["S.Both", "S.F"])
        self.assertIsNone(sel.units_for({"file": "X.swift", "line": 10}))  # g, now on line 10: every unit

    def test_comments_alone_are_no_code_change(self):
        self.write(CORE_FILE, BASE.replace("Doc of f.", "Another doc."))
        self.assertEqual(self.check(), (None, "the change has no code"))

    def test_changes_in_two_functions_or_a_new_declaration_beside_one_are_not_kept(self):
        self.write(CORE_FILE, BASE.replace("a + 1", "a + 2").replace("{ 3 }", "{ 4 }"))
        sel, why = self.check()
        self.assertEqual(sel.name if sel else None, "X")  # only the enclosing type holds both
        self.write(CORE_FILE, BASE.replace("    /// Doc of f.\n", "    static func h() {}\n    /// Doc of f.\n"))
        self.assertEqual(self.check()[1], "X")
        # Without the enclosing type in the map, nothing holds them.
        self.map["functions"] = {k: v for k, v in FUNCTIONS.items() if k != "X"}
        self.assertEqual(self.check(), (None, "the change's code is not inside one function"))

    def test_a_change_to_a_function_s_first_line_must_keep_it_in_place(self):
        self.map["functions"] = {k: v for k, v in FUNCTIONS.items() if k != "X"}
        self.write(CORE_FILE, BASE.replace("f(a: Int)", "f(a value: Int)").replace("a + 1", "value + 1"))
        self.assertEqual(self.check()[1], "f")
        for before in ("    static let k = 1\n    static func f(", "    static let k = 1\n    static func f(b "):
            # A declaration added before it, with the first line unchanged or changed too.
            self.write(CORE_FILE, BASE.replace("    static func f(", before))
            self.assertEqual(self.check(), (None, "the change's code is not inside one function"))

    def test_any_other_change_or_a_map_not_from_the_base_is_not_kept(self):
        self.write(CORE_FILE, BASE.replace("a + 1", "a + 2"))
        self.write("Tests/T/T.swift", "// another test\n")
        self.assertEqual(self.check()[0], None)
        subprocess.run(["git", "checkout", "-q", "Tests/T/T.swift"], cwd=self.root, check=True)
        self.assertEqual(self.check()[1], "f")
        self.write("Sources/AFSerialization/New.swift", "let n = 1\n")
        self.assertEqual(self.check(), (None, "untracked files beside the sources"))
        os.remove(os.path.join(self.root, "Sources/AFSerialization/New.swift"))
        self.map["fingerprint"] = "another"
        self.assertEqual(self.check(), (None, "it was not made from HEAD"))


if __name__ == "__main__":
    unittest.main()
