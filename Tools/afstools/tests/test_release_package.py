"""The release's tarball and wheel (afstools.release.package), built from a stub runner (a shell script that
prints its $0 and arguments and whether its suite is where the real runner looks) and a small tree of our
own, a git repository in a temporary folder; the wheel is installed by pip, offline, into throwaway venvs."""
import argparse
import ast
import base64
import contextlib
import csv
import gzip
import hashlib
import io
import json
import os
import shutil
import stat
import subprocess
import sys
import tarfile
import tempfile
import time
import unittest
import zipfile

from afstools import ROOT
from afstools.release import package
from afstools.release.package import PackageError

COMMIT_TIME = 1700000000
STUB = """#!/bin/sh
echo "argv0=$0"
echo "args=$*"
here=$(dirname "$0")
if [ -f "$here/Vectors/suite.json" ]; then echo "suite=beside"; fi
if [ -f "$here/../share/afs-conformance/Vectors/suite.json" ]; then echo "suite=share"; fi
"""
TREE = {
    "Package.swift": "// swift-tools-version:5.9\n",
    "Vectors/suite.json": '{"suite": "afserialization-vectors", "version": "1.1.0-dev"}\n',
    "Vectors/echo/a.json": '{"vectors": []}\n',
    "Vectors/echo/b b.json": '{"vectors": [1]}\n',
    "Vectors/schema/vector.schema.json": "{}\n",
    "Vectors/Z.json": "[]\n",
    "Vectors/.hidden/skip.json": "{}\n",        # the digest skips names starting with "." (VECTORS.md §7.3)
    "Vectors/echo/.gitkeep": "",
    "SPEC.md": "# Spec\n",
    "VECTORS.md": "# Vectors\n",
    "README.md": "# Readme\n",
    "Implementations/README.md": "# Adapters\n",
    "Implementations/node/adapter.js": "// not shipped\n",
    "Examples/urllib-adapter/adapter.py": "import json\n",
    "Examples/urllib-adapter/README.md": "# Example\n",
    "Examples/urllib-adapter/expected-failures.json": "{}\n",
    "Sources/x.swift": "// not shipped\n",
}
SUITE = ["Examples/urllib-adapter/README.md", "Examples/urllib-adapter/adapter.py",
         "Examples/urllib-adapter/expected-failures.json", "Implementations/README.md", "QUICKSTART.md", "README.md",
         "SPEC.md", "VECTORS.md", "Vectors/Z.json", "Vectors/echo/a.json", "Vectors/echo/b b.json",
         "Vectors/schema/vector.schema.json", "Vectors/suite.json"]
PIP = [sys.executable, "-m", "pip", "--isolated", "--disable-pip-version-check", "--no-input"]


def write(path, text, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, mode)


def make_tree(top):
    """The tree of TREE, committed at COMMIT_TIME."""
    for rel, text in TREE.items():
        write(os.path.join(top, rel), text)
    env = dict(os.environ, GIT_AUTHOR_DATE="%d +0000" % COMMIT_TIME, GIT_COMMITTER_DATE="%d +0000" % COMMIT_TIME)
    git = ["git", "-C", top, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "tree"]):
        subprocess.run(git + args, check=True, env=env, capture_output=True)


def make_build(folder, tag="linux_x86_64", version="1.1.0-dev", **extra):
    """A stub runner and its build.json in `folder`; returns their paths."""
    binary = os.path.join(folder, "conformance")
    write(binary, STUB, 0o755)
    build = {"version": version, "binary": "conformance", "size": os.path.getsize(binary),
             "needed": ["libc.so.6", "libm.so.6"], "glibc_floor": "2.35", "glibcxx_max": "3.4.30",
             "wheel_tag": tag, "seconds": 1.0}
    build.update(extra)
    path = os.path.join(folder, "build-%s.json" % tag)
    with open(path, "w") as f:
        json.dump(build, f)
    return binary, path


