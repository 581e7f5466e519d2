"""Trivial compiler equivalence (the TCE papers, mull): a mutant whose optimised object code
is byte-identical to the original's cannot change behaviour, so it is equivalent without anyone
reading it.

How, on the mutant schemata (`.build-mutants/schemata/AFSerialization`): each schemata file carries
fileprivate copies of the switch helpers, and `__afsActive` there reads the AFS_MUTANT switch at run
time. For one mutant, that getter becomes the constant `{ <id> }`; the file is compiled alone as the
primary file (`swiftc -frontend -c -O`, the flags of the core's build, the other schemata files as
secondary sources) and its object compared with the same file, at the same path, compiled with
`{ 0 }` (the original program). The optimiser folds every switch, so equal bytes mean the mutant compiled to the original.

Why one file is enough: the core builds without whole-module optimisation, so no other file can
inline this file's code; a mutant inside `@inlinable` code (which clients inline through the module
interface, and whose schemata use the global `__afsG` helpers) is not eligible. Two checks guard the
method itself on every run: the original compiled twice must give the same bytes (determinism), and
mutants known to be killed must all differ (a positive control; a killed mutant found identical means
the method is broken, and the run fails).
"""
import concurrent.futures
import os
import queue
import re
import shutil
import subprocess
import tempfile

from afstools import ROOT, proc
from afstools.mutation.sites import MB, SCRATCH
from afstools.toolchain import swift_bin_dir

SCHEMATA = f"{MB}/schemata/AFSerialization"
SWITCH_FILE = "__AFSMutantSwitch.swift"
ACTIVE_RE = re.compile(r"^(@inline\(__always\) fileprivate var __afsActive: Int) \{.*\}$", re.M)


def pinned(text, mutant):
    """The schemata file `text` with its fileprivate `__afsActive` fixed to `mutant` (0: the original).
    ValueError when the file has no such getter (no fileprivate helpers: nothing to pin)."""
    out, n = ACTIVE_RE.subn(lambda m: "%s { %d }" % (m.group(1), mutant), text)
    if n != 1:
        raise ValueError("expected one fileprivate __afsActive getter, found %d" % n)
    return out


def eligible(site, text, base):
    """Why the mutant `site` cannot be judged by its file's object code, or None when it can. Its
    schemata call is `<helper>(<base>, …)`, `base` being the first id of its group; the helper must be
    one this file defines fileprivate (a global `__afsG…` one serves `@inlinable` code, whose body
    clients inline through the module interface)."""
    name = site.get("helper") or ""
    if not re.search(r"%s\(%d\b" % (re.escape(name), base), text):
        return "no call %s(%d, …) in the schemata file" % (name, base)
    if not re.search(r"fileprivate (?:func|var) %s\b" % re.escape(name), text):
        return "switched by the global helper %s (@inlinable code: clients inline it)" % name
    return None


def group_bases(sites):
    """{group: its first mutant id}: the id a group's schemata call passes."""
    bases = {}
    for s in sites:
        bases[s["group"]] = min(bases.get(s["group"], s["id"]), s["id"])
    return bases


def frontend_args(primary, others, out, module_cache):
    """The core's compile (Package.swift: -O even in debug; the build's -enforce-exclusivity, Swift 6,
    -enable-testing) as one frontend job for `primary`."""
    pe_map = os.path.join(ROOT, SCRATCH, "x86_64-unknown-linux-gnu", "debug", "CPercentEscape.build", "module.modulemap")
    swiftc = os.path.join(swift_bin_dir() or "/opt/swift/usr/bin", "swiftc")
    return [swiftc, "-frontend", "-c", "-primary-file", primary] + others + [
        "-module-name", "AFSerialization", "-parse-as-library", "-O", "-enforce-exclusivity=unchecked",
        "-swift-version", "6", "-enable-testing", "-package-name", "main", "-D", "SWIFT_PACKAGE",
        "-target", "x86_64-unknown-linux-gnu", "-module-cache-path", module_cache,
        "-Xcc", "-fmodule-map-file=" + os.path.join(ROOT, "Sources", "CZlib", "module.modulemap"),
        "-Xcc", "-fmodule-map-file=" + pe_map,
        "-Xcc", "-I", "-Xcc", os.path.join(ROOT, "Sources", "CPercentEscape", "include"),
        "-o", out]


