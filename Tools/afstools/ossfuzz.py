"""OSS-Fuzz's build of the fuzz targets and its build check, emulated here (no Docker engine on this
project's machines), so that `.clusterfuzzlite/build.sh` is run the way ClusterFuzzLite runs it.

    python3 scripts/fuzz/oss_fuzz.py build --sanitizer address [--targets json,image | --rotate 4]
    python3 scripts/fuzz/oss_fuzz.py check --sanitizer address       # the checks, on the last build's $OUT
    python3 scripts/fuzz/oss_fuzz.py report                          # coverage build: llvm-cov over the seeds
    python3 scripts/fuzz/oss_fuzz.py all --sanitizer address --rotate 4   # CI: build, check (and report)
    python3 scripts/fuzz/oss_fuzz.py code-change --commit HEAD --fuzz-seconds 600   # the PR workflow's run

What is emulated, from google/oss-fuzz at 955c6866c152471d78c7472c0f1f354343548b9f (read, not copied):

- the image: its Swift must accept what build.sh passes (`image_problems()`: the untagged
  base-builder-swift has Swift 6.1.3, without SwiftPM's --sanitize=fuzzer), and the runner image
  ClusterFuzzLite picks (project.yaml's base_os_version) must match the builder;

- the environment `compile` gives build.sh (infra/base-images/base-image/Dockerfile:32-35 SRC, OUT,
  WORK; base-clang/Dockerfile:59-71 the default CFLAGS; base-builder/Dockerfile:73-108 the
  per-sanitizer SANITIZER_FLAGS_* and COVERAGE_FLAGS*; base-builder/compile:77-141, which composes
  CFLAGS = CFLAGS + SANITIZER_FLAGS + COVERAGE_FLAGS and CXXFLAGS = CFLAGS + -stdlib=libc++;
  compile_libfuzzer:19 LIB_FUZZING_ENGINE). build.sh computes SWIFTFLAGS as the image's
  precompile_swift does when that script is not on PATH, as here.
- the runner's bad-build check (base-runner/bad_build_check, run per target by test_all.py): the
  engine check (`-seed=1337 -runs=4` with nothing else: "no interesting inputs" means no coverage
  counters), the architecture (`file`: x86-64), the sanitizer call counts (`objdump -dC`: at least
  1000 calls into ASan for an address build, at most 200 into UBSan, 3 into MSan, none into DFSan),
  and the start-up check (`-runs=4` through the target's `.options` and dictionary must end "Done 4
  runs"). Like test_all.py, the checks run on $OUT moved elsewhere, so a path written into a target
  at build time fails.

Stricter than OSS-Fuzz, on purpose: no broken target is allowed (test_all.py allows 10 %, one of this
project's 11); the seed corpus zip is run (`-runs=0` over every seed: OSS-Fuzz's check_seed_corpus is
disabled, bad_build_check:494-495); an empty input is run; each coverage build must carry profile
counters (ClusterFuzzLite skips the bad-build check for coverage builds, infra/cifuzz/config_utils.py:363);
and every oracle a target's descriptor names (`scripts/fuzz/targets.json`) that the executable keeps
as a hook (`FuzzOracles`) must be installed: the target says which at its first input.

Sanitizers: `address` and `coverage`. `undefined` is refused when swiftc refuses it, which Swift 6.3.1 on
Linux does ("unsupported option '-sanitize=undefined' for target 'x86_64-unknown-linux-gnu'": the driver
wants `libclang_rt.ubsan-<arch>.a`, and the toolchain ships only ubsan_standalone); `undefined_supported()`
asks the compiler each time instead of assuming it.

The coverage report, as OSS-Fuzz's coverage job builds it (base-runner/coverage: each target over its
corpus with `-merge=1` and LLVM_PROFILE_FILE, llvm-profdata merge, llvm-cov show -format=html and
export -summary-only), over the seed corpora: `report/index.html`, `report/summary.txt`, `summary.json`.
Each target's own profile is also read for the core files it executed (`core_files_executed`): one whose
`reaches` entries in targets.json do not name that target fails the run (`reach_gaps`), since the
code-change run (`affected`) and the mutation fuzz layer trust that list.
"""
import argparse
import datetime
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile

from afstools import ROOT, fuzz, toolchain

