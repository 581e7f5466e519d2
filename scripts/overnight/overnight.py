#!/usr/bin/env python3
"""Overnight fuzzing driver (issue 7). Python 3 standard library only.

    scripts/overnight/overnight.py --duration 8h            # all targets, all cores
    scripts/overnight/overnight.py --duration 15m --jobs 1  # a short run on one core
    scripts/overnight/overnight.py --finish-only            # merge what a killed run left behind

What one run does:
 1. builds the libFuzzer+ASan targets with scripts/fuzz/build.sh (skip with --no-build);
 2. recovers anything a previous, killed run left in fuzz-out/overnight/pending/ (merge + crashes);
 3. fuzzes every target in turn for its share of the budget with libFuzzer -fork=JOBS
    (-ignore_crashes/-ignore_timeouts/-ignore_ooms, so a crash does not end the run), the target's
    dictionary, -max_len, -timeout, -rss_limit_mb and -use_value_profile=1, printing progress
    (elapsed/remaining, execs, exec/s, coverage, features, new inputs, crashes);
 4. merges the new inputs into Corpus/<target>/ with -merge=1 (only inputs adding coverage are kept),
    minimizes each distinct crash (-minimize_crash=1) into Corpus/<target>/regressions/;
 5. writes the morning report under fuzz-out/overnight/runs/<UTC time>/: report.md, report.json,
    progress.svg (coverage and exec/s over time), timeseries.json, libFuzzer logs, and an llvm-cov
    HTML coverage report of Sources/AFSerialization from replaying the merged corpus
    (swift test --enable-code-coverage --filter CorpusReplayTests; skip with --no-coverage).

Nothing found is lost on interruption: libFuzzer writes new inputs and crashes to
fuzz-out/overnight/pending/<target>/ as it finds them; Ctrl-C / SIGTERM stop fuzzing and run step 4
and 5 before exiting; after SIGKILL or a power cut the next run (or --finish-only) does step 4.
"""

import argparse
import datetime
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FUZZ_BIN = os.path.join(".build-fuzz", "release")  # replaced by scripts/fuzz/targets.sh
STATE = os.path.join("fuzz-out", "overnight")
PENDING = os.path.join(STATE, "pending")
PIDFILE = os.path.join(STATE, "fuzzer.pid")

# libFuzzer status lines, plain and fork mode:
#   #1234	NEW    cov: 812 ft: 2301 corp: 140/9876b lim: 4096 exec/s: 4500 rss: 61Mb
#   #56789: cov: 812 ft: 2301 corp: 140 exec/s: 4500 oom/timeout/crash: 0/0/1 time: 31s job: 5 dft_time: 0
STATUS = re.compile(
    r"^#(\d+):?\s+(?:(\w+)\s+)?cov: (\d+) ft: (\d+) corp: (\d+)\S*.*?exec/s:? (\d+)"
    r"(?:.*?oom/timeout/crash: (\d+)/(\d+)/(\d+))?")
ARTIFACT_KINDS = ("crash", "timeout", "oom", "leak", "slow-unit")
MAX_GROUPS = 8          # distinct failures stored (and minimized) per target and run
MINIMIZE_SECONDS = 30   # per stored failure

stop_requested = False


def log(msg):
    print(msg, flush=True)


def parse_duration(text):
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhd]?)\s*", text)
    if not m:
        raise argparse.ArgumentTypeError("duration like 8h, 15m, 900s or 900")
    return float(m.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}[m.group(2)]


def hms(seconds):
    seconds = max(0, int(seconds))
    return "%02d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60)


