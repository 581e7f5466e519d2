"""Compile-error pruning per mutant, and the report's list of functions left without a scored
mutant."""
import os
import unittest

from afstools.mutation import pruning
from afstools.mutation.report import unscored_functions

FILE = "Values/ContainerFrame.swift"
FN = "ContainerFrame.path(_:)"


def site(id, line, operator, original, mutated, helper, group=None, end_line=None, decl=(30, 45)):
    return {"id": id, "group": group or id, "key": f"{FILE}|{FN}|{operator}|{original}→{mutated}|#0",
            "file": FILE, "line": line, "end_line": end_line or line, "operator": operator,
            "original": original, "mutated": mutated, "function": FN, "decl_lines": list(decl), "helper": helper}


# The sites on ContainerFrame.swift:39, `case .dictionary(let es): s += "." + es[f.next - 1].key`.
SITES = [
    site(1, 39, "string literal", '"."', '"x"', "__afsStr"),
    site(2, 39, "integer +1", "1", "2", "__afsI2", group=3),
    site(3, 39, "integer -1", "1", "0", "__afsI2", group=3),
    site(4, 39, "arith +↔-", "f.next - 1", "f.next + 1", "__afsSub"),
    site(5, 39, "arith +↔-", '"." + es[f.next - 1].key', '"." - es[f.next - 1].key', "__afsAdd"),
    site(6, 39, "delete statement", 's += "." + es[f.next - 1].key', "/* deleted */", "__afsOn"),
    site(7, 41, "relational >→>=", "s.utf8.count > 200", "s.utf8.count >= 200", "__afsGT"),
]


def error(line, msg, col=5):
    return (os.path.join(pruning.ROOT, pruning.SCHEMATA, FILE), str(line), str(col), msg)


ADD_ON_STRING = "global function '__afsAdd' requires that 'String' conform to 'AdditiveArithmetic'"


class PruneTests(unittest.TestCase):
    def test_a_helper_diagnostic_drops_only_that_helpers_call(self):
        pruned = {}
        self.assertEqual(pruning.prune([error(39, ADD_ON_STRING)], SITES, pruned), 1)
        self.assertEqual([k for k in pruned], [SITES[4]["key"]])  # `"." + …`, not `f.next - 1` nor the literal

    def test_the_same_diagnostic_twice_maps_to_the_same_mutant(self):
        # The emit-module and compile jobs both print it; the second copy used to find the line's
        # sites already pruned and drop the whole enclosing declaration.
        pruned = {}
        pruning.prune([error(39, ADD_ON_STRING), error(39, ADD_ON_STRING)], SITES, pruned)
        self.assertEqual(len(pruned), 1)

    def test_two_diagnostics_for_one_line_are_judged_against_the_rounds_starting_set(self):
        # Two errors on line 41 (different columns): the second must not find the line emptied by
        # the first and fall back to dropping every mutant of the function.
        pruned = {}
        pruning.prune([error(41, "cannot find 'x' in scope", 5), error(41, "cannot find 'x' in scope", 9)], SITES, pruned)
        self.assertEqual(list(pruned), [SITES[6]["key"]])

    def test_a_cascade_on_the_same_line_waits_for_the_next_round(self):
        pruned = {}
        cascade = "binary operator '+=' cannot be applied to operands of type 'String' and 'String.Stride'"
        pruning.prune([error(39, cascade), error(39, ADD_ON_STRING)], SITES, pruned)
        self.assertEqual(list(pruned), [SITES[4]["key"]])

    def test_a_type_error_naming_no_helper_takes_the_lines_arithmetic_first(self):
        pruned = {}
        pruning.prune([error(39, "binary operator '+=' cannot be applied to operands of type 'String' and 'String.Stride'")],
                      SITES, pruned)
        self.assertEqual(sorted(pruned), sorted([SITES[3]["key"], SITES[4]["key"]]))
        self.assertTrue(all("its helper first" in why for why in pruned.values()))

    def test_an_unmappable_error_still_drops_the_enclosing_declaration(self):
        pruned = {}
        pruning.prune([error(44, "something the rules do not know")], SITES, pruned)
        self.assertEqual(len(pruned), len(SITES))
        self.assertTrue(all("unmapped error" in why for why in pruned.values()))

    def test_a_helper_call_one_line_above_its_operator_still_maps(self):
        # `a\n + b`: the site's line is the operator's, the compiler names the call's first line.
        sites = [site(8, 50, "arith +↔-", "a\n + b", "a\n - b", "__afsAdd", decl=(48, 52))]
        pruned = {}
        pruning.prune([error(49, ADD_ON_STRING)], sites, pruned)
        self.assertEqual(list(pruned), [sites[0]["key"]])
        self.assertNotIn("unmapped", next(iter(pruned.values())))


class UnscoredFunctionsTests(unittest.TestCase):
    def test_a_function_with_one_scorable_site_is_not_listed(self):
        self.assertEqual(unscored_functions(SITES, {}, {}, {}), [])

    def test_every_site_excluded_is_listed_with_the_first_reason(self):
        eq = {s["key"]: "speed only" for s in SITES[1:]}
        pruned = {SITES[0]["key"].replace('"."', '"y"'): f"{FILE}:39: {ADD_ON_STRING}"}
        out = unscored_functions(SITES[1:], pruned, eq, {})
        self.assertEqual(len(out), 1)
        self.assertEqual((out[0]["sites"], out[0]["not_compiled"], out[0]["equivalent"]), (len(SITES), 1, len(SITES) - 1))
        self.assertTrue(out[0]["reason"].startswith("not compiled: "))


if __name__ == "__main__":
    unittest.main()