WORKDIR = os.path.join(ROOT, ".build-ossfuzz")  # gitignored (.build-*): $WORK keeps SwiftPM's scratch
# base-clang/Dockerfile:59-69, the image's CFLAGS before `compile` adds the sanitizer's.
BASE_CFLAGS = ("-O1 -fno-omit-frame-pointer -gline-tables-only -Wno-error=incompatible-function-pointer-types "
               "-Wno-error=int-conversion -Wno-error=deprecated-declarations -Wno-error=implicit-function-declaration "
               "-Wno-error=implicit-int -Wno-error=unknown-warning-option -Wno-error=vla-cxx-extension "
               "-DFUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION")
# base-builder/Dockerfile:73, 89 and 99, 103.
SANITIZER_FLAGS = {"address": "-fsanitize=address -fsanitize-address-use-after-scope", "coverage": ""}
COVERAGE_FLAGS = {"address": "-fsanitize=fuzzer-no-link",
                  "coverage": "-fprofile-instr-generate -fcoverage-mapping -pthread -Wl,--no-as-needed -Wl,-ldl "
                              "-Wl,-lm -Wno-unused-command-line-argument"}
# base-runner/Dockerfile:77-81: the runner's environment for every check.
RUNNER_ENV = {
    "ASAN_OPTIONS": "alloc_dealloc_mismatch=0:allocator_may_return_null=1:allocator_release_to_os_interval_ms=500:"
                    "check_malloc_usable_size=0:detect_container_overflow=1:detect_odr_violation=0:detect_leaks=1:"
                    "detect_stack_use_after_return=1:fast_unwind_on_fatal=0:handle_abort=1:handle_segv=1:"
                    "handle_sigill=1:max_uar_stack_size_log=16:print_scariness=1:quarantine_size_mb=10:"
                    "strict_memcmp=1:symbolize=1:use_sigaltstack=1:dedup_token_length=3",
    "UBSAN_OPTIONS": "print_stacktrace=1:print_summary=1:silence_unsigned_overflow=1:symbolize=1:dedup_token_length=3",
}
FUZZER_ARGS = ["-rss_limit_mb=2560", "-timeout=25"]
MIN_ASAN_CALLS, MAX_UBSAN_CALLS, MAX_MSAN_CALLS = 1000, 200, 3  # bad_build_check:31, 42, 56
ORACLES = re.compile(r"^fuzz-(\S+): oracles installed: (.*); not installed: (.*)$", re.M)


def undefined_supported():
    """(True, "") when swiftc builds with -sanitize=undefined here; else (False, the driver's words)."""
    with tempfile.TemporaryDirectory() as d:
        source = os.path.join(d, "u.swift")
        with open(source, "w") as f:
            f.write("print(1)\n")
        p = subprocess.run([os.path.join(toolchain.swift_bin_dir() or toolchain.FALLBACK, "swiftc"),
                            "-sanitize=undefined", source, "-o", os.path.join(d, "u")], capture_output=True, text=True)
        return p.returncode == 0, (p.stdout + p.stderr).strip().splitlines()[0] if p.returncode else ""


# The Swift each base-builder-swift image installs (google/oss-fuzz infra/base-images/base-builder/
# install_swift.sh:41-44 for the untagged legacy image, install_swift_ubuntu-24-04.sh:62).
IMAGE_SWIFT = {"": (6, 1, 3), "latest": (6, 1, 3), "ubuntu-24-04": (6, 2, 3)}
FUZZER_FLAG_SINCE = (6, 2)  # SwiftPM's --sanitize=fuzzer (swift-package-manager d23e6a7b7, first in 6.2)


