"""Unit tests for shared oracles, each against a value its source states (SPEC examples, reference outputs).

    python3 -m unittest discover -s vectorgen -p 'test_*.py'   # the installed package (.ci/setup)
"""
import gzip
import unittest
import zlib

from vectorgen.oracles import s1_percent_escaping as s1
from vectorgen.oracles import s2_query_string as s2
from vectorgen.oracles import s5_multipart as s5
from vectorgen.oracles import s6_4_json as s64
from vectorgen.oracles import s6_responses as s6
from vectorgen.oracles import s7_content_encoding as s7


class SpecExampleTests(unittest.TestCase):
    def test_percent_escaping(self):
        self.assertEqual(s1.af(":#[]@!$&'()*+,;=?/"), "%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D?/")  # SPEC §1.2
        self.assertEqual(s1.whatwg("a b~*"), "a+b%7E*")
        self.assertEqual(s1.batches("a" * 49 + "\U0001F474\U0001F3FB", 50), [[0, 53]])  # SPEC §1.4

    def test_query_string(self):
        self.assertEqual(s2.query({"foo": "bar", "baz": [1, 2, 3]})[0], "baz%5B%5D=1&baz%5B%5D=2&baz%5B%5D=3&foo=bar")  # SPEC §2.5
        order = sorted(["b", "ab", "_", "9", "a", "B", "10"], key=s2.swift_order)
        self.assertEqual(order, ["10", "9", "B", "_", "a", "ab", "b"])  # SPEC §2.3

    def test_status_phrases(self):
        self.assertEqual(s6.phrase(404), "not found")
        self.assertEqual(s6.phrase(299), "success")
        self.assertEqual(s6.phrase(600), "server error")

    def test_null_cleaning(self):
        v = {"a": None, "b": [None, 1, {"c": None}]}
        self.assertEqual(s64.clean(v, "af3"), {"b": [None, 1, {}]})
        self.assertEqual(s64.clean(v, "af4"), {"b": [1, {}]})
        self.assertEqual(s64.last_wins('{"a":1,"b":2,"a":null}'), {"b": 2, "a": None})


class ReferenceTests(unittest.TestCase):
    def test_splitmix64_reference_output(self):
        g = s5.splitmix64(0)
        self.assertEqual([next(g) for _ in range(3)], [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F])  # splitmix64.c, state 0
        self.assertEqual(s5.seeded_boundaries(0, 1), ["Boundary+E220A8396E789E6A"])  # the high halves of the first two

    def test_framing_parses_back(self):
        parts = [s5.form("a", "1"), s5.file("f", "x.txt", "text/plain", "hello\r\n")]
        body = s5.body_bytes(parts, s5.B)
        self.assertTrue(body.startswith(s5.HEAD) and body.endswith(s5.CLOSE))
        self.assertEqual([(p["name"], p["body"]) for p in s5.email_parse(body, s5.B)], [("a", b"1"), ("f", b"hello\r\n")])

    def test_hand_written_deflate_and_gzip_fields(self):
        self.assertEqual(zlib.decompress(s7.stored_block(b"abc", False) + s7.stored_block(b"", True), -15), b"abc")
        member = s7.gz_member(b"fields", s7.gz_header(flg=s7.FHCRC | s7.FNAME | s7.FEXTRA, name=b"n", extra=b"AB\x00\x00"))
        self.assertEqual(gzip.decompress(member), b"fields")
        self.assertEqual(zlib.decompress(s7.fixed_huffman_block([("literal", 0x41), ("match", 4, 1), ("end",)]), -15), b"AAAAA")
        self.assertEqual(s7.py_kind(s7.gz(b"x")[:-1], 47), "truncatedContent")


if __name__ == "__main__":
    unittest.main()
