"""The static runner's gates (Tools/afstools/release/build.py) and the no-Swift check's comparisons
(chroot.py), on real ELF files of this machine and on the runner's output as it prints it."""
import os
import shutil
import unittest

from afstools.release import build, chroot


@unittest.skipUnless(shutil.which("readelf") and shutil.which("objdump"), "binutils")
class StaticRunnerGates(unittest.TestCase):
    def test_a_binary_that_needs_another_library_is_refused(self):
        # Debian's and Ubuntu's ls needs libselinux, which is not on the list.
        ls = shutil.which("ls")
        libs = build.needed(ls)
        self.assertIn("libc.so.6", libs)
        extra = set(libs) - build.ALLOWED
        problem = build.unexpected_libraries(ls, libs)
        if extra:
            self.assertIn(sorted(extra)[0], problem)
        else:
            self.assertIsNone(problem)
        self.assertIn("libswiftCore.so", build.unexpected_libraries("x", ["libc.so.6", "libswiftCore.so"]))
        self.assertIsNone(build.unexpected_libraries("x", ["libc.so.6", "libm.so.6", "libstdc++.so.6"]))

    def test_the_wheel_tag_is_the_highest_glibc_version_asked_for(self):
        versions = build.symbol_versions(shutil.which("ls"))
        self.assertIn("GLIBC", versions)
        major, minor = map(int, versions["GLIBC"].split(".")[:2])
        self.assertEqual(build.wheel_tag(versions), f"manylinux_{major}_{minor}_x86_64")
        self.assertEqual(build.wheel_tag({"GLIBC": "2.35", "GLIBCXX": "3.4.30"}), "manylinux_2_35_x86_64")
        # Versions compare as numbers: 2.9 is below 2.17.
        self.assertEqual(build.wheel_tag({"GLIBC": "2.17"}), "manylinux_2_17_x86_64")


class NoSwiftComparisons(unittest.TestCase):
    def test_the_version_line_is_compared_without_the_folder_it_names(self):
        a = chroot.strip_root("conformance 1.0.0 vectors sha256:ab (/opt/v/share/afs-conformance/Vectors)")
        b = chroot.strip_root("conformance 1.0.0 vectors sha256:ab (Vectors)")
        self.assertEqual(a, "conformance 1.0.0 vectors sha256:ab")
        self.assertEqual(a, b)
        self.assertNotEqual(a, chroot.strip_root("conformance 1.0.0 vectors sha256:cd (Vectors)"))

    def test_a_result_line_is_the_runners_last_line(self):
        self.assertTrue(chroot.RESULT.match("4331 passed, 0 failed, 96 expected, 9513 n/a"))
        self.assertFalse(chroot.RESULT.match(""))
        self.assertFalse(chroot.RESULT.match("error: cannot read the suite file"))


if __name__ == "__main__":
    unittest.main()