def image_problems(root=ROOT):
    """What the real image would refuse that this machine's newer toolchain accepts: the builder's
    Swift must have SwiftPM's --sanitize=fuzzer (build.sh passes it), and ClusterFuzzLite must run the
    matching runner image (project.yaml's base_os_version)."""
    with open(os.path.join(root, ".clusterfuzzlite", "Dockerfile")) as f:
        m = re.search(r"^FROM\s+gcr\.io/oss-fuzz-base/base-builder-swift(?::(\S+))?\s*$", f.read(), re.M)
    if not m:
        return [".clusterfuzzlite/Dockerfile: no FROM gcr.io/oss-fuzz-base/base-builder-swift[:tag] line"]
    tag = m.group(1) or ""
    problems = []
    swift = IMAGE_SWIFT.get(tag)
    if swift is None:
        problems.append(f".clusterfuzzlite/Dockerfile: base-builder-swift:{tag} is not an image this check knows")
    elif swift[:2] < FUZZER_FLAG_SINCE:
        problems.append(f".clusterfuzzlite/Dockerfile: base-builder-swift:{tag or '(untagged)'} has Swift "
                        f"{'.'.join(map(str, swift))}, whose SwiftPM has no --sanitize=fuzzer (build.sh needs it): "
                        f"use :ubuntu-24-04")
    with open(os.path.join(root, ".clusterfuzzlite", "project.yaml")) as f:
        m = re.search(r"^base_os_version:\s*(\S+)", f.read(), re.M)
    os_version = m.group(1) if m else ""
    if tag not in ("", "latest") and os_version != tag:
        problems.append(f".clusterfuzzlite/project.yaml: base_os_version is {os_version or 'unset'}, the Dockerfile's "
                        f"builder is {tag}: ClusterFuzzLite would run the targets in another image")
    return problems


def environment(sanitizer, out, work, src):
    """What `compile` exports before it runs build.sh (base-builder/compile:77-141)."""
    cflags = " ".join([BASE_CFLAGS, SANITIZER_FLAGS[sanitizer], COVERAGE_FLAGS[sanitizer]])
    env = dict(os.environ, SRC=src, OUT=out, WORK=work, SANITIZER=sanitizer, FUZZING_ENGINE="libfuzzer",
               ARCHITECTURE="x86_64", FUZZING_LANGUAGE="swift", CC="clang", CXX="clang++", CCC="clang++",
               LIB_FUZZING_ENGINE="-fsanitize=fuzzer", CFLAGS=cflags, CXXFLAGS=cflags + " -stdlib=libc++")
    env.pop("AFS_FUZZ_KIT", None)  # the image sets no such variable: every oracle is linked
    return env


def select(names, targets, rotate, slot):
    if targets:
        unknown = sorted(set(targets) - set(names))
        if unknown:
            raise SystemExit(f"oss_fuzz: unknown target(s) {', '.join(unknown)} (scripts/fuzz/targets.json has "
                             f"{', '.join(names)})")
        return [n for n in names if n in targets]
    if rotate:
        slot = slot if slot is not None else datetime.date.today().toordinal() % rotate
        return [n for i, n in enumerate(names) if i % rotate == slot]
    return names


def out_dir(sanitizer):
    return os.path.join(WORKDIR, "out-" + sanitizer)


def build(sanitizer, targets):
    if sanitizer == "undefined":
        ok, why = undefined_supported()
        if not ok:
            raise SystemExit(f"oss_fuzz: SANITIZER=undefined cannot be built for Swift here: swiftc says \"{why}\"")
    out = out_dir(sanitizer)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    work = os.path.join(WORKDIR, "work")
    os.makedirs(work, exist_ok=True)
    env = environment(sanitizer, out, work, os.path.dirname(ROOT))
    env["AFS_FUZZ_TARGETS"] = " ".join(targets)
    start = time.monotonic()
    log = os.path.join(WORKDIR, f"build-{sanitizer}.log")
    with open(log, "w") as f:
        status = subprocess.run(["bash", "-eux", os.path.join(ROOT, ".clusterfuzzlite", "build.sh")], env=env,
                                cwd=ROOT, stdout=f, stderr=subprocess.STDOUT).returncode
    seconds = round(time.monotonic() - start, 1)
    if status != 0:
        with open(log) as f:
            tail = f.read()[-3000:]
        raise SystemExit(f"oss_fuzz: build.sh failed under SANITIZER={sanitizer} (exit {status}, {log}):\n{tail}")
    print(f"built {len(targets)} target(s) under SANITIZER={sanitizer} in {seconds} s: {', '.join(targets)}")
    return seconds


def run(argv, cwd, timeout=300, stdin=subprocess.DEVNULL):
    p = subprocess.run(argv, cwd=cwd, env=dict(os.environ, **RUNNER_ENV), stdin=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=timeout)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def libfuzzer_options(out, name):
    """run_fuzzer's reading of <name>.options: the [libfuzzer] section as -key=value, then the dictionary."""
    args = []
    path = os.path.join(out, name + ".options")
    if os.path.isfile(path):
        args += [f"-{k}={v}" for k, v in fuzz.options_at(path).items()]
    if not any(a.startswith("-dict=") for a in args) and os.path.isfile(os.path.join(out, name + ".dict")):
        args.append(f"-dict={name}.dict")
    return args


