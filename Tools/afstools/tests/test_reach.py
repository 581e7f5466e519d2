"""The ratchet's selection by the sites' reach (afstools.mutation.reach): `afs-mutants --reach`'s
lines read back exactly, and a mutant gets the units that executed its site's helper call."""
import unittest

from afstools.mutation import layers, reach

# Two sites: group 1 is one helper call with ids 1-3 (the code passes its first id, 1), group 2 id 4.
SITES = [{"id": 1, "group": 1}, {"id": 2, "group": 1}, {"id": 3, "group": 1}, {"id": 4, "group": 2},
         {"id": 5, "group": 3}]
OUTPUT = "json/objects@af3 1,4\njson/objects@af4 4\nquery/pairs@strict -\n"


class ParseTests(unittest.TestCase):
    def test_lines_read_back(self):
        self.assertEqual(reach.parse(OUTPUT), {"json/objects@af3": [1, 4], "json/objects@af4": [4],
                                               "query/pairs@strict": []})

    def test_other_lines_stop_the_tool(self):
        for text in ("", "json/objects@af3\n", "json/objects@af3 1,,4\n", "warning: something\njson/x@af3 1\n",
                     "json/objects 1\n"):
            with self.assertRaises(SystemExit, msg=repr(text)):
                reach.parse(text)


class SelectorTests(unittest.TestCase):
    def setUp(self):
        self.selector = reach.ReachSelector(reach.parse(OUTPUT), SITES)

    def test_every_mutant_of_a_site_gets_the_units_that_ran_it(self):
        for site in SITES[:3]:
            self.assertEqual(self.selector.units_for(site), ["json/objects@af3"])
        self.assertEqual(self.selector.units_for(SITES[3]), ["json/objects@af3", "json/objects@af4"])

    def test_a_site_no_unit_ran_is_not_covered(self):
        self.assertEqual(self.selector.units_for(SITES[4]), [])
        chosen = {s["id"]: self.selector.units_for(s) for s in SITES}
        text = layers.selection_text(chosen, self.selector, "units")
        self.assertIn("by the sites' reach: 1 reached by no unit (not covered)", text)
        self.assertNotIn("outside every mapped function", text)

    def test_ids_of_another_build_are_refused(self):
        with self.assertRaises(SystemExit):
            reach.ReachSelector({"json/objects@af3": [1, 99]}, SITES)


if __name__ == "__main__":
    unittest.main()