class Fixture(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="afs-release-test-")
        cls.root = os.path.join(cls.tmp, "tree")
        make_tree(cls.root)
        cls.binary, cls.build_json = make_build(cls.tmp)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def out(self):
        return tempfile.mkdtemp(dir=self.tmp)

    def wheel(self, build_json=None, out=None):
        return package.write_wheel(self.binary, build_json or self.build_json, out or self.out(), root=self.root)

    def tarball(self, out=None, root=None):
        return package.write_tarball(self.binary, self.build_json, out or self.out(), root=root or self.root)


class VersionTests(unittest.TestCase):
    def test_pep440(self):
        for semver, v in (("1.0.0", "1.0.0"), ("1.1.0-dev", "1.1.0.dev0"), ("2.0.0-rc.1", "2.0.0rc1"),
                          ("2.0.0-beta2", "2.0.0b2"), ("1.2.3-dev3", "1.2.3.dev3")):
            self.assertEqual(package.pep440(semver), v)
        for bad in ("1.0", "1.0.0-foo", "v1.0.0", "1.0.0.dev0"):
            with self.assertRaises(PackageError):
                package.pep440(bad)

    def test_the_example_adapter_needs_nothing_outside_its_folder(self):
        # If it imported the repository's Python helpers (Implementations/python-common), the packages would
        # have to ship them: EXAMPLE would name them.
        with open(os.path.join(ROOT, "Examples/urllib-adapter/adapter.py")) as f:
            tree = ast.parse(f.read())
        modules = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        modules |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        self.assertFalse({n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level}, "a relative import")
        self.assertTrue(modules)
        self.assertEqual(sorted(modules - set(sys.stdlib_module_names)), [])

    def test_the_shipped_documents_exist_in_this_repository(self):
        missing = [p for p in package.DOCS + package.EXAMPLE if not os.path.isfile(os.path.join(ROOT, p))]
        self.assertEqual(missing, [])


