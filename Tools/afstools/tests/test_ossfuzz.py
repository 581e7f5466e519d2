"""The OSS-Fuzz emulation's checks (Tools/afstools/ossfuzz.py) against fake targets: scripts that print
what libFuzzer and a fuzz body print, so each rule is seen failing without a fuzz build."""
import os
import stat
import tempfile
import textwrap
import unittest
import zipfile

from afstools import ossfuzz


def fake_target(out, name, oracles_line, done=True, counters=512):
    path = os.path.join(out, name)
    with open(path, "w") as f:
        f.write(textwrap.dedent(f"""\
            #!/bin/sh
            echo "INFO: Loaded 1 modules   ({counters} inline 8-bit counters): {counters} [0x1, 0x2),"
            echo "{oracles_line}" >&2
            {'echo "Done 4 runs in 0 second(s)"' if done else 'exit 1'}
            """))
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    with zipfile.ZipFile(os.path.join(out, name + "_seed_corpus.zip"), "w") as z:
        z.writestr("seed-1", b"x")
    with open(os.path.join(out, name + ".options"), "w") as f:
        f.write("# comment\n[libfuzzer]\nmax_len = 64\n")
    return path


class Checks(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.out = os.path.join(self.tmp.name, "out")
        os.makedirs(self.out)

    def tearDown(self):
        self.tmp.cleanup()

    def problems(self, name, oracles, **kw):
        problems, seen = ossfuzz.check_target(self.out, name, "coverage", oracles, self.tmp.name)
        return problems, seen

    def test_an_oracle_the_descriptor_names_but_the_target_skips_fails(self):
        fake_target(self.out, "response",
                    "fuzz-response: oracles installed: none; not installed: multipart-kit-differential, "
                    "expat-strict-xml-verdict")
        problems, _ = self.problems("response", ["expat-strict-xml-verdict", "no-crash"])
        self.assertIn("oracle(s) its descriptor names but not installed: expat-strict-xml-verdict", problems)

    def test_an_installed_oracle_passes_and_one_the_target_does_not_name_is_no_concern(self):
        fake_target(self.out, "response",
                    "fuzz-response: oracles installed: expat-strict-xml-verdict; not installed: multipart-kit-differential")
        problems, seen = self.problems("response", ["expat-strict-xml-verdict"])
        self.assertFalse([p for p in problems if "oracle" in p], problems)
        self.assertEqual(seen["oracles"], ["expat-strict-xml-verdict"])
        self.assertEqual(seen["edges"], 512)
        self.assertEqual(seen["seeds"], 1)

    def test_a_target_that_never_says_its_oracles_fails(self):
        fake_target(self.out, "json", "something else")
        problems, _ = self.problems("json", [])
        self.assertIn("the target did not say which oracles it installed", problems)

    def test_no_counters_and_no_clean_start_fail(self):
        fake_target(self.out, "json", "fuzz-json: oracles installed: none; not installed: none", done=False, counters=0)
        problems, _ = self.problems("json", [])
        self.assertIn("libFuzzer loads no coverage counters", problems)
        self.assertTrue(any(p.startswith("start-up with its .options and dictionary did not end") for p in problems))

    def test_options_become_flags_and_the_dictionary_is_added(self):
        fake_target(self.out, "json", "")
        self.assertEqual(ossfuzz.libfuzzer_options(self.out, "json"), ["-max_len=64"])
        open(os.path.join(self.out, "json.dict"), "w").close()
        self.assertEqual(ossfuzz.libfuzzer_options(self.out, "json"), ["-max_len=64", "-dict=json.dict"])

    def test_the_environment_is_composed_as_compile_composes_it(self):
        env = ossfuzz.environment("address", "/o", "/w", "/s")
        self.assertTrue(env["CFLAGS"].startswith("-O1 -fno-omit-frame-pointer"))
        self.assertTrue(env["CFLAGS"].endswith("-fsanitize=address -fsanitize-address-use-after-scope "
                                               "-fsanitize=fuzzer-no-link"))
        self.assertEqual(env["CXXFLAGS"], env["CFLAGS"] + " -stdlib=libc++")
        self.assertNotIn("AFS_FUZZ_KIT", env)
        self.assertIn("-fprofile-instr-generate", ossfuzz.environment("coverage", "/o", "/w", "/s")["CFLAGS"])

    def test_a_rotation_covers_every_target_once(self):
        names = [f"t{i}" for i in range(11)]
        shares = [ossfuzz.select(names, None, 4, k) for k in range(4)]
        self.assertEqual(sorted(n for s in shares for n in s), sorted(names))
        with self.assertRaises(SystemExit):
            ossfuzz.select(names, ["nope"], None, None)


class Image(unittest.TestCase):
    def problems(self, dockerfile, project):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, ".clusterfuzzlite"))
            for name, text in (("Dockerfile", dockerfile), ("project.yaml", project)):
                with open(os.path.join(d, ".clusterfuzzlite", name), "w") as f:
                    f.write(text)
            return ossfuzz.image_problems(d)

    def test_the_builder_must_have_swiftpms_fuzzer_flag_and_a_matching_runner(self):
        good = "FROM gcr.io/oss-fuzz-base/base-builder-swift:ubuntu-24-04\n"
        self.assertEqual(self.problems(good, "language: swift\nbase_os_version: ubuntu-24-04\n"), [])
        untagged = self.problems("FROM gcr.io/oss-fuzz-base/base-builder-swift\n", "language: swift\n")
        self.assertEqual(len(untagged), 1)
        self.assertIn("Swift 6.1.3", untagged[0])
        mismatch = self.problems(good, "language: swift\n")
        self.assertIn("base_os_version is unset", mismatch[0])

    def test_the_repositorys_own_files_pass(self):
        self.assertEqual(ossfuzz.image_problems(), [])


class CodeChange(unittest.TestCase):
    def test_the_targets_a_change_reaches(self):
        names = ossfuzz.fuzz.load().names()
        core = ossfuzz.affected(["Sources/AFSerialization/Multipart/MultipartParser.swift"], names)
        self.assertIn("multipart-parser", core)
        self.assertLess(len(core), len(names))
        self.assertEqual(ossfuzz.affected(["Corpus/json/seed-x", "Sources/Fuzzers/image/Fuzz.swift"], names),
                         ["json", "image"])
        self.assertEqual(ossfuzz.affected(["Sources/AFFuzzBodies/ResponseFuzz.swift"], names), ["response"])
        # Nothing any target covers: ClusterFuzzLite fuzzes them all.
        self.assertEqual(ossfuzz.affected(["Package.swift"], names), names)


    def test_a_core_file_a_target_executes_but_is_not_listed_for_is_a_gap(self):
        listed = ossfuzz.fuzz.TargetList([], {"Multipart/MultipartParser.swift": ["multipart-parser"],
                                              "Multipart/*": ["multipart-writer"]})
        executed = ["Multipart/MultipartParser.swift", "Values/ByteSink.swift"]
        self.assertEqual(ossfuzz.reach_gaps(listed, "multipart-parser", executed), ["Values/ByteSink.swift"])
        self.assertEqual(ossfuzz.reach_gaps(listed, "multipart-writer", executed), ["Values/ByteSink.swift"])
        self.assertEqual(ossfuzz.reach_gaps(listed, "multipart-writer", executed[:1]), [])


if __name__ == "__main__":
    unittest.main()
