"""Unit tests of afs_protocol (scripts/ci/python_packages.py test runs them; the request loop through
the installed module, from a scratch directory, as an adapter imports it)."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

import afs_protocol as p


def handler(inp, options):
    if inp.get("unsupported"):
        raise p.Unsupported("not modelled")
    if inp.get("crash"):
        raise KeyError("boom")
    return {"body": p.write_bytes(p.read_bytes(inp["body"], "input.body"))}


class ReplyTests(unittest.TestCase):
    def reply(self, req, **options):
        return p.reply_to(req, "lib", "1.0", ["x"], {"x": handler}, **options)

    def test_handshake_echo_and_an_unmodelled_component(self):
        self.assertEqual(self.reply({"id": "handshake#1", "input": {"a": 1}}),
                         {"id": "handshake#1", "output": {"a": 1}, "protocol": "1.1",
                          "implementation": {"name": "lib", "version": "1.0"}, "supports": ["x"]})
        self.assertEqual(self.reply({"id": "e", "component": "echo", "input": [1]}), {"id": "e", "output": [1]})
        self.assertEqual(self.reply({"id": "u", "component": "y"}),
                         {"id": "u", "unsupported": "component y is not modelled by lib"})

    def test_handler_outcomes(self):
        self.assertEqual(self.reply({"id": 1, "component": "x", "input": {"body": {"hex": "ff00"}}}),
                         {"id": 1, "output": {"body": {"hex": "ff00"}}})
        self.assertEqual(self.reply({"id": 2, "component": "x", "input": {"unsupported": True}}),
                         {"id": 2, "unsupported": "not modelled"})
        self.assertEqual(self.reply({"id": 3, "component": "x", "input": {"crash": True}}),
                         {"id": 3, "harnessError": "KeyError: 'boom'"})
        self.assertEqual(self.reply({"id": 4, "component": "x", "input": {"crash": True}}, on_exception=p.unexpected_error("D")),
                         {"id": 4, "output": {"error": {"domain": "D", "message": "unexpected KeyError: 'boom'"}}})

    def test_value_helpers(self):
        self.assertEqual(p.read_bytes({"text": "é"}, "b"), b"\xc3\xa9")
        self.assertEqual(p.write_bytes(b"\xc3\xa9"), {"text": "é"})
        self.assertEqual(list(p.chunks(b"abcdefg", [2, 3])), [b"ab", b"cde", b"fg"])
        self.assertEqual(list(p.chunks(b"abc", [])), [b"abc"])
        with self.assertRaises(ValueError):
            p.read_bytes("abc", "input.body")


class ServeTests(unittest.TestCase):
    def test_the_request_loop_of_the_installed_module(self):
        script = "import afs_protocol; afs_protocol.serve('lib', '1.0', [], {})"
        lines = ['{"id": "handshake#0"}', "", "not json", "[1]", '{"id": 7, "component": "echo", "input": "x"}']
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        with tempfile.TemporaryDirectory() as scratch:
            r = subprocess.run([sys.executable, "-c", script], input="\n".join(lines) + "\n", cwd=scratch, env=env,
                               capture_output=True, text=True, timeout=30)
        self.assertEqual(r.returncode, 0, r.stderr)
        replies = [json.loads(line) for line in r.stdout.splitlines()]
        self.assertEqual([r.get("id") for r in replies], ["handshake#0", None, None, 7])
        self.assertEqual(replies[0]["protocol"], "1.1")
        self.assertTrue(replies[1]["harnessError"].startswith("line is not JSON"))
        self.assertEqual(replies[2], {"id": None, "harnessError": "not an object"})
        self.assertEqual(replies[3], {"id": 7, "output": "x"})


if __name__ == "__main__":
    unittest.main()