def descriptor_oracles():
    return {t["name"]: t.get("oracles", []) for t in fuzz.load().targets}


def check_target(out, name, sanitizer, oracles, scratch):
    """One target's problems (empty: it passes), and what was measured."""
    problems, seen = [], {}
    exe = os.path.join(out, name)
    # 1. The engine, with nothing else (bad_build_check: check_engine).
    status, text = run([exe, "--", "-seed=1337", "-runs=4"], out)
    if "ERROR: no interesting inputs were found" in text:
        problems.append("no coverage instrumentation (no interesting inputs were found)")
    m = re.search(r"INFO: Loaded \d+ module.*\((\d+) (?:inline 8-bit counters|guards)\)", text)
    seen["edges"] = int(m.group(1)) if m else 0
    if seen["edges"] == 0:
        problems.append("libFuzzer loads no coverage counters")
    # 2. The architecture.
    kind = subprocess.run(["file", "-L", exe], capture_output=True, text=True).stdout
    if "x86-64" not in kind:
        problems.append(f"not an x86-64 executable: {kind.strip()}")
    # 3. The sanitizer it carries.
    if sanitizer == "address":
        calls = sanitizer_calls(exe)
        seen["asan_calls"] = calls["asan"]
        if calls["asan"] < MIN_ASAN_CALLS:
            problems.append(f"{calls['asan']} calls into ASan, fewer than {MIN_ASAN_CALLS}: not an ASan build")
        if calls["ubsan"] > MAX_UBSAN_CALLS or calls["msan"] > MAX_MSAN_CALLS or calls["dfsan"] > 0:
            problems.append(f"mixed sanitizers: {calls}")
    else:
        sections = subprocess.run(["readelf", "-S", "-W", exe], capture_output=True, text=True).stdout
        seen["profile_counters"] = "__llvm_prf_cnts" in sections
        if not seen["profile_counters"]:
            problems.append("no profile counters (__llvm_prf_cnts): not a coverage build")
    # 4. Start-up through its options and dictionary (check_startup_crash).
    status, text = run([exe, *FUZZER_ARGS, "-seed=1337", "-runs=4", *libfuzzer_options(out, name)], out)
    if "Done 4 runs" not in text:
        problems.append("start-up with its .options and dictionary did not end 'Done 4 runs': " + last_lines(text))
    if "ParseDictionaryFile: error" in text:
        problems.append("its dictionary does not parse")
    # 5. Every seed and an empty input (ours).
    seeds = os.path.join(scratch, name + "-seeds")
    archive = os.path.join(out, name + "_seed_corpus.zip")
    if not os.path.isfile(archive):
        problems.append(f"no {name}_seed_corpus.zip")
    else:
        with zipfile.ZipFile(archive) as z:
            z.extractall(seeds)
            seen["seeds"] = len(z.namelist())
        status, text = run([exe, *FUZZER_ARGS, "-runs=0", *libfuzzer_options(out, name), seeds], out, timeout=900)
        if status != 0:
            problems.append(f"its seed corpus does not run clean (exit {status}): " + last_lines(text))
    empty = os.path.join(scratch, "empty")
    open(empty, "wb").close()
    status, text = run([exe, *FUZZER_ARGS, empty], out)
    if status != 0:
        problems.append(f"an empty input fails (exit {status}): " + last_lines(text))
    # 6. Its oracles: the executable says which hooks it installed (FuzzOracles.announceOnce).
    m = ORACLES.search(text)
    if not m or m.group(1) != name:
        problems.append("the target did not say which oracles it installed")
    else:
        missing = sorted(set(oracles) & set(split_names(m.group(3))))
        seen["oracles"] = split_names(m.group(2))
        if missing:
            problems.append(f"oracle(s) its descriptor names but not installed: {', '.join(missing)}")
    return problems, seen


def split_names(text):
    return [] if text.strip() == "none" else [n.strip() for n in text.split(",")]


def last_lines(text, n=3):
    return " | ".join(text.strip().splitlines()[-n:])