class WheelTests(Fixture):
    def test_record_lists_every_file_with_its_hash_and_size(self):
        path = self.wheel()
        self.assertEqual(os.path.basename(path), "afs_conformance-1.1.0.dev0-py3-none-linux_x86_64.whl")
        with zipfile.ZipFile(path) as zf:
            names = zf.namelist()
            info = "afs_conformance-1.1.0.dev0.dist-info/"
            rows = list(csv.reader(io.StringIO(zf.read(info + "RECORD").decode())))
            self.assertEqual(len(names), len(set(names)))
            self.assertEqual(sorted(r[0] for r in rows), sorted(names))
            for name, digest, size in rows:
                if name == info + "RECORD":
                    self.assertEqual((digest, size), ("", ""))
                    continue
                data = zf.read(name)
                want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
                self.assertEqual((digest, size), ("sha256=" + want, str(len(data))), name)
            script = zf.getinfo("afs_conformance-1.1.0.dev0.data/scripts/afs-conformance")
            mode = script.external_attr >> 16
            self.assertTrue(stat.S_ISREG(mode) and mode & 0o111 == 0o111, oct(mode))
            self.assertEqual(zf.read(script).decode(), STUB)
            self.assertEqual(zf.getinfo(info + "METADATA").external_attr >> 16, 0o100644)
            self.assertTrue(all(i.compress_type == zipfile.ZIP_DEFLATED for i in zf.infolist()))
            wheel = zf.read(info + "WHEEL").decode()
            self.assertIn("Root-Is-Purelib: false\n", wheel)
            self.assertIn("Tag: py3-none-linux_x86_64\n", wheel)
            meta = zf.read(info + "METADATA").decode()
            for line in ("Metadata-Version: 2.1", "Name: afs-conformance", "Version: 1.1.0.dev0",
                         "Requires-Python: >=3.8"):
                self.assertIn(line + "\n", meta)
            self.assertIn('__version__ = "1.1.0.dev0"\n', zf.read("afs_conformance/__init__.py").decode())
            self.assertNotIn("entry_points.txt", " ".join(names))

    def test_the_wheel_holds_the_tarballs_suite(self):
        share = "afs_conformance-1.1.0.dev0.data/data/share/afs-conformance/"
        with zipfile.ZipFile(self.wheel()) as zf:
            names = zf.namelist()
            guide = zf.read(share + "QUICKSTART.md").decode()
        self.assertEqual(sorted(n[len(share):] for n in names if n.startswith(share)), SUITE)
        self.assertEqual(sorted(n for n in names if not n.startswith(share)), [
            "afs_conformance-1.1.0.dev0.data/scripts/afs-conformance",
            "afs_conformance-1.1.0.dev0.dist-info/METADATA", "afs_conformance-1.1.0.dev0.dist-info/RECORD",
            "afs_conformance-1.1.0.dev0.dist-info/WHEEL", "afs_conformance/__init__.py", "afs_conformance/__main__.py"])
        with tarfile.open(self.tarball()) as tar:
            top = "afs-conformance-1.1.0-dev/"
            files = sorted(m.name[len(top):] for m in tar.getmembers() if m.isfile())
        self.assertEqual(sorted(set(files) - {"conformance", "SHA256SUMS"}), SUITE)
        self.assertIn('afs-conformance run --implementation "python3 $SUITE/Examples/urllib-adapter/adapter.py"', guide)
        self.assertIn("print(afs_conformance.suite_root())", guide)

    def test_deterministic(self):
        first = self.wheel()
        os.utime(os.path.join(self.root, "SPEC.md"), (time.time() + 100,) * 2)
        with open(first, "rb") as a, open(self.wheel(), "rb") as b:
            self.assertEqual(a.read(), b.read())

    def test_refuses_a_stale_build_description(self):
        _, stale = make_build(self.out(), size=12345)
        with self.assertRaisesRegex(PackageError, "12345 bytes"):
            self.wheel(stale)
        other = self.out()
        binary, older = make_build(other, version="1.0.0")
        with self.assertRaisesRegex(PackageError, "1.0.0.*1.1.0-dev"):
            package.write_wheel(binary, older, other, root=self.root)
        _, untagged = make_build(other, tag="any")
        with self.assertRaisesRegex(PackageError, "not a Linux platform tag"):
            package.write_wheel(binary, untagged, other, root=self.root)


def _pip_runs_other_pythons():
    """pip 22.3 and later drive another interpreter (`pip --python`): no pip needed inside the venv."""
    return "--python" in subprocess.run(PIP + ["--help"], capture_output=True, text=True).stdout


