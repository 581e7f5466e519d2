"""Unit tests for vectorfile.py (the canonical layout, stable ids) and cli.py (one module per file).

    python3 -m unittest discover -s Tools/vectorgen -p 'test_*.py'
"""
import json
import os
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from vectorgen import cli, vectorfile  # noqa: E402


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
        f = vectorfile.VectorFile("comp", "topic", "what it checks", ["SPEC§1"], "scripts/x.py")
        f.add("first", {"text": "a"}, {"text": "a"})
        f.add("second", {"text": "b"}, {"text": "b"}, refs=["SPEC§1", "RFC1"], id="named")
        return f

    def test_layout_is_one_member_and_one_vector_per_line(self):
        lines = self.file().text().split("\n")
        self.assertEqual(lines[4], '  "generatedBy": "scripts/x.py",')
        self.assertEqual(lines[7], '    {"id":"comp/topic/001","comment":"first","input":{"text":"a"},"expected":{"text":"a"}},')
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
