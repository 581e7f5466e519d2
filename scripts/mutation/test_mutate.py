"""Unit tests of mutate.py's pure parts: compile-error pruning per mutant and the report's list of
functions left without a scored mutant. Run: python3 -m unittest discover -s scripts -p 'test_*.py'
(CI: .ci/stage ratchet)."""
import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("mutate", os.path.join(HERE, "mutate.py"))
mutate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mutate)

FILE = "Values/ContainerFrame.swift"
FN = "ContainerFrame.path(_:)"


def site(id, line, operator, original, mutated, group=None, end_line=None, decl=(30, 45)):
    return {"id": id, "group": group or id, "key": f"{FILE}|{FN}|{operator}|{original}→{mutated}|#0",
            "file": FILE, "line": line, "end_line": end_line or line, "operator": operator,
            "original": original, "mutated": mutated, "function": FN, "decl_lines": list(decl)}


# The sites on ContainerFrame.swift:39, `case .dictionary(let es): s += "." + es[f.next - 1].key`.
SITES = [
    site(1, 39, "string literal", '"."', '"x"'),
    site(2, 39, "integer +1", "1", "2", group=3),
    site(3, 39, "integer -1", "1", "0", group=3),
    site(4, 39, "arith +↔-", "f.next - 1", "f.next + 1"),
    site(5, 39, "arith +↔-", '"." + es[f.next - 1].key', '"." - es[f.next - 1].key'),
    site(6, 39, "delete statement", 's += "." + es[f.next - 1].key', "/* deleted */"),
    site(7, 41, "relational >→>=", "s.utf8.count > 200", "s.utf8.count >= 200"),
]


def error(line, msg, col=5):
    return (os.path.join(mutate.ROOT, mutate.SCHEMATA, FILE), str(line), str(col), msg)


ADD_ON_STRING = "global function '__afsAdd' requires that 'String' conform to 'AdditiveArithmetic'"


class PruneTests(unittest.TestCase):
    def test_a_helper_diagnostic_drops_only_that_helpers_call(self):
        pruned = {}
        self.assertEqual(mutate.prune([error(39, ADD_ON_STRING)], SITES, pruned), 1)
        self.assertEqual([k for k in pruned], [SITES[4]["key"]])  # `"." + …`, not `f.next - 1` nor the literal

    def test_the_same_diagnostic_twice_maps_to_the_same_mutant(self):
        # The emit-module and compile jobs both print it; the second copy used to find the line's
        # sites already pruned and drop the whole enclosing declaration.
        pruned = {}
        mutate.prune([error(39, ADD_ON_STRING), error(39, ADD_ON_STRING)], SITES, pruned)
        self.assertEqual(len(pruned), 1)

    def test_two_diagnostics_for_one_line_are_judged_against_the_rounds_starting_set(self):
        # Two errors on line 41 (different columns): the second must not find the line emptied by
        # the first and fall back to dropping every mutant of the function.
        pruned = {}
        mutate.prune([error(41, "cannot find 'x' in scope", 5), error(41, "cannot find 'x' in scope", 9)], SITES, pruned)
        self.assertEqual(list(pruned), [SITES[6]["key"]])

    def test_a_cascade_on_the_same_line_waits_for_the_next_round(self):
        pruned = {}
        cascade = "binary operator '+=' cannot be applied to operands of type 'String' and 'String.Stride'"
        mutate.prune([error(39, cascade), error(39, ADD_ON_STRING)], SITES, pruned)
        self.assertEqual(list(pruned), [SITES[4]["key"]])

    def test_a_type_error_naming_no_helper_takes_the_lines_arithmetic_first(self):
        pruned = {}
        mutate.prune([error(39, "binary operator '+=' cannot be applied to operands of type 'String' and 'String.Stride'")],
                     SITES, pruned)
        self.assertEqual(sorted(pruned), sorted([SITES[3]["key"], SITES[4]["key"]]))
        self.assertTrue(all("its helper first" in why for why in pruned.values()))

    def test_an_unmappable_error_still_drops_the_enclosing_declaration(self):
        pruned = {}
        mutate.prune([error(44, "something the rules do not know")], SITES, pruned)
        self.assertEqual(len(pruned), len(SITES))
        self.assertTrue(all("unmapped error" in why for why in pruned.values()))

    def test_operator_char(self):
        self.assertEqual(mutate.operator_char(SITES[4]), "+")
        self.assertEqual(mutate.operator_char(SITES[3]), "-")


class UnscoredFunctionsTests(unittest.TestCase):
    def test_a_function_with_one_scorable_site_is_not_listed(self):
        self.assertEqual(mutate.unscored_functions(SITES, {}, {}, {}), [])

    def test_every_site_excluded_is_listed_with_the_first_reason(self):
        eq = {s["key"]: "speed only" for s in SITES[1:]}
        pruned = {SITES[0]["key"].replace('"."', '"y"'): f"{FILE}:39: {ADD_ON_STRING}"}
        out = mutate.unscored_functions(SITES[1:], pruned, eq, {})
        self.assertEqual(len(out), 1)
        self.assertEqual((out[0]["sites"], out[0]["not_compiled"], out[0]["equivalent"]), (len(SITES), 1, len(SITES) - 1))
        self.assertTrue(out[0]["reason"].startswith("not compiled: "))


if __name__ == "__main__":
    unittest.main()