class InstallTests(Fixture):
    """pip installs the wheel offline. The venvs have no pip of their own: this interpreter's pip drives them
    (`pip --python`), which installs with the venv's interpreter and schemes, in a second instead of ten."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        if not _pip_runs_other_pythons():
            raise unittest.SkipTest("this pip cannot install into another interpreter (pip --python, pip 22.3)")
        cls.venv = cls.make_venv("venv")
        cls.whl = package.write_wheel(cls.binary, cls.build_json, os.path.join(cls.tmp, "dist"), root=cls.root)
        cls.pip(cls.venv, "install", "--no-index", cls.whl)

    @classmethod
    def make_venv(cls, name):
        path = os.path.join(cls.tmp, name)
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", path], check=True)
        return path

    @classmethod
    def pip(cls, venv, *args, check=True):
        extra = ["--root-user-action=ignore"] if args[0] == "install" else []
        run = subprocess.run(PIP + ["--python", os.path.join(venv, "bin", "python")] + list(args) + extra,
                             capture_output=True, text=True)
        if check and run.returncode:
            raise AssertionError("pip %s: %s%s" % (" ".join(args), run.stdout, run.stderr))
        return run

    def run_in(self, venv, *args):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_"))}
        return subprocess.run(list(args), capture_output=True, text=True, env=env, check=True).stdout

    def test_the_script_is_on_the_venvs_path_and_finds_its_suite(self):
        script = os.path.join(self.venv, "bin", "afs-conformance")
        self.assertTrue(os.path.isfile(script))
        self.assertTrue(os.access(script, os.X_OK), oct(os.stat(script).st_mode))
        out = self.run_in(self.venv, script, "run", "--x")
        self.assertEqual(out.splitlines(), ["argv0=" + script, "args=run --x", "suite=share"])
        suite = os.path.join(self.venv, "share", "afs-conformance")
        for rel in SUITE:
            self.assertTrue(os.path.isfile(os.path.join(suite, rel)), rel)

    def test_the_package_finds_the_script_and_the_suite(self):
        python = os.path.join(self.venv, "bin", "python")
        out = self.run_in(self.venv, python, "-c", "import afs_conformance as a; "
                          "print(a.suite_root()); print(a.find_bin()); print(a.__version__)")
        self.assertEqual(out.splitlines(), [os.path.join(self.venv, "share", "afs-conformance"),
                                            os.path.join(self.venv, "bin", "afs-conformance"), "1.1.0.dev0"])
        out = self.run_in(self.venv, python, "-m", "afs_conformance", "--x", "a b")
        self.assertEqual(out.splitlines(), ["argv0=" + os.path.join(self.venv, "bin", "afs-conformance"),
                                            "args=--x a b", "suite=share"])

    def test_uninstall_removes_the_suite(self):
        venv = self.make_venv("venv-uninstall")
        self.pip(venv, "install", "--no-index", self.whl)
        self.assertTrue(os.path.isfile(os.path.join(venv, "share", "afs-conformance", "Vectors", "suite.json")))
        self.pip(venv, "uninstall", "-y", "afs-conformance")
        self.assertFalse(os.path.exists(os.path.join(venv, "bin", "afs-conformance")))
        left = [os.path.join(d, f) for d, _, fs in os.walk(os.path.join(venv, "share")) for f in fs]
        self.assertEqual(left, [])

    def test_pip_target_puts_bin_and_share_beside_the_package(self):
        # ruff's third place: `pip install --target T` moves the scripts to T/bin and the data to T/share.
        user_bin = os.path.expanduser("~/.local/bin/afs-conformance")
        if os.path.exists(user_bin):
            self.skipTest("%s exists, and the user scheme comes before --target" % user_bin)
        venv = self.make_venv("venv-target")
        target = os.path.join(self.tmp, "target")
        self.pip(venv, "install", "--no-index", "--target", target, self.whl)
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_"))}
        out = subprocess.run([os.path.join(venv, "bin", "python"), "-c", "import afs_conformance as a; "
                              "print(a.find_bin()); print(a.suite_root())"],
                             env=dict(env, PYTHONPATH=target), capture_output=True, text=True, check=True).stdout
        self.assertEqual(out.splitlines(), [os.path.join(target, "bin", "afs-conformance"),
                                            os.path.join(target, "share", "afs-conformance")])
        self.assertIn("suite=share", self.run_in(venv, os.path.join(target, "bin", "afs-conformance")))

    def test_pip_refuses_a_wheel_for_a_newer_glibc(self):
        _, build99 = make_build(self.out(), tag="manylinux_2_99_x86_64")
        whl = self.wheel(build99)
        self.assertTrue(whl.endswith("-py3-none-manylinux_2_99_x86_64.whl"))
        venv = self.make_venv("venv-refuse")
        run = self.pip(venv, "install", "--no-index", whl, check=False)
        self.assertNotEqual(run.returncode, 0)
        self.assertIn("is not a supported wheel on this platform", run.stderr)
        self.assertFalse(os.path.exists(os.path.join(venv, "bin", "afs-conformance")))

    def test_pip_honours_the_glibc_floor_of_the_tag(self):
        found = self.out()
        _, build35 = make_build(self.out(), tag="manylinux_2_35_x86_64")
        self.wheel(build35, out=found)

        def resolve(platform):
            # by name from a folder, so pip's finder judges the tag (a wheel's path on the command line is not
            # checked with --target)
            return subprocess.run(PIP + ["install", "--dry-run", "--no-index", "--find-links", found,
                                         "--only-binary=:all:", "--platform", platform,
                                         "--target", os.path.join(self.tmp, "never"), "afs-conformance"],
                                  capture_output=True, text=True)
        older = resolve("manylinux_2_34_x86_64")
        self.assertNotEqual(older.returncode, 0)
        self.assertIn("No matching distribution found for afs-conformance", older.stderr)
        same = resolve("manylinux_2_35_x86_64")
        self.assertEqual(same.returncode, 0, same.stderr)
        self.assertIn("Would install afs-conformance-1.1.0.dev0", same.stdout)


class TarballTests(Fixture):
    def members(self, path):
        with tarfile.open(path) as tar:
            return tar.getmembers(), {m.name: tar.extractfile(m).read() for m in tar.getmembers() if m.isfile()}

    def test_layout_modes_and_owners(self):
        path = self.tarball()
        self.assertEqual(os.path.basename(path), "afs-conformance-1.1.0-dev-x86_64-unknown-linux-gnu.tar.gz")
        members, data = self.members(path)
        top = "afs-conformance-1.1.0-dev"
        files = sorted(["conformance", "SHA256SUMS"] + SUITE)
        folders = {"", "Examples", "Examples/urllib-adapter", "Implementations", "Vectors", "Vectors/echo",
                   "Vectors/schema"}
        self.assertEqual([m.name for m in members], sorted(
            [top + "/" + f for f in files] + [(top + "/" + d).rstrip("/") for d in folders], key=str.encode))
        for m in members:
            self.assertEqual((m.uid, m.gid, m.uname, m.gname, m.mtime), (0, 0, "", "", COMMIT_TIME), m.name)
            executable = m.isdir() or m.name == top + "/conformance"
            self.assertEqual(m.mode, 0o755 if executable else 0o644, m.name)
            self.assertTrue(m.isdir() or m.isfile(), m.name)
        self.assertEqual(data[top + "/conformance"].decode(), STUB)
        guide = data[top + "/QUICKSTART.md"].decode()
        for text in ("./conformance run --implementation \"python3 Examples/urllib-adapter/adapter.py\"",
                     "--expected-failures Examples/urllib-adapter/expected-failures.json", "./conformance --version",
                     "no Swift library: `libc.so.6`, `libm.so.6`", "glibc 2.35", "1.1.0-dev", "%d bytes" % len(STUB)):
            self.assertIn(text, guide)
        with open(path, "rb") as f:
            self.assertEqual(f.read(10)[4:8], b"\0\0\0\0")  # gzip's mtime

    def test_sha256sums_cover_every_other_file(self):
        _, data = self.members(self.tarball())
        top = "afs-conformance-1.1.0-dev/"
        sums = data.pop(top + "SHA256SUMS").decode().splitlines()
        self.assertEqual(sums, ["%s  %s" % (hashlib.sha256(data[top + n]).hexdigest(), n)
                                for n in sorted((n[len(top):] for n in data), key=str.encode)])

    def test_the_runner_finds_the_suite_and_the_digest_is_the_shells(self):
        folder = self.out()
        with tarfile.open(self.tarball()) as tar:
            tar.extractall(folder)
        top = os.path.join(folder, "afs-conformance-1.1.0-dev")
        run = subprocess.run([os.path.join(top, "conformance"), "--version"], capture_output=True, text=True,
                             check=True)
        self.assertIn("suite=beside", run.stdout)
        subprocess.run(["sha256sum", "--check", "--quiet", "SHA256SUMS"], cwd=top, check=True)
        # VECTORS.md §7.3's command, on the vectors shipped and on the tree's: the same files
        shell = "find . -name '.?*' -prune -o -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum"
        digests = [subprocess.run(shell, shell=True, cwd=os.path.join(where, "Vectors"), capture_output=True,
                                  text=True, check=True).stdout.split()[0] for where in (top, self.root)]
        self.assertEqual(digests[0], digests[1])
        with open(os.path.join(top, "QUICKSTART.md")) as f:
            self.assertIn("sha256:" + digests[0], f.read())

    def test_deterministic(self):
        first = self.tarball()
        os.utime(os.path.join(self.root, "Vectors/Z.json"), (time.time() + 100,) * 2)
        os.utime(self.binary, (time.time() + 200,) * 2)
        with open(first, "rb") as a, open(self.tarball(), "rb") as b:
            self.assertEqual(a.read(), b.read())

    def test_refuses_vectors_git_does_not_have_and_a_missing_document(self):
        root = os.path.join(self.out(), "tree")
        shutil.copytree(self.root, root, symlinks=True)
        write(os.path.join(root, "Vectors", "echo", "junk.json"), "{}\n")
        with self.assertRaisesRegex(PackageError, "Vectors/echo/junk.json: not in git"):
            self.tarball(root=root)
        os.remove(os.path.join(root, "Vectors", "echo", "junk.json"))
        write(os.path.join(root, "Vectors", ".junk"), "{}\n")  # not covered by the digest: no harm, a warning
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.tarball(root=root)
        self.assertIn("Vectors/.junk", err.getvalue())
        os.remove(os.path.join(root, "Vectors", "echo", "a.json"))
        with self.assertRaisesRegex(PackageError, "Vectors/echo/a.json: in git but not a regular file"):
            self.tarball(root=root)
        subprocess.run(["git", "-C", root, "checkout", "-q", "--", "Vectors"], check=True)
        os.remove(os.path.join(root, "Implementations", "README.md"))
        with self.assertRaisesRegex(PackageError, "missing from .*: Implementations/README.md"):
            self.tarball(root=root)

    def test_the_command_line(self):
        ap = argparse.ArgumentParser()
        package.register(ap.add_subparsers(dest="cmd", required=True))
        out = self.out()
        for cmd in ("tarball", "wheel"):
            a = ap.parse_args([cmd, "--binary", self.binary, "--build-json", self.build_json, "--out", out,
                               "--root", self.root])
            with contextlib.redirect_stdout(io.StringIO()) as said:
                self.assertEqual(a.func(a), 0)
            self.assertIn(out, said.getvalue())
        self.assertEqual(sorted(os.listdir(out)), ["afs-conformance-1.1.0-dev-x86_64-unknown-linux-gnu.tar.gz",
                                                   "afs_conformance-1.1.0.dev0-py3-none-linux_x86_64.whl"])
        a = ap.parse_args(["wheel", "--binary", self.binary, "--build-json", os.path.join(out, "none.json"),
                           "--out", out, "--root", self.root])
        with contextlib.redirect_stderr(io.StringIO()) as err:
            self.assertEqual(a.func(a), 1)
        self.assertIn("none.json", err.getvalue())

    def test_the_changelog_is_shipped_when_it_exists(self):
        root = os.path.join(self.out(), "tree")
        shutil.copytree(self.root, root, symlinks=True)
        write(os.path.join(root, package.CHANGELOG), "# Changelog\n")
        members, data = self.members(self.tarball(root=root))
        self.assertIn("afs-conformance-1.1.0-dev/" + package.CHANGELOG, data)
        with zipfile.ZipFile(package.write_wheel(self.binary, self.build_json, self.out(), root=root)) as zf:
            self.assertIn("afs_conformance-1.1.0.dev0.data/data/share/afs-conformance/" + package.CHANGELOG,
                          zf.namelist())


if __name__ == "__main__":
    unittest.main()
