"""The shared pieces: the fuzz-target list, .options parsing, and finding the LLVM tools."""
import json
import os
import stat
import tempfile
import unittest

from afstools import fuzz, toolchain


def write(path, text, executable=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    if executable:
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


class OptionsTests(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()

    def test_the_libfuzzer_section_in_order_without_comments(self):
        write(os.path.join(self.root, "Corpus/t/t.options"), "# max_len = 1 (a comment)\n[other]\nmax_len = 2\n"
              "[libfuzzer]\n  timeout=5  # seconds\nmax_len = 256\n\nnot an option\n")
        self.assertEqual(fuzz.options("t", self.root), {"timeout": "5", "max_len": "256"})
        self.assertEqual(fuzz.flags("t", self.root), ["-timeout=5", "-max_len=256"])

    def test_max_len_defaults_to_4096(self):
        self.assertEqual(fuzz.flags("none", self.root), ["-max_len=4096"])
        write(os.path.join(self.root, "Corpus/u/u.options"), "[libfuzzer]\ndict = u.dict\n")
        self.assertEqual(fuzz.flags("u", self.root), ["-dict=u.dict", "-max_len=4096"])


class TargetListTests(unittest.TestCase):
    def test_the_committed_list(self):
        targets = fuzz.load()
        self.assertEqual(targets.names(), ["percent-escape", "query-string", "json", "request", "multipart-writer",
                                           "multipart-parser", "media-type", "content-decode", "image", "response", "plist-request"])
        self.assertEqual(targets.names(canary=True)[-1], "canary")
        self.assertEqual(targets.reaching("Values/JSONCursor.swift"), ["json", "response"])
        self.assertEqual(targets.reaching("Response/XMLWellFormedness.swift"), ["response"])
        # Each as the coverage build's seeds execute it (oss_fuzz.py report checks the whole list).
        self.assertEqual(targets.reaching("Values/ScratchStack.swift"), ["json", "response"])
        self.assertEqual(targets.reaching("Multipart/MultipartErrors.swift"), ["multipart-parser", "multipart-writer"])
        self.assertEqual(targets.reaching("PercentEscaping/EscapeStyle.swift"),
                         ["percent-escape", "query-string", "request"])
        self.assertEqual(len(targets.reaching("Errors/AFSError.swift")), 11)

    def load(self, targets, reaches):
        path = os.path.join(tempfile.mkdtemp(), "targets.json")
        write(path, json.dumps({"targets": targets, "reaches": reaches}))
        return fuzz.load(path)

    def target(self, name, header=({"byte": 0}, {"byte": [1, 2]}, {"byte": 3})):
        return {"name": name, "body": "B", "header": list(header), "payload": "", "oracles": []}

    def test_a_list_that_contradicts_itself_is_refused(self):
        self.assertEqual(self.load([self.target("a")], {"X/*": ["a"]}).reaching("X/y.swift"), ["a"])
        with self.assertRaisesRegex(ValueError, "listed twice"):
            self.load([self.target("a"), self.target("a")], {})
        with self.assertRaisesRegex(ValueError, "not listed"):
            self.load([self.target("a")], {"X/*": ["a", "b"]})
        with self.assertRaisesRegex(ValueError, "not in order"):
            self.load([self.target("a", ({"byte": 0}, {"byte": 2}))], {})


class ToolchainTests(unittest.TestCase):
    def test_beside_swift_then_the_fallback_then_path(self):
        # A fake toolchain: tc/ holds swift and llvm-cov, bin/swift links to it; other/ (first on
        # PATH, a system LLVM) holds another llvm-cov and llvm-profdata.
        d = tempfile.mkdtemp()
        for rel in ("tc/swift", "tc/llvm-cov", "other/llvm-cov", "other/llvm-profdata"):
            write(os.path.join(d, rel), "#!/bin/sh\n", executable=True)
        os.makedirs(os.path.join(d, "bin"))
        os.symlink(os.path.join(d, "tc/swift"), os.path.join(d, "bin/swift"))
        path, other, tc, nowhere = f"{d}/other{os.pathsep}{d}/bin", f"{d}/other", f"{d}/tc", f"{d}/nowhere"
        self.assertEqual(toolchain.llvm_tool("llvm-cov", path, nowhere), f"{tc}/llvm-cov")
        self.assertEqual(toolchain.llvm_tool("llvm-cov", path, other), f"{tc}/llvm-cov")  # beside swift beats the fallback
        self.assertEqual(toolchain.llvm_tool("llvm-cov", other, tc), f"{tc}/llvm-cov")  # no swift: the fallback
        self.assertEqual(toolchain.llvm_tool("llvm-profdata", path, nowhere), f"{other}/llvm-profdata")
        self.assertIsNone(toolchain.llvm_tool("llvm-nm", path, nowhere))

if __name__ == "__main__":
    unittest.main()