def sanitizer_calls(exe):
    """bad_build_check's counts: `callq? <addr> <__asan…>` lines of objdump -dC, per sanitizer."""
    counts = {"asan": 0, "ubsan": 0, "msan": 0, "dfsan": 0}
    pattern = re.compile(rb"call[q]?\s+[0-9a-f]+\s+<__(asan|ubsan|msan|dfsan)")
    with subprocess.Popen(["objdump", "-dC", exe], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as p:
        for line in p.stdout:
            m = pattern.search(line)
            if m:
                counts[m.group(1).decode()] += 1
    return counts


def check(sanitizer, targets):
    """test_all.py's way: $OUT moved elsewhere first, then bad_build_check per target; none may fail."""
    built = out_dir(sanitizer)
    present = sorted(n for n in os.listdir(built) if os.access(os.path.join(built, n), os.X_OK)
                     and os.path.isfile(os.path.join(built, n)) and n not in ("llvm-symbolizer",))
    missing = sorted(set(targets) - set(present))
    scratch = tempfile.mkdtemp(prefix="afs-ossfuzz-check.")
    moved = os.path.join(scratch, "not-out")
    shutil.copytree(built, moved)
    descriptors = descriptor_oracles()
    failed, rows = [], []
    try:
        for name in present:
            start = time.monotonic()
            problems, seen = check_target(moved, name, sanitizer, descriptors.get(name, []), scratch)
            rows.append((name, problems, seen, round(time.monotonic() - start, 1)))
            mark = "FAIL" if problems else "ok  "
            print(f"{mark} {name} ({sanitizer}): {describe(seen)}; {rows[-1][3]} s" +
                  "".join(f"\n       {p}" for p in problems), flush=True)
            if problems:
                failed.append(name)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for name in missing:
        print(f"FAIL {name} ({sanitizer}): not in $OUT")
    if not present:
        print("FAIL no fuzz targets in $OUT")
    return (failed + missing) if present else ["(none)"], rows


def describe(seen):
    parts = [f"{seen.get('edges', 0)} counters"]
    if "asan_calls" in seen:
        parts.append(f"{seen['asan_calls']} ASan calls")
    if "profile_counters" in seen:
        parts.append("profile counters" if seen["profile_counters"] else "no profile counters")
    if "seeds" in seen:
        parts.append(f"{seen['seeds']} seeds run")
    if "oracles" in seen:
        parts.append("oracles: " + (", ".join(seen["oracles"]) or "none kept as hooks"))
    return ", ".join(parts)


def report(targets, dest):
    """OSS-Fuzz's coverage job over the seed corpora of a coverage build (base-runner/coverage)."""
    out = out_dir("coverage")
    profdata, cov = toolchain.llvm_tool("llvm-profdata"), toolchain.llvm_tool("llvm-cov")
    shutil.rmtree(dest, ignore_errors=True)
    dumps = os.path.join(dest, "dumps")
    os.makedirs(dumps)
    objects, gaps, listed = [], [], fuzz.load()
    for name in targets:
        exe = os.path.join(out, name)
        corpus = os.path.join(dest, "corpus", name)
        with zipfile.ZipFile(os.path.join(out, name + "_seed_corpus.zip")) as z:
            z.extractall(corpus)
        dummy = os.path.join(dest, "dummy", name)
        os.makedirs(dummy)
        env = dict(os.environ, **RUNNER_ENV, LLVM_PROFILE_FILE=os.path.join(dumps, name + ".%1m.profraw"))
        subprocess.run([exe, "-merge=1", "-timeout=100", dummy, corpus], cwd=out, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=3600)
        raws = glob.glob(os.path.join(dumps, name + ".*.profraw"))
        if not raws:
            print(f"{name}: wrote no profile; left out of the report")
            continue
        own = os.path.join(dumps, name + ".profdata")
        subprocess.run([profdata, "merge", "-sparse", *raws, "-o", own], check=True)
        objects.append(exe)
        executed = core_files_executed(cov, exe, own)
        for f in reach_gaps(listed, name, executed):
            gaps.append(f"{name} executes Sources/AFSerialization/{f}, which targets.json's reaches does not give it")
    if not objects:
        raise SystemExit("oss_fuzz report: no target wrote a profile")
    merged = os.path.join(dumps, "merged.profdata")
    subprocess.run([profdata, "merge", "-sparse", *glob.glob(os.path.join(dumps, "*.profdata")), "-o", merged],
                   check=True)
    # The core's own sources only (AFSerialization, AFFoundationCompat): the scratch path's checkouts,
    # the fuzz bodies and the input formats are not what the targets are there to cover (swift-protobuf's coverage_extra_args do the same in OSS-Fuzz).
    common = [f"-instr-profile={merged}", objects[0], *[f"-object={o}" for o in objects[1:]],
              "-ignore-filename-regex=(/\\.build[^/]*/|/checkouts/|/Sources/(Fuzzers|AFFuzz[^/]*|AFCorpusFormat|AFVectorFormat)/)"]
    subprocess.run([cov, "show", "-format=html", f"-output-dir={os.path.join(dest, 'report')}",
                    "-Xdemangler=swift-demangle", *common], check=True, stdout=subprocess.DEVNULL)
    summary = subprocess.run([cov, "report", *common], check=True, capture_output=True, text=True).stdout
    with open(os.path.join(dest, "report", "summary.txt"), "w") as f:
        f.write(summary)
    exported = subprocess.run([cov, "export", "-summary-only", *common], check=True, capture_output=True,
                              text=True).stdout
    with open(os.path.join(dest, "summary.json"), "w") as f:
        f.write(exported)
    totals = json.loads(exported)["data"][0]["totals"]
    line = ", ".join(f"{k} {totals[k]['covered']}/{totals[k]['count']} ({totals[k]['percent']:.1f} %)"
                     for k in ("lines", "functions", "regions"))
    print(f"coverage of the core by {len(objects)} target(s) over their seeds: {line}\n"
          f"  {os.path.join(dest, 'report', 'index.html')}")
    for g in gaps:
        print("FAIL " + g)
    return totals, gaps


def core_files_executed(cov, exe, profdata):
    """The core files (relative to Sources/AFSerialization) of which `exe` ran at least one line over
    the runs `profdata` records."""
    exported = subprocess.run([cov, "export", "-summary-only", f"-instr-profile={profdata}", exe], check=True,
                              capture_output=True, text=True).stdout
    marker = "/Sources/AFSerialization/"
    return sorted({f["filename"].split(marker, 1)[1] for d in json.loads(exported)["data"] for f in d["files"]
                   if marker in f["filename"] and f["summary"]["lines"]["covered"] > 0})


def reach_gaps(listed, name, executed):
    """The executed core files whose `reaches` entries do not name `name`: the code-change run and the
    mutation fuzz layer choose targets by that list, so a file missing a target there is one a change
    to it would not fuzz with that target."""
    return [f for f in executed if name not in listed.reaching(f)]


# .github/workflows/cflite_pr.yml's `paths:`: a change outside them starts no code-change run.
PR_PATHS = ("Sources/", "Corpus/", "Package.swift", ".clusterfuzzlite/")


def affected(files, names):
    """ClusterFuzzLite keeps the targets whose coverage holds a changed file, and all of them when none
    does (infra/cifuzz/affected_fuzz_targets.py:25-113); here the coverage is targets.json's `reaches`
    (core files), a target's own folders (Corpus/<t>/, Sources/Fuzzers/<t>/) and its body."""
    listed = fuzz.load()
    bodies = {t["body"]: t["name"] for t in listed.targets}
    out = []
    for f in files:
        hits = []
        if f.startswith("Sources/AFSerialization/"):
            hits = listed.reaching(f[len("Sources/AFSerialization/"):])
        parts = f.split("/")
        if len(parts) > 2 and parts[0] == "Corpus" or f.startswith("Sources/Fuzzers/"):
            hits = [parts[1] if parts[0] == "Corpus" else parts[2]]
        if f.startswith("Sources/AFFuzzBodies/"):
            body = os.path.splitext(parts[-1])[0]
            hits = [bodies[body]] if body in bodies else []
        out += [h for h in hits if h in names and h not in out]
    return out or list(names)


def code_change(commit, seconds):
    """ClusterFuzzLite's PR run (mode code-change, infra/cifuzz/run_fuzzers.py:113-156, fuzz_target.py:167-246):
    the targets the change reaches, built with ASan and checked, fuzzed one after another from their
    seeds for `seconds` in all, stopping at the first crash."""
    files = subprocess.run(["git", "diff", "--name-only", f"{commit}^", commit], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.split()
    relevant = [f for f in files if f.startswith(PR_PATHS)]
    print(f"{commit}: {len(files)} file(s) changed, {len(relevant)} under the PR workflow's paths")
    if not relevant:
        print("nothing to fuzz: the workflow's paths filter starts no run for this change")
        return 0
    names = [n for n in fuzz.load().names()]
    targets = affected(relevant, names)
    print(f"targets reaching the change: {', '.join(targets)}")
    build("address", targets)
    bad, _ = check("address", targets)
    if bad:
        print("the bad-build check failed: " + ", ".join(bad))
        return 1
    out = out_dir("address")
    scratch = tempfile.mkdtemp(prefix="afs-ossfuzz-pr.")
    left = seconds
    try:
        for i, name in enumerate(targets):
            # fuzz_target.py: each target gets max(time left / targets left, total / targets).
            budget = max(left // (len(targets) - i), seconds // len(targets))
            corpus = os.path.join(scratch, name)
            with zipfile.ZipFile(os.path.join(out, name + "_seed_corpus.zip")) as z:
                z.extractall(corpus)
            artifacts = os.path.join(scratch, name + "-artifacts") + "/"
            os.makedirs(artifacts)
            start = time.monotonic()
            status, text = run([os.path.join(out, name), *FUZZER_ARGS, *libfuzzer_options(out, name), "-len_control=0",
                                "-seed=1337", f"-max_total_time={budget}", "-print_final_stats=1",
                                f"-artifact_prefix={artifacts}", corpus], out, timeout=budget + 600)
            used = round(time.monotonic() - start)
            left -= used
            stats = dict(re.findall(r"^stat::(\w+):\s+(\d+)", text, re.M))
            print(f"{name}: {budget} s given, {used} s used, {stats.get('number_of_executed_units', '?')} executions, "
                  f"{stats.get('average_exec_per_sec', '?')} exec/s, exit {status}", flush=True)
            if status != 0 or os.listdir(artifacts):
                print(f"crash in {name} (ClusterFuzzLite would report it and stop here):\n" + last_lines(text, 25))
                for a in os.listdir(artifacts):
                    shutil.copy(os.path.join(artifacts, a), os.path.join(WORKDIR, a))
                    print(f"  reproducer: {os.path.join(WORKDIR, a)}")
                return 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print("no crash")
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(prog="oss_fuzz.py", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["build", "check", "report", "all", "code-change"])
    ap.add_argument("--commit", default="HEAD", help="code-change: the commit whose change is fuzzed (default HEAD)")
    ap.add_argument("--fuzz-seconds", type=int, default=600,
                    help="code-change: seconds of fuzzing in all (ClusterFuzzLite's default: 600)")
    ap.add_argument("--sanitizer", action="append", choices=["address", "coverage", "undefined"],
                    help="repeatable; default: address and coverage")
    ap.add_argument("--targets", help="comma-separated targets (default: every one in scripts/fuzz/targets.json)")
    ap.add_argument("--rotate", type=int, help="only every N-th target, a different share each day")
    ap.add_argument("--slot", type=int, help="with --rotate: this share (0…N-1) instead of today's")
    ap.add_argument("--report-dir", default=os.path.join(WORKDIR, "coverage-report"),
                    help="where `report` writes (default .build-ossfuzz/coverage-report)")
    a = ap.parse_args(argv)
    if a.command == "code-change":
        return code_change(a.commit, a.fuzz_seconds)
    if a.command in ("build", "all"):
        problems = image_problems()
        for p in problems:
            print("FAIL " + p)
        if problems:
            return 1
    names = fuzz.load().names()
    targets = select(names, a.targets.split(",") if a.targets else None, a.rotate, a.slot)
    sanitizers = a.sanitizer or ["address", "coverage"]
    failed = []
    for sanitizer in sanitizers:
        if a.command in ("build", "all"):
            build(sanitizer, targets)
        if a.command in ("check", "all"):
            bad, _ = check(sanitizer, targets)
            failed += [f"{n} ({sanitizer})" for n in bad]
        if sanitizer == "coverage" and a.command in ("report", "all"):
            _, gaps = report(targets, a.report_dir)
            failed += [f"targets.json's reaches ({len(gaps)} missing target and core file pair(s))"] if gaps else []
    if failed:
        print("OSS-Fuzz build check failed: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
