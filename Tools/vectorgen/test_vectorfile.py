"""Unit tests for vectorfile.py (the canonical layout, stable ids) and cli.py (one module per file).

    python3 -m unittest discover -s vectorgen -p 'test_*.py'   # the installed package (.ci/setup)
"""
import json
import os
import tempfile
import unittest
from unittest import mock

from vectorgen import cli, levels, vectorfile


class DumpsTests(unittest.TestCase):
    def test_escapes_like_the_swift_writer(self):
        self.assertEqual(vectorfile.dumps({"a": ["\"\\\n\r\t\x01\x7f/é", None, True, 1.5, -3]}),
                         '{"a":["\\"\\\\\\n\\r\\t\\u0001\\u007f/é",null,true,1.5,-3]}')
        self.assertEqual(vectorfile.dumps(vectorfile.Raw("1.0")), "1.0")

    def test_round_trips_through_json(self):
        v = {"k": ["x\u2028y", {"n": 0, "f": 1e-7}, [], {}], "e": ""}
        self.assertEqual(json.loads(vectorfile.dumps(v)), v)

    def test_refuses_what_json_cannot_say(self):
        for bad in ["\ud800", float("nan"), float("inf")]:
            with self.assertRaises(ValueError):
                vectorfile.dumps(bad)

    def test_bytes_value(self):
        self.assertEqual(vectorfile.bytes_value("é".encode()), {"text": "é"})
        self.assertEqual(vectorfile.bytes_value(b"\xff"), {"hex": "ff"})


class VectorFileTests(unittest.TestCase):
    def file(self):
        f = vectorfile.VectorFile("comp", "topic", "what it checks", ["SPEC§1"], "scripts/x.py", verdict=levels.decision("SPEC§1"))
        f.add("first", {"text": "a"}, {"text": "a"})
        f.add("second", {"text": "b"}, {"text": "b"}, refs=["SPEC§1", "RFC1"], id="named")
        return f

    def test_layout_is_one_member_and_one_vector_per_line(self):
        lines = self.file().text().split("\n")
        self.assertEqual(lines[4], '  "generatedBy": "scripts/x.py",')
        self.assertEqual(lines[7], '    {"id":"comp/topic/001","comment":"first","level":"decision","authority":"SPEC§1",'
                                   '"input":{"text":"a"},"expected":{"text":"a"}},')
        self.assertEqual(json.loads(lines[8])["refs"], ["RFC1"])  # a ref the file already cites is dropped
        self.assertEqual(json.loads(lines[8])["id"], "comp/topic/named")

    def test_an_existing_id_keeps_its_input(self):
        with tempfile.TemporaryDirectory() as tmp, mock.patch.object(vectorfile, "VECTORS", tmp):
            f = self.file()
            f.write()
            self.assertTrue(self.file().is_current())
            changed = self.file()
            changed.vectors[0]["input"] = {"text": "changed"}
            with self.assertRaises(SystemExit):
                changed.check_stable()


class LevelTests(unittest.TestCase):
    """levels.py: every vector gets a level and an authority, one string when every profile agrees."""

    def written(self, verdict=None, profiles=None, file_verdict=None):
        f = vectorfile.VectorFile("comp", "t", "d", [], verdict=file_verdict)
        f.add("c", {}, {"x": 1}, profiles=profiles, verdict=verdict)
        return json.loads(f.text())["vectors"][0]

    def test_a_vector_without_a_verdict_stops_the_generator(self):
        with self.assertRaises(SystemExit):
            self.written()

    def test_per_profile_levels_and_member_order(self):
        v = self.written({("af3", "af4"): levels.decision("SPEC§2.3"), "strict": levels.must("RFC3986#2.2", "MUST")})
        self.assertEqual(list(v), ["id", "comment", "level", "authority", "input", "expected"])
        self.assertEqual(v["level"], {"af3": "decision", "af4": "decision", "strict": "must"})
        self.assertEqual(v["authority"], {"af3": "SPEC§2.3", "af4": "SPEC§2.3", "strict": "RFC3986#2.2 MUST"})
        w = self.written(levels.should("RFC3986#2.1", "SHOULD"), profiles=["strict"])
        self.assertEqual(list(w)[:5], ["id", "comment", "profiles", "level", "authority"])
        self.assertEqual((w["level"], w["authority"]), ("should", "RFC3986#2.1 SHOULD"))

    def test_the_vector_verdict_overrides_the_file_default(self):
        v = self.written(levels.decision("SPEC§7"), file_verdict=levels.decision("SPEC§1"))
        self.assertEqual(v["authority"], "SPEC§7")
        f = self.written(file_verdict=lambda vec: levels.decision("SPEC§%d" % vec["expected"]["x"]))
        self.assertEqual(f["authority"], "SPEC§1")

    def test_af_cites_the_audit_row_at_each_profile_tag(self):
        row = next(r for r in json.load(open(levels.AUDIT, encoding="utf-8"))["rows"] if r["af"].get("3.2.1") and r["af"].get("4.0.1"))
        v = self.written(levels.af(row["id"]))
        self.assertEqual(v["level"], "af")
        self.assertTrue(v["authority"]["af3"].startswith("AF-3.2.1/"))
        self.assertTrue(v["authority"]["strict"].startswith("AF-4.0.1/"))
        with self.assertRaises(KeyError):
            levels.af("no/such-row")

    def test_implementation_defined_lists_acceptable_outcomes(self):
        v = self.written(levels.implementation_defined("RFC2046#5.1.1", levels.ANY_ERROR))
        self.assertEqual(v["acceptable"], [{"error": {"$any": True}}])
        self.assertEqual(list(v)[-1], "acceptable")
        with self.assertRaises(ValueError):
            levels.implementation_defined("RFC2046#5.1.1")

    def test_citations_are_checked_when_written(self):
        for bad in [lambda: levels.must("RFC2046", "MUST"), lambda: levels.must("RFC2046#5.1.1", "SHOULD"),
                    lambda: levels.should("SPEC§1", "SHOULD"), lambda: levels.decision("RFC2046#5.1.1")]:
            with self.assertRaises(ValueError):
                bad()


class RegistryTests(unittest.TestCase):
    def test_every_topic_module_builds_the_file_its_path_names(self):
        modules = cli.topic_modules()
        self.assertGreater(len(modules), 70)
        self.assertEqual(len({(c, t) for c, t, _ in modules}), len(modules))
        for component, topic, name in modules:
            if cli.build(name, component, topic) is None:
                continue
            path = os.path.join(vectorfile.VECTORS, component, topic + ".json")
            with open(path, encoding="utf-8") as f:
                generated_by = json.load(f)["generatedBy"]
            self.assertEqual(generated_by, name.replace(".", "/").replace("vectorgen/", "Tools/vectorgen/", 1) + ".py")


if __name__ == "__main__":
    unittest.main()