class Compiler:
    """Compiles one schemata file with a pinned mutant, in a private directory per worker (the
    primary keeps its own file name, so private-declaration discriminators match the original's)."""

    def __init__(self, root=ROOT):
        self.base = os.path.join(root, SCHEMATA)
        self.files = sorted(os.path.relpath(os.path.join(d, f), self.base)
                            for d, _, fs in os.walk(self.base) for f in fs if f.endswith(".swift"))
        self.work = tempfile.mkdtemp(prefix="afs-tce-")
        self.cache = os.path.join(self.work, "ModuleCache")
        self.texts = {}

    def text(self, rel):
        if rel not in self.texts:
            with open(os.path.join(self.base, rel), encoding="utf-8") as f:
                self.texts[rel] = f.read()
        return self.texts[rel]

    def object(self, rel, mutant, slot):
        """The object bytes of file `rel` with `mutant` pinned; RuntimeError with the compiler's words."""
        d = os.path.join(self.work, "slot%d" % slot)
        os.makedirs(d, exist_ok=True)
        primary = os.path.join(d, os.path.basename(rel))
        with open(primary, "w", encoding="utf-8") as f:
            f.write(pinned(self.text(rel), mutant))
        others = [os.path.join(self.base, r) for r in self.files if r != rel]
        out = os.path.join(d, "out.o")
        r = subprocess.run(proc.NICE + frontend_args(primary, others, out, self.cache), cwd=ROOT,
                           capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError("swiftc -frontend failed on %s (mutant %d): %s" % (rel, mutant, r.stderr[-2000:]))
        with open(out, "rb") as f:
            return f.read()

    def close(self):
        shutil.rmtree(self.work, ignore_errors=True)


def judge(sites, all_sites, jobs=2, compiler=None, log=proc.log):
    """{key: "identical" | "differs" | "not eligible: …" | "error: …"} for `sites`, a selection of
    `all_sites` (the schemata's sites.json, which fixes each group's first id). Raises RuntimeError
    when the original's object code is not deterministic."""
    c = compiler or Compiler()
    bases = group_bases(all_sites)
    by_file = {}
    for s in sites:
        by_file.setdefault(s["file"], []).append(s)
    verdicts = {}
    try:
        for n, (rel, group) in enumerate(sorted(by_file.items()), 1):
            text = c.text(rel)
            todo = []
            for s in group:
                why = eligible(s, text, bases[s["group"]])
                if why:
                    verdicts[s["key"]] = "not eligible: " + why
                else:
                    todo.append(s)
            if not todo:
                continue
            # The object embeds a hash of the primary's path, so each worker's directory has its own
            # original to compare with; slot 0's is compiled twice to show the bytes are reproducible.
            base = [c.object(rel, 0, i) for i in range(jobs)]
            if c.object(rel, 0, 0) != base[0]:
                raise RuntimeError("%s: the original compiled twice gave different object code; TCE cannot judge" % rel)

            slots = queue.Queue()
            for i in range(jobs):
                slots.put(i)

            def one(s):
                slot = slots.get()  # a worker's own directory while it compiles
                try:
                    return s["key"], "identical" if c.object(rel, s["id"], slot) == base[slot] else "differs"
                except RuntimeError as e:
                    return s["key"], "error: " + str(e).split("\n")[0][:300]
                finally:
                    slots.put(slot)
            with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
                for key, v in pool.map(one, todo):
                    verdicts[key] = v
            same = sum(verdicts[s["key"]] == "identical" for s in todo)
            log(f"  tce {n}/{len(by_file)} {rel}: {len(todo)} mutants, {same} identical")
    finally:
        if compiler is None:
            c.close()
    return verdicts


NOTE = ("Trivial compiler equivalence (Tools/afstools/mutation/tce.py, `mutate.py tce`): key → verdict. "
        "\"identical\": the file's -O object code with this mutant pinned is byte-identical to the original's, "
        "so the mutant is equivalent without review (sites.reviewed counts it as excluded by TCE). "
        "\"differs\": the compiler kept the change. Judged at the commit in \"_commit\".")

