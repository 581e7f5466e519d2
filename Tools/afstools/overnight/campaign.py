"""Fuzzing one target with libFuzzer -fork for its share of the budget, then merging its new inputs
into Corpus/<t>/ and storing one minimized reproducer per distinct failure. Nothing found is lost:
libFuzzer writes into fuzz-out/overnight/pending/<t>/, emptied only once merged and stored."""
import hashlib
import os
import re
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass

from afstools import fuzz, proc

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
# As scripts/fuzz/run.sh: no allocation stacks, a small quarantine (throughput); reproduction
# commands run with ASan's defaults.
FUZZ_ASAN_OPTIONS = "malloc_context_size=0:quarantine_size_mb=16"
DEFAULTS = {"max_len": "4096", "timeout": "10", "rss_limit_mb": "2048", "use_value_profile": "1"}

stop_requested = False  # set by the driver's signal handler: fuzzing stops, merging goes on


@dataclass
class Clock:
    start: float
    budget: float
    every: float  # seconds between progress lines


def hms(seconds):
    seconds = max(0, int(seconds))
    return "%02d:%02d:%02d" % (seconds // 3600, seconds // 60 % 60, seconds % 60)


def input_files(directory):
    """Corpus inputs under `directory`, recursively (dictionaries, notes and hidden files excluded)."""
    found = []
    for base, dirs, files in os.walk(directory):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        found += [os.path.join(base, f) for f in files if not f.startswith(".") and not f.endswith((".dict", ".md", ".txt", ".options"))]
    return sorted(found)


def target_options(target):
    """DEFAULTS, overridden by Corpus/<t>/<t>.options, and the target's dictionary when it has one."""
    opts = {**DEFAULTS, **fuzz.options(target)}
    d = os.path.join("Corpus", target, target + ".dict")
    if os.path.exists(d):
        opts["dict"] = d
    return opts


def flags(opts, only=None):
    return ["-%s=%s" % (k, v) for k, v in opts.items() if only is None or k in only]


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


def run_target(binary, target, seconds, jobs, run_dir, series, clock):
    """Fuzzes one target for `seconds` with -fork=jobs; returns when done or on a stop request:
    (exit code, seconds, new inputs)."""
    pend = os.path.join(PENDING, target)
    corpus, artifacts = os.path.join(pend, "corpus"), os.path.join(pend, "artifacts")
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(artifacts, exist_ok=True)
    seeds = [d for d in (os.path.join("Corpus", target),) if os.path.isdir(d)]
    cmd = [binary, corpus] + seeds + ["-fork=%d" % jobs, "-ignore_crashes=1",
           "-ignore_timeouts=1", "-ignore_ooms=1", "-max_total_time=%d" % max(1, int(seconds)),
           "-artifact_prefix=" + artifacts + "/", "-print_final_stats=1"] + flags(target_options(target))
    pending_before = len(os.listdir(corpus))
    start = time.time()
    with open(os.path.join(run_dir, "logs", target + ".log"), "w", encoding="utf-8", errors="replace") as logf:
        logf.write("$ " + " ".join(cmd) + "\n")
        logf.flush()
        p = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.PIPE, start_new_session=True, preexec_fn=proc.die_with_parent,
                             env=dict(os.environ, SWIFT_BACKTRACE="enable=no",
                                      ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", FUZZ_ASAN_OPTIONS)))
        with open(PIDFILE, "w") as f:
            f.write("%d %s\n" % (p.pid, binary))
        os.set_blocking(p.stderr.fileno(), False)
        buf, last_print, interrupted = b"", 0.0, False
        while True:
            if stop_requested and not interrupted:
                interrupted = True
                try:
                    os.killpg(p.pid, signal.SIGINT)
                except ProcessLookupError:
                    pass
                stop_deadline = time.time() + 15
            if interrupted and time.time() > stop_deadline and p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
            try:
                chunk = p.stderr.read()
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
            elif p.poll() is not None:
                break
            else:
                time.sleep(0.2)
            now = time.time()
            if now - last_print >= clock.every:
                last_print = now
                new = len(os.listdir(corpus)) - pending_before
                crashes = len([f for f in os.listdir(artifacts) if f.startswith(ARTIFACT_KINDS)])
                elapsed = now - clock.start
                proc.say("[%s elapsed, %s left] %-16s %s  execs %d  exec/s %d  cov %d  ft %d  corp %d  new %d  crashes %d"
                         % (hms(elapsed), hms(clock.budget - elapsed), target, hms(now - start), series.execs,
                            series.rate, series.cov, series.ft, series.corp, new, crashes))
    os.remove(PIDFILE)
    return p.returncode, time.time() - start, len(os.listdir(corpus)) - pending_before


def stop_orphan():
    """If a killed driver's fuzzer (recorded in PIDFILE) still runs, stop it before recovering its
    output: SIGINT to its process group, SIGKILL after 20 s. Only that recorded process is touched."""
    if not os.path.exists(PIDFILE):
        return
    with open(PIDFILE) as f:
        pid, binary = f.read().split(None, 1)
    pid, binary = int(pid), binary.strip()
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            alive = f.read().split(b"\0")[0].decode(errors="replace") == binary
    except OSError:
        alive = False
    if alive:
        proc.say("overnight: stopping fuzzer %d left running by an interrupted run" % pid)
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
    """Runs one artifact: (the line that names its failure, normalized, exit code), or (None, 0) when it passes."""
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


def merge_inputs(binary, target, corpus, pend, opts, env, run_dir, result):
    """-merge=1 of the pending inputs into Corpus/<t>/ (no -use_value_profile: inputs are kept for new
    edges/counters, not compared values, which keeps the committed corpus from growing by hundreds of
    files an hour). The pending inputs are removed only after a successful merge."""
    result["pending_inputs"] = len(os.listdir(corpus))
    dest = os.path.join("Corpus", target)
    os.makedirs(dest, exist_ok=True)
    before = set(os.listdir(dest))
    control = os.path.join(pend, "merge.control")
    cmd = [binary, "-merge=1", "-merge_control_file=" + control, dest, corpus] + flags(opts, ("max_len", "timeout", "rss_limit_mb"))
    r = proc.run_logged(cmd, os.path.join(run_dir, "logs", target + ".merge.log"), env=env, start_new_session=True)
    if r.returncode == 0:
        result["merged"] = len(set(os.listdir(dest)) - before)
        shutil.rmtree(corpus)
        if os.path.exists(control):
            os.remove(control)
    else:
        result["merge_error"] = "merge exited %d; inputs kept in %s" % (r.returncode, corpus)


def store_failure(binary, target, kind, path, pend, opts, env, run_dir):
    """Minimizes one failure (at most MINIMIZE_SECONDS) and stores it as Corpus/<t>/regressions/<kind>-<sha1>."""
    tmp = os.path.join(pend, "minimized")
    minimize = [binary, path, "-minimize_crash=1", "-runs=%d" % 20000, "-max_total_time=%d" % MINIMIZE_SECONDS,
                "-exact_artifact_path=" + tmp] + flags(opts, ("max_len", "timeout", "rss_limit_mb"))
    proc.run_logged(minimize, os.path.join(run_dir, "logs", target + ".minimize.log"), env=env, timeout=300, start_new_session=True)
    source = tmp if os.path.exists(tmp) and reproduce_signature(binary, tmp, opts)[0] else path
    final = os.path.join("Corpus", target, "regressions", "%s-%s" % (kind, sha1_of(source)[:16]))
    shutil.copy(source, final)
    if os.path.exists(tmp):
        os.remove(tmp)
    return dict(file=final, minimized=source == tmp, size=os.path.getsize(final),
                reproduce="%s %s" % (os.path.join(fuzz.bin_dir(), "fuzz-" + target), final),
                replay="swift test --filter CorpusReplayTests",
                vector_request=os.path.join(STATE, "promote", os.path.basename(final) + ".json"))


def finish_target(binary, target, run_dir):
    """Merges pending new inputs into Corpus/<target>/ and stores minimized crashes as regressions.
    Only then is the pending directory emptied, so a failure here loses nothing."""
    pend = os.path.join(PENDING, target)
    corpus, artifacts = os.path.join(pend, "corpus"), os.path.join(pend, "artifacts")
    result = {"merged": 0, "pending_inputs": 0, "crashes": []}
    opts = target_options(target)
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
    if os.path.isdir(corpus) and os.listdir(corpus):
        merge_inputs(binary, target, corpus, pend, opts, env, run_dir, result)
    if os.path.isdir(artifacts):
        os.makedirs(os.path.join("Corpus", target, "regressions"), exist_ok=True)
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
                entry.update(store_failure(binary, target, kind, path, pend, opts, env, run_dir), count=1)
                seen[sig], heads[sig] = entry["file"], entry
            result["crashes"].append(entry)
            os.remove(path)
    if os.path.isdir(pend):
        if os.path.isdir(artifacts) and not os.listdir(artifacts):
            os.rmdir(artifacts)
        if not os.listdir(pend):
            os.rmdir(pend)
    return result