def targets_from_script():
    out = subprocess.run(["bash", "-c", "source scripts/fuzz/targets.sh; echo ${FUZZ_TARGETS[@]}; echo $FUZZ_BIN"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.splitlines()
    return out[0].split(), out[1]


def input_files(directory):
    """Corpus inputs under `directory`, recursively (dictionaries, notes and hidden files excluded)."""
    found = []
    for base, dirs, files in os.walk(directory):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        for f in files:
            if f.startswith(".") or f.endswith((".dict", ".md", ".txt", ".options")):
                continue
            found.append(os.path.join(base, f))
    return sorted(found)


def target_options(target):
    """Defaults, overridden by an OSS-Fuzz style Corpus/<t>/<t>.options ([libfuzzer] key = value)."""
    opts = {"max_len": "4096", "timeout": "10", "rss_limit_mb": "2048", "use_value_profile": "1"}
    path = os.path.join("Corpus", target, target + ".options")
    if os.path.exists(path):
        section = None
        for line in open(path, encoding="utf-8"):
            line = line.strip()
            if line.startswith("["):
                section = line.strip("[]")
            elif "=" in line and section == "libfuzzer":
                k, v = (s.strip() for s in line.split("=", 1))
                opts[k] = v
    d = os.path.join("Corpus", target, target + ".dict")
    if os.path.exists(d):
        opts["dict"] = d
    return opts


def flags(opts):
    return ["-%s=%s" % (k, v) for k, v in opts.items()]


class Series:
    """The time series of one target's status lines (for the plot and the report)."""

    def __init__(self, name, offset):
        self.name, self.offset, self.points = name, offset, []
        self.execs = self.cov = self.ft = self.corp = self.rate = 0
        self.crash_count = 0

    def add(self, t, m):
        self.execs, self.cov, self.ft, self.corp, self.rate = (int(m.group(i)) for i in (1, 3, 4, 5, 6))
        if m.group(9) is not None:
            self.crash_count = sum(int(m.group(i)) for i in (7, 8, 9))
        self.points.append({"t": round(self.offset + t, 2), "execs": self.execs, "cov": self.cov,
                            "ft": self.ft, "corp": self.corp, "exec_s": self.rate})


def die_with_parent():
    """preexec_fn: the fuzzer gets SIGINT (and stops cleanly) if the driver itself is SIGKILLed, so no
    orphan keeps writing into pending/ while the next run recovers it. Linux only; best effort."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGINT))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


FUZZ_ASAN_OPTIONS = "malloc_context_size=0:quarantine_size_mb=16"


def run_target(binary, target, seconds, jobs, run_dir, series, clock):
    """Fuzzes one target for `seconds` with -fork=jobs; returns when done or on a stop request."""
    pend = os.path.join(PENDING, target)
    corpus, artifacts = os.path.join(pend, "corpus"), os.path.join(pend, "artifacts")
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(artifacts, exist_ok=True)
    seeds = [d for d in (os.path.join("Corpus", target),) if os.path.isdir(d)]
    cmd = [binary, corpus] + seeds + ["-fork=%d" % jobs, "-ignore_crashes=1",
           "-ignore_timeouts=1", "-ignore_ooms=1", "-max_total_time=%d" % max(1, int(seconds)),
           "-artifact_prefix=" + artifacts + "/", "-print_final_stats=1"] + flags(target_options(target))
    logpath = os.path.join(run_dir, "logs", target + ".log")
    pending_before = len(os.listdir(corpus))
    start = time.time()
    with open(logpath, "w", encoding="utf-8", errors="replace") as logf:
        logf.write("$ " + " ".join(cmd) + "\n")
        logf.flush()
        proc = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.PIPE,
                                start_new_session=True, preexec_fn=die_with_parent,
                                env=dict(os.environ, SWIFT_BACKTRACE="enable=no",
                                         # as scripts/fuzz/run.sh: no allocation stacks, small quarantine
                                         # (throughput); reproduction commands run with ASan's defaults
                                         ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", FUZZ_ASAN_OPTIONS)))
        with open(PIDFILE, "w") as f:
            f.write("%d %s\n" % (proc.pid, binary))
        os.set_blocking(proc.stderr.fileno(), False)
        buf, last_print, interrupted = b"", 0.0, False
        while True:
            if stop_requested and not interrupted:
                interrupted = True
                try:
                    os.killpg(proc.pid, signal.SIGINT)
                except ProcessLookupError:
                    pass
                stop_deadline = time.time() + 15
            if interrupted and time.time() > stop_deadline and proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL)
            try:
                chunk = proc.stderr.read()
            except (BlockingIOError, OSError):
                chunk = None
            if chunk:
                logf.write(chunk.decode("utf-8", "replace"))
                buf += chunk
                *lines, buf = buf.split(b"\n")
                for raw in lines:
                    m = STATUS.match(raw.decode("utf-8", "replace"))
                    if m:
                        series.add(time.time() - start, m)
            elif proc.poll() is not None:
                break
            else:
                time.sleep(0.2)
            now = time.time()
            if now - last_print >= clock["every"]:
                last_print = now
                new = len(os.listdir(corpus)) - pending_before
                crashes = len([f for f in os.listdir(artifacts) if f.startswith(ARTIFACT_KINDS)])
                elapsed = now - clock["start"]
                line = ("[%s elapsed, %s left] %-16s %s  execs %d  exec/s %d  cov %d  ft %d  corp %d  new %d  crashes %d"
                        % (hms(elapsed), hms(clock["budget"] - elapsed), target, hms(now - start), series.execs,
                           series.rate, series.cov, series.ft, series.corp, new, crashes))
                log(line)
    os.remove(PIDFILE)
    return proc.returncode, time.time() - start, len(os.listdir(corpus)) - pending_before


def stop_orphan():
    """If a killed driver's fuzzer (recorded in PIDFILE) still runs, stop it before recovering its
    output: SIGINT to its process group, SIGKILL after 20 s. Only that recorded process is touched."""
    if not os.path.exists(PIDFILE):
        return
    pid, binary = open(PIDFILE).read().split(None, 1)
    pid, binary = int(pid), binary.strip()
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            alive = f.read().split(b"\0")[0].decode(errors="replace") == binary
    except OSError:
        alive = False
    if alive:
        log("overnight: stopping fuzzer %d left running by an interrupted run" % pid)
        try:
            os.killpg(pid, signal.SIGINT)
            for _ in range(200):
                time.sleep(0.1)
                if not os.path.exists("/proc/%d" % pid) or open("/proc/%d/stat" % pid).read().split()[2] == "Z":
                    break
            else:
                os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    os.remove(PIDFILE)


def reproduce_signature(binary, path, opts):
    """Runs one artifact; the first line that names the failure (for de-duplication and the report)."""
    try:
        r = subprocess.run([binary, path, "-timeout=%s" % opts.get("timeout", "10"),
                            "-rss_limit_mb=%s" % opts.get("rss_limit_mb", "2048")],
                           capture_output=True, text=True, errors="replace", timeout=120,
                           env=dict(os.environ, SWIFT_BACKTRACE="enable=no"), start_new_session=True)
    except subprocess.TimeoutExpired:
        return "hang (no result in 120 s)", None
    if r.returncode == 0:
        return None, r.returncode
    for pattern in (r"invariant broken: .*", r"SUMMARY: \w+Sanitizer: .*", r"ERROR: libFuzzer: [\w-]+",
                    r"Fatal error: .*", r"ERROR: \w+Sanitizer: [\w-]+"):
        m = re.search(pattern, r.stderr)
        if m:
            return normalize_signature(m.group(0)), r.returncode
    return "exit code %d" % r.returncode, r.returncode


def normalize_signature(line):
    """One bucket per kind of failure, not per input: an invariant message is cut before the first
    value it quotes ("…leaves: [[…" → "…leaves:"), numbers and addresses become N."""
    m = re.match(r"invariant broken: (.*)", line)
    if m:
        text = re.sub(r"^\$\S*: ", "", m.group(1))  # a value path such as "$[0].a: "
        text = re.sub(r"\([^()]*\)", "(…)", text)
        cut = min([i for i in (text.find('"'), text.find("["), text.find("{")) if i > 0] + [len(text)])
        line = "invariant broken: " + text[:cut].rstrip(" :")
    line = re.sub(r"0x[0-9a-f]+", "0x…", line)
    return re.sub(r"\b\d+\b", "N", line)[:200]


def sha1_of(path):
    with open(path, "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()


def finish_target(binary, target, run_dir):
    """Merges pending new inputs into Corpus/<target>/ and stores minimized crashes as regressions.
    Only then is the pending directory emptied, so a failure here loses nothing."""
    pend = os.path.join(PENDING, target)
    corpus, artifacts = os.path.join(pend, "corpus"), os.path.join(pend, "artifacts")
    result = {"merged": 0, "pending_inputs": 0, "crashes": []}
    dest = os.path.join("Corpus", target)
    opts = target_options(target)
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
    if os.path.isdir(corpus) and os.listdir(corpus):
        result["pending_inputs"] = len(os.listdir(corpus))
        os.makedirs(dest, exist_ok=True)
        before = set(os.listdir(dest))
        control = os.path.join(pend, "merge.control")
        cmd = [binary, "-merge=1", "-merge_control_file=" + control, dest, corpus] + \
              flags({k: v for k, v in opts.items() if k in ("max_len", "timeout", "rss_limit_mb")})
        # (no -use_value_profile here: inputs are kept for new edges/counters, not compared values,
        # which keeps the committed corpus from growing by hundreds of files an hour)
        with open(os.path.join(run_dir, "logs", target + ".merge.log"), "a", encoding="utf-8", errors="replace") as f:
            f.write("$ " + " ".join(cmd) + "\n")
            f.flush()
            r = subprocess.run(cmd, stdout=f, stderr=f, env=env, start_new_session=True)
        if r.returncode == 0:
            result["merged"] = len(set(os.listdir(dest)) - before)
            shutil.rmtree(corpus)
            if os.path.exists(control):
                os.remove(control)
        else:
            result["merge_error"] = "merge exited %d; inputs kept in %s" % (r.returncode, corpus)
    if os.path.isdir(artifacts):
        regress = os.path.join(dest, "regressions")
        os.makedirs(regress, exist_ok=True)
        os.makedirs(os.path.join(STATE, "promote"), exist_ok=True)
        kept = os.path.join(STATE, "artifacts", target)
        os.makedirs(kept, exist_ok=True)
        seen, heads = {}, {}
        for name in sorted(os.listdir(artifacts)):
            path = os.path.join(artifacts, name)
            kind = name.split("-", 1)[0] if name.startswith(ARTIFACT_KINDS) else None
            if kind is None or not os.path.isfile(path):
                continue
            sig, _ = reproduce_signature(binary, path, opts)
            original = os.path.join(kept, name)
            shutil.copy(path, original)
            entry = {"kind": kind, "original": original, "signature": sig or "does not reproduce alone"}
            if sig is None:
                entry["file"] = None
            elif sig in seen:
                entry["duplicate_of"] = seen[sig]
                heads[sig]["count"] += 1
            elif len(seen) >= MAX_GROUPS:
                entry["file"] = None
                entry["signature"] = sig + " (not stored: more than %d distinct failures in one run)" % MAX_GROUPS
            else:
                tmp = os.path.join(pend, "minimized")
                minimize = [binary, path, "-minimize_crash=1", "-runs=%d" % 20000, "-max_total_time=%d" % MINIMIZE_SECONDS,
                            "-exact_artifact_path=" + tmp] + \
                           flags({k: v for k, v in opts.items() if k in ("max_len", "timeout", "rss_limit_mb")})
                with open(os.path.join(run_dir, "logs", target + ".minimize.log"), "a", encoding="utf-8", errors="replace") as f:
                    f.write("$ " + " ".join(minimize) + "\n")
                    f.flush()
                    subprocess.run(minimize, stdout=f, stderr=f, env=env, timeout=300, start_new_session=True)
                source = tmp if os.path.exists(tmp) and reproduce_signature(binary, tmp, opts)[0] else path
                final = os.path.join(regress, "%s-%s" % (kind, sha1_of(source)[:16]))
                shutil.copy(source, final)
                if os.path.exists(tmp):
                    os.remove(tmp)
                entry.update(file=final, minimized=source == tmp, size=os.path.getsize(final),
                             reproduce="%s %s" % (os.path.join(FUZZ_BIN, "fuzz-" + target), final),
                             replay="swift test --filter CorpusReplayTests",
                             vector_request=os.path.join(STATE, "promote", os.path.basename(final) + ".json"))
                entry["count"] = 1
                seen[sig], heads[sig] = final, entry
            result["crashes"].append(entry)
            os.remove(path)
    if os.path.isdir(pend):
        for sub in ("artifacts",):
            d = os.path.join(pend, sub)
            if os.path.isdir(d) and not os.listdir(d):
                os.rmdir(d)
        if not os.listdir(pend):
            os.rmdir(pend)
    return result


COV_SCRATCH = ".build-cov"
MAX_REPLAY_CRASHES = 50  # per target: past this, the rest of that target's inputs are not replayed


def llvm_tool(name):
    tooldir = os.path.dirname(os.path.realpath(shutil.which("swift") or "swift"))
    path = os.path.join(tooldir, name)
    return path if os.path.exists(path) else name


def build_replay_tool(run_dir):
    """Builds `conformance` with coverage instrumentation (debug, into .build-cov); returns its path
    or None. The same binary restates crashes as vector requests for `conformance promote`."""
    logpath = os.path.join(run_dir, "logs", "coverage-build.log")
    cmd = ["swift", "build", "--scratch-path", COV_SCRATCH, "--product", "conformance", "--enable-code-coverage"]
    with open(logpath, "a", encoding="utf-8", errors="replace") as f:
        f.write("$ " + " ".join(cmd) + "\n")
        f.flush()
        r = subprocess.run(cmd, stdout=f, stderr=f)
    if r.returncode != 0:
        return None
    bindir = subprocess.run(["swift", "build", "--scratch-path", COV_SCRATCH, "--show-bin-path"],
                            capture_output=True, text=True).stdout.strip()
    tool = os.path.join(bindir, "conformance")
    return tool if os.path.exists(tool) else None


def replay_target(tool, target, files, profdir, logf):
    """Replays `files` through `conformance replay --target T` with LLVM_PROFILE_FILE=<dir>/T-%p-%m.profraw.
    A process that dies (trap, signal, hang) writes no profile; its last announced input is recorded
    as crashing and every other input of that process is replayed again in a new one, so a crashing
    input loses only its own coverage. Returns (crashed [{file, why}], failed [{file, message}])."""
    crashed, failed = [], []
    remaining = list(files)
    listfile = os.path.join(profdir, target + ".list")
    while remaining:
        with open(listfile, "w", encoding="utf-8") as f:
            f.write("\n".join(remaining) + "\n")
        env = dict(os.environ, SWIFT_BACKTRACE="enable=no",
                   LLVM_PROFILE_FILE=os.path.join(os.path.abspath(profdir), target + "-%p-%m.profraw"))
        timeout = 120 + 2 * len(remaining)
        proc = subprocess.Popen([tool, "replay", "--target", target, "--list", listfile], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, env=env, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=timeout)
            hung = False
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            hung = True
        out, err = out.decode("utf-8", "replace"), err.decode("utf-8", "replace")
        logf.write("$ %s replay --target %s (%d inputs) -> exit %s%s\n" % (tool, target, len(remaining), proc.returncode, " (hung)" if hung else ""))
        started, done = None, []
        for line in out.splitlines():
            if line.startswith("start "):
                started = line[6:]
            elif line.startswith("ok ") or line.startswith("fail "):
                path = line.split(" ", 1)[1]
                if line.startswith("fail "):
                    path, message = path.split(": ", 1) if ": " in path else (path, "")
                    failed.append({"file": path, "message": message})
                done.append(path)
                started = None
        if not hung and proc.returncode in (0, 1) and len(done) == len(remaining):
            break
        # The process died: its profile is lost (never written, or partial: removed).
        for name in os.listdir(profdir):
            if name.startswith("%s-%d-" % (target, proc.pid)):
                os.remove(os.path.join(profdir, name))
        if started is None:
            logf.write(err[-2000:] + "\n")
            crashed.append({"file": "(%d inputs not replayed: the replay process died before an input)" % len(remaining),
                            "why": "exit %s" % proc.returncode})
            break
        why = "hang (no result in %d s)" % timeout if hung else None
        for pattern in (r"Fatal error: .*", r"AFS_REPLAY_TRAP: .*"):
            m = re.search(pattern, err)
            if why is None and m:
                why = m.group(0)[:200]
        if why is None:
            why = "killed by signal %d" % -proc.returncode if proc.returncode < 0 else "exit %d" % proc.returncode
        crashed.append({"file": started, "why": why})
        logf.write("  crashed on %s: %s\n" % (started, crashed[-1]["why"]))
        failed = [f for f in failed if f["file"] not in done]  # they are replayed again
        remaining = [f for f in remaining if f != started]
        if len(crashed) >= MAX_REPLAY_CRASHES:
            crashed.append({"file": "(%d inputs not replayed: more than %d crashing inputs)" % (len(remaining), MAX_REPLAY_CRASHES), "why": ""})
            break
    return crashed, failed


def promote_command(tool, target, crash):
    """Restates a stored crash as a vector request (`conformance snapshot --vector-request`) and
    returns the exact `conformance promote` command for it, or the two-step recipe without a tool."""
    request = crash["vector_request"]
    step = "swift run conformance snapshot --target %s --vector-request %s --write-to %s" % (target, crash["file"], request)
    if tool is None:
        return step + "  # then run the promote command it prints"
    os.makedirs(os.path.dirname(request), exist_ok=True)
    r = subprocess.run([tool, "snapshot", "--target", target, "--vector-request", crash["file"], "--write-to", request],
                       capture_output=True, text=True, errors="replace", env=dict(os.environ, LLVM_PROFILE_FILE="/dev/null"))
    lines = [l for l in r.stdout.splitlines() if "conformance promote" in l]
    if r.returncode != 0 or not lines:
        crash["promote_error"] = (r.stderr.strip().splitlines() or ["exit %d" % r.returncode])[-1]
        return None
    notes = [l[6:] for l in r.stderr.splitlines() if l.startswith("note: ")]
    if notes:
        crash["promote_notes"] = notes
    return lines[-1].strip()


def coverage_report(run_dir, tool, targets):
    """Replays every target's (merged) corpus through a coverage-instrumented `conformance replay`,
    merges the per-process profiles with llvm-profdata and writes an llvm-cov HTML report restricted
    to Sources/AFSerialization. Inputs that crash the replay are skipped and listed."""
    if tool is None:
        return {"error": "the coverage build of conformance failed (see logs/coverage-build.log)"}
    profdir = os.path.join(run_dir, "profiles")
    os.makedirs(profdir, exist_ok=True)
    logpath = os.path.join(run_dir, "logs", "coverage.log")
    info = {"log": logpath, "crashed": [], "failed": [], "inputs": 0}
    with open(logpath, "w", encoding="utf-8", errors="replace") as logf:
        for t in targets:
            files = input_files(os.path.join("Corpus", t))
            info["inputs"] += len(files)
            crashed, failed = replay_target(tool, t, files, profdir, logf)
            info["crashed"] += [dict(c, target=t) for c in crashed]
            info["failed"] += [dict(f, target=t) for f in failed]
            logf.flush()
    raws = sorted(os.path.join(profdir, f) for f in os.listdir(profdir) if f.endswith(".profraw"))
    info["profiles"] = len(raws)
    if not raws:
        info["error"] = "no coverage data (see %s)" % logpath
        return info
    profdata = os.path.join(run_dir, "coverage.profdata")
    subprocess.run([llvm_tool("llvm-profdata"), "merge", "-sparse", "-o", profdata] + raws, check=True)
    for p in raws:
        os.remove(p)
    html = os.path.join(run_dir, "coverage")
    src = os.path.join(ROOT, "Sources", "AFSerialization")
    cov_tool = llvm_tool("llvm-cov")
    subprocess.run([cov_tool, "show", "-format=html", "-instr-profile=" + profdata, "-output-dir=" + html,
                    "-show-line-counts-or-regions", "-project-title=AFSerialization (corpus replay)", tool, src],
                   check=True, capture_output=True)
    rep = subprocess.run([cov_tool, "report", "-instr-profile=" + profdata, tool, src],
                         capture_output=True, text=True).stdout
    total = [l for l in rep.splitlines() if l.startswith("TOTAL")]
    if total:
        # TOTAL regions missed cover% functions missed executed% lines missed cover% [branches …]
        pct = re.findall(r"(\d+\.\d+)%", total[0])
        if len(pct) >= 3:
            info.update(regions_percent=float(pct[0]), functions_percent=float(pct[1]), lines_percent=float(pct[2]))
    with open(os.path.join(run_dir, "coverage-summary.txt"), "w", encoding="utf-8") as f:
        f.write(rep)
    info["html"] = os.path.join(html, "index.html")
    info["summary"] = os.path.join(run_dir, "coverage-summary.txt")
    return info


def svg_plot(series_list, path, total_seconds):
    """Two panels (coverage, exec/s) over elapsed time; one polyline per target. No plotting library."""
    colors = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"]
    W, H, L, R, T, B = 900, 250, 70, 170, 30, 40
    xmax = max([total_seconds] + [p["t"] for s in series_list for p in s.points] + [1])

    def panel(y0, key, title):
        ymax = max([p[key] for s in series_list for p in s.points] + [1]) * 1.08
        out = ['<g transform="translate(0,%d)">' % y0,
               '<text x="%d" y="18" font-size="14" font-weight="bold">%s</text>' % (L, title),
               '<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>' % (L, T, W - L - R, H - T - B)]
        for i in range(6):
            yv = ymax * i / 5
            y = H - B - (H - T - B) * i / 5
            out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eee"/>' % (L, W - R, y, y))
            out.append('<text x="%d" y="%.1f" font-size="11" text-anchor="end">%d</text>' % (L - 4, y + 4, yv))
        for i in range(7):
            xv = xmax * i / 6
            x = L + (W - L - R) * i / 6
            out.append('<text x="%.1f" y="%d" font-size="11" text-anchor="middle">%s</text>' % (x, H - B + 15, hms(xv)))
        for n, s in enumerate(series_list):
            pts = " ".join("%.1f,%.1f" % (L + (W - L - R) * p["t"] / xmax, H - B - (H - T - B) * p[key] / ymax) for p in s.points)
            c = colors[n % len(colors)]
            if pts:
                out.append('<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"/>' % (c, pts))
            out.append('<rect x="%d" y="%d" width="12" height="12" fill="%s"/>' % (W - R + 12, T + 18 * n, c))
            out.append('<text x="%d" y="%d" font-size="12">%s</text>' % (W - R + 30, T + 10 + 18 * n, s.name))
        out.append('<text x="%d" y="%d" font-size="11" text-anchor="middle">elapsed (hh:mm:ss)</text>' % ((L + W - R) / 2, H - 5))
        out.append("</g>")
        return out

    body = panel(0, "cov", "Coverage (edges, libFuzzer cov:)") + panel(H, "exec_s", "Executions per second")
    with open(path, "w", encoding="utf-8") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif">\n' % (W, 2 * H))
        f.write('<rect width="100%" height="100%" fill="white"/>\n' + "\n".join(body) + "\n</svg>\n")


def write_report(run_dir, report):
    with open(os.path.join(run_dir, "report.json"), "w", encoding="utf-8") as f:
        json.dump(report, f, indent=2)
    r = report["run"]
    md = ["# Overnight fuzzing report", "",
          "- Started %s, ended %s (UTC); budget %s, fuzzed %s; %d job(s) per target%s." % (
              r["started"], r["ended"], hms(r["budget_seconds"]), hms(r["fuzz_seconds"]), r["jobs"],
              "; **interrupted**" if r["interrupted"] else ""),
          "- Commit %s. Plot: [progress.svg](progress.svg). Logs: `logs/`." % r["commit"], "",
          "| target | time | execs | exec/s | cov | ft | corpus before | found | merged | corpus after | crash groups (files) |",
          "|---|---|---|---|---|---|---|---|---|---|---|"]
    for t in report["targets"]:
        md.append("| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %d (%d) |" % (
            t["name"], hms(t["seconds"]), t["execs"], t["exec_per_second"], t["cov"], t["ft"], t["corpus_before"],
            t["new_inputs"], t["merged"], t["corpus_after"], len([c for c in t["crashes"] if c.get("file")]), len(t["crashes"])))
    if report.get("recovered"):
        md += ["", "Recovered from an earlier interrupted run: " + ", ".join(
            "%s (%d inputs merged, %d crashes)" % (k, v["merged"], len(v["crashes"])) for k, v in report["recovered"].items())]
    crashes = [(t["name"], c) for t in report["targets"] for c in t["crashes"]] + \
              [(k, c) for k, v in report.get("recovered", {}).items() for c in v["crashes"]]
    md += ["", "## New crashes", ""]
    groups = [(name, c) for name, c in crashes if c.get("file")]
    unreproduced = {}
    for name, c in crashes:
        if not c.get("file") and not c.get("duplicate_of"):
            unreproduced.setdefault(name, []).append(c)
    if not crashes:
        md.append("None.")
    elif groups:
        md += ["One line per distinct failure (same invariant message / sanitizer summary / fatal error); "
               "`count` is the number of crash files libFuzzer saved for it.", "",
               "| target | kind | count | failure | minimized reproducer |", "|---|---|---|---|---|"]
        for name, c in groups:
            md.append("| %s | %s | %d | `%s` | `%s` (%d bytes%s) |" % (
                name, c["kind"], c.get("count", 1), c["signature"].replace("|", "\\|"), c["file"], c["size"],
                ", minimized" if c["minimized"] else ""))
        md.append("")
        for n, (name, c) in enumerate(groups, 1):
            md += ["%d. **%s**: `%s`" % (n, name, c["signature"]),
                   "   - reproduce: `%s`" % c["reproduce"]]
            if c.get("promote"):
                md.append("   - promote to a vector flagged for review: `%s`" % c["promote"])
                for note in c.get("promote_notes", []):
                    md.append("     (note: %s)" % note)
            elif c.get("promote_error"):
                md.append("   - not expressible as a vector: %s" % c["promote_error"])
    if unreproduced:
        md.append("")
    for name, cs in unreproduced.items():
        md.append("- %s: %d crash file(s) that do not reproduce alone (kept under `%s`)" % (
            name, len(cs), os.path.dirname(cs[0]["original"])))
    cov = report.get("coverage")
    md += ["", "## Coverage of Sources/AFSerialization (corpus replay)", ""]
    if not cov:
        md.append("Not measured (--no-coverage).")
    elif cov.get("error"):
        md.append("Failed: %s" % cov["error"])
    else:
        md.append("Lines %.2f%%, functions %.2f%%, regions %.2f%%; HTML: [coverage/index.html](coverage/index.html)." % (
            cov.get("lines_percent", 0), cov.get("functions_percent", 0), cov.get("regions_percent", 0)))
        md.append("%d inputs replayed, %d profiles merged; summary: `coverage-summary.txt`, log: `%s`." % (
            cov.get("inputs", 0), cov.get("profiles", 0), cov["log"]))
        if cov.get("crashed"):
            md += ["", "Inputs that crashed the replay (skipped; only their own coverage is missing):", ""]
            md += ["- %s `%s`: %s" % (c["target"], c["file"], c["why"]) for c in cov["crashed"]]
        if cov.get("failed"):
            md += ["", "Inputs that break an invariant in the replay (%d; counted in the coverage):" % len(cov["failed"]), ""]
            md += ["- %s `%s`: %s" % (f["target"], f["file"], f["message"][:160]) for f in cov["failed"][:20]]
    md += ["", "## Next steps", "",
           "- Commit the merged corpus: `git add Corpus && git commit -m 'Corpus: overnight run %s'`." % r["started"][:10],
           "- Re-record output snapshots for the new inputs: `swift run conformance snapshot` (then commit Snapshots/).", ""]
    with open(os.path.join(run_dir, "report.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(md))


def count_inputs(target):
    return len(input_files(os.path.join("Corpus", target)))


def main():
    global stop_requested, FUZZ_BIN
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n", 1)[1])
    ap.add_argument("--duration", type=parse_duration, default=parse_duration("8h"), help="total budget (default 8h)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="libFuzzer -fork jobs per target (default: all cores)")
    ap.add_argument("--targets", nargs="*", help="subset of targets (default: scripts/fuzz/targets.sh)")
    ap.add_argument("--finish-reserve", type=float, default=0.1,
                    help="share of the budget kept for merging, minimizing and reporting (default 0.1)")
    ap.add_argument("--no-build", action="store_true", help="use the existing .build-fuzz binaries")
    ap.add_argument("--no-coverage", action="store_true", help="skip the llvm-cov HTML report")
    ap.add_argument("--finish-only", action="store_true", help="only merge/save what a killed run left behind")
    ap.add_argument("--coverage-only", action="store_true",
                    help="only the coverage report of the current Corpus/ (no fuzz build, no fuzzing)")
    ap.add_argument("--progress-every", type=float, default=10, help="seconds between progress lines (default 10)")
    args = ap.parse_args()
    os.chdir(ROOT)
    start = time.time()
    targets, FUZZ_BIN = targets_from_script()
    all_targets = list(targets)
    if args.targets:
        # (the canary, not in targets.sh, is accepted when built: it exercises the crash path)
        unknown = {t for t in args.targets if t not in targets and not os.path.exists(os.path.join(FUZZ_BIN, "fuzz-" + t))}
        if unknown:
            ap.error("unknown targets: " + ", ".join(sorted(unknown)))
        targets = args.targets

    def on_signal(signum, _frame):
        global stop_requested
        if not stop_requested:
            log("\n%s: stopping fuzzing; merging and saving what was found (signal again to skip the coverage report)"
                % signal.Signals(signum).name)
        elif not args.no_coverage:
            args.no_coverage = True
        stop_requested = True
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGHUP, on_signal)

    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H-%M-%SZ")
    run_dir = os.path.join(STATE, "runs", stamp)
    os.makedirs(os.path.join(run_dir, "logs"), exist_ok=True)
    latest = os.path.join(STATE, "latest")
    if os.path.islink(latest) or os.path.exists(latest):
        os.remove(latest)
    os.symlink(os.path.join("runs", stamp), latest)
    log("overnight: run directory %s" % run_dir)

    if args.coverage_only:
        args.no_build = args.finish_only = True
    if not args.no_build:
        log("overnight: building fuzz targets (scripts/fuzz/build.sh)")
        if subprocess.run(["scripts/fuzz/build.sh"]).returncode != 0:
            log("overnight: build failed")
            return 2

    def binary(t):
        return os.path.join(FUZZ_BIN, "fuzz-" + t)

    report = {"run": {}, "targets": [], "recovered": {}}
    # Leftovers of a killed run first: nothing found is lost.
    stop_orphan()
    if os.path.isdir(PENDING) and not args.coverage_only:
        for t in sorted(os.listdir(PENDING)):
            if os.path.exists(binary(t)):
                log("overnight: recovering pending inputs/crashes of %s from an interrupted run" % t)
                report["recovered"][t] = finish_target(binary(t), t, run_dir)
    for t, v in report["recovered"].items():
        log("  %s: merged %d of %d inputs, %d crash files" % (t, v["merged"], v["pending_inputs"], len(v["crashes"])))
    if args.finish_only:
        targets = []

    # The budget covers fuzzing, merging and reporting; building and recovery come before it.
    run_start, start = start, time.time()
    budget = args.duration
    fuzz_budget = budget * (1 - args.finish_reserve)
    clock = {"start": start, "budget": budget, "every": args.progress_every}
    all_series, fuzz_seconds = [], 0.0
    before = {t: count_inputs(t) for t in targets}
    for i, t in enumerate(targets):
        if stop_requested:
            break
        remaining = fuzz_budget - (time.time() - start)
        share = remaining / (len(targets) - i)
        if share < 5:
            log("overnight: no time left for %s" % t)
            break
        log("overnight: fuzzing %s (%d/%d) for %s with -fork=%d" % (t, i + 1, len(targets), hms(share), args.jobs))
        series = Series(t, time.time() - start)
        rc, seconds, new = run_target(binary(t), t, share, args.jobs, run_dir, series, clock)
        fuzz_seconds += seconds
        all_series.append(series)
        report["targets"].append({"name": t, "seconds": round(seconds, 1), "exit_code": rc, "execs": series.execs,
                                  "exec_per_second": int(series.execs / seconds) if seconds else 0,
                                  "cov": series.cov, "ft": series.ft, "corpus_before": before[t], "new_inputs": new})
        log("overnight: %s done: %d execs in %s, cov %d ft %d, %d new inputs" % (t, series.execs, hms(seconds), series.cov, series.ft, new))

    log("overnight: merging new inputs into Corpus/ and minimizing crashes")
    for entry in report["targets"]:
        t = entry["name"]
        res = finish_target(binary(t), t, run_dir)
        entry.update(merged=res["merged"], crashes=res["crashes"], corpus_after=count_inputs(t))
        if res.get("merge_error"):
            entry["merge_error"] = res["merge_error"]
        log("  %s: corpus %d -> %d (%d merged of %d new), %d crash files" % (
            t, entry["corpus_before"], entry["corpus_after"], res["merged"], res["pending_inputs"], len(res["crashes"])))

    with open(os.path.join(run_dir, "timeseries.json"), "w", encoding="utf-8") as f:
        json.dump({s.name: s.points for s in all_series}, f)
    svg_plot(all_series, os.path.join(run_dir, "progress.svg"), fuzz_seconds)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
    report["run"] = {"started": datetime.datetime.fromtimestamp(run_start, datetime.timezone.utc).isoformat(timespec="seconds"),
                     "fuzzing_started": datetime.datetime.fromtimestamp(start, datetime.timezone.utc).isoformat(timespec="seconds"),
                     "ended": None, "budget_seconds": budget, "fuzz_seconds": round(fuzz_seconds, 1), "jobs": args.jobs,
                     "interrupted": stop_requested, "commit": commit or "unknown", "run_dir": run_dir}
    stored = [c for t in report["targets"] for c in t["crashes"] if c.get("file")] + \
             [c for v in report["recovered"].values() for c in v["crashes"] if c.get("file")]
    tool = None
    if not args.no_coverage or stored:
        log("overnight: building conformance with coverage instrumentation (%s)" % COV_SCRATCH)
        tool = build_replay_tool(run_dir)
    for name, c in [(t["name"], c) for t in report["targets"] for c in t["crashes"]] + \
                   [(k, c) for k, v in report["recovered"].items() for c in v["crashes"]]:
        if c.get("file"):
            c["promote"] = promote_command(tool, name, c)
    if not args.no_coverage:
        log("overnight: coverage report (corpus replay under llvm-cov, one process per chunk; Ctrl-C again to skip)")
        try:
            report["coverage"] = coverage_report(run_dir, tool, all_targets)
        except (subprocess.CalledProcessError, OSError) as e:
            report["coverage"] = {"error": str(e)}
    report["run"]["ended"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    write_report(run_dir, report)
    log("overnight: report %s (also report.json, progress.svg%s)" % (
        os.path.join(run_dir, "report.md"), ", coverage/index.html" if report.get("coverage", {}).get("html") else ""))
    crashed = any(c.get("file") for t in report["targets"] for c in t["crashes"]) or \
        any(c.get("file") for v in report["recovered"].values() for c in v["crashes"])
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
